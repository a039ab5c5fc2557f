package reports

import (
	"bytes"
	"fmt"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/games/g18ez"
	"github.com/railpost/railpost/reports/hexmap"
)

// played18EZ plays a seeded game of 18EZ with the computer in every seat
// until ors operating rounds are done and a run with routes has been
// made (or, with ors < 0, to the end), so that the board has track,
// tokens and a run to show.
func played18EZ(t testing.TB, seed uint64, ors int) *g18ez.Game {
	t.Helper()
	g, err := g18ez.New(g18ez.Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 18))
	for i := 0; i < 20000 && !g.Over(); i++ {
		if ors >= 0 && g.ORsDone >= ors && g.LastRun != nil && len(g.LastRun.Routes) > 0 {
			return g
		}
		seat := g.Acting()[0]
		if err := g.Apply(g.Suggest(seat, rng)); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	if ors >= 0 || !g.Over() {
		t.Fatalf("seed %d: the game ended (%v) before %d operating rounds and a run", seed, g.Over(), ors)
	}
	return g
}

// TestBoard18EZPNG draws the board at the start and late in a computer
// game: under 200 KB, 1080 pixels wide; at the start the Metropolis is
// a yellow tile and the two fixed hexes grey; late, every station token
// shows its company's colour at its slot and every train of the last run
// its colour on the track it ran.
func TestBoard18EZPNG(t *testing.T) {
	start, err := g18ez.New(g18ez.Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	late := played18EZ(t, 3, 10)
	for _, c := range []struct {
		name string
		g    *g18ez.Game
	}{{"start", start}, {"late", late}} {
		b, err := Board18EZPNG(c.g)
		if err != nil {
			t.Fatal(err)
		}
		keep(t, "board18ez-"+c.name+".png", b)
		if len(b) >= 200<<10 {
			t.Errorf("%s: the PNG is %d KB, want under 200", c.name, len(b)>>10)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if w := img.Bounds().Dx(); w != 1080 {
			t.Errorf("%s: picture %d wide, want 1080", c.name, w)
		}
	}
	b, _ := Board18EZPNG(start)
	img, _ := png.Decode(bytes.NewReader(b))
	_, d, err := hexmap.Picture(Board18EZ(start), hexmap.PNGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range start.Layout.Board.Order {
		p, printed := start.Layout.Tiles[sp]
		if !printed {
			continue
		}
		// a point between the middle and a corner, off the track
		x, y := d.Centre(sp)
		if got, want := rgbAt(img, x-0.55*d.Size, y-0.1*d.Size), tileRGB[p.Tile.Colour]; !close(got, want, 16) {
			t.Errorf("the printed %s tile on %s: %v, want %v", p.Tile.Colour, sp, got, want)
		}
	}
	b, _ = Board18EZPNG(late)
	img, _ = png.Decode(bytes.NewReader(b))
	_, d, err = hexmap.Picture(Board18EZ(late), hexmap.PNGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tokens := 0
	for h, stops := range late.Layout.Tokens {
		p, laid := late.Layout.Tiles[h]
		if !laid || len(p.Tile.Stops) != 1 || p.Tile.Stops[0].Slots > 2 {
			continue
		}
		x, y := d.Centre(h)
		for n, sym := range stops[0] {
			sx := x
			if p.Tile.Stops[0].Slots == 2 {
				sx = x + (float64(n)*2-1)*0.25*d.Size
			}
			tokens++
			if got := rgbAt(img, sx, y+0.125*d.Size); !close(got, corpRGB18EZ[sym], 16) {
				t.Errorf("%s's token in %s: %v at its slot, want %v", sym, h, got, corpRGB18EZ[sym])
			}
		}
	}
	if tokens < 3 {
		t.Errorf("only %d tokens checked", tokens)
	}
}

// TestReport18EZ renders the report late in a game and at its end, reads
// it back with pdftotext, and looks at the board and SPI pages with
// pdftoppm: every company with a station shows its colour on the board
// page, every floated one on the SPI page.
func TestReport18EZ(t *testing.T) {
	for _, c := range []struct {
		name string
		ors  int
		want []string
	}{
		{"opening", 0, []string{"The Startpacket", "Short Line Railroad", "Where the game stands", "Initial SDR"}},
		{"late", 10, []string{"Railroads", "Players", "Worth", "Trains and phase", "The last run", "18EZ: the board", "The Share Price Index", "Last run:"}},
		{"end", -1, []string{"18EZ final report", "The game is over (2.13)", "The Share Price Index"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var g *g18ez.Game
			if c.ors == 0 {
				var err error
				if g, err = g18ez.New(g18ez.Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 2}); err != nil {
					t.Fatal(err)
				}
			} else {
				g = played18EZ(t, 3, c.ors)
			}
			pdf, err := Report18EZ{Game: g, GameName: "18ez-1", Reader: 1, Made: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)}.PDF()
			if err != nil {
				t.Fatal(err)
			}
			keep(t, "r18ez-"+c.name+".pdf", pdf)
			text := strings.Join(strings.Fields(pdftotext(t, pdf)), " ")
			for _, w := range append(c.want, "For Bob (position 2)", "Phase ", fmt.Sprintf("Bank $%d", g.Bank)) {
				if !strings.Contains(text, w) {
					t.Errorf("the report lacks %q", w)
				}
			}
			for s, p := range g.Players {
				if w := fmt.Sprintf("%s $%d", p.Name, p.Cash); !strings.Contains(text, w) {
					t.Errorf("the report lacks %q", w)
				}
				if w := fmt.Sprintf("$%d", g.Score(s)); !strings.Contains(text, w) {
					t.Errorf("the report lacks %s's worth %s", p.Name, w)
				}
			}
			if c.ors != 10 {
				return
			}
			pages := strings.Count(text, "- page ")
			board, err := png.Decode(bytes.NewReader(pdfPage(t, pdf, pages-1)))
			if err != nil {
				t.Fatal(err)
			}
			spi, err := png.Decode(bytes.NewReader(pdfPage(t, pdf, pages)))
			if err != nil {
				t.Fatal(err)
			}
			for _, co := range g.Corps {
				if co.Closed || !co.Started {
					continue
				}
				if co.Stations > 0 && countNear(board, corpRGB18EZ[co.Sym], 20) < 20 {
					t.Errorf("the board page shows no %s token", co.Sym)
				}
				if co.Public() && co.Floated && countNear(spi, corpRGB18EZ[co.Sym], 20) < 20 {
					t.Errorf("the SPI page shows no %s token", co.Sym)
				}
			}
		})
	}
}
