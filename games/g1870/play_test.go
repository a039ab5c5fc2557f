package g1870

import (
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// randomMove picks one legal move, favouring doing something over
// passing so that games get somewhere.
func randomMove(rng *rand.Rand, g *Game) (eighteen.Action, bool) {
	acting := g.Acting()
	if len(acting) == 0 {
		return eighteen.Action{}, false
	}
	opts := g.Legal(acting[0])
	if len(opts) == 0 {
		return eighteen.Action{}, false
	}
	var busy []eighteen.Option
	for _, o := range opts {
		switch o.Verb {
		case "PASS", "DONE", "SKIP", "DECLINE":
		default:
			busy = append(busy, o)
		}
	}
	pick := opts
	if len(busy) > 0 && rng.IntN(4) > 0 {
		pick = busy
	}
	o := pick[rng.IntN(len(pick))]
	n := o.Min
	if o.Ranged {
		n = o.Min + rng.IntN(min(o.Max-o.Min, 40)+1)
	}
	return o.Action(n), true
}

func TestRandomGameRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000 && !g.Over(); i++ {
		a, ok := randomMove(rng, g)
		if !ok {
			t.Fatalf("move %d: seat %v has no legal move; last events %v", i, g.Acting(), g.Events[max(0, len(g.Events)-5):])
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("move %d %s: %v", i, a, err)
		}
	}
	for _, e := range g.Events[max(0, len(g.Events)-30):] {
		t.Log(e)
	}
	t.Logf("phase %d over %v", g.Phase, g.Over())
}
