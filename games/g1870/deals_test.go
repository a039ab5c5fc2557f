package g1870

import (
	"slices"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// answer has the other side of an open offer answer it, after checking
// that the game waits on him alone and that the proposer may not move.
func answer(t *testing.T, g *Game, proposer, to int, verb string) {
	t.Helper()
	if got := g.Acting(); !slices.Equal(got, []int{to}) {
		t.Fatalf("an offer is open and the game waits for %v, want seat %d", got, to)
	}
	if err := g.Apply(move.Action{Seat: proposer, Verb: "DONE"}); err == nil {
		t.Fatal("the proposer moved while his offer waited")
	}
	act(t, g, to, verb)
}

// TestDealsNeedConsent: the four deals that need a second player's word
// are moves, offered, answered and then made or dropped (5.3.2, 5.10
// rule 4, 10.5, 12; rulings G7).
func TestDealsNeedConsent(t *testing.T) {
	t.Run("a private between players in a stock turn (5.3.2)", func(t *testing.T) {
		g := table(t)
		stage(t, g, "MP", 100, 0, map[int]int{0: 2})
		stockTurn(g, 0)
		g.Private(GSC).Closed, g.Private(GSC).Owner = false, 1
		act(t, g, 0, "BUYPRIVATE GSC 150")
		answer(t, g, 0, 1, "DECLINE")
		if g.Private(GSC).Owner != 1 || g.Players[0].Cash != 525 || g.r.Bought {
			t.Fatal("a declined offer changed hands or money")
		}
		ann, bob := g.Players[0].Cash, g.Players[1].Cash
		act(t, g, 0, "BUYPRIVATE GSC 120")
		answer(t, g, 0, 1, "ACCEPT")
		if g.Private(GSC).Owner != 0 || g.Players[0].Cash != ann-120 || g.Players[1].Cash != bob+120 {
			t.Errorf("after the sale: owner %d, Ann $%d, Bob $%d", g.Private(GSC).Owner, g.Players[0].Cash, g.Players[1].Cash)
		}
		refuse(t, g, 0, "BUY MP IPO", "5.3") // the private was her purchase
		act(t, g, 0, "DONE")
	})
	t.Run("a company buys a private from a player not its president (12)", func(t *testing.T) {
		g := table(t)
		c := stage(t, g, "MP", 100, 500, map[int]int{0: 6})
		g.Phase = 2
		g.Private(GSC).Closed, g.Private(GSC).Owner = false, 2
		operate(g, c, eighteen.StepTrack)
		refuse(t, g, 0, "BUYPRIVATE GSC 161", "12.1")
		act(t, g, 0, "BUYPRIVATE GSC 100")
		cy := g.Players[2].Cash
		answer(t, g, 0, 2, "ACCEPT")
		if p := g.Private(GSC); p.Corp != "MP" || c.Cash != 400 || g.Players[2].Cash != cy+100 {
			t.Errorf("GSC with %q, MP $%d, Cy +$%d", p.Corp, c.Cash, g.Players[2].Cash-cy)
		}
		if !slices.Equal(g.Acting(), []int{0}) || g.r.Step != eighteen.StepTrack {
			t.Errorf("after the deal the game waits for %v at step %d; want Ann, still laying track", g.Acting(), g.r.Step)
		}
	})
	t.Run("a train between companies of two presidents (10.5)", func(t *testing.T) {
		g := table(t)
		c := stage(t, g, "MP", 100, 500, map[int]int{0: 6})
		d := stage(t, g, "IC", 90, 0, map[int]int{1: 6})
		d.Trains = []int{2, 3}
		operate(g, c, eighteen.StepTrains)
		act(t, g, 0, "BUYTRAIN 3 IC 200")
		answer(t, g, 0, 1, "DECLINE")
		if len(c.Trains) != 0 || !slices.Equal(d.Trains, []int{2, 3}) {
			t.Fatal("a declined train changed hands")
		}
		act(t, g, 0, "BUYTRAIN 3 IC 250")
		answer(t, g, 0, 1, "ACCEPT")
		if !slices.Equal(c.Trains, []int{3}) || !slices.Equal(d.Trains, []int{2}) || c.Cash != 250 || d.Cash != 250 {
			t.Errorf("MP %v $%d, IC %v $%d", c.Trains, c.Cash, d.Trains, d.Cash)
		}
	})
	t.Run("a company redeems a share from a player not its president (5.10)", func(t *testing.T) {
		g := table(t)
		c := stage(t, g, "MP", 100, 500, map[int]int{0: 4, 1: 2, 2: 2})
		c.Operating = true
		stockTurn(g, 0)
		refuse(t, g, 0, "REDEEM MP Di", "5.10") // Di holds none
		act(t, g, 0, "REDEEM MP Cy")
		cy := g.Players[2].Cash
		answer(t, g, 0, 2, "ACCEPT")
		if g.Players[2].Units("MP") != 1 || c.Treasury.Units() != 1 || g.Players[2].Cash != cy+g.Price(c) || c.President != 0 {
			t.Errorf("Cy holds %d MP, MP's treasury %d, Cy +$%d", g.Players[2].Units("MP"), c.Treasury.Units(), g.Players[2].Cash-cy)
		}
		if !slices.Equal(g.Acting(), []int{1}) {
			t.Errorf("redeeming is the whole turn: the game waits for %v, want Bob", g.Acting())
		}
	})
}
