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
	warPct    int   // the deepest rate war it declares, in %; 0 never (4.16)
}

var temperaments = map[Style]temperament{
	Cautious: {borrow: 25, pcPremium: 5, overspend: 0, payout: 40, repairs: 12},
	Raider:   {borrow: 60, pcPremium: 25, overspend: 50, payout: 70, repairs: 9, warPct: 90},
	Builder:  {borrow: 50, pcPremium: 15, overspend: 0, payout: 30, repairs: 14, warPct: 50},
}

// planner holds what every computer decision of one turn reads, worked
// out once and shared by all fifteen seats: the state does not change while
// orders are chosen, so the routes taken, the PCs on offer ranked by value
// and each railroad's network and stock figures are the same for every
// seat that asks.
type planner struct {
	m      *Map
	s      *State
	taken  []bool // by route index: a line or a RoW of some railroad
	holder []int  // by route index: the railroad (index) holding it as a line, or -1
	offers []rankedOffer
	facts  map[string]*rrFacts // by abbreviation
	picks  []pick              // the railroads worth trading, scored without the seat's own stake
	runs   map[int][]*Railroad // by President: the railroads he runs, by abbreviation

	scratch []string // lines being weighed (buildPays)
}

type rankedOffer struct {
	offer PCOffer
	route int // index in Map.Routes; -1 if not on the map
	score float64
}

// rrFacts are what the computer reads of one railroad, once a turn.
type rrFacts struct {
	index     int     // in State.Railroads
	towns     townSet // the towns its lines serve
	miles     int     // its built track
	issued    int     // 4.2
	directors int     // shares its Directors hold (6.1B, 6.4)
	top       int     // most shares one player holds
}

// pick is a railroad's stock as the seats score it (stock).
type pick struct {
	rr    *Railroad
	facts *rrFacts
	score float64
}

// ranked is a pick's score for one seat; k indexes planner.picks.
type ranked struct {
	score float64
	k     int
}

func newPlanner(m *Map, s *State) *planner {
	pl := &planner{m: m, s: s, taken: make([]bool, len(m.Routes)), facts: make(map[string]*rrFacts, len(s.Railroads)), runs: map[int][]*Railroad{}}
	pl.readRailroads()
	pl.rankOffers()
	return pl
}

// readRailroads works out every railroad's facts, the routes taken, who
// runs what, and the stock scores all seats share.
func (pl *planner) readRailroads() {
	m, s := pl.m, pl.s
	all := make([]rrFacts, len(s.Railroads))
	pl.holder = make([]int, len(m.Routes))
	for k := range pl.holder {
		pl.holder[k] = -1
	}
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		if rr.President != 0 {
			pl.runs[rr.President] = append(pl.runs[rr.President], rr)
		}
		for _, c := range rr.Lines {
			pl.take(c)
			if k, ok := m.route[c]; ok {
				pl.holder[k] = i
			}
		}
		pl.take(rr.RoW)
		all[i] = rrFacts{index: i, towns: m.townsOf(rr.Lines), miles: m.Miles(rr.Lines), issued: rr.Public, directors: s.directorShares(rr)}
		pl.facts[rr.Abbr] = &all[i]
	}
	// Issued stock and the top holding from each player's few holdings,
	// rather than every player asked about every railroad.
	for k := range s.Players {
		for abbr, n := range s.Players[k].Shares {
			if f := pl.facts[abbr]; f != nil {
				f.issued += n
				f.top = max(f.top, n)
			}
		}
	}
	for _, mine := range pl.runs {
		slices.SortFunc(mine, func(a, b *Railroad) int { return cmp.Compare(a.Abbr, b.Abbr) })
	}
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		if rr.Founded >= s.Turn || rr.Bankrupt || rr.Price <= 0 {
			continue
		}
		// Each seat adds its own stake to this in stock, in the same
		// order as ever, so the sums come out to the same bits.
		f := pl.facts[rr.Abbr]
		issued := max(f.issued, 1)
		earn := float64(rr.Profit) / float64(issued) / float64(rr.Price)
		pl.picks = append(pl.picks, pick{rr, f, earn + float64(rr.Dividend)/float64(rr.Price)})
	}
}

// take marks a route as some railroad's.
func (pl *planner) take(code string) {
	if k, ok := pl.m.route[code]; ok {
		pl.taken[k] = true
	}
}

// rankOffers ranks the PCs on offer by what they earn for their price.
func (pl *planner) rankOffers() {
	m := pl.m
	for _, off := range pl.s.Offers {
		k, ok := m.route[off.Code]
		if !ok {
			k = -1
		}
		r, _ := m.Route(off.Code)
		a, _ := m.Town(r.A)
		b, _ := m.Town(r.B)
		pl.offers = append(pl.offers, rankedOffer{off, k, float64(60*r.Miles+300*(a.Value()+b.Value())) / float64(max(off.Asking, 1))})
	}
	slices.SortStableFunc(pl.offers, func(a, b rankedOffer) int { return cmp.Compare(b.score, a.score) })
}

// touches reports whether a route shares a town with a railroad's lines
// (Map.Touches, from the turn's facts).
func (pl *planner) touches(rr *Railroad, code string) bool {
	i, ok := pl.m.route[code]
	return ok && pl.touchesRoute(rr, i)
}

// touchesRoute is touches for route i of the map.
func (pl *planner) touchesRoute(rr *Railroad, i int) bool {
	if i < 0 {
		return false
	}
	f := pl.facts[rr.Abbr]
	e := pl.m.ix.ends[i]
	return f.towns.has(e[0]) || f.towns.has(e[1])
}

// ComputerOrders are the computer player's orders for a position.
func ComputerOrders(m *Map, s *State, n int) Orders { return newPlanner(m, s).orders(n) }

func (pl *planner) orders(n int) Orders {
	s := pl.s
	p := s.Player(n)
	if p == nil {
		return Orders{}
	}
	tm := temperaments[p.Style]
	var o Orders
	o.Borrow = borrowing(s, p, tm)
	cash := max(p.Cash+o.Borrow, 0)

	mine := pl.runs[n]
	founding, free := pl.ownedPCs(p, mine, &o)
	cash = pl.pcBids(p, tm, mine, free, cash, &o)

	// Stock: aim at one railroad to run, and sell what does not serve.
	o.Stock = pl.stock(p, cash)
	o.Control = pl.chooseSlots(p, founding)

	if cash > 40000 {
		o.Prodigal = cash / 20
	}
	o.Railroads = map[string]RailroadOrders{}
	for _, rr := range mine {
		o.Railroads[rr.Abbr] = pl.railroad(rr.Abbr, p.Style)
	}
	// Two connected railroads under one President merge, the smaller in.
	if p.Style == Builder && len(mine) == 2 && pl.facts[mine[0].Abbr].towns.intersects(&pl.facts[mine[1].Abbr].towns) && !mine[0].Bankrupt && !mine[1].Bankrupt {
		from, into := mine[0], mine[1]
		if pl.facts[from.Abbr].miles > pl.facts[into.Abbr].miles {
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
func (pl *planner) ownedPCs(p *Player, mine []*Railroad, o *Orders) ([]string, int) {
	m := pl.m
	// PCs it owns: merge into a railroad it runs, else incorporate.
	var founding []string
	// A tycoon runs at most two railroads (10.1D): count the seats free.
	free := 2 - len(mine)
	for _, pc := range p.PCs {
		merged := false
		for _, rr := range mine {
			if pl.touches(rr, pc.Code) && m.Prohibited(rr.holdings(), pc.Code) == "" && !rr.Bankrupt {
				o.PCActions = append(o.PCActions, PCAction{Code: pc.Code, Action: MergePC, Into: rr.Abbr})
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
func (pl *planner) pcBids(p *Player, tm temperament, mine []*Railroad, free int, cash int64, o *Orders) int64 {
	n := p.Number
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
			for _, rr := range mine {
				usable = usable || pl.touchesRoute(rr, c.route)
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
func (pl *planner) chooseSlots(p *Player, founding []string) [2]string {
	s := pl.s
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
		f := pl.facts[rr.Abbr]
		issued := f.issued
		own := p.Shares[rr.Abbr]
		if !isDirector(own, issued) {
			continue
		}
		// No other player holds more: the most anyone holds is his own.
		top := own >= f.top
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

// stock chooses up to six trades: the railroads scored by earnings and
// dividend (worked out once for all seats), plus the seat's own stake.
func (pl *planner) stock(p *Player, cash int64) []StockOrder {
	own := pl.stakes(p)
	order := make([]ranked, len(pl.picks))
	for k, pk := range pl.picks {
		rr, issued, score := pk.rr, max(pk.facts.issued, 1), pk.score
		if rr.President == p.Number {
			score += 1
		}
		if isDirector(own[pk.facts.index], issued) {
			score += 0.5
		}
		// Build on a stake already held rather than spread thin (Appendix C).
		score += 2 * float64(own[pk.facts.index]) / float64(issued)
		order[k] = ranked{score, k}
	}
	slices.SortStableFunc(order, func(a, b ranked) int { return cmp.Compare(b.score, a.score) })
	bought := make([]bool, len(pl.s.Railroads))
	out := pl.buys(p, own, order, bought, cash)
	return pl.sales(p, own, order, bought, out)
}

// stakes are the shares a seat holds, by railroad index.
func (pl *planner) stakes(p *Player) []int {
	own := make([]int, len(pl.s.Railroads))
	for abbr, n := range p.Shares {
		if f := pl.facts[abbr]; f != nil {
			own[f.index] = n
		}
	}
	return own
}

// buys bids for the best-scored stock it may buy, within its cash and the
// limits of 6.1A.
func (pl *planner) buys(p *Player, own []int, order []ranked, bought []bool, cash int64) []StockOrder {
	var out []StockOrder
	bids := 0
	maxBids := MaxBids(len(pl.s.Railroads))
	for _, o := range order {
		if bids >= maxBids || cash <= 0 || len(out) >= MaxTransactions {
			break
		}
		pk := pl.picks[o.k]
		rr := pk.rr
		issued := pk.facts.issued
		mine := own[pk.facts.index]
		others := pk.facts.directors
		if isDirector(mine, issued) {
			others -= mine
		}
		limit := MaxBid(issued, others, mine)
		n := min(limit, int(cash/int64(max(rr.Price, 1))))
		if n <= 0 || o.score < 0.05 {
			continue
		}
		out = append(out, StockOrder{Railroad: rr.Abbr, Kind: Buy, Shares: n})
		bought[pk.facts.index] = true
		cash -= int64(n * rr.Price)
		bids++
	}
	return out
}

// sales adds what it sells: for a loan recall, small holdings, and a
// raider's short sale.
func (pl *planner) sales(p *Player, own []int, order []ranked, bought []bool, out []StockOrder) []StockOrder {
	s := pl.s
	// Raise what a loan recall needs from the market rather than have the
	// Bank seize stock at random (3.5C): smallest stakes first, never a
	// railroad it runs.
	need := p.Recall - max(p.Cash, 0)
	for k := len(order) - 1; k >= 0 && need > 0 && len(out) < MaxTransactions; k-- {
		pk := pl.picks[order[k].k]
		rr, mine := pk.rr, own[pk.facts.index]
		if mine == 0 || bought[pk.facts.index] || rr.President == p.Number {
			continue
		}
		n := min(mine, int(need*2/int64(max(rr.Price, 1)))+1)
		out = append(out, StockOrder{Railroad: rr.Abbr, Kind: Sell, Shares: n})
		bought[pk.facts.index] = true
		need -= int64(n*rr.Price) / 2
	}
	// Sell small holdings that make it no Director, poorest first.
	for k := len(order) - 1; k >= 0 && len(out) < MaxTransactions; k-- {
		pk := pl.picks[order[k].k]
		mine := own[pk.facts.index]
		if mine == 0 || bought[pk.facts.index] || isDirector(mine, pk.facts.issued) || order[k].score > 0.15 {
			continue
		}
		out = append(out, StockOrder{Railroad: pk.rr.Abbr, Kind: Sell, Shares: mine})
	}
	// A raider sells short the dearest stock in a bad market.
	if p.Style == Raider && s.Climate >= Recession && len(out) < MaxTransactions {
		dear := -1
		for i := range s.Railroads {
			rr := &s.Railroads[i]
			if rr.Founded < s.Turn && own[i] == 0 && (dear < 0 || rr.Price > s.Railroads[dear].Price) && !bought[i] {
				dear = i
			}
		}
		if dear >= 0 {
			f := pl.facts[s.Railroads[dear].Abbr]
			cornered := f.directors*2 > f.issued
			if n := MaxShort(f.issued, 0, cornered); n > 0 {
				out = append(out, StockOrder{Railroad: s.Railroads[dear].Abbr, Kind: Sell, Shares: n})
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
	s := pl.s
	rr := s.Railroad(abbr)
	if rr == nil {
		return RailroadOrders{}
	}
	tm := temperaments[style]
	miles := pl.facts[rr.Abbr].miles
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
	pl.rightOfWay(rr, tm, &o)
	issued := int64(max(pl.facts[rr.Abbr].issued, 1))
	div := 0
	if rr.Cash > 0 && rr.Profit > 0 {
		div = int(min(rr.Profit*tm.payout/100/issued, 99))
	}
	o.Dividend = &div
	if rr.Loans > 0 && rr.Cash > 3*int64(miles)*20 {
		o.RepayDebt = min(rr.Loans, rr.Cash/3)
	}
	o.DoubleTrack = pl.doubleTrack(rr, pl.spareCash(rr, o))
	o.RateWar, o.RateWarPct = pl.rateWar(rr, tm)
	return o
}

// bestRoWs ranks the RoWs a railroad could take: new regions first, then
// west, then the value of the far town; of the best few (prospects) it
// names the first two whose building would pay (buildPays).
func (pl *planner) bestRoWs(rr *Railroad, lines []string) []string {
	const prospects = 6
	m := pl.m
	have := m.regionsOf(lines)
	towns := m.townsOf(lines)
	type cand struct {
		code  string
		score float64
	}
	var cs []cand
	towns.each(func(rank int) {
		for _, i := range m.ix.at[rank] {
			r := &m.Routes[i]
			if r.Kind != RoW || pl.taken[i] {
				continue
			}
			far := m.ix.ends[i][0]
			if towns.has(far) {
				far = m.ix.ends[i][1]
			}
			if towns.has(far) {
				continue // both ends already served: no new ground
			}
			if m.Prohibited(lines, r.Code) != "" {
				continue
			}
			ft := &m.Towns[m.ix.byRank[far]]
			score := float64(ft.Value())*2 - ft.Lon/10 - float64(r.Miles)/100
			if ft.Star && have&m.ix.region[far] == 0 {
				score += 40
			}
			cs = append(cs, cand{r.Code, score})
		}
	})
	slices.SortStableFunc(cs, func(a, b cand) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.code, b.code)
	})
	var out []string
	from, before := buildTurn(pl.s.Turn), pl.netRevenue(rr, lines, longRun)
	for k, c := range cs {
		if len(out) == 2 || k == prospects {
			break
		}
		if pl.buildPays(rr, lines, before, c.code, 0, from) {
			out = append(out, c.code)
		}
	}
	return out
}
