package g1870

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// decide is the computer's choice where it has a view; false leaves the
// default (decline, done, pass or skip). It plays a fair game, not a strong
// one: it starts companies it can lead and buys into those that run,
// lays track toward revenue and its companies' destinations, places
// tokens it can afford, pays out unless it must save for a train, buys
// trains before its own would rust, sells shares only to pay for a train
// it must buy, and turns down deals offered to it.
func (g *Game) decide(seat int, by map[string][]move.Option, rng *rand.Rand) (move.Action, bool) {
	switch {
	case len(by["ACCEPT"]) > 0, len(by["PROTECT"]) > 0:
		return move.Action{}, false // declines: it offers no deals and takes none
	case len(by["DISCARD"]) > 0:
		return g.smallest(by["DISCARD"]), true
	case len(by["PAR"]) > 0:
		o := by["PAR"][len(by["PAR"])/2]
		return o.Action(0), true
	case len(by["DEST"]) > 0:
		return first(by["DEST"], "MAP"), true
	case len(by["PAY"]) > 0:
		return g.dividend(seat, by), true
	case g.r.Kind == auctionRound:
		return g.WaterfallChoice(seat, by)
	case g.r.Kind == stockRound:
		return g.stockChoice(seat, by, rng)
	case len(by["LAY"]) > 0:
		return g.layChoice(seat, by["LAY"], rng)
	case len(by["TOKEN"]) > 0:
		return g.tokenChoice(seat, by["TOKEN"])
	case len(by["BUYTRAIN"]) > 0 || len(by["SELL"]) > 0:
		return g.trainChoice(seat, by)
	}
	return move.Action{}, false
}

func first(opts []move.Option, arg string) move.Action {
	for _, o := range opts {
		if len(o.Args) > 0 && o.Args[len(o.Args)-1] == arg {
			return o.Action(o.Min)
		}
	}
	return opts[0].Action(opts[0].Min)
}

// smallest is the option naming the smallest train.
func (g *Game) smallest(opts []move.Option) move.Action {
	best, size := opts[0], 1<<30
	for _, o := range opts {
		if s, ok := g.SizeOf(o.Args[0]); ok && s < size {
			best, size = o, s
		}
	}
	return best.Action(0)
}

// wantCompanies is how many companies the computer likes to lead.
const wantCompanies = 2

// stockChoice floats its own companies first, starts one while it leads
// fewer than it wants, then buys the best share it can afford.
func (g *Game) stockChoice(seat int, by map[string][]move.Option, rng *rand.Rand) (move.Action, bool) {
	cash := g.Players[seat].Cash
	led := 0
	for _, c := range g.Corps {
		if c.President == seat && !c.Closed {
			led++
		}
	}
	var best move.Option
	bestScore := 0
	for _, o := range by["BUY"] {
		c := g.Corp(o.Args[0])
		if c == nil {
			continue
		}
		if o.Args[1] == "PAR" {
			if p, _ := eighteen.Atoi(o.Args[2]); led < wantCompanies && c.FloatAt*p <= cash { // it can float it alone
				if s := 1000 + p + rng.IntN(20); s > bestScore { // the highest par it can back
					best, bestScore = o, s
				}
			}
			continue
		}
		if len(o.Args) > 2 {
			continue // one share at a time
		}
		if s := g.shareScore(seat, c, o); s > bestScore {
			best, bestScore = o, s
		}
	}
	if bestScore > 0 {
		return best.Action(0), true
	}
	return move.Action{}, false
}

// shareScore is how much the computer wants one share: its own companies
// until they float, then companies that run and pay; 0 for none.
func (g *Game) shareScore(seat int, c *Corp, o move.Option) int {
	_, price, err := g.shareTerms(o.Action(0), c)
	if err != nil || price > g.Players[seat].Cash-g.reserve(seat) {
		return 0
	}
	switch {
	case c.President == seat && !c.Floated:
		return 2000
	case c.President == seat && len(c.Trains) == 0:
		return 0 // its cash goes to trains
	case !c.Floated:
		return 10 // helps another's company float, when nothing better offers
	case len(c.Trains) > 0 && g.Price(c) >= 50:
		s := g.Price(c)
		if o.Args[1] == "POOL" {
			s += 5 // the open market's shares go back into play
		}
		return s
	}
	return 0
}

// reserve is the cash a seat keeps back in the stock round once trains
// grow dear, to help its companies buy one.
func (g *Game) reserve(seat int) int {
	if g.Phase < 4 {
		return 0
	}
	n := 0
	for _, c := range g.Corps {
		if c.President == seat && !c.Closed && len(c.Trains) == 0 {
			n++
		}
	}
	return 150 * n
}

// dividend pays out unless the company must keep the money for a train:
// one it needs, or one more within its limit that the income pays for.
func (g *Game) dividend(seat int, by map[string][]move.Option) move.Action {
	c, rev := g.Operating(), g.r.Revenue
	if len(g.r.Pending) > 0 && g.r.Pending[0].Kind == pendConnPay {
		c, rev = g.Corp(g.r.Pending[0].Corp), g.r.Pending[0].Revenue
	}
	if c != nil {
		cost := g.nextTrainCost()
		needed := g.needsTrain(c) && c.Cash < cost
		room := len(c.Trains) < g.Current().Limit && c.Cash < cost && c.Cash+rev >= cost
		if needed || room {
			return first(by["WITHHOLD"], "")
		}
	}
	return by["PAY"][0].Action(0)
}

// needsTrain tells whether a company has no train that outlives the next
// phase: it must buy one soon.
func (g *Game) needsTrain(c *Corp) bool {
	rust := 0
	if next := g.Phase + 1; next < len(g.Phases) {
		rust = g.Phases[next].Rusts
	}
	return !slices.ContainsFunc(c.Trains, func(t int) bool { return t > rust })
}

func (g *Game) nextTrainCost() int {
	if n := g.Next(); n >= 0 {
		return g.Kinds[n].Cost
	}
	return 0
}

// trains are what the computer values a company's track with: its own,
// or the next from the bank when it has none.
func (g *Game) trialTrains(c *Corp) []int {
	if len(c.Trains) > 0 {
		return c.Trains
	}
	if n := g.Next(); n >= 0 {
		return []int{g.Kinds[n].Size}
	}
	return []int{2}
}

// layChoice tries each lay (or a sample) on a copy of the map: the one
// that most raises the company's run wins, with nearness to its
// destination and cost deciding between equals. A lay that neither earns
// nor draws nearer is skipped when it costs money.
func (g *Game) layChoice(seat int, lays []move.Option, rng *rand.Rand) (move.Action, bool) {
	c := g.Operating()
	if c == nil {
		return move.Action{}, false
	}
	lays = eighteen.Sample(lays, rng)
	trains, off := g.trialTrains(c), g.Current().OffBoard
	_, base := g.Layout.BestRun(c.Sym, trains, off)
	steps := g.Board().Steps(c.Dest)
	near := g.nearest(c, steps)
	var best move.Option
	bestScore := -1 << 30
	for _, o := range lays {
		a := o.Action(0)
		h, cost, _, err := g.layTerms(a)
		if err != nil {
			continue
		}
		rev := g.RunWithLay(o, c.Sym, trains, off)
		score := 10*(rev-base) - cost/10 + rng.IntN(3)
		if d, ok := steps[h]; ok && !c.Connected && d < near {
			score += 8 * (near - d)
		}
		if score > bestScore {
			best, bestScore = o, score
		}
	}
	if bestScore <= 0 && best.Verb != "" {
		if _, cost, _, _ := g.layTerms(best.Action(0)); cost > 0 {
			return move.Action{}, false
		}
	}
	if best.Verb == "" {
		return move.Action{}, false
	}
	return best.Action(0), true
}

// nearest is how close the company's track and stations come to its
// destination, in hexes.
func (g *Game) nearest(c *Corp, steps map[hexgrid.Hex]int) int {
	near := 1 << 20
	for n := range g.Layout.Reach(c.Sym) {
		if d, ok := steps[n.Hex]; ok && d < near {
			near = d
		}
	}
	return near
}

// tokenChoice places the token that most raises the run, when the
// company can spare the money from its next train.
func (g *Game) tokenChoice(seat int, toks []move.Option) (move.Action, bool) {
	c := g.Operating()
	if c == nil {
		return move.Action{}, false
	}
	trains, off := g.trialTrains(c), g.Current().OffBoard
	_, base := g.Layout.BestRun(c.Sym, trains, off)
	var best move.Option
	bestGain := 0
	for _, o := range toks {
		h, err := hexgrid.ParseHex(o.Args[0])
		if err != nil {
			continue
		}
		cost, ok := tokens.Next(&c.Corporation, c.Extra, h)
		if !ok || (g.needsTrain(c) && c.Cash-cost < g.nextTrainCost()) {
			continue
		}
		l := g.Layout.Clone()
		l.Bonus, l.BonusBound = g.bonus, g.bonusBound
		if l.Tokens[h] == nil {
			l.Tokens[h] = map[int][]string{}
		}
		l.Tokens[h][0] = append(l.Tokens[h][0], c.Sym)
		_, rev := l.BestRun(c.Sym, trains, off)
		if gain := rev - base - cost/20; gain > bestGain {
			best, bestGain = o, gain
		}
	}
	if bestGain > 0 {
		return best.Action(0), true
	}
	return move.Action{}, false
}

// trainChoice buys the cheapest train on offer while the company has
// room and the money, or must have one; a president who must pay towards
// one sells the shares the list allows, the least needed first.
func (g *Game) trainChoice(seat int, by map[string][]move.Option) (move.Action, bool) {
	c := g.Operating()
	if c == nil {
		return move.Action{}, false
	}
	var cheapest *move.Option
	cheapestCost := 1 << 30
	for i, o := range by["BUYTRAIN"] {
		if o.Ranged || (len(o.Args) > 2 && o.Args[2] == "TRADE") {
			continue // other companies' trains, and trade-ins, are not its way
		}
		if pu, err := g.PurchaseOf(g.buying(), o.Action(0)); err == nil && pu.Price < cheapestCost {
			cheapest, cheapestCost = &by["BUYTRAIN"][i], pu.Price
		}
	}
	need := g.needsTrain(c)
	switch {
	case cheapest != nil && (len(c.Trains) == 0 || (need && cheapestCost <= c.Cash)):
		return cheapest.Action(0), true
	case cheapest != nil && cheapestCost <= c.Cash && len(c.Trains) < g.Current().Limit:
		return cheapest.Action(0), true
	case len(c.Trains) == 0 && g.mustBuy(c) && len(by["SELL"]) > 0:
		return g.forcedSale(seat, by["SELL"]), true
	}
	return move.Action{}, false
}

// forcedSale sells one share, of a company the seat does not lead when
// it can.
func (g *Game) forcedSale(seat int, sells []move.Option) move.Action {
	for _, o := range sells {
		if c := g.Corp(o.Args[0]); c != nil && c.President != seat && strings.TrimSpace(o.Args[1]) == "1" {
			return o.Action(0)
		}
	}
	return sells[0].Action(0)
}
