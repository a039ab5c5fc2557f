package contrails

import (
	"cmp"
	"slices"
)

// The computer's track decisions: whether building its RoW still pays or
// the RoW is better abandoned (4.6, 4.7B), which line to double-track
// (4.15), and when to declare a rate war (4.16). Each is weighed with the
// engine's own figures (grossRevenue, expenseRatio, debtInterest,
// buildCost, doubleTrackCost, landSale, warCuts), luck taken at its mean.

// roundsLeft is how many operations phases the computer expects from a
// turn on, counting that turn's: every turn before EndTurn, then EndOdds
// more on average, the game ending after each with chance 1 in EndOdds
// (1.3).
func roundsLeft(turn int) int64 { return int64(max(EndTurn-turn, 0) + EndOdds) }

// netRevenue is a railroad's expected revenue less operating costs in a
// climate, had it these lines (4.10).
func (pl *planner) netRevenue(rr *Railroad, lines []string, c Climate) int64 {
	trial := *rr
	trial.Lines = lines
	base, cut, pct := grossRevenue(pl.m, &trial, c, nil)
	rev := max((base-cut)*pct/100, 0)
	return rev - rev*expenseRatio(rr.Efficiency, rr.Techs)/100
}

// expectedProfit is what a railroad should make this turn with the rate
// wars in cuts: revenue less operating costs on the uncut revenue, as
// 4.16 keeps them, less interest (4.10, 4.16).
func (pl *planner) expectedProfit(rr *Railroad, cuts map[string]int) int64 {
	base, cut, pct := grossRevenue(pl.m, rr, pl.s.Climate, cuts)
	rev, uncut := max((base-cut)*pct/100, 0), max(base*pct/100, 0)
	return rev - uncut*expenseRatio(rr.Efficiency, rr.Techs)/100 - debtInterest(rr, pl.s.Climate)
}

// longRun is the climate a line is weighed in for the rest of the game:
// the economy moves every turn, but about Normal.
const longRun = Normal

// buildPays says whether a RoW built onto lines, whose net revenue is
// before, earns back what it costs to build (4.6B, D): the revenue it
// adds, less operating costs, over the rounds left from turn from, and its
// land grant sold meanwhile. It is all reckoned in the long run's climate,
// so that the economy's moves from turn to turn do not make a RoW won one
// turn look a loss the next. A RoW that reaches a region new to the
// railroad scores for its President (1.2) and is always worth building.
func (pl *planner) buildPays(rr *Railroad, lines []string, before int64, code string, grant, from int) bool {
	m := pl.m
	if m.regionsOf([]string{code})&^m.regionsOf(lines) != 0 {
		return true
	}
	pl.scratch = append(append(pl.scratch[:0], lines...), code)
	rounds := roundsLeft(from)
	value := (pl.netRevenue(rr, pl.scratch, longRun) - before) * rounds
	for left, k := grant, int64(0); left > 0 && k < rounds; k++ {
		sold, price := landSale(left, longRun)
		value += int64(sold) * price
		left -= max(sold, 1)
	}
	return value >= buildCost(m, lines, code, longRun)
}

// buildTurn is the first turn a RoW won this turn could be built and run:
// the next, or the first after the Civil War (8).
func buildTurn(turn int) int {
	for turn++; IsCivilWar(turn); turn++ {
	}
	return turn
}

// rightOfWay orders the railroad's RoW built, or abandoned if building no
// longer pays, and bids for the best RoWs that would pay once it may bid
// (4.6, 4.7).
func (pl *planner) rightOfWay(rr *Railroad, tm temperament, o *RailroadOrders) {
	s := pl.s
	canBid := rr.RoW == ""
	lines := rr.Lines
	if rr.RoW != "" && !rr.Bankrupt {
		war, from := IsCivilWar(s.Turn), s.Turn
		if war {
			from = buildTurn(s.Turn)
		}
		switch {
		case !pl.buildPays(rr, rr.Lines, pl.netRevenue(rr, rr.Lines, longRun), rr.RoW, rr.RoWGrant, from):
			// It would not earn back what it costs: give it up, and its
			// land grant, for a better one (4.6, 4.7B).
			o.Abandon = true
			canBid = true
		case !war:
			o.Build = Climates[s.Climate].BuildCost * (100 + tm.overspend) / 100
			canBid = true
			lines = append(append([]string(nil), rr.Lines...), rr.RoW)
		}
	}
	if !canBid || rr.Bankrupt || rr.Founded >= s.Turn {
		return
	}
	o.Bids = pl.bestRoWs(rr, lines)
	if len(o.Bids) == 0 {
		return
	}
	contested := false
	first := pl.m.route[o.Bids[0]]
	for i := range s.Railroads {
		other := &s.Railroads[i]
		contested = contested || other.Abbr != rr.Abbr && pl.touchesRoute(other, first)
	}
	per := int64(1)
	if contested {
		per = 3
	}
	o.Political = min(per*int64(pl.facts[rr.Abbr].miles), max(rr.Cash/4, 0))
}

// spareCash is the cash a railroad has for double track, which is paid in
// cash (4.15), after what its other orders spend first: debt repaid,
// engines, technology, the cash half of repairs and building, political
// influence, and $20 a mile kept back.
func (pl *planner) spareCash(rr *Railroad, o RailroadOrders) int64 {
	miles := int64(pl.facts[rr.Abbr].miles)
	spend := o.RepayDebt + o.Political + int64(o.Repairs)*miles/2 + 20*miles
	if o.Locomotive > rr.Loco {
		spend += int64(10*(o.Locomotive-rr.Loco)) * miles
	}
	if o.Technology {
		spend += max(10*miles, 10000)
	}
	if o.Build > 0 {
		r, _ := pl.m.Route(rr.RoW)
		over := int64((o.Build - Climates[pl.s.Climate].BuildCost) * r.Miles)
		spend += (buildCost(pl.m, rr.Lines, rr.RoW, pl.s.Climate) + over + 1) / 2
	}
	return rr.Cash - spend
}

// doubleTrack picks the single-tracked line whose second track earns the
// most over the rounds left beyond its cost (4.15), within the cash to
// spare; "" if none pays.
func (pl *planner) doubleTrack(rr *Railroad, spare int64) string {
	if rr.Bankrupt || spare <= 0 {
		return ""
	}
	base, cut, pct := grossRevenue(pl.m, rr, pl.s.Climate, nil)
	ratio := expenseRatio(rr.Efficiency, rr.Techs)
	now := max((base-cut)*pct/100, 0)
	rounds := roundsLeft(pl.s.Turn)
	best, bestGain := "", int64(0)
	for _, code := range rr.Lines {
		r, _ := pl.m.Route(code)
		cost := doubleTrackCost(pl.s.Climate, r.Miles)
		if cost > spare || contains(rr.Doubled, code) {
			continue
		}
		more := max((base-cut+doubleTrackBonus(pl.m, code))*pct/100, 0) - now
		if gain := (more-more*ratio/100)*rounds - cost; gain > bestGain {
			best, bestGain = code, gain
		}
	}
	return best
}

// rateWar picks a rival to fight and the cut (4.16): a road of another
// President, in which this one is no Director, that shares a parallel
// route and that the war would drive from profit into loss while this
// road stays in profit. Operating costs stay the same in a rate war, so
// the road with lower costs does better, and the rival's holders, not this
// President, bear its losses. The smallest cut that does it is chosen, up
// to the temperament's limit; a cautious President never fights.
func (pl *planner) rateWar(rr *Railroad, tm temperament) (string, int) {
	s := pl.s
	p := s.Player(rr.President)
	if p == nil || tm.warPct <= 0 || rr.Bankrupt || rr.Cash < 0 || rr.Founded >= s.Turn {
		return "", 0
	}
	enemy, cut := "", 0
	for _, e := range pl.parallelTo(rr) {
		if e.President == rr.President || isDirector(p.Shares[e.Abbr], pl.facts[e.Abbr].issued) || pl.expectedProfit(e, nil) < 0 {
			continue
		}
		for pct := 10; pct <= tm.warPct && (cut == 0 || pct < cut); pct += 10 {
			cuts := map[string]int{}
			warCuts(pl.m, rr, e, pct, cuts)
			if pl.expectedProfit(rr, cuts) < 0 {
				break
			}
			if pl.expectedProfit(e, cuts) < 0 {
				enemy, cut = e.Abbr, pct
				break
			}
		}
	}
	return enemy, cut
}

// parallelTo lists, by number, the other railroads holding a line parallel
// to one of rr's (4.16, rulings CR16).
func (pl *planner) parallelTo(rr *Railroad) []*Railroad {
	var out []*Railroad
	for _, c := range rr.Lines {
		i, ok := pl.m.route[c]
		if !ok || pl.m.ix.partner[i] < 0 {
			continue
		}
		if k := pl.holder[pl.m.ix.partner[i]]; k >= 0 && &pl.s.Railroads[k] != rr && !slices.Contains(out, &pl.s.Railroads[k]) {
			out = append(out, &pl.s.Railroads[k])
		}
	}
	slices.SortFunc(out, func(a, b *Railroad) int { return cmp.Compare(a.Number, b.Number) })
	return out
}
