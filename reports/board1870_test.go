package reports

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g1870"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/reports/hexmap"
)

// played1870 plays a seeded random game of 1870 through its public moves
// until at least tiles tiles are laid and a run with routes has been
// made, so that the board has track, tokens and a run to show. The random
// player leans towards doing something and against deals between
// players, which random players would trade back and forth.
func played1870(t testing.TB, seed uint64, tiles int) *g1870.Game {
	t.Helper()
	g, err := g1870.New(g1870.Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1870))
	for i := 0; i < 20000 && !g.Over(); i++ {
		if len(g.Layout.Tiles) >= tiles && g.LastRun != nil && len(g.LastRun.Routes) > 0 {
			return g
		}
		acting := g.Acting()
		if len(acting) == 0 {
			break
		}
		if err := g.Apply(pick1870(rng, g.Legal(acting[0]))); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	t.Fatalf("seed %d: the game ended with %d tiles laid before a run", seed, len(g.Layout.Tiles))
	return nil
}

// pick1870 chooses one of the options offered: mostly one that does
// something, eagerly a train purchase or a payout.
func pick1870(rng *rand.Rand, opts []move.Option) move.Action {
	var busy, eager []move.Option
	for _, o := range opts {
		switch o.Verb {
		case "PASS", "DONE", "SKIP", "DECLINE":
		case "BUYTRAIN", "PAY", "LAY", "TOKEN":
			eager = append(eager, o)
		case "BUYPRIVATE", "REDEEM", "OFFER", "SELLPRIVATE":
			if rng.IntN(20) == 0 {
				busy = append(busy, o)
			}
		default:
			busy = append(busy, o)
		}
	}
	pool := opts
	switch r := rng.IntN(10); {
	case len(eager) > 0 && r < 6:
		pool = eager
	case len(busy) > 0 && r < 8:
		pool = busy
	}
	o := pool[rng.IntN(len(pool))]
	n := o.Min
	if o.Ranged {
		n = o.Min + rng.IntN(min(o.Max-o.Min, 40)+1)
	}
	return o.Action(n)
}

// lateBoard is the position the board tests draw: seed 3 with 45 tiles
// laid and a run made.
func lateBoard(t testing.TB) *g1870.Game { return played1870(t, 3, 45) }

// keep writes a picture where RAILPOST_BOARD_DIR asks, to look at.
func keep(t testing.TB, name string, b []byte) {
	if dir := os.Getenv("RAILPOST_BOARD_DIR"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Error(err)
		}
	}
}

func rgbAt(img image.Image, x, y float64) hexmap.RGB {
	r, g, b, _ := img.At(int(x), int(y)).RGBA()
	return hexmap.RGB{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8)}
}

func close(a, b hexmap.RGB, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// TestBoard1870PNG draws a late position for a mail: a PNG under 200 KB,
// 1080 pixels wide, in which every station token's colour is at its
// slot in its city and every train of the last run shows its colour on
// the track it ran, where the track crosses into each hex.
func TestBoard1870PNG(t *testing.T) {
	g := lateBoard(t)
	b, err := Board1870PNG(g)
	if err != nil {
		t.Fatal(err)
	}
	keep(t, "board1870.png", b)
	if len(b) >= 200<<10 {
		t.Errorf("the PNG is %d KB, want under 200", len(b)>>10)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 1080 || h < 1000 || h > 2000 {
		t.Errorf("picture %dx%d, want 1080 wide and a board's height", w, h)
	}
	_, d, err := hexmap.Picture(Board1870(g), hexmap.PNGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tokens := 0
	for h, stops := range g.Layout.Tokens {
		p, laid := g.Layout.Tiles[h]
		if !laid || len(p.Tile.Stops) != 1 {
			continue
		}
		x, y := d.Centre(h)
		for n, sym := range stops[0] {
			sx := x // slots stand side by side about the middle
			if p.Tile.Stops[0].Slots == 2 {
				sx = x + (float64(n)*2-1)*0.25*d.Size
			}
			if n >= p.Tile.Stops[0].Slots || p.Tile.Stops[0].Slots > 2 {
				continue
			}
			tokens++
			// below the symbol, inside the disc
			if got := rgbAt(img, sx, y+0.125*d.Size); !close(got, corpRGB1870[sym], 16) {
				t.Errorf("%s's token in %s: %v at its slot, want %v", sym, h, got, corpRGB1870[sym])
			}
		}
	}
	if tokens < 3 {
		t.Errorf("only %d tokens checked", tokens)
	}
	checkRuns(t, g, img, d)
}

// checkRuns looks where each route's track crosses a hex side for the
// colour of its train: most such places show it (a label may sit on one).
func checkRuns(t *testing.T, g *g1870.Game, img image.Image, d hexgrid.Drawing) {
	t.Helper()
	if g.LastRun == nil || len(g.LastRun.Routes) == 0 {
		t.Fatal("no run to check")
	}
	for n, r := range g.LastRun.Routes {
		want := runRGB[n%len(runRGB)]
		seen, looked := 0, 0
		for _, seg := range r.Segments {
			p, ok := g.Layout.SegmentPath(seg)
			if !ok {
				t.Fatalf("route %d: segment %v has no track", n, seg)
			}
			for _, e := range []eighteen.End{p.A, p.B} {
				if e.Stop >= 0 {
					continue
				}
				m := d.EdgeMid(seg.Hex, e.Edge)
				looked++
				if close(rgbAt(img, m.X, m.Y), want, 16) {
					seen++
				}
			}
		}
		if looked == 0 || seen*2 < looked {
			t.Errorf("route %d (%v): its colour %v at %d of %d sides it crosses", n, r.Stops, want, seen, looked)
		}
	}
}

// TestBoard1870Page draws the board page of a report and reads it back:
// pdftotext finds every named place and the last run's routes with
// their revenues, and pdftoppm's picture of the page shows each company
// with a station in its colour.
func TestBoard1870Page(t *testing.T) {
	g := lateBoard(t)
	d := newDoc("1870 board test", time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC))
	if err := Board1870Page(d.pdf, g); err != nil {
		t.Fatal(err)
	}
	pdf, err := d.bytes()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(pdftotext(t, pdf)), " ")
	for _, h := range g.Layout.Board.Order {
		for _, word := range strings.Fields(g.Layout.Board.Space(h).Name) {
			if !strings.Contains(text, word) {
				t.Errorf("the page lacks %q of %s", word, h)
			}
		}
	}
	for _, r := range g.LastRun.Routes {
		if want := fmt.Sprintf("%s %s-%s", g.LastRun.Corp, r.Stops[0].Hex, r.Stops[1].Hex); !strings.Contains(text, want) {
			t.Errorf("the page lacks the route %q", want)
		}
		if want := fmt.Sprintf("$%d", r.Revenue); !strings.Contains(text, want) {
			t.Errorf("the page lacks the route's %s", want)
		}
	}
	page := pdfPage(t, pdf, 2)
	keep(t, "board1870-page.png", page)
	img, err := png.Decode(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	for h, stops := range g.Layout.Tokens {
		for _, sym := range stops[0] {
			if n := countNear(img, corpRGB1870[sym], 24); n < 20 {
				t.Errorf("%s's token in %s: %d pixels of its colour on the page", sym, h, n)
			}
		}
	}
}

// pdfPage rasterises one page with pdftoppm, skipping without it.
func pdfPage(t *testing.T, pdf []byte, page int) []byte {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) is not installed; .ci/run installs it")
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "r.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	n := strconv.Itoa(page)
	if out, err := exec.Command("pdftoppm", "-png", "-r", "110", "-f", n, "-l", n, "-singlefile", f, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "page.png"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func countNear(img image.Image, c hexmap.RGB, tol int) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if close(rgbAt(img, float64(x), float64(y)), c, tol) {
				n++
			}
		}
	}
	return n
}

// BenchmarkBoard1870PNG draws a late 1870 board for a mail, PNG encoding
// included.
func BenchmarkBoard1870PNG(b *testing.B) {
	g := lateBoard(b)
	size := 0
	b.ResetTimer()
	for range b.N {
		png, err := Board1870PNG(g)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size)/1024, "KB")
}

// TestReport1870Trains: the report's trains sentence names every kind the
// bank still sells, the diesels of 16.2 (any number of them) too, read
// back from the PDF with pdftotext.
func TestReport1870Trains(t *testing.T) {
	for _, tc := range []struct {
		name     string
		variants g1870.Variants
		want     []string
	}{
		{"standard", g1870.Variants{}, []string{"2 x7 at $80", "12 x6 at $1100"}},
		{"diesels", g1870.Variants{Diesels: true}, []string{"2 x7 at $80", "6 x3 at $630", "D x any number at $1100"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := g1870.New(g1870.Setup{Players: []string{"A", "B", "C"}, Seed: 1, Variants: tc.variants})
			if err != nil {
				t.Fatal(err)
			}
			pdf, err := Report1870{Game: g, GameName: "t", Reader: 0, Made: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)}.PDF()
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(strings.Fields(pdftotext(t, pdf)), " ")
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("the report lacks %q", w)
				}
			}
		})
	}
}
