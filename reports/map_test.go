package reports

import (
	"fmt"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"
)

// widestAtOnePoint is how long, in mm at one point, the widest of the
// labels "1 XX" to "n XXXX" is in bold Helvetica, as the key measures.
func widestAtOnePoint(n int) float64 {
	pdf := fpdf.New("L", "mm", "A4", "")
	pdf.SetFont("Helvetica", "B", 10)
	return pdf.GetStringWidth(fmt.Sprintf("%d M&WP", n)) / 10
}

// TestKeyStaysInItsBox lays out keys of 1 to 200 railroads in the key's
// room beside the whole map and beside a zoomed one: every swatch and
// label lies inside the room, no two entries meet, and up to 60 railroads
// the type stays readable.
func TestKeyStaysInItsBox(t *testing.T) {
	_, whole := newProjection(wholeMap, mapX, mapY, mapW, mapH).size()
	for _, area := range []rect{
		keyRoom(rect{x: keyArea.x, y: keyArea.y, w: keyArea.w, h: whole}, 5), // the whole map's, five notes
		keyRoom(keyArea, 4), // a zoomed map's, four notes
	} {
		for _, n := range []int{1, 15, 44, 60, 120, 200} {
			widest := widestAtOnePoint(n)
			l := layoutKey(area, n, widest)
			var boxes []rect
			for i := range n {
				sw, lb := l.entry(i)
				if !area.holds(sw) || !area.holds(lb) {
					t.Errorf("%d railroads in %v: entry %d (swatch %v, label %v) leaves the key", n, area, i, sw, lb)
				}
				for j, b := range boxes {
					if b.meets(sw) || b.meets(lb) {
						t.Errorf("%d railroads in %v: entries %d and %d meet", n, area, j/2, i)
					}
				}
				boxes = append(boxes, sw, lb)
			}
			if n <= 60 && l.font < 6.5 {
				t.Errorf("%d railroads in %v: the key's type is %.1f points, too small to read", n, area, l.font)
			}
			if l.font <= 0 || l.rowH <= 0 {
				t.Errorf("%d railroads in %v: no room at all (%+v)", n, area, l)
			}
		}
	}
	// Fifteen fit in one column; sixty need more than one.
	area := rect{x: 0, y: 0, w: 45, h: 130}
	if l := layoutKey(area, 15, widestAtOnePoint(15)); l.cols != 1 || l.font != 7 {
		t.Errorf("15 railroads: %d columns at %.1f points, want 1 at 7", l.cols, l.font)
	}
	if l := layoutKey(area, 60, widestAtOnePoint(60)); l.cols < 2 {
		t.Errorf("60 railroads: %d column", l.cols)
	}
}

// TestCrowdedKeyIsDrawnInItsBox renders a report of 60 railroads and reads
// the words back: every word beside the map lies inside the key's frame,
// on each map page, and every railroad is named in the key.
func TestCrowdedKeyIsDrawnInItsBox(t *testing.T) {
	m, s, events := denseGame(t, 60)
	if len(s.Railroads) < 60 {
		t.Fatalf("the game has %d railroads", len(s.Railroads))
	}
	pdf, err := ContinentalRails{GameID: "g", GameName: "G", Turn: 20, Map: m, State: s, Events: events, Reader: presidentOf(s)}.PDF()
	if err != nil {
		t.Fatal(err)
	}
	const mm = 72 / 25.4
	maps := 0
	for _, page := range wordBoxes(t, pdf).Pages {
		if len(page.Words) < 2 || page.Words[0].Text != "The" && page.Words[0].Text != "Your" {
			continue
		}
		if w := page.Words[1].Text; w != "network" && w != "Northeast," && w != "railroads" {
			continue
		}
		maps++
		var key []string
		for _, w := range page.Words {
			if w.XMin < (mapX+mapW)*mm || w.YMin > 200*mm {
				continue // the map, and the footer
			}
			key = append(key, w.Text)
			if w.XMax > (keyArea.x+keyArea.w)*mm || w.YMin < keyArea.y*mm || w.YMax > (keyArea.y+keyArea.h)*mm {
				t.Errorf("page %q: key word %q at (%.0f-%.0f, %.0f-%.0f) pt leaves the key", page.Words[1].Text, w.Text, w.XMin, w.XMax, w.YMin, w.YMax)
			}
		}
		text := " " + strings.Join(key, " ") + " "
		for _, rr := range s.Railroads {
			if !strings.Contains(text, fmt.Sprintf(" %d %s ", rr.Number, rr.Abbr)) {
				t.Errorf("page %q: the key lacks %d %s", page.Words[1].Text, rr.Number, rr.Abbr)
			}
		}
	}
	if maps != 3 {
		t.Errorf("found %d map pages, want 3", maps)
	}
}

// TestNortheastHasAPageOfItsOwn: the report enlarges the Northeast on the
// page after the network, names its towns there that the network page has
// no room for, and the network page says where to look.
func TestNortheastHasAPageOfItsOwn(t *testing.T) {
	m, s, events := playedGame(t, 2, 22) // 44 railroads
	pdf, err := ContinentalRails{GameID: "g", GameName: "G", Turn: 22, Map: m, State: s, Events: events, Reader: presidentOf(s)}.PDF()
	if err != nil {
		t.Fatal(err)
	}
	pages := strings.Split(pdftotext(t, pdf), "\f")
	network, northeast := -1, -1
	for i, p := range pages {
		switch {
		case strings.HasPrefix(p, "The network"):
			network = i
		case strings.HasPrefix(p, "The Northeast, enlarged"):
			northeast = i
		}
	}
	if network < 0 || northeast != network+1 {
		t.Fatalf("the network is on page %d and the Northeast on page %d; want the Northeast right after", network+1, northeast+1)
	}
	if want := fmt.Sprintf("dashed box: see page %d", northeast+1); !strings.Contains(pages[network], want) {
		t.Errorf("the network page does not say %q", want)
	}
	ne := strings.Join(strings.Fields(pages[northeast]), " ")
	nw := strings.Join(strings.Fields(pages[network]), " ")
	for _, town := range []string{"New York", "Boston", "Philadelphia", "Baltimore", "Washington", "Pittsburgh", "Buffalo", "Montreal",
		"Albany", "Hartford", "Providence", "New Haven", "Trenton", "Harrisburg", "Scranton", "Syracuse", "Rochester", "Worcester"} {
		if !strings.Contains(ne, town) {
			t.Errorf("the Northeast page does not name %s", town)
		}
	}
	// The small towns are named only on the enlargement.
	for _, town := range []string{"Trenton", "New Haven", "Scranton"} {
		if strings.Contains(nw, town) {
			t.Errorf("the network page names %s: the enlargement is not needed?", town)
		}
	}
}
