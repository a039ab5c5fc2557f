package g1870

import (
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/title"
)

// TestGuideShowsEveryMove plays games with the computer in every seat and
// checks that every verb the menu offers a player has an example in the
// guide mailed on HELP, so that the guide cannot fall behind the engine;
// and that the games offered the common moves, so that the check means
// something.
func TestGuideShowsEveryMove(t *testing.T) {
	var ti title.Title = Title{}
	g, ok := ti.(title.Guide)
	if !ok {
		t.Fatal("1870 gives no guide")
	}
	examples := map[string]bool{}
	for _, l := range title.GuideExamples(g.Guide()) {
		examples[verb(l)] = true
	}
	offered := map[string]bool{}
	games := 3
	if testing.Short() {
		games = 1
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		game, err := Title{}.New(title.Setup{Players: []string{"A", "B", "C", "D"}, Seed: seed, Variants: []string{"diesels"}[:seed%2]})
		if err != nil {
			t.Fatal(err)
		}
		rng := title.Rand(int64(seed), 0)
		for !game.Over() {
			seat := game.Acting()[0]
			for _, line := range game.Menu(seat) {
				offered[verb(line)] = true
			}
			if err := game.Apply(game.Computer(seat, rng)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for v := range offered {
		if !examples[v] {
			t.Errorf("the menu offers %s moves, and the guide has no example of one", v)
		}
	}
	for _, core := range []string{"BUY", "BID", "PASS", "PAR", "SELL", "DONE", "LAY", "TOKEN", "SKIP", "PAY", "WITHHOLD", "BUYTRAIN"} {
		if !offered[core] {
			t.Errorf("no game offered %s: the games played too little to check the guide", core)
		}
	}
}

func verb(line string) string {
	f := strings.Fields(strings.ToUpper(line))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
