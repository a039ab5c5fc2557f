package chicagoexpress

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/move"
)

var (
	games = flag.Int("games", 0, "random games TestRandomGames plays, for profiling")
	long  = flag.Bool("long", false, "the long runs: 1,000 random games")
)

// randomMove picks one of the legal moves, a bid low in its range more
// often than high, so that auctions end.
func randomMove(rng *rand.Rand, g *Game) move.Action {
	seat := g.Acting()[0]
	opts := g.Legal(seat)
	o := opts[rng.IntN(len(opts))]
	n := o.Min
	if o.Ranged && o.Max > o.Min && rng.IntN(3) == 0 {
		n += rng.IntN(min(o.Max-o.Min, 6) + 1)
	}
	return o.Action(n)
}

func newGame(t testing.TB, players int, seed uint64) *Game {
	t.Helper()
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i+1)
	}
	g, err := New(Setup{Players: names, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRandomGames plays games of random legal moves to their end and checks
// the invariants after every move: 1,000 with -long (CI runs it so), 200
// by default and 50 with -short, so that go test ./... stays quick.
func TestRandomGames(t *testing.T) {
	n := 200
	switch {
	case *games > 0:
		n = *games
	case *long:
		n = 1000
	case testing.Short():
		n = 50
	}
	const shards = 2
	for shard := range shards {
		t.Run(fmt.Sprintf("shard%d", shard), func(t *testing.T) {
			t.Parallel()
			ended, moves := 0, 0
			for i := shard; i < n; i += shards {
				moves += playRandom(t, i)
				ended++
			}
			t.Logf("%d games ended by the rules, %d moves", ended, moves)
		})
	}
}

func playRandom(t *testing.T, i int) int {
	seed := uint64(i)
	rng := rand.New(rand.NewPCG(seed, 7))
	g := newGame(t, 2+i%5, seed)
	step := 0
	for ; !g.Over(); step++ {
		if step > 2000 {
			t.Fatalf("game %d: not over after 2000 moves", i)
		}
		if len(g.Legal(g.Acting()[0])) == 0 {
			t.Fatalf("game %d move %d: seat %d has no legal move", i, step, g.Acting()[0])
		}
		if step%10 == 0 {
			if err := listingAgrees(g); err != nil {
				t.Fatalf("game %d move %d: %v", i, step, err)
			}
		}
		a := randomMove(rng, g)
		if err := g.Apply(a); err != nil {
			t.Fatalf("game %d move %d: listed move %q refused: %v", i, step, a, err)
		}
		if err := invariants(g); err != nil {
			t.Fatalf("game %d after move %d (%q by seat %d): %v", i, step, a, a.Seat, err)
		}
	}
	return step
}

// listingAgrees checks that the quick tests Legal uses say what the rule
// checks that Apply uses say.
func listingAgrees(g *Game) error {
	for h, hx := range g.board.Hexes {
		if g.developable(h) != (g.checkDevelop(h) == nil) {
			return fmt.Errorf("%s: developable %v, checkDevelop %v", hx.ID, g.developable(h), g.checkDevelop(h))
		}
		for ci := range g.Corps {
			if g.enterable(h, ci) != (g.canEnter(h, ci) == nil) {
				return fmt.Errorf("%s %s: enterable %v, canEnter %v", hx.ID, g.Corps[ci].Sym, g.enterable(h, ci), g.canEnter(h, ci))
			}
		}
	}
	return nil
}

// invariants are what must hold after every move.
func invariants(g *Game) error {
	n := g.Players()
	if want := StartingCash(n)*n + g.BankOut - g.BankIn; g.Money() != want {
		return fmt.Errorf("money %d, want %d dealt + %d paid out - %d taken in", g.Money(), StartingCash(n)*n, g.BankOut, g.BankIn)
	}
	for s, c := range g.Cash {
		if c < 0 {
			return fmt.Errorf("seat %d has $%d", s, c)
		}
	}
	houses := Houses
	for h, hx := range g.board.Hexes {
		if g.Developed[h] && hx.Kind != Industrial {
			houses--
		}
		count := 0
		for ci := range g.Corps {
			if g.Present[h][ci] {
				count++
			}
		}
		if count != g.Locos[h] {
			return fmt.Errorf("%s holds %d companies but counts %d locomotives", hx.ID, count, g.Locos[h])
		}
		if (hx.Kind == Forest || hx.Kind == Mountain) && count > 1 {
			return fmt.Errorf("%s, a %s, holds %d locomotives", hx.ID, hx.Kind, count)
		}
		if g.Developed[h] && g.Locos[h] == 0 {
			return fmt.Errorf("%s developed without a locomotive", hx.ID)
		}
	}
	if houses != g.Houses || g.Houses < 0 {
		return fmt.Errorf("%d houses in supply, want %d", g.Houses, houses)
	}
	for ci, c := range g.Corps {
		held, placed := 0, 0
		for s := range n {
			held += g.Holding[s][ci]
		}
		income := c.Company.Income
		if ci == wabash {
			income = 0
		}
		for h, hx := range g.board.Hexes {
			if !g.Present[h][ci] {
				continue
			}
			placed++
			if hx.StartOf != c.Sym || ci == wabash {
				income += g.entryIncome(h)
			}
		}
		switch {
		case held != c.Sold || c.Sold > c.Shares:
			return fmt.Errorf("%s: %d sold, %d held, %d printed", c.Sym, c.Sold, held, c.Shares)
		case c.Treasury < 0:
			return fmt.Errorf("%s treasury $%d", c.Sym, c.Treasury)
		case c.Charter+placed != c.Locos:
			return fmt.Errorf("%s: %d on the charter and %d placed of %d", c.Sym, c.Charter, placed, c.Locos)
		case c.Income != income:
			return fmt.Errorf("%s: income %d, the board gives %d", c.Sym, c.Income, income)
		case !c.Open && placed > 0:
			return fmt.Errorf("%s placed before it opened", c.Sym)
		}
	}
	for i, d := range g.Dials {
		if d > DialSpaces[i] {
			return fmt.Errorf("dial %s at %d of %d", actionNames[i], d, DialSpaces[i])
		}
	}
	if g.Over() && !g.Ending {
		return fmt.Errorf("game over without an end trigger")
	}
	return nil
}
