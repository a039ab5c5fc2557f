package eighteen_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g1870"
	"github.com/railpost/railpost/games/hexgrid"
)

// TestCeilingBoundsEveryRun: where a train has no run worth what is
// asked on the track other runs leave, the most the search says it can
// earn there is never less than its best run, on 1870 boards grown by
// random legal lays. The memo keeps that answer and cuts every later
// branch by it, so one too low would lose the best run. Half the boards
// pay a bonus for a run joining two of the company's stops, as 1870's
// destinations do, so that the bounds on a branch are looser than its
// runs and the runs the search judges count too.
func TestCeilingBoundsEveryRun(t *testing.T) {
	b, err := g1870.Board()
	if err != nil {
		t.Fatal(err)
	}
	tiles, _, err := g1870.Tiles()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(18, 70))
	checked := 0
	for i := range 12 {
		l := grow(b, tiles, rng, 80)
		for _, corp := range []string{"SSW", "MP", "IC", "TP"} {
			if i%2 == 1 {
				bonus(l, corp, rng)
			}
			for _, length := range []int{3, 5, 8} {
				taken := []eighteen.Route{}
				if all := l.AllRoutes(corp, 2+rng.IntN(4), 0); len(all) > 0 {
					taken = append(taken, all[rng.IntN(len(all))])
				}
				_, _, best := l.Ceiling(corp, length, 0, 1<<20, taken)
				for _, need := range []int{best + 1, best + 10, best + 60} {
					ok, most, _ := l.Ceiling(corp, length, 0, need, taken)
					if ok || most < best || most >= need {
						t.Fatalf("layout %d, %s, a %d-train asked for $%d: found %v, at most $%d; its best is $%d", i, corp, length, need, ok, most, best)
					}
					checked++
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d questions asked", checked)
	}
}

// bonus pays $40 to a run of corp's that joins two stops picked at
// random from those its runs reach, and bounds it at $40 a stop.
func bonus(l *eighteen.Layout, corp string, rng *rand.Rand) {
	var stops []eighteen.Node
	for _, r := range l.AllRoutes(corp, 2, 0) {
		stops = append(stops, r.Stops...)
	}
	if len(stops) == 0 {
		l.Bonus, l.BonusBound = nil, nil
		return
	}
	a, b := stops[rng.IntN(len(stops))], stops[rng.IntN(len(stops))]
	l.Bonus = func(_ string, run []eighteen.Node, _ int) int {
		if slices.Contains(run, a) && slices.Contains(run, b) {
			return 40
		}
		return 0
	}
	l.BonusBound = func(_ string, n eighteen.Node, _ int) int {
		if n == a || n == b {
			return 40
		}
		return 0
	}
}

// grow lays tiles at random where the rules allow, from the homes of four
// companies, until lays have been laid or tries run out.
func grow(b *eighteen.Board, tiles map[string]*eighteen.Tile, rng *rand.Rand, lays int) *eighteen.Layout {
	ids := []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "55", "56", "57", "58", "69",
		"14", "15", "16", "17", "18", "19", "20", "23", "24", "25", "26", "27", "28", "29", "141", "142", "143", "144"}
	l := eighteen.NewLayout(b)
	corps := []string{"SSW", "MP", "IC", "TP"}
	for i, home := range []string{"H17", "C18", "K16", "J5"} {
		h, _ := hexgrid.ParseHex(home)
		l.Tokens[h] = map[int][]string{0: {corps[i]}}
	}
	colours := []eighteen.Colour{eighteen.Yellow, eighteen.Green}
	for done, tries := 0, 0; done < lays && tries < lays*80; tries++ {
		corp := corps[rng.IntN(len(corps))]
		reach := l.Reach(corp)
		var near []hexgrid.Hex
		for _, h := range b.Order {
			if eighteen.ReachesHex(reach, h) {
				near = append(near, h)
			}
		}
		h := near[rng.IntN(len(near))]
		for range 60 {
			lay := eighteen.Lay{Corp: corp, Hex: h, Tile: tiles[ids[rng.IntN(len(ids))]], Rotation: rng.IntN(6)}
			if _, err := l.Check(lay, colours); err == nil {
				l.Tiles[h] = eighteen.Placed{Tile: lay.Tile, Rotation: lay.Rotation}
				done++
				break
			}
		}
	}
	return l
}
