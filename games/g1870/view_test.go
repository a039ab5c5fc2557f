package g1870

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// TestViewAddsWhatIs1870s: the view carries 1870's own rows beside the
// core's, each company's destination (marked on the map until it is
// reached) and the Cattle and port tokens; what the game waits for reads
// 1870's own steps first; the status is the view's text.
func TestViewAddsWhatIs1870s(t *testing.T) {
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View()
	if want := "The private companies are being sold (5.7): "; !strings.HasPrefix(v.Turn.Now, want) {
		t.Errorf("at the start the game waits for %q, want %q...", v.Turn.Now, want)
	}
	atsf := g.Corp(atsfSym)
	if want := "destination " + atsf.Dest.String() + ", not yet reached"; !slices.Contains(v.Corps[0].Notes, want) {
		t.Errorf("ATSF's notes %q lack %q", v.Corps[0].Notes, want)
	}
	if n := countMarks(v, "destination"); n != len(g.Corps) {
		t.Errorf("%d destinations marked at the start, want %d", n, len(g.Corps))
	}
	atsf.Connected = true
	f13, _ := hexgrid.ParseHex("F13")
	g.Cattle, g.Port = &Token{Hex: f13, Corp: atsfSym}, &Token{Hex: f13, Corp: atsfSym, Closed: true}
	g.r.Pending = []pending{{Kind: pendProtect, Seat: 1, Corp: atsfSym}}
	v = g.View()
	if n := countMarks(v, "destination"); n != len(g.Corps)-1 {
		t.Errorf("%d destinations marked with ATSF's reached, want %d", n, len(g.Corps)-1)
	}
	if countMarks(v, "cattle") != 1 || countMarks(v, "port") != 1 {
		t.Errorf("the Cattle and port tokens are not marked: %+v", v.Marks)
	}
	notes := []string{}
	for _, n := range v.Notes {
		notes = append(notes, n.Text)
	}
	for _, want := range []string{"ATSF's Cattle token is on F13 (15.2).", "ATSF's port token is on F13, shut to all but its company (15.2)."} {
		if !slices.Contains(notes, want) {
			t.Errorf("the notes %q lack %q", notes, want)
		}
	}
	if want := "decides: protect a company's price against a sale (5.9)."; !strings.HasSuffix(g.Now(), want) {
		t.Errorf("with a protection pending the game waits for %q, want ...%q", g.Now(), want)
	}
	if g.Status(0) != v.Text(0) {
		t.Error("the status is not the view's text")
	}
}

func countMarks(v eighteen.View, kind string) int {
	n := 0
	for _, m := range v.Marks {
		if m.Kind == kind {
			n++
		}
	}
	return n
}

const atsfSym = "ATSF"
