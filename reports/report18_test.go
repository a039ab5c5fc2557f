package reports

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/games/eighteen"
)

// TestReport18ReadsItsView: both titles' reports are the one renderer
// of their views, read back with pdftotext: the title's words for its
// companies, every player's holdings as percentages with the president
// marked, every company's shares in the initial offering and the open
// market as percentages, the trains and phase, the last run's routes and
// the title's own rows under the board.
func TestReport18ReadsItsView(t *testing.T) {
	made := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	g70, gez := lateBoard(t), played18EZ(t, 3, 10)
	for _, tc := range []struct {
		name string
		view eighteen.View
		pdf  func() ([]byte, error)
		want []string
	}{
		{"1870", g70.View(), Report1870{Game: g70, GameName: "1870-1", Reader: 0, Made: made}.PDF, []string{"Companies", "Tokens", "operating rounds a set", "off-boards pay their"}},
		{"18EZ", gez.View(), Report18EZ{Game: gez, GameName: "18ez-1", Reader: 0, Made: made}.PDF, []string{"Railroads", "Stations", "the red areas pay their", "The Hotel's bonus token"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdf, err := tc.pdf()
			if err != nil {
				t.Fatal(err)
			}
			keep(t, "report18-"+tc.name+".pdf", pdf)
			text := strings.Join(strings.Fields(pdftotext(t, pdf)), " ")
			want := append([]string{}, tc.want...)
			for _, p := range tc.view.Players {
				want = append(want, strings.Join(p.HoldingText(), ", "))
			}
			for _, c := range tc.view.Corps {
				if c.Started && !c.Closed && c.Shares {
					want = append(want, fmt.Sprintf("%s %d%% %d%%", c.TokenText(), c.IPO, c.Pool))
				}
			}
			if r := tc.view.Run; r != nil {
				want = append(want, r.Routes[0].Train+"-train "+r.Routes[0].Stops)
			}
			if !strings.Contains(strings.Join(want, " "), "% P") {
				t.Errorf("no president's holding to check in %q", want)
			}
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("the report lacks %q", w)
				}
			}
		})
	}
}

// TestReport18LongHoldings: a holdings list too long for its cell is
// written whole on a line of its own under the player's row, not cut.
func TestReport18LongHoldings(t *testing.T) {
	g := played18EZ(t, 3, 10)
	v := g.View()
	for _, c := range v.Corps {
		v.Players[0].Holdings = append(v.Players[0].Holdings, eighteen.ViewHolding{Corp: c.Sym + "X", Percent: 10})
		v.Players[0].Holdings = append(v.Players[0].Holdings, eighteen.ViewHolding{Corp: c.Sym + "Y", Percent: 20, President: true})
	}
	pdf, err := Report18{Title: "18EZ", View: v, Board: eighteenBoard18EZ(v), Colours: corpRGB18EZ, GameName: "t", Reader: -1}.PDF()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(pdftotext(t, pdf)), " ")
	p := v.Players[0]
	if want := p.Name + ": " + strings.Join(p.HoldingText(), ", "); !strings.Contains(text, want) {
		t.Errorf("the report lacks %q", want)
	}
}
