package web_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/store/backend"
	"net/http/httptest"

	"github.com/railpost/railpost/web"
	"golang.org/x/net/html"
)

// doc is a parsed page with what the tests look for in it.
type doc struct{ root *html.Node }

func parse(t testing.TB, b []byte) doc {
	t.Helper()
	n, err := html.Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return doc{n}
}

// all are the elements of a tag (and class, if given), in order.
func (d doc) all(tag, class string) []*html.Node {
	var out []*html.Node
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == tag && (class == "" || hasClass(n, class)) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(d.root)
	return out
}

func hasClass(n *html.Node, class string) bool {
	return strings.Contains(" "+attr(n, "class")+" ", " "+class+" ")
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// text is an element's text, its spaces folded.
func text(n *html.Node) string {
	var b strings.Builder
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func (d doc) headings() []string {
	var out []string
	for _, h := range d.all("h2", "") {
		out = append(out, text(h))
	}
	return out
}

func (d doc) link(rel string) string {
	for _, a := range d.all("a", "") {
		if attr(a, "rel") == rel {
			return attr(a, "href")
		}
	}
	return ""
}

// wantPage is what one title's game page must show.
type wantPage struct {
	headings []string // sections, in order among the page's h2s
	board    bool
	market   bool
	// cells are texts that must be in some table cell: a player's cash
	// column header, a company's symbol.
	cells []string
	// boardTexts are texts the board must draw: a city's name, a key's
	// entry.
	boardTexts []string
}

var wants = map[string]wantPage{
	"1870":            {headings: []string{"The board", "The stock market", "Companies", "Players", "Trains and phase"}, board: true, market: true, cells: []string{"ATSF", "Certificates"}},
	"18ez":            {headings: []string{"The board", "Players", "Trains and phase"}, board: true, market: true, cells: []string{"Certs"}},
	"chicago-express": {headings: []string{"The board", "Companies", "Players: shares and cash"}, board: true, cells: []string{"Treasury"}},
	"contrails": {headings: []string{"The board", "Headlines (9.1)", "Player Summary (9.2)", "Railroad Summary (9.3)"}, board: true, cells: []string{"Net worth"},
		boardTexts: []string{"Chicago", "New York", "San Francisco", "grey dashes: RoWs"}},
}

// TestEveryTitlesPages renders the index, the latest page, the history,
// a step's page and its board for a game of every title, and reads each
// through an HTML parser: the sections, the board, the market, the
// stepping links, and nothing of a player's address or password.
func TestEveryTitlesPages(t *testing.T) {
	servers, games := site(t)
	for name, srv := range servers {
		t.Run(name, func(t *testing.T) {
			id := games[name]
			code, _, b := get(t, srv, "/")
			if code != http.StatusOK {
				t.Fatalf("the index: %d", code)
			}
			rows := parse(t, b).all("tr", "")
			if len(rows) != 2 || !strings.Contains(text(rows[1]), id) {
				t.Errorf("the index lists %d rows, want the header and %s", len(rows), id)
			}
			checkLatest(t, srv, name, id)
			checkHistory(t, srv, id)
		})
	}
}

func checkLatest(t *testing.T, s *httptestServer, name, id string) {
	t.Helper()

	code, h, b := get(t, s, "/g/"+id+"/")
	if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Fatalf("the game page: %d %s", code, h.Get("Content-Type"))
	}
	if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Errorf("no content security policy: %q", h.Get("Content-Security-Policy"))
	}
	d := parse(t, b)
	w := wants[name]
	got := strings.Join(d.headings(), " | ")
	at := 0
	for _, want := range w.headings {
		i := strings.Index(got[at:], want)
		if i < 0 {
			t.Errorf("no section %q after the others in %q", want, got)
			continue
		}
		at += i
	}
	cells := ""
	for _, c := range append(d.all("td", ""), d.all("th", "")...) {
		cells += "|" + text(c)
	}
	for _, want := range w.cells {
		if !strings.Contains(cells, want) {
			t.Errorf("no cell %q", want)
		}
	}
	if got := len(d.all("table", "market")) > 0 && len(d.all("span", "token")) > 0; got != w.market {
		t.Errorf("a market with tokens: %v, want %v", got, w.market)
	}
	// every demo game has a deadline: a turn's, or a move's time limit
	if dl := d.all("strong", "deadline"); len(dl) != 1 || !strings.Contains(text(dl[0]), "Deadline: ") {
		t.Errorf("no deadline on the latest page")
	}
	if d.link("prev") == "" || d.link("next") != "" {
		t.Errorf("the latest page links back %q and on %q", d.link("prev"), d.link("next"))
	}
	imgs := d.all("img", "")
	if (len(imgs) == 1) != w.board {
		t.Fatalf("%d board pictures, want one: %v", len(imgs), w.board)
	}
	if w.board {
		checkBoard(t, s, "/g/"+id+"/"+attr(imgs[0], "src"), w.boardTexts)
	}
}

// checkBoard fetches a board and parses it as XML: an SVG with the
// board's coordinates and names, among them the texts wanted.
func checkBoard(t *testing.T, s *httptestServer, path string, want []string) {
	t.Helper()
	code, h, b := get(t, s, path)
	if code != http.StatusOK || h.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("the board %s: %d %s", path, code, h.Get("Content-Type"))
	}
	dec := xml.NewDecoder(bytes.NewReader(b))
	texts, inText, drawn := 0, false, "|"
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("the board does not parse: %v", err)
			}
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			inText = e.Name.Local == "text"
			if inText {
				texts++
			}
		case xml.CharData:
			if inText {
				drawn += string(e) + "|"
			}
		case xml.EndElement:
			inText = false
		}
	}
	if texts < 50 {
		t.Errorf("the board has %d texts; its coordinates and names are missing", texts)
	}
	for _, w := range want {
		if !strings.Contains(drawn, "|"+w+"|") {
			t.Errorf("the board does not draw %q", w)
		}
	}
}

// checkHistory walks the history list and steps back and forth from one
// of its steps.
func checkHistory(t *testing.T, s *httptestServer, id string) {
	t.Helper()
	code, _, b := get(t, s, "/g/"+id+"/history")
	if code != http.StatusOK {
		t.Fatalf("the history: %d", code)
	}
	items := parse(t, b).all("li", "")
	var steps []*html.Node
	for _, li := range items {
		if li.Parent != nil && hasClass(li.Parent, "history") {
			steps = append(steps, li)
		}
	}
	if len(steps) < 4 {
		t.Fatalf("the history has %d steps", len(steps))
	}
	if !strings.Contains(text(steps[0]), "the start") {
		t.Errorf("the history begins %q", text(steps[0]))
	}
	code, _, b = get(t, s, "/g/"+id+"/2")
	if code != http.StatusOK {
		t.Fatalf("step 2: %d", code)
	}
	d := parse(t, b)
	if next := d.link("next"); d.link("prev") != "1" || next != "3" && !(next == "./" && len(steps) == 4) {
		t.Errorf("step 2 links back to %q and on to %q", d.link("prev"), d.link("next"))
	}
	if h := d.all("p", "headline"); len(h) != 1 || !strings.Contains(text(h[0]), " 2") {
		t.Errorf("step 2's headline: %v", h)
	}
	for _, bad := range []string{"/g/" + id + "/99999", "/g/" + id + "/02", "/g/" + id + "/-1", "/g/nosuch/", "/g/" + id + "/x.svg"} {
		if code, _, _ := get(t, s, bad); code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", bad, code)
		}
	}
}

// TestOnlyWhatIsPublic: no page shows a player's address, a password
// hash or a turnsheet token, and the site takes no input.
func TestOnlyWhatIsPublic(t *testing.T) {
	servers, games := site(t)
	for name, srv := range servers {
		st, err := backend.OpenReadOnly(context.Background(), filepath.Join(fixture.dir, name, "railpost.db"))
		if err != nil {
			t.Fatal(err)
		}
		positions, err := st.Positions(context.Background(), games[name])
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
		id := games[name]
		for _, path := range []string{"/", "/g/" + id + "/", "/g/" + id + "/history", "/g/" + id + "/1"} {
			_, _, b := get(t, srv, path)
			for _, p := range positions {
				if p.Address != "" && bytes.Contains(bytes.ToLower(b), []byte(p.Address)) {
					t.Errorf("%s %s shows %s's address", name, path, p.Name)
				}
				if len(p.PasswordHash) > 0 && bytes.Contains(b, []byte(fmt.Sprintf("%x", p.PasswordHash))) {
					t.Errorf("%s %s shows a password hash", name, path)
				}
			}
			if bytes.Contains(bytes.ToUpper(b), []byte("PASSWORD")) {
				t.Errorf("%s %s says PASSWORD", name, path)
			}
		}
		resp, err := srv.Client().Post(srv.URL+"/g/"+id+"/", "text/plain", strings.NewReader("MOVE"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("%s: a POST was answered %d", name, resp.StatusCode)
		}
	}
}

type httptestServer = httptest.Server

// TestWarmMakesTheLatestPages: warming leaves every game's latest page
// made, so the index then needs no replay: its whose-move column is
// filled from what warming kept.
func TestWarmMakesTheLatestPages(t *testing.T) {
	_, games := site(t)
	st, err := backend.OpenReadOnly(context.Background(), filepath.Join(fixture.dir, "18ez", "railpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := web.NewSite(st, allTitles(t), nil)
	if s.Kept(games["18ez"]) {
		t.Fatal("a fresh site has the page already")
	}
	s.Warm(context.Background())
	if !s.Kept(games["18ez"]) {
		t.Error("warming did not make the latest page")
	}
}
