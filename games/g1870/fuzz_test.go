package g1870

import (
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// FuzzApply sends any line, from any seat, to games part-way through:
// nothing panics, and a refused move changes nothing at all.
func FuzzApply(f *testing.F) {
	for _, line := range []string{
		"BUY GRSC", "BID GSC 85", "PASS", "DONE", "SELL MP 2", "BUY MP PAR 100", "BUY MP POOL 3",
		"LAY H17 57 1", "TOKEN J5", "BUYTRAIN 2 DEPOT", "BUYTRAIN 3 MP 1", "PAY", "HALF", "DEST MAP",
		"BUYPRIVATE MRBC 40", "PORT M20 CLOSED", "CATTLE B9", "REDEEM MP SELF", "PAR SLSF 68",
		"LAY H17 57 -1", "BID GSC 99999999999999999999", "SELL MP -2", "", "UNDO 3",
	} {
		f.Add(uint8(0), uint16(0), line)
		f.Add(uint8(1), uint16(300), line)
	}
	f.Fuzz(func(t *testing.T, seat uint8, moves uint16, line string) {
		g := advanced(t, int(moves%900))
		a, err := eighteen.ParseAction(int(seat%4), line)
		if err != nil {
			return
		}
		before := fingerprint(g)
		if err := g.Apply(a); err != nil && fingerprint(g) != before {
			t.Fatalf("%q was refused (%v) but changed the game", line, err)
		}
	})
}

// advanced is a four-player game after some random legal moves.
func advanced(t *testing.T, moves int) *Game {
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range moves {
		a, ok := randomMove(rng, g)
		if !ok {
			break
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
