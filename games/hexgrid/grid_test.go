package hexgrid

import (
	"math"
	"os"
	"strings"
	"testing"
)

// grids are every orientation and stagger, with both letterings.
var grids = []Grid{
	{Pointy, LetteredRows, Doubled},
	{Pointy, LetteredRows, OddShifted},
	{Pointy, LetteredColumns, EvenShifted},
	{Flat, LetteredColumns, Doubled},
	{Flat, LetteredColumns, OddShifted},
	{Flat, LetteredRows, EvenShifted},
}

// someHexes cover both parities of row and column, and a few hexes off
// the top and left of a board.
func someHexes() []Hex {
	var hs []Hex
	for r := -2; r < 6; r++ {
		for c := -3; c < 7; c++ {
			hs = append(hs, Hex{Row: r, Col: c})
		}
	}
	return hs
}

// The zero Grid must be exactly the Hex methods 1870 uses.
func TestZeroGridIsTheHexAPI(t *testing.T) {
	var g Grid
	for _, h := range someHexes() {
		for e := Edge(-7); e < 13; e++ {
			if got, want := g.Neighbour(h, e), h.Neighbour(e); got != want {
				t.Errorf("Grid{}.Neighbour(%v, %d) = %v, Hex.Neighbour %v", h, e, got, want)
			}
		}
		for _, n := range someHexes() {
			ge, gok := g.EdgeTo(h, n)
			he, hok := h.EdgeTo(n)
			if ge != he || gok != hok {
				t.Errorf("EdgeTo(%v, %v): grid %v %v, hex %v %v", h, n, ge, gok, he, hok)
			}
		}
	}
	for r := range 26 {
		for c := range 30 {
			h := Hex{Row: r, Col: c}
			got, err := g.Parse(h.String())
			want, werr := ParseHex(h.String())
			if err != nil || werr != nil || got != want || g.Format(h) != h.String() {
				t.Errorf("%s: Parse %v %v, ParseHex %v %v, Format %q", h, got, err, want, werr, g.Format(h))
			}
		}
	}
}

// Every edge leads to a neighbour whose opposite edge leads back.
func TestEdgesRoundTrip(t *testing.T) {
	for _, g := range grids {
		for _, h := range someHexes() {
			seen := map[Hex]bool{}
			for e := Edge(0); e < 6; e++ {
				n := g.Neighbour(h, e)
				if n == h || seen[n] {
					t.Errorf("%+v: %v's %s neighbour %v repeats", g, h, g.Orientation.EdgeName(e), n)
				}
				seen[n] = true
				if got, ok := g.EdgeTo(h, n); !ok || got != e {
					t.Errorf("%+v: EdgeTo(%v, %v) = %v %v, want %v", g, h, n, got, ok, e)
				}
				if got, ok := g.EdgeTo(n, h); !ok || got != e.Opposite() {
					t.Errorf("%+v: EdgeTo(%v, %v) = %v %v, want %v", g, n, h, got, ok, e.Opposite())
				}
				if back := g.Neighbour(n, e.Opposite()); back != h {
					t.Errorf("%+v: %v across %v's opposite of %d is %v", g, n, h, e, back)
				}
			}
			if _, ok := g.EdgeTo(h, h); ok {
				t.Errorf("%+v: %v neighbours itself", g, h)
			}
		}
	}
}

// compass is the direction on the page each edge name points, y down.
var compass = map[string][2]float64{
	"N": {0, -1}, "S": {0, 1}, "E": {1, 0}, "W": {-1, 0},
	"NE": {1, -1}, "NW": {-1, -1}, "SE": {1, 1}, "SW": {-1, 1},
}

// The steps tables are checked against the drawing, which is worked out
// from the hex's shape alone: a neighbour's centre is one hex width away
// in the named direction, and both hexes put the shared edge in the same
// place.
func TestNeighboursTouchOnThePage(t *testing.T) {
	for _, g := range grids {
		d := Drawing{Grid: g, Size: 10, X: 3, Y: 5}
		for _, h := range someHexes() {
			x, y := d.Centre(h)
			for e := Edge(0); e < 6; e++ {
				n := g.Neighbour(h, e)
				nx, ny := d.Centre(n)
				dx, dy := nx-x, ny-y
				if dist := math.Hypot(dx, dy); math.Abs(dist-math.Sqrt(3)*d.Size) > 1e-9 {
					t.Errorf("%+v: %v and its %d neighbour %v are %.3f apart", g, h, e, n, dist)
				}
				name := g.Orientation.EdgeName(e)
				want := compass[name]
				if sign(dx) != want[0] || sign(dy) != want[1] {
					t.Errorf("%+v: %v's %s neighbour %v lies %.2f, %.2f away", g, h, name, n, dx, dy)
				}
				m, mn := d.EdgeMid(h, e), d.EdgeMid(n, e.Opposite())
				if math.Hypot(m.X-(x+nx)/2, m.Y-(y+ny)/2) > 1e-9 || math.Hypot(m.X-mn.X, m.Y-mn.Y) > 1e-9 {
					t.Errorf("%+v: %v's %s edge at %v, its neighbour's at %v", g, h, name, m, mn)
				}
			}
		}
	}
}

func sign(v float64) float64 {
	switch {
	case v > 1e-9:
		return 1
	case v < -1e-9:
		return -1
	}
	return 0
}

// Neighbours written out by hand from the printed boards' conventions.
func TestNeighbourExamples(t *testing.T) {
	for _, tc := range []struct {
		grid Grid
		hex  string
		want string // edges 0 to 5
	}{
		{Grid{}, "H17", "I16 H15 G16 G18 H19 I18"},
		{Grid{Flat, LetteredColumns, OddShifted}, "K4", "K5 J4 J3 K3 L3 L4"},
		{Grid{Flat, LetteredColumns, OddShifted}, "L4", "L5 K5 K4 L3 M4 M5"},
		{Grid{Flat, LetteredColumns, EvenShifted}, "K4", "K5 J5 J4 K3 L4 L5"},
		{Grid{Flat, LetteredColumns, Doubled}, "C4", "C6 B5 B3 C2 D3 D5"},
		{Grid{Pointy, LetteredRows, OddShifted}, "B3", "C3 B2 A3 A4 B4 C4"},
		{Grid{Pointy, LetteredRows, OddShifted}, "C3", "D2 C2 B2 B3 C4 D3"},
		{Grid{Pointy, LetteredRows, EvenShifted}, "C3", "D3 C2 B3 B4 C4 D4"},
	} {
		h, err := tc.grid.Parse(tc.hex)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for e := Edge(0); e < 6; e++ {
			got = append(got, tc.grid.Format(tc.grid.Neighbour(h, e)))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%+v: %s's neighbours %v, want %s", tc.grid, tc.hex, got, tc.want)
		}
	}
}

func TestEdgeNames(t *testing.T) {
	var p, f []string
	for e := Edge(-1); e < 7; e++ {
		p = append(p, Pointy.EdgeName(e))
		f = append(f, Flat.EdgeName(e))
	}
	if got := strings.Join(p, " "); got != "edge(-1) SW W NW NE E SE edge(6)" {
		t.Errorf("pointy edges %s", got)
	}
	if got := strings.Join(f, " "); got != "edge(-1) S SW NW N NE SE edge(6)" {
		t.Errorf("flat edges %s", got)
	}
}

func TestParseAndFormat(t *testing.T) {
	rows, cols := Grid{}, Grid{Flat, LetteredColumns, OddShifted}
	for _, tc := range []struct {
		grid Grid
		in   string
		want Hex
		ok   bool
	}{
		{rows, "H17", Hex{Row: 7, Col: 17}, true},
		{cols, "K4", Hex{Row: 4, Col: 10}, true},
		{cols, "C0", Hex{Row: 0, Col: 2}, true},
		{cols, "Z10", Hex{Row: 10, Col: 25}, true},
		{cols, "", Hex{}, false},
		{cols, "K", Hex{}, false},
		{cols, "k4", Hex{}, false},
		{cols, "K04", Hex{}, false},
		{cols, "K+4", Hex{}, false},
		{cols, "K-1", Hex{}, false},
		{cols, "K4 ", Hex{}, false},
		{cols, "KK", Hex{}, false},
		{cols, "K99999999999999999999999", Hex{}, false},
		{cols, "hex(-1, 3)", Hex{}, false},
	} {
		got, err := tc.grid.Parse(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("%+v: Parse(%q) = %v, %v", tc.grid, tc.in, got, err)
		}
		if tc.ok && tc.grid.Format(got) != tc.in {
			t.Errorf("%+v: Format(Parse(%q)) = %q", tc.grid, tc.in, tc.grid.Format(got))
		}
	}
	if got := cols.Format(Hex{Row: 3, Col: -1}); got != "hex(3, -1)" {
		t.Errorf("off the board: %q", got)
	}
}

// TestChicagoExpressAdjacency computes the Chicago Express board's
// adjacency with this package's grid alone and compares it with the golden
// its own offset table wrote before it used this grid: every hex, its
// neighbours clockwise from north, the board's Adj order.
func TestChicagoExpressAdjacency(t *testing.T) {
	raw, err := os.ReadFile("../chicagoexpress/testdata/adjacency.golden")
	if err != nil {
		t.Fatal(err)
	}
	g := Grid{Flat, LetteredColumns, OddShifted}
	want := map[Hex]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		if id, adj, ok := strings.Cut(line, ":"); ok && !strings.HasPrefix(line, "#") {
			h, err := g.Parse(id)
			if err != nil {
				t.Fatal(err)
			}
			want[h] = strings.TrimSpace(adj)
		}
	}
	if len(want) < 150 {
		t.Fatalf("the golden holds %d hexes", len(want))
	}
	for h, adj := range want {
		var got []string
		for k := range 6 {
			n := g.Neighbour(h, Edge(3).Turn(k)) // 3 is north
			if _, on := want[n]; on {
				got = append(got, g.Format(n))
			}
		}
		if strings.Join(got, " ") != adj {
			t.Errorf("%s: %v, want %s", g.Format(h), got, adj)
		}
	}
}
