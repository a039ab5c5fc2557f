package chicagoexpress

import (
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/title"
)

// TestGuideShowsEveryMove plays random games and checks that every kind
// of move the engine offers a player (its verb, and PASS with each of its
// forms) has an example in the guide mailed on HELP, so that the guide
// cannot fall behind the engine.
func TestGuideShowsEveryMove(t *testing.T) {
	var ti title.Title = Title{}
	g, ok := ti.(title.Guide)
	if !ok {
		t.Fatal("Chicago Express gives no guide")
	}
	examples := map[string]bool{}
	for _, l := range title.GuideExamples(g.Guide()) {
		examples[shape(l)] = true
	}
	if len(examples) < 6 {
		t.Fatalf("only %d kinds of example in the guide", len(examples))
	}
	offered := map[string]bool{}
	for seed := uint64(1); seed <= 2; seed++ {
		game, err := Title{}.New(title.Setup{Players: []string{"A", "B", "C", "D"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := title.Rand(int64(seed), 0)
		for range 400 {
			acting := game.Acting()
			if game.Over() || len(acting) == 0 {
				break
			}
			for _, line := range game.Menu(acting[0]) {
				offered[shape(line)] = true
			}
			if err := game.Apply(game.Computer(acting[0], rng)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for s := range offered {
		if !examples[s] {
			t.Errorf("the engine offers %q moves, and the guide has no example of one", s)
		}
	}
}

// shape is a move's kind: its verb, and for PASS on a turn, the dial.
func shape(line string) string {
	f := strings.Fields(strings.ToUpper(line))
	if len(f) == 0 {
		return ""
	}
	if f[0] == "PASS" && len(f) > 1 {
		return "PASS " + f[1]
	}
	return f[0]
}
