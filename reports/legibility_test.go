package reports

import (
	"encoding/xml"
	"fmt"
	"math"
	"strings"
	"testing"

	cr "github.com/railpost/railpost/games/contrails"
)

// denseGame is a late game thickened until it has at least 40 railroads
// and 300 built lines: the unbuilt routes are dealt out to new railroads
// so that the map is as crowded as a long game can make it.
func denseGame(t testing.TB) (*cr.Map, *cr.State, []cr.Event) {
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
	for k := 0; len(s.Railroads) < 40 || builtLines(s) < 300; k++ {
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
// reads the words back from the PDF: on both map pages no town label may
// overlap another, and the railroads' colours must stay apart.
func TestDenseMapStaysLegible(t *testing.T) {
	m, s, events := denseGame(t)
	reader := presidentOf(s)
	pdf, err := ContinentalRails{GameID: "g", GameName: "G", Turn: 20, Map: m, State: s, Events: events, Reader: reader}.PDF()
	if err != nil {
		t.Fatal(err)
	}
	maps := 0
	for _, page := range wordBoxes(t, pdf).Pages {
		if len(page.Words) < 2 || page.Words[1].Text != "network" && page.Words[1].Text != "railroads" {
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
	if maps != 2 {
		t.Fatalf("found %d map pages, want the network and the reader's railroads", maps)
	}
}

// TestRailroadColoursStayApart: any two of the first 40 railroads'
// colours differ by more than 20 in CIELAB (a difference of 2 is barely
// visible), and none is close to the map's grey RoWs or orange PCs.
func TestRailroadColoursStayApart(t *testing.T) {
	lab := func(r, g, b int) [3]float64 {
		lin := func(c int) float64 {
			v := float64(c) / 255
			if v <= 0.04045 {
				return v / 12.92
			}
			return math.Pow((v+0.055)/1.055, 2.4)
		}
		R, G, B := lin(r), lin(g), lin(b)
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
	dist := func(a, b [3]float64) float64 {
		return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
	}
	var cols [][3]float64
	for i := range 40 {
		cols = append(cols, lab(railroadColour(i)))
	}
	for i := range cols {
		for j := i + 1; j < len(cols); j++ {
			if d := dist(cols[i], cols[j]); d < 20 {
				t.Errorf("railroads %d and %d differ by only %.1f", i, j, d)
			}
		}
		for _, c := range [][3]int{{200, 200, 200}, {235, 170, 90}} {
			if d := dist(cols[i], lab(c[0], c[1], c[2])); d < 20 {
				t.Errorf("railroad %d is only %.1f from the map's %v", i, d, c)
			}
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
