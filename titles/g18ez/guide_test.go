package g18ez

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
		t.Fatal("18EZ gives no guide")
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
		game, err := Title{}.New(title.Setup{Players: []string{"A", "B", "C", "D"}, Seed: seed})
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
	for _, core := range []string{"BUY", "BID", "PASS", "PAR", "SELL", "DONE", "LAY", "TOKEN", "SKIP", "PAY", "HALF", "RETAIN", "BUYTRAIN"} {
		if !offered[core] {
			t.Errorf("no game offered %s: the games played too little to check the guide", core)
		}
	}
}

// TestGuideNamesEveryVerb holds the guide to the verbs the engine takes,
// each in the form its menus write it, so that a verb the computer never
// meets in a game (a deal, a private's power) is still shown.
func TestGuideNamesEveryVerb(t *testing.T) {
	examples := strings.Join(title.GuideExamples(Title{}.Guide()), "\n")
	for _, want := range []string{"BUY SL", "BID OBS 155", "PASS", "PAR PSW 70", "BUY PSW IPO", "BUY PSW POOL", "SELL PSW 2", "DONE",
		"LAY E9 57 1", "SKIP", "TOKEN E9", "PAY", "HALF", "RETAIN", "BUYTRAIN 3", "BUYTRAIN 3 POOL", "BUYTRAIN 3 FROM PSW 100",
		"BUYPRIVATE HMH 60", "HOTEL E9", "MRTA LAY 716 0", "MRTA TOKEN", "ACCEPT", "DECLINE"} {
		if !strings.Contains("\n"+examples+"\n", "\n"+want+"\n") {
			t.Errorf("the guide has no example %q", want)
		}
	}
}

// TestNew starts games of 2 to 6 players and refuses the rest, and any
// variant.
func TestNew(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E", "F", "G"}
	for n := 1; n <= 7; n++ {
		_, err := Title{}.New(title.Setup{Players: names[:n], Seed: 1})
		if ok := n >= 2 && n <= 6; ok != (err == nil) {
			t.Errorf("%d players: %v", n, err)
		}
	}
	if _, err := (Title{}).New(title.Setup{Players: names[:4], Seed: 1, Variants: []string{"finish400"}}); err == nil {
		t.Error("a variant was taken")
	}
}

func verb(line string) string {
	f := strings.Fields(strings.ToUpper(line))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// The title gives what 1870 gives: moves by mail, the picture, the guide,
// the score's name, and OPTIONS <hex>.
var (
	_ title.MoveTitle = Title{}
	_ title.Picture   = Title{}
	_ title.Guide     = Title{}
	_ title.ScoreName = Title{}
	_ title.Asker     = Game{}
)
