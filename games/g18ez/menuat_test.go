package g18ez

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestMenuAt plays a computer game until a company may lay track and
// checks that OPTIONS <hex> lists exactly the lays the menu groups on
// that hex's line, and that it refuses what is not a hex or has no lay.
func TestMenuAt(t *testing.T) {
	g, err := New(Setup{Players: []string{"A", "B", "C", "D"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	checked := 0
	for i := 0; i < 3000 && !g.Over() && checked < 5; i++ {
		seat := g.Acting()[0]
		for _, line := range g.Menu(seat) {
			hex, lays, ok := strings.Cut(strings.TrimPrefix(line, "LAY "), " <tile> <rotation>: ")
			if !ok {
				continue
			}
			if hex == "<hex>" { // more hexes than the menu lists: each named has lays
				_, named, _ := strings.Cut(lays, " at ")
				named, _, _ = strings.Cut(named, ".")
				for _, h := range strings.Fields(named) {
					if got, err := g.MenuAt(seat, h); err != nil || len(got) == 0 {
						t.Fatalf("OPTIONS %s: %v, %v; the menu names it", h, got, err)
					}
				}
				checked++
				continue
			}
			got, err := g.MenuAt(seat, strings.ToLower(hex))
			if err != nil {
				t.Fatalf("OPTIONS %s: %v", hex, err)
			}
			var want []string
			for _, tr := range strings.Split(lays, ", ") {
				tile, rots, _ := strings.Cut(strings.TrimSuffix(tr, ")"), " (")
				for _, rot := range strings.Fields(rots) {
					want = append(want, "LAY "+hex+" "+tile+" "+rot)
				}
			}
			var lines []string
			for _, l := range got {
				if strings.HasPrefix(l, "LAY ") {
					lines = append(lines, l)
				}
			}
			if !slices.Equal(lines, want) {
				t.Fatalf("OPTIONS %s: %q, the menu's line says %q", hex, lines, want)
			}
			checked++
		}
		if err := g.Apply(g.Suggest(seat, rng)); err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no lay was offered to check")
	}
	for _, bad := range []string{"Z99", "north", "A4x"} {
		if _, err := g.MenuAt(0, bad); err == nil || !strings.Contains(err.Error(), "not a hex") {
			t.Errorf("OPTIONS %s: %v, want not a hex", bad, err)
		}
	}
}
