package archive

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// Export writes a game to a self-contained folder: archive.json (every
// row, for Import), an index page, each step's state, events, orders and
// the PDF reports that were mailed at it, every mail in and out as .eml,
// and the game record with the standings. A turn's folder is turns/NNN,
// an action's actions/NNNN. Unless opt.Secrets, the export is fit to
// publish: what it leaves out is said in its index and returned; with
// secrets it is what moving the game to another host needs.
func Export(ctx context.Context, st Dumper, ts title.Set, gameID, dir string, opt Options) (Left, error) {
	a, err := st.ExportGame(ctx, gameID)
	if err != nil {
		return Left{}, err
	}
	g, err := st.Game(ctx, gameID)
	if err != nil {
		return Left{}, err
	}
	unit := ts.Unit(g.Title)
	left, fix, err := publishable(ctx, st, a, g, unit, opt)
	if err != nil {
		return left, err
	}
	w := writer{dir: dir, game: gameID, fix: fix}
	dump, err := json.MarshalIndent(a, "", " ")
	if err != nil {
		return left, fmt.Errorf("export %s: %w", gameID, err)
	}
	if err := w.write("archive.json", dump); err != nil {
		return left, err
	}
	for _, m := range []struct{ table, folder string }{{"inbox", "mail/in"}, {"outbox", "mail/out"}} {
		for _, rec := range a.Tables[m.table] {
			if err := w.write(fmt.Sprintf("%s/%06d.eml", m.folder, *rec["id"].Int), rec["raw"].Blob); err != nil {
				return left, err
			}
		}
	}
	// Where the game stands: "ended after turn 23", "active at action 5".
	where := fmt.Sprintf("%s at %s %d", g.Status, unit, g.Turn)
	if g.Status == "ended" {
		where = fmt.Sprintf("ended after %s %d", unit, g.Turn-1)
	}
	page := indexPage{Name: g.Name, ID: g.ID, Title: g.Title, Where: where, Seed: g.Seed, ByTurn: unit == "turn"}
	standings := ""
	adjusted := map[int]int{}
	err = gamelog.Walk(ctx, st, ts, gameID, false, func(s gamelog.Step) error {
		if s.Standings != nil {
			text, err := s.Standings()
			if err != nil {
				return err
			}
			standings = text
		}
		if s.Kind == gamelog.StepAdjust {
			adjusted[s.N]++
		}
		row, err := w.step(s, adjusted[s.N])
		page.Rows = append(page.Rows, row)
		return err
	})
	if err != nil {
		return left, err
	}
	record := fmt.Sprintf("%s (%s): %s, %s\n", g.Name, g.ID, g.Title, where)
	if standings != "" {
		record += "\n" + standings
	}
	if err := w.write("record.txt", []byte(record)); err != nil {
		return left, err
	}
	page.Record = w.text(record)
	if !opt.Secrets {
		page.Left = left.String()
	}
	if opt.Pages != nil {
		if err := opt.Pages(ctx, gameID, filepath.Join(dir, "web")); err != nil {
			return left, fmt.Errorf("export %s: the web pages: %w", gameID, err)
		}
		page.Pages = true
	}
	var idx strings.Builder
	if err := indexTemplate.Execute(&idx, page); err != nil {
		return left, fmt.Errorf("export %s: the index: %w", gameID, err)
	}
	return left, w.write("index.html", []byte(idx.String()))
}

// publishable strips a's rows for publishing unless opt.Secrets, and
// gives what scrubs the files written from the log the same way (nil
// when nothing is to be scrubbed).
func publishable(ctx context.Context, st Dumper, a *store.Archive, g store.Game, unit string, opt Options) (Left, func(string) string, error) {
	if opt.Secrets {
		return Left{}, nil, nil
	}
	var orders, mails int
	if unit == "turn" && g.Status != "ended" {
		orders, mails = withoutOpenTurn(a, g.Turn)
	}
	tokens, err := issuedTokens(ctx, st, a)
	if err != nil {
		return Left{}, nil, err
	}
	s := newScrubber(a, tokens, opt.Addresses)
	left, err := withoutSecrets(a, s)
	left.Orders, left.OpenMails = orders, mails
	return left, s.text, err
}

// indexPage is what index.html shows.
type indexPage struct {
	Name, ID, Title, Where string
	Seed                   int64
	ByTurn                 bool // a game played by turns, not by mail
	Rows                   []indexRow
	Record                 string
	Left                   string // what a publishable export left out; "" with secrets
	Pages                  bool   // the web pages are in web/
}

// indexRow is one step's row of the index.
type indexRow struct {
	N       int
	State   string // the state file
	Span    string // a row that says what it was instead: the setup, an adjustment
	Move    string // the move made, for a game played by mail
	Events  string // the events file
	Orders  []link // each position's orders, for a turn
	Reports []link // each position's report
}

type link struct {
	Href string
	N    int
}

// indexTemplate is the index page; html/template escapes every value in
// its place, the game's name and id as much as the events.
var indexTemplate = template.Must(template.New("index").Parse(`<!doctype html>
<meta charset=utf-8>
<title>{{.Name}}</title>
<h1>{{.Name}} ({{.ID}})</h1>
<p>{{.Title}}, {{.Where}}; seed {{.Seed}}. <a href=record.txt>The game record</a>, <a href=archive.json>every row</a>, <a href=mail/>the mail</a>.{{if .Pages}} <a href=web/index.html>The game's pages</a>: the board, the market and every step.{{end}}</p>
<table border=1 cellpadding=4>
{{if .ByTurn}}<tr><th>Turn<th>State<th>Events<th>Orders<th>Reports
{{else}}<tr><th>Action<th>State<th>Move<th>Events<th>Reports
{{end}}{{range .Rows}}<tr><td>{{.N}}<td><a href={{.State}}>state</a>
{{- if .Span}}<td colspan=3>{{.Span}}
{{else}}{{if $.ByTurn}}<td><a href={{.Events}}>events</a><td>{{range .Orders}}<a href={{.Href}}>{{.N}}</a> {{end}}
{{- else}}<td>{{.Move}}<td><a href={{.Events}}>events</a>{{end -}}
<td>{{range .Reports}}<a href={{.Href}}>{{.N}}</a> {{end}}
{{end}}{{end}}</table>
<h2>Standings</h2>
<pre>{{.Record}}</pre>
{{if .Left}}<p>Published without secrets: {{.Left}}.</p>
{{end}}`))

// writer puts an archive's files under its folder, each text file
// through fix when the export is to be published.
type writer struct {
	dir, game string
	fix       func(string) string
}

func (w writer) text(s string) string {
	if w.fix == nil {
		return s
	}
	return w.fix(s)
}

func (w writer) write(name string, b []byte) error {
	p := filepath.Join(w.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("export %s: %w", w.game, err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		return fmt.Errorf("export %s: %w", w.game, err)
	}
	return nil
}

// writeText writes a file the log gives, scrubbed as the rows were.
func (w writer) writeText(name string, b []byte) error {
	return w.write(name, []byte(w.text(string(b))))
}

// step writes one step's files and gives its row of the index.
func (w writer) step(s gamelog.Step, adjustment int) (indexRow, error) {
	folder := fmt.Sprintf("turns/%03d", s.N)
	if s.Kind == gamelog.StepMove || (s.Kind == gamelog.StepSetup && s.Report != nil) {
		folder = fmt.Sprintf("actions/%04d", s.N)
	}
	row := indexRow{N: s.N, State: folder + "/state.json", Events: folder + "/events.txt"}
	if s.Kind == gamelog.StepAdjust {
		row.State = fmt.Sprintf("%s/adjusted-%d.json", folder, adjustment)
		row.Span = w.text(s.What)
		return row, w.writeText(row.State, s.Stored)
	}
	if err := w.writeText(row.State, s.Stored); err != nil {
		return row, err
	}
	if s.Kind == gamelog.StepSetup {
		row.Span = "the setup"
		return row, nil
	}
	var ev strings.Builder
	for _, e := range s.Events {
		who := "all"
		if e.VisibleTo > 0 {
			who = fmt.Sprintf("position %d", e.VisibleTo)
		}
		fmt.Fprintf(&ev, "[%s, %s] %s\n", e.Kind, who, e.Text)
	}
	if err := w.writeText(row.Events, []byte(ev.String())); err != nil {
		return row, err
	}
	if s.Kind == gamelog.StepMove {
		row.Move = w.text(s.What)
	} else {
		for _, n := range sortedKeys(s.Orders) {
			name := fmt.Sprintf("%s/orders-position%d.json", folder, n)
			if err := w.writeText(name, s.Orders[n]); err != nil {
				return row, err
			}
			row.Orders = append(row.Orders, link{name, n})
		}
	}
	for _, n := range s.Readers {
		pdf, err := s.Report(n)
		if err != nil {
			return row, err
		}
		name := fmt.Sprintf("%s/report-position%d.pdf", folder, n)
		if err := w.write(name, pdf); err != nil {
			return row, err
		}
		row.Reports = append(row.Reports, link{name, n})
	}
	return row, nil
}

func sortedKeys[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
