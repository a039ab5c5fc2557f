package g18ez

import (
	"math/rand/v2"
	"slices"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// decide is the computer's choice where it has a view; false leaves the
// default (decline, done, pass or skip). It plays a fair game, not a strong
// one: it buys the Startpacket's first item when it can spare the money,
// starts a major it can float and buys into those that pay, lays the tile
// that most raises its run, places stations and the privates' tokens,
// pays out unless it must save for a train, buys trains while under its
// limit, sells shares only for a forced train, and accepts only deals
// between its own companies.
func (g *Game) decide(seat int, by map[string][]move.Option, rng *rand.Rand) (move.Action, bool) {
	switch {
	case len(by["ACCEPT"]) > 0:
		if o := g.r.Offer; o != nil && o.Move.Seat == seat {
			return by["ACCEPT"][0].Action(0), true
		}
		return move.Action{}, false
	case g.Packet.Auction != nil:
		return eighteen.PacketChoice(&g.Packet, 40, by)
	case g.r.Kind == stockRound:
		return g.stockChoice(seat, by)
	case len(by["MRTA"]) > 0 && slices.ContainsFunc(by["MRTA"], func(o move.Option) bool { return o.Args[0] == "TOKEN" }):
		return move.Opt(seat, "MRTA", "TOKEN").Action(0), true
	case len(by["HOTEL"]) > 0:
		return g.hotelChoice(seat, by["HOTEL"])
	case len(by["PAY"]) > 0:
		return g.dividend(seat), true
	case len(by["LAY"]) > 0:
		return g.layChoice(seat, by["LAY"], rng)
	case len(by["TOKEN"]) > 0:
		return by["TOKEN"][rng.IntN(len(by["TOKEN"]))].Action(0), true
	case len(by["BUYTRAIN"]) > 0 || len(by["SELL"]) > 0:
		return g.trainChoice(seat, by)
	}
	return move.Action{}, false
}

// stockChoice buys the Startpacket's first item while it can spare it,
// then floats its own companies, starts one while it leads none, and buys
// the share of the best-paying company it can afford.
func (g *Game) stockChoice(seat int, by map[string][]move.Option) (move.Action, bool) {
	cash := g.Players[seat].Cash
	if top := g.Packet.Top(); top != nil {
		if len(by["BUY"]) > 0 && (top.Price*3 <= cash || g.r.Passes >= len(g.Players)-1) {
			return by["BUY"][0].Action(0), true
		}
		return move.Action{}, false
	}
	led := 0
	for _, c := range g.Corps {
		if c.Kind == kindMajor && c.President == seat && !c.Closed {
			led++
		}
	}
	var best move.Option
	bestScore := 0
	for _, o := range by["BUY"] {
		c := g.Corp(o.Args[0])
		score := g.Price(c)
		if c.President == seat && !c.Floated {
			score += 1000
		}
		if c.Floated && c.Trains != nil {
			score += 50
		}
		if o.Args[1] == "IPO" {
			score += 5
		}
		if score > bestScore {
			best, bestScore = o, score
		}
	}
	if bestScore >= 1000 || (led > 0 && bestScore > 0) {
		return best.Action(0), true
	}
	if len(by["PAR"]) > 0 && led < 2 {
		var pick move.Option
		for _, o := range by["PAR"] {
			if par, _ := eighteen.Atoi(o.Args[1]); 5*par <= cash+par {
				pick = o
			}
		}
		if pick.Verb != "" {
			return pick.Action(0), true
		}
	}
	if bestScore > 0 {
		return best.Action(0), true
	}
	return move.Action{}, false
}

// hotelChoice puts the Hotel on the city the company's best run uses
// most: its home.
func (g *Game) hotelChoice(seat int, opts []move.Option) (move.Action, bool) {
	c := g.Operating()
	for _, o := range opts {
		if o.Args[0] == c.Home.String() {
			return o.Action(0), true
		}
	}
	return move.Action{}, false
}

// dividend pays out unless the company has no train and could not buy the
// next one, when it keeps the income.
func (g *Game) dividend(seat int) move.Action {
	c := g.Operating()
	if n := g.Next(); n >= 0 && len(c.Trains) < 2 && c.Cash < g.Kinds[n].Cost {
		return move.Opt(seat, "RETAIN").Action(0)
	}
	return move.Opt(seat, "PAY").Action(0)
}

// layChoice lays the tile that most raises the company's run, tried on
// the map and taken back; with no gain, a lay at random.
func (g *Game) layChoice(seat int, lays []move.Option, rng *rand.Rand) (move.Action, bool) {
	c := g.Operating()
	lays = eighteen.Sample(lays, rng)
	trains := c.Trains
	if len(trains) == 0 {
		trains = []int{2}
	}
	phase := g.Current().OffBoard
	_, base := g.Layout.BestRun(c.Sym, trains, phase)
	best, bestGain := lays[rng.IntN(len(lays))], 0
	for _, o := range lays {
		v := g.RunWithLay(o, c.Sym, trains, phase)
		if v-base > bestGain {
			best, bestGain = o, v-base
		}
	}
	return best.Action(0), true
}

// trainChoice buys the bank's next train, or the cheapest listed, while
// under the limit; in a forced purchase it sells the smallest sale listed.
func (g *Game) trainChoice(seat int, by map[string][]move.Option) (move.Action, bool) {
	var plain []move.Option
	for _, o := range by["BUYTRAIN"] {
		if !o.Ranged {
			plain = append(plain, o)
		}
	}
	c := g.Operating()
	if len(plain) > 0 && (len(c.Trains) == 0 || c.Minor() || len(c.Trains) < g.Current().LimitFor(c.Kind)-1 || g.r.Forced) {
		slices.SortFunc(plain, func(a, b move.Option) int {
			sa, _ := g.SizeOf(a.Args[0])
			sb, _ := g.SizeOf(b.Args[0])
			return g.Cost(sb) - g.Cost(sa)
		})
		return plain[0].Action(0), true
	}
	if g.r.Forced {
		for _, o := range by["BUYTRAIN"] {
			if seller := g.Corp(o.Args[2]); o.Ranged && seller.President == seat {
				return o.Action(o.Min), true // from its own railroad, no one's word needed
			}
		}
		for _, v := range []string{"SELL", "BANKRUPT"} {
			if len(by[v]) > 0 {
				return by[v][0].Action(0), true
			}
		}
	}
	return move.Action{}, false
}
