package reports

import (
	"encoding/xml"
	"fmt"
	"math"
	"strings"
	"testing"

	cr "github.com/railpost/railpost/games/contrails"
)

// denseGame is a late game thickened until it has at least the given
// number of railroads and 300 built lines: the unbuilt routes are dealt
// out to new railroads so that the map is as crowded as a long game can
// make it.
func denseGame(t testing.TB, railroads int) (*cr.Map, *cr.State, []cr.Event) {
	t.Helper()
	m, s, events := playedGame(t, 5, 20)
	built := map[string]bool{}
	for _, rr := range s.Railroads {
		for _, c := range rr.Lines {
			built[c] = true
		}
	}
	var free []string
	for _, rt := range m.Routes {
		if !built[rt.Code] {
			free = append(free, rt.Code)
		}
	}
	for k := 0; len(s.Railroads) < railroads || builtLines(s) < 300; k++ {
		if len(free) < 10 {
			t.Fatalf("the map has too few routes for a dense game")
		}
		rr := cr.Railroad{Abbr: fmt.Sprintf("X%d", k), Name: fmt.Sprintf("Extra %d", k), Number: s.NextNumber, Founded: s.Turn - 3,
			Lines: free[:10], Price: 20 + k, Prices: []int{18, 19 + k, 20 + k}, Authorized: 100, Public: 100}
		free = free[10:]
		s.NextNumber++
		s.Railroads = append(s.Railroads, rr)
	}
	return m, s, events
}

// pageWords are the words pdftotext finds on each page, with their boxes
// in points.
type pageWords struct {
	Pages []struct {
		Words []struct {
			XMin float64 `xml:"xMin,attr"`
			YMin float64 `xml:"yMin,attr"`
			XMax float64 `xml:"xMax,attr"`
			YMax float64 `xml:"yMax,attr"`
			Text string  `xml:",chardata"`
		} `xml:"word"`
	} `xml:"body>doc>page"`
}

func wordBoxes(t *testing.T, pdf []byte) pageWords {
	t.Helper()
	out := pdftotext(t, pdf, "-bbox")
	var pw pageWords
	d := xml.NewDecoder(strings.NewReader(out))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	if err := d.Decode(&pw); err != nil {
		t.Fatalf("read pdftotext -bbox: %v", err)
	}
	return pw
}

// TestDenseMapStaysLegible draws a map of 40 railroads and 300 lines and
// reads the words back from the PDF: on the three map pages no town label
// may overlap another.
func TestDenseMapStaysLegible(t *testing.T) {
	m, s, events := denseGame(t, 40)
	reader := presidentOf(s)
	pdf, err := ContinentalRails{GameID: "g", GameName: "G", Turn: 20, Map: m, State: s, Events: events, Reader: reader}.PDF()
	if err != nil {
		t.Fatal(err)
	}
	maps := 0
	for _, page := range wordBoxes(t, pdf).Pages {
		if len(page.Words) < 2 || page.Words[1].Text != "network" && page.Words[1].Text != "Northeast," && page.Words[1].Text != "railroads" {
			continue
		}
		maps++
		// The map frame: 12 to 234 mm across, 20 to 196 mm down.
		const mm = 72 / 25.4
		labels := 0
		ws := page.Words[2:]
		for i, a := range ws {
			if a.XMax > 234*mm || a.YMin < 20*mm || a.YMax > 196*mm {
				continue // the legend and the footer
			}
			labels++
			for _, b := range ws[i+1:] {
				if b.XMax > 234*mm || b.YMin < 20*mm || b.YMax > 196*mm {
					continue
				}
				if math.Min(a.XMax, b.XMax)-math.Max(a.XMin, b.XMin) > 0.5 && math.Min(a.YMax, b.YMax)-math.Max(a.YMin, b.YMin) > 0.5 {
					t.Errorf("map %d: labels %q and %q overlap", maps, a.Text, b.Text)
				}
			}
		}
		if labels < 40 {
			t.Errorf("map %d has only %d words of labels: too few towns are named", maps, labels)
		}
	}
	if maps != 3 {
		t.Fatalf("found %d map pages, want the network, the Northeast and the reader's railroads", maps)
	}
}

// lab is an sRGB colour in CIELAB.
func lab(c [3]int) [3]float64 {
	lin := func(c int) float64 {
		v := float64(c) / 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	R, G, B := lin(c[0]), lin(c[1]), lin(c[2])
	x := (0.4124*R + 0.3576*G + 0.1805*B) / 0.95047
	y := 0.2126*R + 0.7152*G + 0.0722*B
	z := (0.0193*R + 0.1192*G + 0.9505*B) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

func labDistance(a, b [3]int) float64 {
	p, q := lab(a), lab(b)
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

// TestPaletteStaysApart: any two of the railroads' colours differ by at
// least 25 in CIELAB (a difference of 2 is barely visible), none is within
// 25 of the map's grey RoWs or orange PCs, and none is so pale (lightness
// over 72) that a thin line of it fades into the paper.
func TestPaletteStaysApart(t *testing.T) {
	for i, c := range palette {
		for j := i + 1; j < len(palette); j++ {
			if d := labDistance(c, palette[j]); d < 25 {
				t.Errorf("colours %d %v and %d %v differ by only %.1f", i, c, j, palette[j], d)
			}
		}
		for _, m := range [][3]int{{200, 200, 200}, {235, 170, 90}} {
			if d := labDistance(c, m); d < 25 {
				t.Errorf("colour %d %v is only %.1f from the map's %v", i, c, d, m)
			}
		}
		if l := lab(c)[0]; l > 72 {
			t.Errorf("colour %d %v is too pale: lightness %.1f", i, c, l)
		}
	}
}

// TestRailroadsLookDifferent: once the colours have gone round, a line
// style tells railroads apart, so that up to 65 railroads no two are drawn
// alike.
func TestRailroadsLookDifferent(t *testing.T) {
	n := len(palette) * len(lineStyles)
	if n < 60 {
		t.Fatalf("only %d railroads can be drawn differently; a long game has 60", n)
	}
	seen := map[string]int{}
	for i := range n {
		p := railroadPen(i, 0.7)
		key := fmt.Sprint(p.colour, p.dash)
		if j, ok := seen[key]; ok {
			t.Errorf("railroads %d and %d are drawn alike: %s", j, i, key)
		}
		seen[key] = i
		if i < len(palette) && p.dash != nil {
			t.Errorf("railroad %d is dashed before the colours run out", i)
		}
	}
}

// TestWholeMapFramesEveryTown: a town outside the frame would be clipped,
// and the lines to it would run off into the legend (Halifax did).
func TestWholeMapFramesEveryTown(t *testing.T) {
	m, err := cr.LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	p := newProjection(wholeMap, 0, 0, 222, 176)
	for _, town := range m.Towns {
		if !p.inside(town.Lat, town.Lon) {
			t.Errorf("%s (%.2f, %.2f) is outside the whole map's frame", town.Name, town.Lat, town.Lon)
		}
	}
}
