package web_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/web"
)

// TestTheArchiveHasThePages: the archive export writes the game's pages
// beside its files, linked from its index, with every link and picture
// a file that is there: browsable from disk.
func TestTheArchiveHasThePages(t *testing.T) {
	_, games := site(t)
	for _, name := range []string{"18ez", "contrails"} {
		st, err := backend.OpenReadOnly(context.Background(), filepath.Join(fixture.dir, name, "railpost.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		ts := allTitles(t)
		dir := t.TempDir()
		opt := archive.Options{Pages: func(ctx context.Context, id, dir string) error { return web.WriteGame(ctx, st, ts, id, dir) }}
		if _, err := archive.Export(context.Background(), st, ts, games[name], dir, opt); err != nil {
			t.Fatal(err)
		}
		idx, err := os.ReadFile(filepath.Join(dir, "index.html"))
		if err != nil || !strings.Contains(string(idx), "href=web/index.html") {
			t.Errorf("%s: the archive's index does not link the pages: %v", name, err)
		}
		pages := filepath.Join(dir, "web")
		for _, f := range []string{"index.html", "history.html", "1.html"} {
			b, err := os.ReadFile(filepath.Join(pages, f))
			if err != nil {
				t.Fatal(err)
			}
			d := parse(t, b)
			var refs []string
			for _, a := range d.all("a", "") {
				refs = append(refs, attr(a, "href"))
			}
			for _, img := range d.all("img", "") {
				refs = append(refs, attr(img, "src"))
			}
			for _, l := range d.all("link", "") {
				refs = append(refs, attr(l, "href"))
			}
			if len(refs) < 3 {
				t.Errorf("%s %s has %d links", name, f, len(refs))
			}
			for _, r := range refs {
				if _, err := os.Stat(filepath.Join(pages, r)); err != nil {
					t.Errorf("%s %s links %q, which is not there", name, f, r)
				}
			}
		}
	}
}
