package processor

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// ExportArchive writes a game to a self-contained folder: archive.json
// (every row, for `railpost archive import`), an index page, each turn's
// state, orders, events and reports, every mail in and out as .eml, and
// the game record with the standings.
func ExportArchive(ctx context.Context, st *store.Store, titles title.Set, gameID, dir string) error {
	a, err := st.ExportGame(ctx, gameID)
	if err != nil {
		return err
	}
	g, err := st.Game(ctx, gameID)
	if err != nil {
		return err
	}
	tt, err := turnTitle(titles, g)
	if err != nil {
		return err
	}
	write := func(name string, b []byte) error {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return fmt.Errorf("export %s: %w", gameID, err)
		}
		return nil
	}
	dump, err := json.MarshalIndent(a, "", " ")
	if err != nil {
		return err
	}
	if err := write("archive.json", dump); err != nil {
		return err
	}
	for _, m := range []struct{ table, folder string }{{"inbox", "mail/in"}, {"outbox", "mail/out"}} {
		for _, rec := range a.Tables[m.table] {
			if err := write(fmt.Sprintf("%s/%06d.eml", m.folder, *rec["id"].Int), rec["raw"].Blob); err != nil {
				return err
			}
		}
	}
	snaps, err := st.Snapshots(ctx, g.ID)
	if err != nil {
		return err
	}
	// Where the game stands: "ended after turn 23", "active at turn 5".
	where := fmt.Sprintf("%s at turn %d", g.Status, g.Turn)
	if g.Status == "ended" {
		where = fmt.Sprintf("ended after turn %d", g.Turn-1)
	}
	var idx strings.Builder
	fmt.Fprintf(&idx, "<!doctype html>\n<meta charset=utf-8>\n<title>%s</title>\n<h1>%s (%s)</h1>\n<p>%s, %s; seed %d. <a href=record.txt>The game record</a>, <a href=archive.json>every row</a>, <a href=mail/>the mail</a>.</p>\n<table border=1 cellpadding=4>\n<tr><th>Turn<th>State<th>Events<th>Orders<th>Reports\n",
		html.EscapeString(g.Name), html.EscapeString(g.Name), g.ID, g.Title, where, g.Seed)
	adjusted := map[int]int{}
	for _, snap := range snaps {
		folder := fmt.Sprintf("turns/%03d", snap.Turn)
		in, err := readInputs(snap)
		if err != nil {
			return err
		}
		if a := in.Adjust; a != nil {
			adjusted[snap.Turn]++
			name := fmt.Sprintf("%s/adjusted-%d.json", folder, adjusted[snap.Turn])
			if err := write(name, snap.State); err != nil {
				return err
			}
			fmt.Fprintf(&idx, "<tr><td>%d<td><a href=%s>state</a><td colspan=3>the game master adjusted %s %s by %+d: %s\n",
				snap.Turn, name, html.EscapeString(a.Target), html.EscapeString(a.Field), a.Delta, html.EscapeString(a.Reason))
			continue
		}
		if err := write(folder+"/state.json", snap.State); err != nil {
			return err
		}
		fmt.Fprintf(&idx, "<tr><td>%d<td><a href=%s/state.json>state</a>", snap.Turn, folder)
		if snap.Turn == 0 {
			idx.WriteString("<td colspan=3>the setup\n")
			continue
		}
		events, err := st.Events(ctx, g.ID, snap.Turn)
		if err != nil {
			return err
		}
		var ev strings.Builder
		for _, e := range events {
			who := "all"
			if e.VisibleTo > 0 {
				who = fmt.Sprintf("position %d", e.VisibleTo)
			}
			fmt.Fprintf(&ev, "[%s, %s] %s\n", e.Kind, who, e.Text)
		}
		if err := write(folder+"/events.txt", []byte(ev.String())); err != nil {
			return err
		}
		standing, err := st.CurrentOrders(ctx, g.ID, snap.Turn)
		if err != nil {
			return err
		}
		fmt.Fprintf(&idx, "<td><a href=%s/events.txt>events</a><td>", folder)
		for _, n := range sortedKeys(standing) {
			name := fmt.Sprintf("%s/orders-position%d.json", folder, n)
			if err := write(name, standing[n]); err != nil {
				return err
			}
			fmt.Fprintf(&idx, "<a href=%s>%d</a> ", name, n)
		}
		idx.WriteString("<td>")
		for _, n := range in.Humans {
			pdf, err := ArchivedReport(ctx, st, titles, g.ID, snap.Turn, n)
			if err != nil {
				return err
			}
			name := fmt.Sprintf("%s/report-position%d.pdf", folder, n)
			if err := write(name, pdf); err != nil {
				return err
			}
			fmt.Fprintf(&idx, "<a href=%s>%d</a> ", name, n)
		}
		idx.WriteString("\n")
	}
	idx.WriteString("</table>\n")
	record := fmt.Sprintf("%s (%s): %s, %s\n", g.Name, g.ID, g.Title, where)
	if s, ok := tt.(title.Standings); ok && len(snaps) > 0 {
		text, err := s.Standings(snaps[len(snaps)-1].State)
		if err != nil {
			return err
		}
		record += "\n" + text
	}
	if err := write("record.txt", []byte(record)); err != nil {
		return err
	}
	fmt.Fprintf(&idx, "<h2>Standings</h2>\n<pre>%s</pre>\n", html.EscapeString(record))
	return write("index.html", []byte(idx.String()))
}

// ImportArchive restores a game exported by ExportArchive into st.
func ImportArchive(ctx context.Context, st *store.Store, dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "archive.json"))
	if err != nil {
		return "", fmt.Errorf("import: %w", err)
	}
	var a store.Archive
	if err := json.Unmarshal(b, &a); err != nil {
		return "", fmt.Errorf("import %s: %w", dir, err)
	}
	return a.GameID, st.Update(ctx, func(tx *store.Tx) error { return tx.ImportGame(ctx, &a) })
}

func sortedKeys[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
