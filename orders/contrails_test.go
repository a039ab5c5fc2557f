package orders

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cr "github.com/railpost/railpost/games/contrails"
	"github.com/railpost/railpost/templates"
)

var update = flag.Bool("update", false, "rewrite golden files")

// crGame plays a computer game from a seed for some turns and returns it.
func crGame(t testing.TB, seed uint64, turns int) (*cr.Map, *cr.State) {
	t.Helper()
	m, err := cr.LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cr.NewGame(m, cr.Setup{}, rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		t.Fatal(err)
	}
	for s.Turn <= turns {
		if s, _, err = cr.Resolve(m, s, nil, rand.New(rand.NewPCG(seed, uint64(s.Turn)))); err != nil {
			t.Fatal(err)
		}
	}
	return m, s
}

// president finds a position that runs a railroad and holds a PC, if any.
func president(s *cr.State) int {
	best := 1
	for _, p := range s.Players {
		runs := 0
		for _, rr := range s.Railroads {
			if rr.President == p.Number {
				runs++
			}
		}
		if runs > 0 && len(p.PCs) > 0 {
			return p.Number
		}
		if runs > 0 {
			best = p.Number
		}
	}
	return best
}

type sheetData struct {
	GameID, Token, Deadline string
	V                       cr.SheetView
}

func renderSheet(t testing.TB, m *cr.Map, s *cr.State, n int) string {
	t.Helper()
	set, err := templates.Load()
	if err != nil {
		t.Fatal(err)
	}
	text, err := set.Render("contrails_turnsheet.tmpl", sheetData{GameID: "cr-1", Token: "ABCD-EFGH-IJKL", Deadline: "Mon 9 Mar 1874 18:00 CDT", V: cr.Turnsheet(m, s, n)})
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func parseSheet(t testing.TB, m *cr.Map, s *cr.State, n int, text string) (Sheet, Parsed) {
	t.Helper()
	sh := ReadSheet(text)
	state, _ := json.Marshal(s)
	return sh, ContinentalRails{Map: m}.Parse(state, n, sh.Body)
}

func TestTurnsheetGolden(t *testing.T) {
	m, s := crGame(t, 3, 5)
	n := president(s)
	got := renderSheet(t, m, s, n)
	golden := filepath.Join("..", "testdata", "turnsheets", "golden-turn6.txt")
	if *update {
		os.MkdirAll(filepath.Dir(golden), 0o755)
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./orders -run TestTurnsheetGolden -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("the turnsheet changed; review the diff and run with -update if it is right.\n--- got ---\n%s", got)
	}
	for _, section := range []string{"== BANK LOAN", "== PRIVATE COMPANIES", "== STOCK MARKET", "== CONTROL", "== MERGE RAILROADS", "== SPY", "== MESSAGE", "== PRODIGAL", "== RAILROAD "} {
		if !strings.Contains(got, section) {
			t.Errorf("the turnsheet lacks %s", section)
		}
	}
	// Appendix A's order: loans, PCs, stock, control, railroads.
	last := -1
	for _, section := range []string{"== BANK LOAN", "== PRIVATE COMPANIES", "== STOCK MARKET", "== CONTROL", "== RAILROAD "} {
		i := strings.Index(got, section)
		if i < last {
			t.Errorf("%s is out of the order of Appendix A", section)
		}
		last = i
	}
}

func TestBlankTurnsheetMeansAllDefaults(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		m, s := crGame(t, seed, 4)
		for _, n := range []int{1, president(s), 15} {
			sheet := renderSheet(t, m, s, n)
			sh, got := parseSheet(t, m, s, n, sheet)
			if len(sh.Problems) > 0 || sh.Header.Game != "cr-1" || sh.Header.Position != n || sh.Header.Token != "ABCD-EFGH-IJKL" {
				t.Fatalf("seed %d position %d: header %+v problems %v", seed, n, sh.Header, sh.Problems)
			}
			if len(got.Errors) > 0 || got.Fatal {
				t.Fatalf("seed %d position %d: a blank sheet has errors: %v", seed, n, got.Errors)
			}
			if string(got.Orders) != "{\"control\":[\"\",\"\"]}" && string(got.Orders) != "{}" {
				empty, _ := json.Marshal(cr.Orders{})
				if string(got.Orders) != string(empty) {
					t.Fatalf("seed %d position %d: a blank sheet gave orders %s", seed, n, got.Orders)
				}
			}
		}
	}
}

func TestFilledTurnsheetParsesToTheOrdersFilledIn(t *testing.T) {
	cases := 0
	for _, seed := range []uint64{1, 2, 3, 4} {
		for _, turns := range []int{2, 6, 14} {
			m, s := crGame(t, seed, turns)
			for _, n := range []int{president(s), 2, 9} {
				want := cr.ComputerOrders(m, s, n)
				filled, err := FillContinentalRails(renderSheet(t, m, s, n), want)
				if err != nil {
					t.Fatalf("seed %d turn %d position %d: %v", seed, s.Turn, n, err)
				}
				_, got := parseSheet(t, m, s, n, filled)
				wantJSON, _ := json.Marshal(want)
				if len(got.Errors) > 0 || string(got.Orders) != string(wantJSON) {
					t.Fatalf("seed %d turn %d position %d:\nerrors %v\n got %s\nwant %s\nsheet:\n%s", seed, s.Turn, n, got.Errors, got.Orders, wantJSON, filled)
				}
				cases++
			}
		}
	}
	t.Logf("%d filled turnsheets parsed back exactly", cases)
}

func TestMoney(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		bad  bool
	}{
		{"$1,000", 1000, false}, {"1000", 1000, false}, {"1k", 1000, false}, {"1.5K", 1500, false},
		{"$2m", 2_000_000, false}, {" 250 ", 250, false}, {"", 0, true}, {"ten", 0, true}, {"1.5", 0, true},
	}
	for _, tc := range tests {
		got, err := Money(tc.in)
		if (err != nil) != tc.bad || got != tc.want {
			t.Errorf("Money(%q) = %d, %v", tc.in, got, err)
		}
	}
}

// FuzzContinentalRailsGrammar feeds arbitrary text to the turnsheet reader
// and the grammar. It must never panic, and whatever it accepts must be
// orders the engine can resolve.
// FuzzContinentalRailsGrammar reads random sheets: nothing panics, and
// whatever is accepted decodes as orders. Its seeds are single orders and
// short sheets, so that the fuzzer spends its time on variations rather
// than on minimising one long turnsheet; the resolve step, which is slow,
// is its own target below.
//
//	go test ./orders -run '^$' -fuzz FuzzContinentalRailsGrammar -fuzztime 60s
func FuzzContinentalRailsGrammar(f *testing.F) {
	m, s := crGame(f, 3, 5)
	n := president(s)
	state, _ := json.Marshal(s)
	for _, seed := range grammarSeeds {
		f.Add(seed)
	}
	g := ContinentalRails{Map: m}
	f.Fuzz(func(t *testing.T, text string) { fuzzParse(t, g, state, n, text) })
}

// fuzzParse reads a random sheet: the orders it accepts, which must
// decode, and whether it accepted any.
func fuzzParse(t *testing.T, g ContinentalRails, state []byte, n int, text string) (cr.Orders, bool) {
	var o cr.Orders
	got := g.Parse(state, n, ReadSheet(text).Body)
	if got.Fatal || got.Orders == nil {
		return o, false
	}
	if err := json.Unmarshal(got.Orders, &o); err != nil {
		t.Fatalf("accepted orders do not decode: %v", err)
	}
	return o, true
}

// grammarSeeds are one order of each kind, and a few short sheets.
var grammarSeeds = []string{
	"BUY 100 B&O", "SELL 20 1", "SHORT 30 2", "BID PC NYNH 1k", "RR 1 DIVIDEND 4", "CLEAR", "BORROW 1,000", "REPAY 500",
	"RR 1 BUILD A12 B13", "RR 1 TECHNOLOGY C", "RR1: 3", "TRADE 1: buy nyc 100", "MESSAGE hello all", "INCORPORATE PC NYNH",
	"GAME: x\nPOSITION: 3\nBUY 100 B&O\nSELL 20 1", "# a note\nBORROW: a few thousand",
}

// FuzzContinentalRailsResolve resolves whatever random sheets the grammar
// accepts: accepted orders never fail the turn.
//
//	go test ./orders -run '^$' -fuzz FuzzContinentalRailsResolve -fuzztime 60s
func FuzzContinentalRailsResolve(f *testing.F) {
	m, s := crGame(f, 3, 5)
	n := president(s)
	state, _ := json.Marshal(s)
	for _, seed := range grammarSeeds {
		f.Add(seed)
	}
	g := ContinentalRails{Map: m}
	f.Fuzz(func(t *testing.T, text string) {
		o, ok := fuzzParse(t, g, state, n, text)
		if !ok {
			return
		}
		if _, _, err := cr.Resolve(m, s, map[int]cr.Orders{n: o}, rand.New(rand.NewPCG(1, 1))); err != nil {
			t.Fatalf("accepted orders do not resolve: %v", err)
		}
	})
}

// TestOrdersDocExamples parses every example in docs/orders.md, one line
// at a time, for the position the page describes: each must be read as an
// order, with no error.
func TestOrdersDocExamples(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "orders.md"))
	if err != nil {
		t.Fatal(err)
	}
	m, s := crGame(t, 3, 5)
	n := president(s)
	state, _ := json.Marshal(s)
	g := ContinentalRails{Map: m}
	in, examples := false, 0
	for i, line := range strings.Split(string(doc), "\n") {
		switch {
		case strings.HasPrefix(line, "```orders"):
			in = true
		case strings.HasPrefix(line, "```"):
			in = false
		case in && strings.TrimSpace(line) != "":
			examples++
			got := g.Parse(state, n, []Line{{N: 1, Text: line}})
			if got.Fatal || len(got.Errors)+len(got.Ignored) > 0 || len(got.Echo) == 0 {
				t.Errorf("docs/orders.md line %d %q: errors %v, passed over %v", i+1, line, got.Errors, got.Ignored)
			}
		}
	}
	if examples < 40 {
		t.Errorf("only %d examples found in docs/orders.md", examples)
	}
}

func TestNearVerbAndComments(t *testing.T) {
	verbs := []struct{ word, want string }{
		{"BYU", "BUY"}, {"bu", ""}, {"SEL", "SELL"}, {"BORROWW", "BORROW"}, {"Thanks", ""}, {"RESING", "RESIGN"}, {"BUY", ""}, {"HELLO", ""},
	}
	for _, v := range verbs {
		if got := nearVerb(v.word); got != v.want {
			t.Errorf("nearVerb(%q) = %q, want %q", v.word, got, v.want)
		}
	}
	comments := []struct {
		text string
		want int
	}{
		{"# a note", 0}, {"#84 miles", 0}, {"SELL 5 #3", -1}, {"BUY 5 NYC # cheap", 10}, {"BUY 5 NYC#", 9}, {"BORROW 100", -1},
	}
	for _, c := range comments {
		if got := commentStart(c.text); got != c.want {
			t.Errorf("commentStart(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
