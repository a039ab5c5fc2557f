package archive

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/title"
)

// Export writes a game to a self-contained folder: archive.json (every
// row, for Import), an index page, each step's state, events, orders and
// the PDF reports that were mailed at it, every mail in and out as .eml,
// and the game record with the standings. A turn's folder is turns/NNN,
// an action's actions/NNNN. Unless withSecrets, the export is fit to
// publish: what it leaves out is said in its index and returned; with
// secrets it is what moving the game to another host needs.
func Export(ctx context.Context, st Dumper, ts title.Set, gameID, dir string, withSecrets bool) (Left, error) {
	a, err := st.ExportGame(ctx, gameID)
	if err != nil {
		return Left{}, err
	}
	var left Left
	if !withSecrets {
		left = withoutSecrets(a)
	}
	g, err := st.Game(ctx, gameID)
	if err != nil {
		return left, err
	}
	w := writer{dir: dir, game: gameID}
	dump, err := json.MarshalIndent(a, "", " ")
	if err != nil {
		return left, err
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
	unit := ts.Unit(g.Title)
	// Where the game stands: "ended after turn 23", "active at action 5".
	where := fmt.Sprintf("%s at %s %d", g.Status, unit, g.Turn)
	if g.Status == "ended" {
		where = fmt.Sprintf("ended after %s %d", unit, g.Turn-1)
	}
	var idx strings.Builder
	fmt.Fprintf(&idx, "<!doctype html>\n<meta charset=utf-8>\n<title>%s</title>\n<h1>%s (%s)</h1>\n<p>%s, %s; seed %d. <a href=record.txt>The game record</a>, <a href=archive.json>every row</a>, <a href=mail/>the mail</a>.</p>\n<table border=1 cellpadding=4>\n",
		html.EscapeString(g.Name), html.EscapeString(g.Name), g.ID, g.Title, where, g.Seed)
	if unit == "turn" {
		idx.WriteString("<tr><th>Turn<th>State<th>Events<th>Orders<th>Reports\n")
	} else {
		idx.WriteString("<tr><th>Action<th>State<th>Move<th>Events<th>Reports\n")
	}
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
		return w.step(&idx, s, adjusted[s.N])
	})
	if err != nil {
		return left, err
	}
	idx.WriteString("</table>\n")
	record := fmt.Sprintf("%s (%s): %s, %s\n", g.Name, g.ID, g.Title, where)
	if standings != "" {
		record += "\n" + standings
	}
	if err := w.write("record.txt", []byte(record)); err != nil {
		return left, err
	}
	fmt.Fprintf(&idx, "<h2>Standings</h2>\n<pre>%s</pre>\n", html.EscapeString(record))
	if !withSecrets {
		fmt.Fprintf(&idx, "<p>Published without secrets: %s.</p>\n", html.EscapeString(left.String()))
	}
	return left, w.write("index.html", []byte(idx.String()))
}

// writer puts an archive's files under its folder.
type writer struct{ dir, game string }

func (w writer) write(name string, b []byte) error {
	p := filepath.Join(w.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		return fmt.Errorf("export %s: %w", w.game, err)
	}
	return nil
}

// step writes one step's files and its row of the index.
func (w writer) step(idx *strings.Builder, s gamelog.Step, adjustment int) error {
	folder := fmt.Sprintf("turns/%03d", s.N)
	if s.Kind == gamelog.StepMove || (s.Kind == gamelog.StepSetup && s.Report != nil) {
		folder = fmt.Sprintf("actions/%04d", s.N)
	}
	if s.Kind == gamelog.StepAdjust {
		name := fmt.Sprintf("%s/adjusted-%d.json", folder, adjustment)
		if err := w.write(name, s.Stored); err != nil {
			return err
		}
		fmt.Fprintf(idx, "<tr><td>%d<td><a href=%s>state</a><td colspan=3>%s\n", s.N, name, html.EscapeString(s.What))
		return nil
	}
	if err := w.write(folder+"/state.json", s.Stored); err != nil {
		return err
	}
	fmt.Fprintf(idx, "<tr><td>%d<td><a href=%s/state.json>state</a>", s.N, folder)
	if s.Kind == gamelog.StepSetup {
		idx.WriteString("<td colspan=3>the setup\n")
		return nil
	}
	var ev strings.Builder
	for _, e := range s.Events {
		who := "all"
		if e.VisibleTo > 0 {
			who = fmt.Sprintf("position %d", e.VisibleTo)
		}
		fmt.Fprintf(&ev, "[%s, %s] %s\n", e.Kind, who, e.Text)
	}
	if err := w.write(folder+"/events.txt", []byte(ev.String())); err != nil {
		return err
	}
	if s.Kind == gamelog.StepMove {
		fmt.Fprintf(idx, "<td>%s<td><a href=%s/events.txt>events</a>", html.EscapeString(s.What), folder)
	} else {
		fmt.Fprintf(idx, "<td><a href=%s/events.txt>events</a><td>", folder)
		for _, n := range sortedKeys(s.Orders) {
			name := fmt.Sprintf("%s/orders-position%d.json", folder, n)
			if err := w.write(name, s.Orders[n]); err != nil {
				return err
			}
			fmt.Fprintf(idx, "<a href=%s>%d</a> ", name, n)
		}
	}
	idx.WriteString("<td>")
	for _, n := range s.Readers {
		pdf, err := s.Report(n)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("%s/report-position%d.pdf", folder, n)
		if err := w.write(name, pdf); err != nil {
			return err
		}
		fmt.Fprintf(idx, "<a href=%s>%d</a> ", name, n)
	}
	idx.WriteString("\n")
	return nil
}

func sortedKeys[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
