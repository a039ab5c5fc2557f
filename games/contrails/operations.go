package contrails

// rowOwner finds the railroad holding a route as a line or an unbuilt RoW.
func (s *State) rowOwner(code string) *Railroad {
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		if rr.RoW == code || contains(rr.Lines, code) {
			return rr
		}
	}
	return nil
}

// ValidRoW says why a railroad may not bid for a RoW, or "" if it may
// (4.7, 4.8).
func (s *State) ValidRoW(m *Map, rr *Railroad, code string) string {
	r, ok := m.Route(code)
	switch {
	case !ok || r.Kind != RoW:
		return code + " is not a Right-of-Way (2.3)"
	case s.rowOwner(code) != nil:
		return code + " is owned by another railroad"
	case !m.Touches(rr.Lines, code):
		return code + " does not connect to the railroad's lines (4.7C)"
	}
	return m.Prohibited(rr.holdings(), code)
}

// 11. Railroads bid for RoWs; the highest political influence wins, ties
// by lot; a loser's alternate is tried next (4.7, 4.9, 7).
func (t *turn) rightsOfWay() {
	s := t.s
	type bid struct {
		rr    string
		codes []string
		next  int
		draw  int
	}
	var bids []*bid
	for _, rr := range t.railroadsInOrder() {
		o := t.rrOrders(rr)
		if len(o.Bids) == 0 || rr.Founded >= s.Turn {
			continue
		}
		pres := t.presidents[rr.Abbr]
		switch {
		case rr.Bankrupt:
			t.note(pres, "%s: a bankrupt railroad may not bid for a RoW (4.7I).", rr.Abbr)
			continue
		case !t.rowFree[rr.Abbr] || rr.RoW != "":
			t.note(pres, "%s: it still owns %s, so it may not bid (4.7A, B).", rr.Abbr, rr.RoW)
			continue
		}
		bids = append(bids, &bid{rr: rr.Abbr, codes: o.Bids[:min(len(o.Bids), 2)], draw: t.rng.IntN(1 << 30)})
	}
	for round := 0; round < 2; round++ {
		want := map[string][]*bid{}
		for _, b := range bids {
			if b.next != round || round >= len(b.codes) {
				continue
			}
			rr := s.Railroad(b.rr)
			if rr == nil || rr.RoW != "" {
				continue
			}
			if why := s.ValidRoW(t.m, rr, b.codes[round]); why != "" {
				t.note(t.presidents[rr.Abbr], "%s: bid for %s fails: %s.", rr.Abbr, b.codes[round], why)
				b.next++
				continue
			}
			want[b.codes[round]] = append(want[b.codes[round]], b)
		}
		for _, code := range sortedKeys(want) {
			bs := want[code]
			sortStable(bs, func(a, c int) bool {
				ia, ic := t.influence[bs[a].rr], t.influence[bs[c].rr]
				if ia != ic {
					return ia > ic
				}
				return bs[a].draw < bs[c].draw
			})
			for k, b := range bs {
				if k == 0 {
					t.award(s.Railroad(b.rr), code, len(bs) > 1)
					b.next = 99
				} else {
					b.next++
				}
			}
		}
	}
}

// award gives a RoW and perhaps a land grant (7): likelier with more
// influence and between smaller towns.
func (t *turn) award(rr *Railroad, code string, contested bool) {
	r, _ := t.m.Route(code)
	a, _ := t.m.Town(r.A)
	b, _ := t.m.Town(r.B)
	rr.RoW = code
	chance := 95 - 2*(a.Value()+b.Value()) + 5*t.influence[rr.Abbr]
	if a.Size == 5 && b.Size == 5 {
		chance = 0 // "no chance" between two five-point towns (7B)
	}
	chance = max(0, min(chance, 98))
	rr.RoWGrant = 0
	if t.rng.IntN(100) < chance {
		rr.RoWGrant = r.Miles
	}
	how := ""
	if contested {
		how = ", by political influence"
	}
	t.news("row", "%s acquires %s (%s–%s)%s%s.", rr.Abbr, code, r.A, r.B, how, map[bool]string{true: " with a land grant", false: ""}[rr.RoWGrant > 0])
}

// 12. Mergers of railroads (4.13).
func (t *turn) mergers() {
	s := t.s
	for _, pn := range t.playerNumbers() {
		mo := t.orders[pn].Merge
		if mo == nil {
			continue
		}
		from, into := s.Railroad(mo.From), s.Railroad(mo.Into)
		switch {
		case from == nil || into == nil || from == into:
			t.note(pn, "Merger of %s into %s: no such pair of railroads.", mo.From, mo.Into)
			continue
		case t.presidents[from.Abbr] != pn || t.presidents[into.Abbr] != pn:
			t.note(pn, "Merger of %s into %s: you must preside over both at the start of the turn (10.1E1).", from.Abbr, into.Abbr)
			continue
		case into.Bankrupt:
			t.note(pn, "Merger of %s into %s: no railroad may merge into a bankrupt one (4.11B).", from.Abbr, into.Abbr)
			continue
		case !t.m.ConnectedTo(t.lines[from.Abbr], t.lines[into.Abbr]):
			t.note(pn, "Merger of %s into %s: they are not connected at the start of the turn (4.13A1).", from.Abbr, into.Abbr)
			continue
		}
		lines, dropped, why := t.mergeLines(into.Lines, from.Lines)
		if why != "" {
			t.note(pn, "Merger of %s into %s: %s.", from.Abbr, into.Abbr, why)
			continue
		}
		t.merge(from, into, lines, dropped)
	}
}

// mergeLines joins two railroads' lines, dropping one route of each double
// route they would both hold, a RoW before a PC (4.13A3).
func (t *turn) mergeLines(into, from []string) (lines, dropped []string, why string) {
	lines = append([]string(nil), into...)
	for _, c := range from {
		partner, double := t.m.DoublePartner(c)
		if double && contains(lines, partner) {
			keep, drop := partner, c
			if r, _ := t.m.Route(partner); r.Kind == RoW {
				keep, drop = c, partner
			}
			if keep == c {
				lines = remove(lines, partner)
				lines = append(lines, c)
			}
			dropped = append(dropped, drop)
			continue
		}
		lines = append(lines, c)
	}
	// A second route into a gateway is not a parallel route: no merger.
	for _, c := range lines {
		rest := remove(append([]string(nil), lines...), c)
		if w := t.m.Prohibited(rest, c); w != "" {
			return nil, nil, w
		}
	}
	return lines, dropped, ""
}

func remove(ss []string, s string) []string {
	out := ss[:0]
	for _, x := range ss {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

func (t *turn) merge(from, into *Railroad, lines, dropped []string) {
	s := t.s
	fromIssued, intoIssued := s.Issued(from), s.Issued(into)
	if total := fromIssued + intoIssued; total > 0 {
		into.Price = (into.Price*intoIssued + from.Price*fromIssued) / total // 4.13C
	}
	for i := range s.Players {
		p := &s.Players[i]
		if n := p.Shares[from.Abbr]; n > 0 {
			p.Shares[into.Abbr] += n
		}
		delete(p.Shares, from.Abbr)
	}
	into.Public += from.Public
	into.Treasury += from.Treasury
	into.Authorized += from.Authorized
	// Builder points count regions new to both railroads (1.2).
	t.regions[into.Abbr] = unionRegions(t.regions[into.Abbr], t.regions[from.Abbr])
	into.Bonds += from.Bonds
	into.Loans += from.Loans
	into.PresDebt += from.PresDebt // 4.4F
	into.Land += from.Land
	s.transfer(railroadAcct(from.Abbr), railroadAcct(into.Abbr), from.Cash, itemMerger)
	if into.RoW == "" {
		into.RoW, into.RoWGrant = from.RoW, from.RoWGrant // 4.13D
	}
	if into.RoW != "" && t.m.Prohibited(lines, into.RoW) != "" {
		t.news("row", "%s abandons %s, which the merged lines forbid it to hold (4.8).", into.Abbr, into.RoW)
		into.RoW, into.RoWGrant = "", 0
	}
	// The survivor has the better engines and technology, and pays, by
	// bonds, to bring the lines that lacked them up to it (4.13E).
	fromMiles, intoMiles := t.m.Miles(from.Lines), t.m.Miles(into.Lines)
	upgrade := int64(0)
	if from.Loco > into.Loco {
		upgrade += int64(10 * (from.Loco - into.Loco) * intoMiles)
		into.Loco = from.Loco
	} else {
		upgrade += int64(10 * (into.Loco - from.Loco) * fromMiles)
	}
	// Each line pays $10 a mile for every technology it lacks of the two
	// roads' together (4.18's price).
	both := into.Techs | from.Techs
	upgrade += int64(10 * (both.Count() - into.Techs.Count()) * intoMiles)
	upgrade += int64(10 * (both.Count() - from.Techs.Count()) * fromMiles)
	into.Techs = both
	into.Bonds += upgrade
	into.Grand = into.Grand || from.Grand
	into.Doubled = append(into.Doubled, from.Doubled...)
	into.Lines = lines
	for _, d := range dropped {
		into.Doubled = remove(into.Doubled, d)
		if r, _ := t.m.Route(d); r.Kind == PC {
			s.offerPC(PCOffer{Code: d, Asking: int64(r.Miles * PCPricePerMile)})
		}
	}
	// Everything refers to the survivor from now on.
	for i := range s.Railroads {
		if s.Railroads[i].Abbr == from.Abbr {
			s.Railroads = append(s.Railroads[:i], s.Railroads[i+1:]...)
			break
		}
	}
	for i := range s.Players {
		for k := range s.Players[i].Slots {
			if s.Players[i].Slots[k] == from.Abbr {
				s.Players[i].Slots[k] = ""
			}
		}
	}
	t.news("merger", "%s merges into %s.", from.Abbr, into.Abbr)
}

func unionRegions(a, b []Region) []Region {
	has := regionSet(append(append([]Region(nil), a...), b...))
	var out []Region
	for _, r := range Regions {
		if has[r] {
			out = append(out, r)
		}
	}
	return out
}

func (t *turn) playerNumbers() []int {
	out := make([]int, len(t.s.Players))
	for i, p := range t.s.Players {
		out[i] = p.Number
	}
	return out
}

// revenue is a railroad's gross revenue for the turn (4.10A): the
// expected revenue and luck; uncut is what it would have been without the
// rate wars.
func (t *turn) revenue(rr *Railroad, rateWars map[string]int) (rev, uncut int64) {
	base, cut, pct := grossRevenue(t.m, rr, t.climate, rateWars)
	pct += int64(t.rng.IntN(21) - 10)
	return max((base-cut)*pct/100, 0), max(base*pct/100, 0)
}

// grossRevenue is a railroad's gross revenue before luck, as a base in
// dollars, what the rate wars cut from it, and a percentage of what is left
// (4.10A, 4.15, 4.16, 4.18): $60 a mile and $300 times each town's value and
// double tracks; 10% more for each region past the first, technology and
// the climate. The computer player weighs its plans with it.
func grossRevenue(m *Map, rr *Railroad, c Climate, rateWars map[string]int) (base, cut, pct int64) {
	miles, values, regions := m.reach(rr.Lines)
	base = int64(60*miles) + int64(300*values)
	for _, code := range rr.Doubled {
		base += doubleTrackBonus(m, code)
	}
	for _, code := range rr.Lines {
		if pct := rateWars[rr.Abbr+"|"+code]; len(rateWars) > 0 && pct > 0 {
			r, _ := m.Route(code)
			cut += int64(60*r.Miles) * int64(pct) / 100
		}
	}
	pct = int64(100 + 10*max(regions.count()-1, 0) + Climates[c].Revenue)
	if rr.Grand {
		pct += 5
	}
	for _, tech := range []int{6, 8} { // G and I raise revenue
		if rr.Techs.Has(tech) {
			pct += 3
		}
	}
	return base, cut, pct
}

// doubleTrackBonus is what a second track adds to a line's revenue before
// the percentages: (value + value)% of the line's own revenue, its $60 a
// mile and half of each end town's $300 a point (4.15, rulings CR13).
func doubleTrackBonus(m *Map, code string) int64 {
	// A double-tracked line earns (City1 value + City2 value)% more (4.15):
	// its miles and its end towns, whose revenue belongs to the line.
	miles, a, b := m.ends(code)
	lineBase := int64(60*miles + 300*(a.Value()+b.Value()))
	return lineBase * int64(a.Value()+b.Value()) / 100
}

// debtInterest is a turn's interest on a railroad's bonds and bank loans
// (5, 10.2B), rounded up (1.1).
func debtInterest(rr *Railroad, c Climate) int64 {
	return ceilDiv(rr.Bonds*BondRate, 100) + LoanInterest(rr.Loans, c)
}

// landSale is how many sections of land grants a railroad sells in a
// turn and at what price (7D).
func landSale(land int, c Climate) (sold int, price int64) {
	return land * (30 + 5*Climates[c].Sentiment) / 100, int64(8 + 2*Climates[c].Sentiment)
}

// expenseRatio is operating cost as a share of revenue in per cent (4.10B):
// about 60-70% when Excellent, all of it at efficiency 50 or less; steel
// rails, switch yards and coal lower it (4.18).
func expenseRatio(efficiency int, techs TechSet) int64 {
	r := int64((175 - efficiency) * 100 / 125)
	for _, tech := range []int{1, 2, 3} { // B, C, D
		if techs.Has(tech) {
			r -= 2
		}
	}
	return max(r, 40)
}

// 13. Railroad operations (4.10–4.12, 11.2).
func (t *turn) operations() {
	s := t.s
	rateWars := t.rateWars()
	for _, rr := range t.railroadsInOrder() {
		o := t.rrOrders(rr)
		rev, uncut := t.revenue(rr, rateWars)
		// A rate war cuts revenue; operating costs remain the same (4.16,
		// rulings CR16).
		exp := uncut * expenseRatio(rr.Efficiency, rr.Techs) / 100
		interest := debtInterest(rr, t.climate)
		events := t.randomEvents(rr, rev)
		s.transfer(bank, railroadAcct(rr.Abbr), rev, itemRevenue)
		s.transfer(railroadAcct(rr.Abbr), bank, exp, itemExpenses)
		s.transfer(railroadAcct(rr.Abbr), bank, interest, itemDebtInterest)
		s.transfer(railroadAcct(rr.Abbr), bank, events, itemRandomEvents)
		rr.Revenue, rr.Expenses = rev, exp
		rr.Profit = rev - exp - interest - events
		if rr.Cash >= 0 {
			t.solvent[rr.Abbr] = true
		}
		// Dividends, up to the cash available (4.12).
		if o.Dividend != nil {
			rr.Dividend = max(0, min(*o.Dividend, 99))
		}
		issued := int64(s.Issued(rr))
		rate := int64(rr.Dividend)
		if rr.Bankrupt || issued == 0 || rr.Cash <= 0 {
			rate = 0
		} else if rate*issued > rr.Cash {
			rate = rr.Cash / issued
		}
		if rate > 0 {
			for i := range s.Players {
				if n := int64(s.Players[i].Shares[rr.Abbr]); n > 0 {
					s.transfer(railroadAcct(rr.Abbr), playerAcct(s.Players[i].Number), n*rate, itemDividends)
				}
			}
			s.transfer(railroadAcct(rr.Abbr), bank, int64(rr.Public)*rate, itemDividends)
		}
		t.paid[rr.Abbr] = int(rate)
		t.reorganize(rr)
	}
}

// rateWars collects the rate wars declared (4.16): a railroad cuts its
// rates on the lines parallel to another's, and the other must match.
func (t *turn) rateWars() map[string]int {
	out := map[string]int{}
	for _, rr := range t.railroadsInOrder() {
		o := t.rrOrders(rr)
		enemy := t.s.Railroad(o.RateWar)
		if enemy == nil || enemy == rr || o.RateWarPct <= 0 {
			continue
		}
		pct := min(o.RateWarPct, 90)
		if warCuts(t.m, rr, enemy, pct, out) {
			t.news("rate_war", "%s declares a %d%% rate war on %s.", rr.Abbr, pct, enemy.Abbr)
		} else {
			t.note(t.presidents[rr.Abbr], "%s: no rate war with %s: they share no parallel route (4.16).", rr.Abbr, enemy.Abbr)
		}
	}
	return out
}

// warCuts adds to cuts the rate war of pct% that rr declares on enemy: each
// line of either that runs parallel to a line of the other, keyed by
// railroad and line (4.16, rulings CR16). It reports whether they share a
// parallel route at all.
func warCuts(m *Map, rr, enemy *Railroad, pct int, cuts map[string]int) bool {
	found := false
	for _, c := range rr.Lines {
		if partner, ok := m.DoublePartner(c); ok && contains(enemy.Lines, partner) {
			cuts[rr.Abbr+"|"+c] = max(cuts[rr.Abbr+"|"+c], pct)
			cuts[enemy.Abbr+"|"+partner] = max(cuts[enemy.Abbr+"|"+partner], pct)
			found = true
		}
	}
	return found
}

// randomEvents are the extraordinary costs of 11.2: accidents from low
// efficiency, trouble from low political spending, disasters from missing
// safety technology.
func (t *turn) randomEvents(rr *Railroad, rev int64) int64 {
	var cost int64
	if rr.Efficiency < 60 && t.rng.IntN(100) < 2*(60-rr.Efficiency) {
		c := rev * int64(5+t.rng.IntN(16)) / 100
		cost += c
		t.news("accident", "A wreck on the %s costs $%d.", rr.Abbr, c)
	}
	if t.influence[rr.Abbr] == 0 && t.rng.IntN(100) < 8 {
		c := int64(5 * t.miles[rr.Abbr])
		cost += c
		t.news("trouble", "Political trouble costs the %s $%d.", rr.Abbr, c)
	}
	// Safety technologies E, F, H, J: each one available but not owned adds
	// to the risk.
	missing := 0
	for _, tech := range []int{4, 5, 7, 9} {
		if t.s.Techs > tech && !rr.Techs.Has(tech) {
			missing++
		}
	}
	if missing > 0 && t.rng.IntN(100) < 4*missing {
		c := rev * int64(10+t.rng.IntN(21)) / 100
		cost += c
		t.news("disaster", "A disaster on the antiquated %s costs $%d.", rr.Abbr, c)
	}
	return cost
}

// reorganize applies 4.11: a railroad that started the turn insolvent and
// never became solvent is bankrupt; one that started bankrupt and is still
// insolvent is reorganized by its creditors. A bankrupt railroad that
// became solvent at any point of the turn (after the market, or after its
// revenue) is no longer bankrupt, even if its cash is negative again by
// the end: it starts the next turn merely insolvent, and a new bankruptcy
// brings a new turn of grace (4.11A, B).
func (t *turn) reorganize(rr *Railroad) {
	s := t.s
	if !t.insolvent[rr.Abbr] || t.solvent[rr.Abbr] {
		if rr.Bankrupt && (rr.Cash >= 0 || t.solvent[rr.Abbr]) {
			rr.Bankrupt = false
			t.news("solvent", "%s is solvent again.", rr.Abbr)
		}
		return
	}
	if !rr.Bankrupt {
		rr.Bankrupt = true
		t.bankruptRR = append(t.bankruptRR, rr.Abbr)
		t.news("railroad_bankruptcy", "%s is bankrupt.", rr.Abbr)
		return
	}
	// Reorganization: all stock cancelled, loans extinguished, new bonds,
	// 5 shares a mile to the creditors (4.11C).
	for i := range s.Players {
		delete(s.Players[i].Shares, rr.Abbr)
	}
	rr.Treasury = 0
	rr.Public = t.m.Miles(rr.Lines) * SharesPerMile
	rr.Authorized = rr.Public
	rr.Loans = 0
	rr.Bonds = rr.Bonds / 2
	rr.PresDebt = 0
	s.transfer(bank, railroadAcct(rr.Abbr), -rr.Cash, itemReorganization) // the creditors clear the overdraft
	rr.Bankrupt = false
	rr.Dividend = 0
	t.bankruptRR = append(t.bankruptRR, rr.Abbr)
	t.news("reorganization", "%s is reorganized by its creditors; its stock is cancelled.", rr.Abbr)
}

// 14. Tycoons' final financial phase (3.5): loan interest, emergency
// loans, recalls, bankruptcy, new credit.
func (t *turn) finalFinance() {
	s := t.s
	// Land from grants is sold each turn at a price set by the climate (7D).
	for _, rr := range t.railroadsInOrder() {
		if rr.Land > 0 {
			sold, price := landSale(rr.Land, t.climate)
			rr.Land -= sold
			s.transfer(bank, railroadAcct(rr.Abbr), int64(sold)*price, itemLandSales)
		}
		rr.PresDebt += rr.PresDebt / 10 // 10% a turn (4.4C)
	}
	for i := range s.Players {
		p := &s.Players[i]
		interest := LoanInterest(p.Loan, t.climate)
		if interest > p.Cash {
			emergency := interest - max(p.Cash, 0)
			p.Loan += emergency
			s.transfer(bank, playerAcct(p.Number), emergency, itemEmergencyLoan)
			t.note(p.Number, "An emergency loan of $%d pays your interest.", emergency)
		}
		s.transfer(playerAcct(p.Number), bank, interest, itemLoanInterest)
	}
	for i := range s.Players {
		p := &s.Players[i]
		// Last turn's recall, less what he repaid, is compelled now: cash,
		// then stock, then PCs (3.5C).
		if p.Recall > 0 {
			t.compelRecall(p, min(p.Recall, p.Loan))
			p.Recall = 0
		}
		if p.Loan > 0 && s.netWorth(t.m, p) < 0 {
			t.bankrupt(p)
		}
	}
	s.valuePlayers(t.m)
	// Next turn's recall, announced now (3.5C).
	for i := range s.Players {
		p := &s.Players[i]
		if p.Recall = LoanRecall(p.NetWorth, p.Loan, s.Climate); p.Recall > 0 {
			t.note(p.Number, "The Bank recalls $%d of your loan: repay it next turn, or it will be taken from your assets (3.5C).", p.Recall)
		}
	}
}

// priceEnd applies stock splits before elections (6.5, Appendix A 15).
func (t *turn) priceEnd() {
	s := t.s
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		ratio := SplitRatio(rr.Price)
		if ratio == 1 {
			continue
		}
		for k := range s.Players {
			if n := s.Players[k].Shares[rr.Abbr]; n > 0 {
				s.Players[k].Shares[rr.Abbr] = n * ratio
			}
		}
		rr.Public *= ratio
		rr.Treasury *= ratio
		rr.Authorized *= ratio
		rr.Price /= ratio
		t.news("split", "%s stock splits %d for 1.", rr.Abbr, ratio)
	}
}

func (t *turn) compelRecall(p *Player, recall int64) {
	s := t.s
	pay := min(recall, max(p.Cash, 0))
	p.Loan -= pay
	s.transfer(playerAcct(p.Number), bank, pay, itemLoanRecall)
	recall -= pay
	// sale turns an asset into money that repays the recall first.
	sale := func(got int64) {
		applied := min(got, recall, p.Loan)
		p.Loan -= applied
		recall -= applied
		s.transfer(bank, playerAcct(p.Number), got-applied, itemForcedSales)
	}
	// "The Bank will randomly seize and sell your assets" (3.5C).
	holdings := sortedKeys(p.Shares)
	t.rng.Shuffle(len(holdings), func(i, j int) { holdings[i], holdings[j] = holdings[j], holdings[i] })
	for _, abbr := range holdings {
		rr := s.Railroad(abbr)
		if recall <= 0 || rr == nil || p.Shares[abbr] == 0 || rr.Price <= 0 {
			continue
		}
		n := min(int64(p.Shares[abbr]), ceilDiv(recall, int64(rr.Price)))
		p.Shares[abbr] -= int(n)
		rr.Public += int(n)
		sale(n * int64(rr.Price))
	}
	for recall > 0 && len(p.PCs) > 0 {
		k := t.rng.IntN(len(p.PCs))
		pc := p.PCs[k]
		p.PCs = append(p.PCs[:k], p.PCs[k+1:]...)
		r, _ := t.m.Route(pc.Code)
		s.offerPC(PCOffer{Code: pc.Code, Asking: int64(r.Miles * PCPricePerMile)})
		sale(pcValue(t.m, pc))
	}
	t.news("recall", "The Bank compels %s to repay a loan recall.", p.Name)
}

// bankrupt seizes everything, absolves the debt and starts the player over
// with fresh cash; victory points earned stay (3.5B).
func (t *turn) bankrupt(p *Player) {
	s := t.s
	for _, abbr := range sortedKeys(p.Shares) {
		if rr := s.Railroad(abbr); rr != nil {
			rr.Public += p.Shares[abbr]
		}
	}
	p.Shares = map[string]int{}
	for _, pc := range p.PCs {
		r, _ := t.m.Route(pc.Code)
		s.offerPC(PCOffer{Code: pc.Code, Asking: int64(r.Miles * PCPricePerMile)})
	}
	p.PCs = nil
	s.transfer(playerAcct(p.Number), bank, p.Cash, itemBankruptcy)
	p.Loan = 0
	s.transfer(bank, playerAcct(p.Number), StartCash, itemFreshStart)
	p.Bankrupt++
	p.Recall = 0
	p.MayRename = true
	t.bankruptPlayers[p.Number] = true
	t.news("tycoon_bankruptcy", "%s is bankrupt; the Bank seizes everything he owns.", p.Name)
}
