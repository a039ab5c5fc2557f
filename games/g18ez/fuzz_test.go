package g18ez

import (
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// FuzzApply sends any line, from any seat, to games part-way through:
// nothing panics, and a refused move changes nothing at all.
func FuzzApply(f *testing.F) {
	for _, line := range []string{
		"BUY SL", "BID OBS 155", "BID OBS", "PASS", "DONE", "PAR PSW 70", "PAR PSW 75", "BUY PSW IPO", "BUY BL POOL",
		"SELL PSW 2", "SELL PSW -1", "LAY D5 57 1", "LAY D9 716 0", "LAY B17 63 0", "TOKEN D9", "SKIP", "PAY", "HALF",
		"RETAIN", "BUYTRAIN 2", "BUYTRAIN 3 POOL", "BUYTRAIN 2 FROM M1 1", "BUYTRAIN 2 FROM M1 0", "BUYPRIVATE HMH 60",
		"HOTEL D9", "MRTA TOKEN", "MRTA LAY 716 0", "ACCEPT", "DECLINE", "BID OBS 99999999999999999999", "", "UNDO 3",
	} {
		f.Add(uint8(0), uint16(0), line)
		f.Add(uint8(1), uint16(60), line)
	}
	f.Fuzz(func(t *testing.T, seat uint8, moves uint16, line string) {
		g := advanced(t, int(moves%600))
		a, err := eighteen.ParseAction(int(seat%4), line)
		if err != nil {
			return
		}
		before, _ := g.State()
		if err := g.Apply(a); err != nil {
			if after, _ := g.State(); string(after) != string(before) {
				t.Fatalf("%q was refused (%v) but changed the game", line, err)
			}
		}
	})
}

// advanced is a four-player game after some computer moves.
func advanced(t *testing.T, moves int) *Game {
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range moves {
		if g.Over() {
			break
		}
		if err := g.Apply(g.Suggest(g.Acting()[0], rng)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
