package g18ez

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
)

// TestViewAddsWhatIs18EZs: the view carries the Startpacket's lots while
// it lasts, the Hotel's token, the Authority's tile and where the Black
// Line stands; the minors are held whole, without shares; the status is
// the view's text, with the Startpacket and the Black Line's wait.
func TestViewAddsWhatIs18EZs(t *testing.T) {
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View()
	if len(v.Lots) != len(g.Packet.Items) || v.Lots[0].Name == "" {
		t.Errorf("the view's lots %+v, want the Startpacket's %d items, named", v.Lots, len(g.Packet.Items))
	}
	if want := "Initial SDR, the Startpacket (1.2): "; !strings.HasPrefix(v.Turn.Now, want) {
		t.Errorf("at the start the game waits for %q, want %q...", v.Turn.Now, want)
	}
	status := g.Status(0)
	for _, want := range []string{"Startpacket  Price  Bids\n", "Railroad Value  Cash  Trains   Stations", "BL       forms at the end of the OR of the first 5 (2.12)\n"} {
		if !strings.Contains(status, want) {
			t.Errorf("the status lacks %q:\n%s", want, status)
		}
	}
	for _, c := range v.Corps {
		if c.Shares == g.Corp(c.Sym).Minor() {
			t.Errorf("%s in the view has shares %v", c.Sym, c.Shares)
		}
	}
	d5, _ := hexgrid.ParseHex("D5")
	g.Hotel, g.MetroLaid, g.BlackLineSale = &Hotel{Hex: d5, Corp: "PSW"}, true, true
	v = g.View()
	var notes []string
	for _, n := range v.Notes {
		notes = append(notes, n.Text)
	}
	for _, want := range []string{"The Hotel's bonus token (+$10 for PSW's trains) is on D5.",
		"The Metropolis Rapid Transit Authority's tile is laid.", "The Black Line's shares are sold from the next SDR (2.12)."} {
		if !slices.Contains(notes, want) {
			t.Errorf("the notes %q lack %q", notes, want)
		}
	}
	if len(v.Marks) != 1 || v.Marks[0].Kind != "hotel" || v.Marks[0].Hex != "D5" {
		t.Errorf("the marks %+v, want the Hotel's on D5", v.Marks)
	}
}
