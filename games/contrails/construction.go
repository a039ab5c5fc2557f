package contrails

import "sort"

// 7. Tycoon financial phase: Prodigal spending, interest on cash, and bank
// failures (1.2, 3.4, 5, 11.1). Stock settled in the market phase.
func (t *turn) tycoonFinance() {
	s := t.s
	for i := range s.Players {
		p := &s.Players[i]
		spend := t.orders[p.Number].Prodigal
		if spend > 0 {
			spend = min(spend, max(p.Cash, 0))
			if spend < 1000 {
				t.note(p.Number, "No Prodigal spending: it takes at least $1,000 and you had $%d to spend (1.2).", spend)
				spend = 0
			}
			t.prodigal[i] = spend
			s.transfer(playerAcct(p.Number), bank, spend, itemProdigal)
		}
	}
	for i, pts := range ProdigalPoints(t.prodigal) {
		if pts > 0 {
			s.Players[i].VP.Prodigal += pts
			t.note(s.Players[i].Number, "Your Prodigal spending of $%d earned %d VP.", t.prodigal[i], pts)
		}
	}
	for i := range s.Players {
		p := &s.Players[i]
		s.transfer(bank, playerAcct(p.Number), CashInterest(p.Cash, t.climate), itemCashInterest)
		// Bank failures strike only below Normal, and never take a third (11.1).
		if t.climate > Normal && p.Cash > 0 && t.rng.IntN(100) < 6*int(t.climate-Normal) {
			lost := p.Cash * int64(5+t.rng.IntN(29)) / 100
			s.transfer(playerAcct(p.Number), bank, lost, itemBankFailure)
			t.news("bank_failure", "A bank failure costs %s $%d.", p.Name, lost)
		}
	}
}

// finance pays a cost the railroad may borrow for (4.6E, 10.2D2): half at
// least by bonds, the rest from cash if it has it, else by short-term
// loans. reserve is cash kept back for political influence (4.9C).
func (t *turn) finance(rr *Railroad, cost, reserve int64) {
	bonds := (cost + 1) / 2
	rest := cost - bonds
	fromCash := min(rest, max(rr.Cash-reserve, 0))
	rr.Bonds += bonds
	rr.Loans += rest - fromCash
	// The lenders pay the builders; the railroad pays its share of cash.
	t.s.transfer(railroadAcct(rr.Abbr), bank, fromCash, itemConstruction)
}

// maxEfficiencyOf adds to the length cap of 4.5C the cost of old engines:
// each locomotive type behind the best available costs 3 points (4.17).
func (s *State) maxEfficiencyOf(m *Map, rr *Railroad) int {
	return max(MaxEfficiency(m.Miles(rr.Lines))-3*(s.Locomotive-rr.Loco), 1)
}

// 8. Railroad capital expenses: repairs, locomotives, technology (4.5, 4.17,
// 4.18).
func (t *turn) capitalExpenses() {
	for _, rr := range t.railroadsInOrder() {
		if rr.Bankrupt {
			continue // 4.11B
		}
		o := t.rrOrders(rr)
		pres := t.presidents[rr.Abbr]
		miles := t.miles[rr.Abbr]
		per := min(max(o.Repairs, 0), 50)
		if o.Repairs > 50 {
			t.note(pres, "%s: repairs cut to $50 a mile (10.2D1).", rr.Abbr)
		}
		// Capital depreciation averages 5 points a turn (4.5B).
		rr.Efficiency -= 3 + t.rng.IntN(5)
		gain := 0
		for k := 0; k < per; k++ {
			if t.rng.IntN(2) == 0 {
				gain++
			}
		}
		rr.Efficiency = max(1, min(rr.Efficiency+gain, t.s.maxEfficiencyOf(t.m, rr)))
		if per > 0 {
			t.finance(rr, int64(per*miles), o.Political)
		}
		if o.Locomotive > rr.Loco {
			want := min(o.Locomotive, t.s.Locomotive)
			cost := int64(10 * (want - rr.Loco) * miles)
			if want > rr.Loco && cost <= rr.Cash {
				t.s.transfer(railroadAcct(rr.Abbr), bank, cost, itemLocomotives)
				rr.Loco = want
				t.news("equipment", "%s buys type %d locomotives.", rr.Abbr, want)
			} else if want > rr.Loco {
				t.note(pres, "%s: locomotives need $%d in cash (4.17); not bought.", rr.Abbr, cost)
			}
		}
		if o.Technology || o.TechChoice != "" {
			t.buyTechnology(rr, pres, miles, o.TechChoice)
		}
	}
}

// bigTown: a Grand Station needs a size 4 or 5 town at the start (4.18).
func bigTown(m *Map, rr *Railroad) bool {
	for _, tw := range m.TownsOf(rr.Lines) {
		if town, _ := m.Town(tw); town.Size >= 4 {
			return true
		}
	}
	return false
}

// issueStock authorizes 5 shares a mile for new line (4.3A2, A3): 10% to
// the treasury, owner shares to a merged PC's owner, the Director bonus
// paid by automatic loan at half the starting price (4.3B), and the rest
// brokered to the public at 10% under the price (4.3C).
func (t *turn) issueStock(rr *Railroad, miles, owner int) {
	s := t.s
	n := miles * SharesPerMile
	treasury := n * TreasuryPercent / 100
	ownerShares := 0
	if owner != 0 {
		ownerShares = n * 20 / 100
		s.Player(owner).Shares[rr.Abbr] += ownerShares
	}
	dirs := t.directors[rr.Abbr]
	each := DirectorBonusShares(n, len(dirs))
	// Both prices run from the start of the turn, whatever the market did
	// since (4.3B "one-half the start of turn price", 4.3C "the starting
	// stock price"; ruling CR15).
	price := int64(t.price[rr.Abbr])
	if price <= 0 {
		price = int64(rr.Price)
	}
	for _, d := range dirs {
		p := s.Player(d)
		cost := int64(each) * price / 2
		p.Loan += cost // the automatic loan (4.3B)
		s.transfer(bank, playerAcct(d), cost, itemAutoLoan)
		s.transfer(playerAcct(d), railroadAcct(rr.Abbr), cost, itemBonusShares)
		p.Shares[rr.Abbr] += each
	}
	public := n - treasury - ownerShares - each*len(dirs)
	rr.Authorized += n
	rr.Treasury += treasury
	rr.Public += public
	s.transfer(bank, railroadAcct(rr.Abbr), int64(public)*price*9/10, itemStockIssue)
}

// withdraws tells whether an order would take a PC on offer off the
// market by incorporating or merging it, which 10.1B1d forbids ("once you
// offer it for sale, you cannot withdraw it"), and notes the refusal. It
// holds for an offer made this turn as for one standing from before.
func (t *turn) withdraws(p *Player, k int, a PCAction) bool {
	if p.PCs[k].Asking == 0 || (a.Action != IncorporatePC && a.Action != MergePC) {
		return false
	}
	t.note(p.Number, "%s: offered for sale at $%d, it cannot be withdrawn to %s; you may only change its asking price (10.1B1d). The order is not carried out.",
		a.Code, p.PCs[k].Asking, a.Action)
	return true
}

// 9. Construction: PCs incorporate and merge, RoWs are built or abandoned,
// lines are double-tracked (4.3, 4.6, 4.15, 10.1B).
func (t *turn) construction() {
	s := t.s
	for i := range s.Players {
		p := &s.Players[i]
		for _, a := range t.orders[p.Number].PCActions {
			k := ownsPC(p, a.Code)
			if k < 0 || t.sold[a.Code] {
				continue // 10.1B2e, 3e: sold meanwhile
			}
			if t.withdraws(p, k, a) {
				continue
			}
			switch a.Action {
			case IncorporatePC:
				t.incorporate(p, k)
			case MergePC:
				t.mergePC(p, k, a.Into)
			}
		}
	}
	for _, rr := range t.railroadsInOrder() {
		o := t.rrOrders(rr)
		pres := t.presidents[rr.Abbr]
		if rr.RoW != "" && t.s.Railroad(rr.Abbr) != nil && rr.Founded < s.Turn {
			switch {
			case o.Abandon:
				t.news("row", "%s abandons %s.", rr.Abbr, rr.RoW)
				rr.RoW, rr.RoWGrant = "", 0
				t.rowFree[rr.Abbr] = true
			case o.Build > 0 && rr.Bankrupt:
				t.note(pres, "%s: a bankrupt railroad cannot build (4.11B).", rr.Abbr)
			case o.Build > 0 && IsCivilWar(s.Turn):
				t.note(pres, "%s: no railroad builds during the Civil War (8).", rr.Abbr)
			case o.Build > 0:
				t.build(rr, pres, o.Build)
			}
		}
		if o.DoubleTrack != "" && !rr.Bankrupt {
			t.doubleTrack(rr, pres, o.DoubleTrack)
		}
	}
}

func (t *turn) incorporate(p *Player, k int) {
	s := t.s
	pc := p.PCs[k]
	r, _ := t.m.Route(pc.Code)
	rr := Railroad{Abbr: r.Code, Name: r.Name, Number: s.NextNumber, Founded: s.Turn, Lines: []string{r.Code},
		Price: startPrice(t.m, r), Efficiency: 85, Loco: s.Locomotive, Techs: upTo(s.Techs)}
	s.NextNumber++
	n := r.Miles * SharesPerMile
	owner := n * 20 / 100 // 1 share a mile (10.1B3c)
	rr.Treasury = n * TreasuryPercent / 100
	rr.Public = n - owner - rr.Treasury
	rr.Authorized = n
	p.PCs = append(p.PCs[:k], p.PCs[k+1:]...)
	s.withdrawOffer(r.Code)
	s.Railroads = append(s.Railroads, rr)
	p.Shares[r.Code] += owner
	s.transfer(bank, railroadAcct(r.Code), int64(rr.Public)*int64(rr.Price)*9/10, itemStockIssue)
	t.price[r.Code] = rr.Price
	t.miles[r.Code] = r.Miles
	t.regions[r.Code] = t.m.RegionsOf(rr.Lines)
	t.news("incorporation", "%s incorporates the %s (%s), %d miles, at $%d a share.", p.Name, r.Name, r.Code, r.Miles, rr.Price)
}

func (t *turn) mergePC(p *Player, k int, into string) {
	s := t.s
	pc := p.PCs[k]
	rr := s.Railroad(into)
	switch {
	case rr == nil || rr.Founded >= s.Turn:
		t.note(p.Number, "%s cannot merge into %q: no such railroad at the start of the turn (10.1B2a).", pc.Code, into)
		return
	case rr.Bankrupt:
		t.note(p.Number, "%s cannot merge into %s: it is bankrupt (4.11B).", pc.Code, rr.Abbr)
		return
	case !t.m.Touches(t.lines[rr.Abbr], pc.Code):
		t.note(p.Number, "%s cannot merge into %s: they do not connect at the start of the turn (10.1B2a).", pc.Code, rr.Abbr)
		return
	}
	if why := t.m.Prohibited(rr.holdings(), pc.Code); why != "" {
		t.note(p.Number, "%s cannot merge into %s: %s.", pc.Code, rr.Abbr, why)
		return
	}
	r, _ := t.m.Route(pc.Code)
	p.PCs = append(p.PCs[:k], p.PCs[k+1:]...)
	s.withdrawOffer(pc.Code)
	rr.Lines = append(rr.Lines, pc.Code)
	t.issueStock(rr, r.Miles, p.Number)
	t.news("merger", "%s merges the %s (%s) into %s.", p.Name, r.Name, pc.Code, rr.Abbr)
}

func (t *turn) build(rr *Railroad, pres, perMile int) {
	s := t.s
	if why := t.m.Prohibited(rr.Lines, rr.RoW); why != "" {
		t.note(pres, "%s cannot build %s: %s.", rr.Abbr, rr.RoW, why)
		return
	}
	r, _ := t.m.Route(rr.RoW)
	minCost := Climates[t.climate].BuildCost
	if perMile < minCost {
		t.note(pres, "%s: building cost raised from $%d to the minimum $%d a mile (4.6B).", rr.Abbr, perMile, minCost)
		perMile = minCost
	}
	if perMile > 2*minCost {
		t.note(pres, "%s: building cost cut from $%d to $%d a mile, double the minimum (4.6C).", rr.Abbr, perMile, 2*minCost)
		perMile = 2 * minCost
	}
	cost := buildCost(t.m, rr.Lines, rr.RoW, t.climate)
	over := int64((perMile - minCost) * r.Miles)
	t.finance(rr, cost+over, t.rrOrders(rr).Political)
	// The overspend goes to the Directors' construction company (4.6C).
	dirs := t.directors[rr.Abbr]
	if over > 0 {
		share := over / int64(len(dirs)+1)
		for _, d := range dirs {
			s.transfer(bank, playerAcct(d), share, itemConstructionCo)
		}
	}
	rr.Lines = append(rr.Lines, rr.RoW)
	rr.Land += rr.RoWGrant
	t.issueStock(rr, r.Miles, 0)
	t.news("build", "%s builds %s (%s–%s, %d miles).", rr.Abbr, r.Code, r.A, r.B, r.Miles)
	rr.RoW, rr.RoWGrant = "", 0
	t.rowFree[rr.Abbr] = true
}

// buildCost is what building a RoW onto lines costs at the least (4.6B,
// D): the climate's minimum a mile, and $300 times the value of each town
// the lines do not yet serve.
func buildCost(m *Map, lines []string, code string, c Climate) int64 {
	r, _ := m.Route(code)
	cost := int64(Climates[c].BuildCost * r.Miles)
	served := m.townsOf(lines)
	for _, tw := range []string{r.A, r.B} {
		if rank, ok := m.ix.rankOf[tw]; !ok || !served.has(rank) {
			town, _ := m.Town(tw)
			cost += int64(300 * town.Value()) // 4.6D
		}
	}
	return cost
}

// doubleTrackCost is 25% of the climate's minimum building cost a mile
// (4.15).
func doubleTrackCost(c Climate, miles int) int64 {
	return int64(Climates[c].BuildCost * miles / 4)
}

func (t *turn) doubleTrack(rr *Railroad, pres int, code string) {
	if !contains(rr.Lines, code) || contains(rr.Doubled, code) {
		t.note(pres, "%s: %s is not a single-tracked line of the railroad (4.15).", rr.Abbr, code)
		return
	}
	r, _ := t.m.Route(code)
	cost := doubleTrackCost(t.climate, r.Miles)
	if cost > rr.Cash {
		t.note(pres, "%s: double-tracking %s needs $%d in cash (4.15); not done.", rr.Abbr, code, cost)
		return
	}
	t.s.transfer(railroadAcct(rr.Abbr), bank, cost, itemDoubleTrack)
	rr.Doubled = append(rr.Doubled, code)
	sort.Strings(rr.Doubled)
	t.news("build", "%s double-tracks %s.", rr.Abbr, code)
}

// 10. Railroads buy political influence: $1 a mile of starting track buys
// a point; no loans (4.9).
func (t *turn) politics() {
	for _, rr := range t.railroadsInOrder() {
		o := t.rrOrders(rr)
		if o.Political <= 0 || rr.Bankrupt {
			continue
		}
		spend := min(o.Political, max(rr.Cash, 0))
		if spend < o.Political {
			t.note(t.presidents[rr.Abbr], "%s: political spending cut from $%d to $%d, the cash it has (4.9B).", rr.Abbr, o.Political, spend)
		}
		miles := max(t.miles[rr.Abbr], 1)
		t.s.transfer(railroadAcct(rr.Abbr), bank, spend, itemPolitical)
		t.influence[rr.Abbr] = int(spend / int64(miles))
	}
}
