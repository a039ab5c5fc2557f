package hexmap

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"testing"

	"codeberg.org/go-pdf/fpdf"
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

var (
	red     = RGB{R: 200, G: 20, B: 20}
	magenta = RGB{R: 230, B: 200}
)

// small is a three-hex scene on a grid: a city with a red token and a
// straight run of track through it, a town, an off-board.
func small(g hexgrid.Grid) *Scene {
	a, b, c := hexgrid.Hex{Row: 1, Col: 2}, hexgrid.Hex{Row: 1, Col: 4}, hexgrid.Hex{Row: 2, Col: 3}
	if g.Stagger != hexgrid.Doubled {
		b, c = hexgrid.Hex{Row: 1, Col: 3}, hexgrid.Hex{Row: 2, Col: 2}
	}
	edge := func(e hexgrid.Edge) eighteen.End { return eighteen.End{Edge: e, Stop: -1} }
	stop := eighteen.End{Stop: 0}
	return &Scene{Grid: g, Title: "Test", Hexes: []Hex{
		{At: a, Coord: "A", Fill: RGB{R: 250, G: 222, B: 80}, Name: "Metropolis",
			Stops: []Stop{{City: true, Revenue: 30, Slots: []Slot{{Token: &Token{Label: "RR", Fill: red}}}}},
			Track: []Track{{A: edge(1), B: stop, OnRun: true, Run: magenta}, {A: edge(4), B: stop, OnRun: true, Run: magenta}}},
		{At: b, Coord: "B", Fill: RGB{R: 246, G: 241, B: 226}, Stops: []Stop{{}}, Cost: "$60", Badge: Mountain,
			River: [][]hexgrid.Edge{{0, 1, 2}, {3, 4, 5}}},
		{At: c, Coord: "C", Fill: RGB{R: 200, G: 60, B: 55}, Name: "Out", Values: []Value{{Amount: 20, Fill: RGB{R: 250, G: 222, B: 80}, Current: true}, {Amount: 40, Fill: RGB{R: 196, G: 146, B: 96}}},
			Track: []Track{{A: edge(3), B: stop}}, Marks: []Mark{{Label: "D:RR", Fill: red}}},
	}, Key: []Swatch{{Label: "RR", Fill: red, Text: "Railroad"}, {Line: true, Fill: magenta, Text: "the run"}}, Notes: []string{"A note."}}
}

func near(a, b RGB, tol int) bool {
	d := func(x, y uint8) int { return int(math.Abs(float64(int(x) - int(y)))) }
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}

func at(img image.Image, p Point) RGB {
	r, g, b, _ := img.At(int(p.X), int(p.Y)).RGBA()
	return RGB{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8)}
}

// TestPictureBothOrientations: on a pointy and a flat grid, the token's
// colour is at its city's middle, the run's colour along its track
// halfway to the edge, and the picture is the width asked for.
func TestPictureBothOrientations(t *testing.T) {
	grids := map[string]hexgrid.Grid{
		"pointy": {},
		"flat":   {Orientation: hexgrid.Flat, Letters: hexgrid.LetteredColumns, Stagger: hexgrid.OddShifted},
	}
	for name, g := range grids {
		s := small(g)
		img, d, err := Picture(s, PNGOptions{Width: 600})
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != 600 {
			t.Errorf("%s: %d pixels wide, want 600", name, img.Bounds().Dx())
		}
		x, y := d.Centre(s.Hexes[0].At)
		if got := at(img, Point{X: x, Y: y}); !near(got, red, 12) {
			t.Errorf("%s: the city's middle is %v, want the token's %v", name, got, red)
		}
		for _, e := range []hexgrid.Edge{1, 4} {
			m := d.EdgeMid(s.Hexes[0].At, e)
			if got := at(img, Point{X: (m.X + x) / 2, Y: (m.Y + y) / 2}); !near(got, magenta, 12) {
				t.Errorf("%s: the run towards edge %d is %v, want %v", name, e, got, magenta)
			}
		}
	}
}

// TestPNGDecodes: the bytes are a PNG of the picture's size.
func TestPNGDecodes(t *testing.T) {
	b, err := PNG(small(hexgrid.Grid{}), PNGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 1080 || img.Bounds().Dy() < 300 {
		t.Errorf("picture %v, want 1080 wide", img.Bounds())
	}
	if _, err := PNG(small(hexgrid.Grid{}), PNGOptions{Width: 100000}); err == nil {
		t.Error("a picture 100000 pixels wide was drawn")
	}
}

// TestRiverRunsBetweenItsGroups: a river splitting the edges 012/345
// of a pointy hex runs from its top corner to its bottom one.
func TestRiverRunsBetweenItsGroups(t *testing.T) {
	d := hexgrid.Drawing{Size: 10}
	h := &Hex{River: [][]hexgrid.Edge{{0, 1, 2}, {3, 4, 5}}}
	x, y := d.Centre(h.At)
	line := riverLine(d, h, Point{X: x, Y: y})
	if len(line) < 2 {
		t.Fatal("no river")
	}
	ends := []Point{line[0], line[len(line)-1]}
	if ends[0].Y > ends[1].Y {
		ends[0], ends[1] = ends[1], ends[0]
	}
	if math.Abs(ends[0].X-x) > 1e-9 || math.Abs(ends[0].Y-(y-10)) > 1e-9 || math.Abs(ends[1].Y-(y+10)) > 1e-9 {
		t.Errorf("river from %v to %v, want the top and bottom corners of the hex at %v,%v", ends[0], ends[1], x, y)
	}
}

// TestLabelsKeepClear: in a hex with a city and track on its lower
// sides, the name goes above, clear of the track, and the revenue clear
// of both.
func TestLabelsKeepClear(t *testing.T) {
	d := hexgrid.Drawing{Size: 50}
	edge := func(e hexgrid.Edge) eighteen.End { return eighteen.End{Edge: e, Stop: -1} }
	h := &Hex{Name: "Dallas", Stops: []Stop{{City: true, Revenue: 30, Slots: []Slot{{}, {}}}},
		Track: []Track{{A: edge(0), B: eighteen.End{}}, {A: edge(5), B: eighteen.End{}}, {A: edge(1), B: eighteen.End{}}}}
	l := layHex(d, h)
	r, err := newRaster()
	if err != nil {
		t.Fatal(err)
	}
	r.img = image.NewRGBA(image.Rect(0, 0, 200, 200))
	paintLabels(r, d, l)
	if len(l.boxes) != 3 {
		t.Fatalf("%d boxes placed, want the coordinate's, the name's and the revenue's", len(l.boxes))
	}
	if name := l.boxes[1]; name.at.Y >= l.centre.Y {
		t.Errorf("the name is at %v, below the middle %v where the track runs", name.at, l.centre)
	}
	for i, b := range l.boxes[1:] {
		// boxes are kept 0.03 of a radius apart when there is room;
		// touching is allowed, overlapping is not
		if c := l.clearanceWithout(i+1, b, d.Size); c < -0.03*d.Size-1e-9 {
			t.Errorf("box %d at %v overlaps something by %.1f", i+1, b.at, -c)
		}
	}
}

// TestPDFDraws: the PDF backend draws the scene into a page without an
// error and says how much of the page it used.
func TestPDFDraws(t *testing.T) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddPage()
	used, err := PDF(pdf, small(hexgrid.Grid{}), 10, 10, 190, 270, 3)
	if err != nil || used <= 0 || used > 270 {
		t.Fatalf("used %.1f mm, %v", used, err)
	}
	if _, err := PDF(pdf, small(hexgrid.Grid{}), 10, 10, 0, 270, 3); err == nil {
		t.Error("a board was drawn in no room")
	}
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil || b.Len() == 0 {
		t.Fatalf("pdf: %v", err)
	}
}
