package contrails

import (
	"cmp"
	"slices"
)

// The computer player (3.1). It writes ordinary Orders, which the engine
// checks exactly as it checks a human's, so it can do nothing a human could
// not. It reads only the state, so the same state gives the same orders.

type temperament struct {
	borrow    int64 // the loan it keeps, in % of its credit limit
	pcPremium int64 // % over the asking price bid for a PC
	overspend int   // % over the minimum building cost
	payout    int64 // % of profit paid out as dividends
	repairs   int   // $ a mile of capital improvements when efficiency is fine
}

var temperaments = map[Style]temperament{
	Cautious: {borrow: 25, pcPremium: 5, overspend: 0, payout: 40, repairs: 12},
	Raider:   {borrow: 60, pcPremium: 25, overspend: 50, payout: 70, repairs: 9},
	Builder:  {borrow: 50, pcPremium: 15, overspend: 0, payout: 30, repairs: 14},
}

// planner holds what every computer decision of one turn reads, worked
// out once: the routes taken and the PCs on offer ranked by value.
type planner struct {
	m      *Map
	s      *State
	taken  map[string]bool
	offers []rankedOffer
}

type rankedOffer struct {
	offer PCOffer
	score float64
}

func newPlanner(m *Map, s *State) *planner {
	pl := &planner{m: m, s: s, taken: map[string]bool{}}
	for _, rr := range s.Railroads {
		for _, c := range rr.Lines {
			pl.taken[c] = true
		}
		pl.taken[rr.RoW] = true
	}
	for _, off := range s.Offers {
		r, _ := m.Route(off.Code)
		a, _ := m.Town(r.A)
		b, _ := m.Town(r.B)
		pl.offers = append(pl.offers, rankedOffer{off, float64(60*r.Miles+300*(a.Value()+b.Value())) / float64(max(off.Asking, 1))})
	}
	slices.SortStableFunc(pl.offers, func(a, b rankedOffer) int { return cmp.Compare(b.score, a.score) })
	return pl
}

// ComputerOrders are the computer player's orders for a position.
func ComputerOrders(m *Map, s *State, n int) Orders { return newPlanner(m, s).orders(n) }

func (pl *planner) orders(n int) Orders {
	m, s := pl.m, pl.s
	p := s.Player(n)
	if p == nil {
		return Orders{}
	}
	tm := temperaments[p.Style]
	var o Orders
	o.Borrow = borrowing(s, p, tm)
	cash := max(p.Cash+o.Borrow, 0)

	presides := map[string]bool{}
	for _, rr := range s.Railroads {
		if rr.President == n {
			presides[rr.Abbr] = true
		}
	}
	founding, free := pl.ownedPCs(p, presides, &o)
	cash = pl.pcBids(p, tm, presides, free, cash, &o)

	// Stock: aim at one railroad to run, and sell what does not serve.
	o.Stock = computerStock(m, s, p, cash)
	o.Control = chooseSlots(s, p, founding)

	if cash > 40000 {
		o.Prodigal = cash / 20
	}
	o.Railroads = map[string]RailroadOrders{}
	for _, abbr := range sortedKeys(presides) {
		o.Railroads[abbr] = pl.railroad(abbr, p.Style)
	}
	// Two connected railroads under one President merge, the smaller in.
	var mine []*Railroad
	for _, abbr := range sortedKeys(presides) {
		mine = append(mine, s.Railroad(abbr))
	}
	if p.Style == Builder && len(mine) == 2 && m.ConnectedTo(mine[0].Lines, mine[1].Lines) && !mine[0].Bankrupt && !mine[1].Bankrupt {
		from, into := mine[0], mine[1]
		if m.Miles(from.Lines) > m.Miles(into.Lines) {
			from, into = into, from
		}
		o.Merge = &MergeOrder{From: from.Abbr, Into: into.Abbr}
	}
	return o
}

// borrowing is the loan change the computer orders: keep the loan at a
// share of the credit limit ("borrow a safe amount", Appendix C), and pay
// down in bad times.
func borrowing(s *State, p *Player, tm temperament) int64 {
	target := CreditLimit(p.NetWorth, s.Climate) * tm.borrow / 100
	if s.Climate >= Recession {
		target /= 2
	}
	switch avail := AvailableCredit(p.NetWorth, p.Loan, s.Climate); {
	case p.Loan < target && avail > 0:
		return min(target-p.Loan, avail)
	case p.Loan > target:
		return -min(p.Loan-target, max(p.Cash/2, 0))
	}
	return 0
}

// ownedPCs orders the PCs a tycoon owns: merged into a railroad it runs,
// else incorporated while it may found one, else (a Raider) sold. It
// returns the PCs being incorporated and the presidencies still free.
func (pl *planner) ownedPCs(p *Player, presides map[string]bool, o *Orders) ([]string, int) {
	m, s := pl.m, pl.s
	// PCs it owns: merge into a railroad it runs, else incorporate.
	var founding []string
	// A tycoon runs at most two railroads (10.1D): count the seats free.
	free := 2 - len(presides)
	for _, pc := range p.PCs {
		merged := false
		for _, abbr := range sortedKeys(presides) {
			rr := s.Railroad(abbr)
			if m.Touches(rr.Lines, pc.Code) && m.Prohibited(rr.holdings(), pc.Code) == "" && !rr.Bankrupt {
				o.PCActions = append(o.PCActions, PCAction{Code: pc.Code, Action: MergePC, Into: abbr})
				merged = true
				break
			}
		}
		switch {
		case merged:
		case free > 0:
			o.PCActions = append(o.PCActions, PCAction{Code: pc.Code, Action: IncorporatePC})
			founding = append(founding, pc.Code)
			free--
		case p.Style == Raider && pc.Asking == 0:
			o.PCActions = append(o.PCActions, PCAction{Code: pc.Code, Action: SellPC, Price: pc.Paid * 12 / 10})
		}
	}
	return founding, free
}

// pcBids bids for the best-value PCs on offer that it could run or merge,
// within its cash; it returns the cash left.
func (pl *planner) pcBids(p *Player, tm temperament, presides map[string]bool, free int, cash int64, o *Orders) int64 {
	m, s, n := pl.m, pl.s, p.Number
	// Bid for the best-value PCs on offer that it could run or merge.
	if room := min(2-len(p.PCs), free+1); room > 0 {
		for _, c := range pl.offers {
			if room == 0 {
				break
			}
			if c.offer.Seller == n {
				continue
			}
			usable := free > 0
			for abbr := range presides {
				if m.Touches(s.Railroad(abbr).Lines, c.offer.Code) {
					usable = true
				}
			}
			if !usable {
				continue
			}
			amount := c.offer.Asking * (100 + tm.pcPremium + int64(n%7)) / 100
			if amount > cash*45/100 {
				continue
			}
			o.PCBids = append(o.PCBids, PCBid{Code: c.offer.Code, Amount: amount})
			cash -= amount
			room--
		}
	}

	return cash
}

// chooseSlots names the two railroads to seek the presidency of (10.1D):
// the PCs it incorporates this turn (it will own 20%), then the railroads
// where it is a Director with the biggest holding. A slot already aimed at
// one of those stays put, so that a presidency is not given up lightly.
func chooseSlots(s *State, p *Player, founding []string) [2]string {
	type cand struct {
		abbr  string
		share int // per mille of the issued stock
	}
	var cs []cand
	for _, code := range founding {
		cs = append(cs, cand{code, 200})
	}
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		issued := s.Issued(rr)
		own := p.Shares[rr.Abbr]
		if !isDirector(own, issued) {
			continue
		}
		top := true
		for _, q := range s.Players {
			if q.Number != p.Number && q.Shares[rr.Abbr] > own {
				top = false
			}
		}
		share := own * 1000 / issued
		if top {
			share += 1000
		}
		cs = append(cs, cand{rr.Abbr, share})
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(b.share, a.share) })
	var want []string
	for _, c := range cs {
		if len(want) == 2 {
			break
		}
		want = append(want, c.abbr)
	}
	var out [2]string
	used := map[string]bool{}
	for k := range out {
		if contains(want, p.Slots[k]) {
			out[k] = p.Slots[k]
			used[p.Slots[k]] = true
		}
	}
	for _, abbr := range want {
		if used[abbr] {
			continue
		}
		for k := range out {
			if out[k] == "" {
				out[k] = abbr
				used[abbr] = true
				break
			}
		}
	}
	return out
}

// computerStock chooses up to six trades.
func computerStock(m *Map, s *State, p *Player, cash int64) []StockOrder {
	type pick struct {
		rr    *Railroad
		score float64
	}
	var picks []pick
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		if rr.Founded >= s.Turn || rr.Bankrupt || rr.Price <= 0 {
			continue
		}
		issued := max(s.Issued(rr), 1)
		earn := float64(rr.Profit) / float64(issued) / float64(rr.Price)
		score := earn + float64(rr.Dividend)/float64(rr.Price)
		if rr.President == p.Number {
			score += 1
		}
		if isDirector(p.Shares[rr.Abbr], issued) {
			score += 0.5
		}
		// Build on a stake already held rather than spread thin (Appendix C).
		score += 2 * float64(p.Shares[rr.Abbr]) / float64(issued)
		picks = append(picks, pick{rr, score})
	}
	sortStable(picks, func(i, j int) bool { return picks[i].score > picks[j].score })
	var out []StockOrder
	bids := 0
	maxBids := MaxBids(len(s.Railroads))
	bought := map[string]bool{}
	for _, pk := range picks {
		if bids >= maxBids || cash <= 0 || len(out) >= MaxTransactions {
			break
		}
		rr := pk.rr
		issued := s.Issued(rr)
		own := p.Shares[rr.Abbr]
		others := s.directorShares(rr)
		if isDirector(own, issued) {
			others -= own
		}
		limit := MaxBid(issued, others, own)
		n := min(limit, int(cash/int64(max(rr.Price, 1))))
		if n <= 0 || pk.score < 0.05 {
			continue
		}
		out = append(out, StockOrder{Railroad: rr.Abbr, Kind: Buy, Shares: n})
		bought[rr.Abbr] = true
		cash -= int64(n * rr.Price)
		bids++
	}
	// Raise what a loan recall needs from the market rather than have the
	// Bank seize stock at random (3.5C): smallest stakes first, never a
	// railroad it runs.
	need := p.Recall - max(p.Cash, 0)
	for k := len(picks) - 1; k >= 0 && need > 0 && len(out) < MaxTransactions; k-- {
		rr := picks[k].rr
		own := p.Shares[rr.Abbr]
		if own == 0 || bought[rr.Abbr] || rr.President == p.Number {
			continue
		}
		n := min(own, int(need*2/int64(max(rr.Price, 1)))+1)
		out = append(out, StockOrder{Railroad: rr.Abbr, Kind: Sell, Shares: n})
		bought[rr.Abbr] = true
		need -= int64(n*rr.Price) / 2
	}
	// Sell small holdings that make it no Director, poorest first.
	for k := len(picks) - 1; k >= 0 && len(out) < MaxTransactions; k-- {
		rr := picks[k].rr
		own := p.Shares[rr.Abbr]
		if own == 0 || bought[rr.Abbr] || isDirector(own, s.Issued(rr)) || picks[k].score > 0.15 {
			continue
		}
		out = append(out, StockOrder{Railroad: rr.Abbr, Kind: Sell, Shares: own})
	}
	// A raider sells short the dearest stock in a bad market.
	if p.Style == Raider && s.Climate >= Recession && len(out) < MaxTransactions {
		var dear *Railroad
		for i := range s.Railroads {
			rr := &s.Railroads[i]
			if rr.Founded < s.Turn && p.Shares[rr.Abbr] == 0 && (dear == nil || rr.Price > dear.Price) && !bought[rr.Abbr] {
				dear = rr
			}
		}
		if dear != nil {
			cornered := s.directorShares(dear)*2 > s.Issued(dear)
			if n := MaxShort(s.Issued(dear), 0, cornered); n > 0 {
				out = append(out, StockOrder{Railroad: dear.Abbr, Kind: Sell, Shares: n})
			}
		}
	}
	return out
}

// ComputerRailroadOrders are the orders the computer gives a railroad,
// for a computer President or a railroad with none (4.12, 4.14C).
func ComputerRailroadOrders(m *Map, s *State, abbr string, style Style) RailroadOrders {
	return newPlanner(m, s).railroad(abbr, style)
}

func (pl *planner) railroad(abbr string, style Style) RailroadOrders {
	m, s := pl.m, pl.s
	rr := s.Railroad(abbr)
	if rr == nil {
		return RailroadOrders{}
	}
	tm := temperaments[style]
	miles := m.Miles(rr.Lines)
	var o RailroadOrders
	maxEff := MaxEfficiency(miles) - 3*(s.Locomotive-rr.Loco)
	switch {
	case rr.Cash < 0:
		o.Repairs = 5
	case rr.Efficiency < min(85, maxEff-2):
		o.Repairs = tm.repairs + 6
	default:
		o.Repairs = tm.repairs
	}
	if s.Locomotive > rr.Loco && int64(10*(s.Locomotive-rr.Loco)*miles) <= rr.Cash/2 {
		o.Locomotive = s.Locomotive
	}
	if rr.Techs.Count()+1 < s.Techs && int64(10*miles) <= rr.Cash/3 {
		o.Technology = true
	}
	minCost := Climates[s.Climate].BuildCost
	canBid := rr.RoW == ""
	lines := rr.Lines
	if rr.RoW != "" && !IsCivilWar(s.Turn) && !rr.Bankrupt {
		o.Build = minCost * (100 + tm.overspend) / 100
		canBid = true
		lines = append(append([]string(nil), rr.Lines...), rr.RoW)
	}
	if canBid && !rr.Bankrupt && rr.Founded < s.Turn {
		o.Bids = pl.bestRoWs(rr, lines)
		if len(o.Bids) > 0 {
			contested := false
			for i := range s.Railroads {
				other := &s.Railroads[i]
				if other.Abbr != rr.Abbr && m.Touches(other.Lines, o.Bids[0]) {
					contested = true
				}
			}
			per := int64(1)
			if contested {
				per = 3
			}
			o.Political = min(per*int64(miles), max(rr.Cash/4, 0))
		}
	}
	issued := int64(max(s.Issued(rr), 1))
	div := 0
	if rr.Cash > 0 && rr.Profit > 0 {
		div = int(min(rr.Profit*tm.payout/100/issued, 99))
	}
	o.Dividend = &div
	if rr.Loans > 0 && rr.Cash > 3*int64(miles)*20 {
		o.RepayDebt = min(rr.Loans, rr.Cash/3)
	}
	return o
}

// bestRoWs ranks the RoWs a railroad could take: new regions first, then
// west, then the value of the far town.
func (pl *planner) bestRoWs(rr *Railroad, lines []string) []string {
	m := pl.m
	have := regionSet(m.RegionsOf(lines))
	towns := map[string]bool{}
	for _, tw := range m.TownsOf(lines) {
		towns[tw] = true
	}
	type cand struct {
		code  string
		score float64
	}
	var cs []cand
	seen := map[string]bool{}
	for _, tw := range m.TownsOf(lines) {
		for _, code := range m.RoutesAt(tw) {
			r, _ := m.Route(code)
			if seen[code] || r.Kind != RoW || pl.taken[code] || m.Prohibited(lines, code) != "" {
				continue
			}
			seen[code] = true
			far := r.A
			if towns[far] {
				far = r.B
			}
			if towns[far] {
				continue // both ends already served: no new ground
			}
			ft, _ := m.Town(far)
			score := float64(ft.Value())*2 - ft.Lon/10 - float64(r.Miles)/100
			if ft.Star && !have[ft.Region] {
				score += 40
			}
			cs = append(cs, cand{code, score})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.code, b.code)
	})
	var out []string
	for _, c := range cs {
		if len(out) == 2 {
			break
		}
		out = append(out, c.code)
	}
	return out
}
