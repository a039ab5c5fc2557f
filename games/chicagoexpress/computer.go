package chicagoexpress

import (
	"math/rand/v2"

	"github.com/railpost/railpost/games/move"
)

// Suggest is the computer's move for a seat. It values a share by the
// dividends it adds to the seat's own (less what it dilutes), and on its
// turn takes the expansion, development or auction that raises its own
// dividends most. An expansion also earns credit for drawing a company
// nearer its goal (Chicago, or New York for the Wabash), so companies
// race west rather than circling the cities by their start. It holds
// back from the auction that would sell out a third company and so end
// the game early, unless it leads. With nothing worth doing it turns the
// dial with most room and acts not at all, which the rules allow
// (section 7). It is a fair opponent, not a strong one.
func (g *Game) Suggest(seat int, rng *rand.Rand) move.Action {
	opts := g.Legal(seat)
	if len(opts) == 0 {
		return move.Action{Seat: seat, Verb: "PASS"}
	}
	v := g.newValuer(seat)
	if g.Phase == PhaseInitial || g.Phase == PhaseAuction {
		o := opts[0]
		limit := v.shareGain(g.Auction.Corp) * (70 + rng.IntN(30)) / 100
		if o.Verb == "BID" && o.Min <= limit {
			return o.Action(o.Min)
		}
		return move.Action{Seat: seat, Verb: "PASS"}
	}
	best, bestScore := move.Action{}, 0.0
	for _, o := range opts {
		score := v.score(o)
		if score <= 0 {
			continue
		}
		score += rng.Float64() * 0.1
		if score > bestScore {
			best, bestScore = o.Action(o.Min), score
		}
	}
	if bestScore > 0.5 {
		return best
	}
	return g.passes(seat)[0].Action(0)
}

// valuer judges moves for one seat in the position as it stands.
type valuer struct {
	g      *Game
	seat   int
	rounds int     // dividend phases the computer expects are left
	goal   [][]int // per company, locomotives still to place from each hex to its goal
}

func (g *Game) newValuer(seat int) *valuer {
	v := &valuer{g: g, seat: seat, rounds: max(2, 6-g.Rounds)}
	if g.Ending {
		v.rounds = 1
	}
	v.goal = make([][]int, len(g.Corps))
	for ci := range g.Corps {
		v.goal[ci] = g.goalDistances(ci)
	}
	return v
}

// score is what an option is worth to the seat, in dollars of its own
// dividends; zero or less for a move not worth making.
func (v *valuer) score(o move.Option) float64 {
	g := v.g
	switch o.Verb {
	case "AUCTION":
		ci, _ := companyIndex(o.Args[0])
		if v.endsEarly(ci) {
			return 0
		}
		return float64(v.shareGain(ci)-o.Min) / 2
	case "EXPAND":
		ci, _ := companyIndex(o.Args[0])
		var hexes []int
		income := 0
		for _, id := range o.Args[1:] {
			h, _ := g.board.Index(id)
			hexes = append(hexes, h)
			income += g.entryIncome(h)
		}
		return v.share(ci)*(float64(income*v.rounds)+v.goalCredit(ci, hexes)) + 0.2*float64(len(hexes))
	case "DEVELOP":
		h, _ := g.board.Index(o.Args[0])
		raise := 0.0
		for ci := range g.Corps {
			if g.Present[h][ci] {
				r := g.board.Hexes[h].House
				if g.board.Hexes[h].Kind == Industrial {
					r = min(g.board.Hexes[h].Step, g.board.Hexes[h].Cap-g.Track[h])
				}
				raise += float64(r) * v.share(ci)
			}
		}
		return raise * float64(v.rounds)
	}
	return 0
}

// share is the part of a company's dividends the seat takes.
func (v *valuer) share(ci int) float64 {
	c := v.g.Corps[ci]
	if c.Sold == 0 {
		return 0
	}
	return float64(v.g.Holding[v.seat][ci]) / float64(c.Sold)
}

// shareGain is what one more share of a company adds to the seat's
// dividends over the rounds left: its part after the sale less its part
// before, so a seat that holds every sold share gains nothing by diluting
// itself.
func (v *valuer) shareGain(ci int) int {
	c := v.g.Corps[ci]
	held := v.g.Holding[v.seat][ci]
	before := 0.0
	if c.Sold > 0 {
		before = float64(held) / float64(c.Sold)
	}
	after := float64(held+1) / float64(c.Sold+1)
	return int(float64(c.Income*v.rounds) * (after - before))
}

// endsEarly tells whether selling a company's last share would make it the
// third sold out, which ends the game after the next dividend phase
// (section 6): worth doing only for the seat with the most cash.
func (v *valuer) endsEarly(ci int) bool {
	g := v.g
	if g.Corps[ci].Unsold() != 1 {
		return false
	}
	soldOut := 0
	for _, c := range g.Corps {
		if c.Open && c.Unsold() == 0 {
			soldOut++
		}
	}
	if soldOut < 2 {
		return false
	}
	for s, cash := range g.Cash {
		if s != v.seat && cash >= g.Cash[v.seat] {
			return true
		}
	}
	return false
}

// goalCredit is the part of reaching its goal that an expansion into
// hexes earns a company: the goal's worth (its income for the rounds
// left, and in Chicago the dividend paid at once) times the share of the
// distance the expansion covers. Nothing once the goal is out of reach of
// the locomotives left.
func (v *valuer) goalCredit(ci int, hexes []int) float64 {
	g, c, dist := v.g, v.g.Corps[ci], v.goal[ci]
	before := v.nearest(ci)
	if before <= 0 || before > c.Charter {
		return 0
	}
	after := before
	for _, h := range hexes {
		if dist[h] >= 0 {
			after = min(after, dist[h]-1)
		}
	}
	if after >= before {
		return 0
	}
	worth := float64(v.goalIncome(ci) * v.rounds)
	if ci != wabash {
		worth += float64(c.Income+v.goalIncome(ci)) / float64(max(c.Sold, 1))
		if !g.Reached {
			worth += 10 // the Wabash opens and the seat auctions it first
		}
	}
	return worth * float64(before-after) / float64(before)
}

// nearest is how many locomotives a company must still place to reach its
// goal: 0 there already, -1 cut off.
func (v *valuer) nearest(ci int) int {
	g, dist := v.g, v.goal[ci]
	best := -1
	for h := range g.board.Hexes {
		if !g.Present[h][ci] || dist[h] < 0 {
			continue
		}
		if v.isGoal(ci, h) {
			return 0
		}
		if best < 0 || dist[h]-1 < best {
			best = dist[h] - 1
		}
	}
	return best
}

// goalIncome is what entering the goal adds to a company's income.
func (v *valuer) goalIncome(ci int) int {
	for h := range v.g.board.Hexes {
		if v.isGoal(ci, h) {
			return v.g.board.Hexes[h].Black
		}
	}
	return 0
}

func (v *valuer) isGoal(ci, h int) bool {
	hx := v.g.board.Hexes[h]
	if ci == wabash {
		return hx.WabashOnly
	}
	return hx.Kind == Chicago
}

// goalDistances is, for each hex, how many hexes a company must enter to
// reach its goal from it, counting the goal and the hex itself, walking
// only hexes it holds or may enter; -1 where the goal cannot be reached.
func (g *Game) goalDistances(ci int) []int {
	v := valuer{g: g}
	dist := make([]int, len(g.board.Hexes))
	var queue []int
	for h := range dist {
		dist[h] = -1
		if v.isGoal(ci, h) {
			dist[h] = 1
			queue = append(queue, h)
		}
	}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, n := range g.board.Hexes[h].Adj {
			if dist[n] < 0 && (g.Present[n][ci] || g.enterable(n, ci)) {
				dist[n] = dist[h] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}
