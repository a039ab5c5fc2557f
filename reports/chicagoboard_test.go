package reports

import (
	"bytes"
	"image/png"
	"math"
	"testing"

	"github.com/railpost/railpost/reports/hexmap"
)

// TestChicagoBoardPNG draws a Chicago Express game in mid-play on its
// flat hexes: a PNG under 200 KB, 1080 wide, in which every hex holding a
// company's locomotive shows that company's colour inside it.
func TestChicagoBoardPNG(t *testing.T) {
	g := playedCE(t, 60)
	b, err := ChicagoBoardPNG(g)
	if err != nil {
		t.Fatal(err)
	}
	keep(t, "chicago.png", b)
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) >= 200<<10 || img.Bounds().Dx() != 1080 {
		t.Errorf("PNG of %d KB, %v", len(b)>>10, img.Bounds())
	}
	_, d, err := hexmap.Picture(ChicagoScene(g), hexmap.PNGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, hx := range g.Board().Hexes {
		x, y := d.Centre(hx.At)
		for ci, c := range g.Corps {
			if !g.Present[i][ci] {
				continue
			}
			want, n := chicagoRGB(c.Color), 0
			for py := y - d.Size*0.8; py < y+d.Size*0.8; py++ {
				for px := x - d.Size*0.8; px < x+d.Size*0.8; px++ {
					if math.Hypot(px-x, py-y) < d.Size*0.85 && close(rgbAt(img, px, py), want, 12) {
						n++
					}
				}
			}
			checked++
			if n < 20 {
				t.Errorf("%s: %d pixels of %s's colour", hx.ID, n, c.Sym)
			}
		}
	}
	if checked == 0 {
		t.Error("no locomotive on the board to check")
	}
}
