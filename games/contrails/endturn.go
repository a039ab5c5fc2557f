package contrails

// 15. Stock splits, then elections for next turn (4.14, 6.5, 10.1D).
func (t *turn) elections() {
	s := t.s
	t.priceEnd()
	fallback := map[int][2]string{}
	for i := range s.Players {
		p := &s.Players[i]
		o := t.orders[p.Number]
		old := p.Slots
		for k := range p.Slots {
			if o.Control[k] != "" {
				if rr := s.Railroad(o.Control[k]); rr != nil {
					p.Slots[k] = rr.Abbr
				} else {
					t.note(p.Number, "Control slot RR%d: there is no railroad %q.", k+1, o.Control[k])
				}
			}
		}
		for _, r := range o.Resign {
			rr := s.Railroad(r)
			for k := range p.Slots {
				if rr != nil && p.Slots[k] == rr.Abbr {
					p.Slots[k] = ""
					old[k] = ""
				}
			}
		}
		if old != p.Slots {
			fallback[p.Number] = old
		}
	}
	s.electWith(fallback)
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		before, known := t.presidents[rr.Abbr]
		if !known || before == rr.President {
			continue
		}
		if rr.PresDebt > 0 {
			loot := min(rr.PresDebt, max(rr.Cash, 0)) * int64(t.rng.IntN(101)) / 100
			s.transfer(railroadAcct(rr.Abbr), bank, loot, itemLooted)
			t.news("debt", "%s's debt of $%d to its President is cancelled; $%d is looted from its treasury (4.4D).", rr.Abbr, rr.PresDebt, loot)
			rr.PresDebt = 0
		}
		if rr.President != 0 {
			t.news("president", "%s is elected President of %s.", s.Player(rr.President).Name, rr.Abbr)
		}
	}
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		if s.directorShares(rr)*2 > s.Issued(rr) {
			t.news("cornered", "%s stock is cornered: its Directors hold more than half of it (6.4).", rr.Abbr)
		}
	}
	s.valuePlayers(t.m)
}

// The game may end after any turn from EndTurn on, with chance 1 in
// EndOdds (1.3, rulings CR15).
const (
	EndTurn = 21
	EndOdds = 4
)

// Builder bonuses (1.2): a player wins each at most once.
type bonus struct {
	name   string
	points int
	linked func(has map[Region]bool) bool
}

var builderBonuses = []bonus{
	{"Atlantic-Central/Mississippi", 5, func(h map[Region]bool) bool { return h[Atlantic] && (h[Central] || h[Mississippi]) }},
	{"Central-Gulf", 7, func(h map[Region]bool) bool { return h[Central] && h[Gulf] }},
	{"Pacific-Midwest/Mississippi/Gulf", 10, func(h map[Region]bool) bool { return h[Pacific] && (h[Midwest] || h[Mississippi] || h[Gulf]) }},
}

func regionSet(rs []Region) map[Region]bool {
	out := map[Region]bool{}
	for _, r := range rs {
		out[r] = true
	}
	return out
}

// magnatePoints scores a system's regions (1.2).
func magnatePoints(rs []Region) int {
	h := regionSet(rs)
	pts := len(rs)
	if h[Atlantic] && (h[Central] || h[Mississippi]) {
		pts += 2
	}
	if h[Central] && h[Gulf] {
		pts += 2
	}
	if h[Pacific] && (h[Midwest] || h[Mississippi] || h[Gulf]) {
		pts += 3
	}
	if h[Atlantic] && h[Pacific] {
		pts += 5
	}
	return pts
}

// 16. Victory points, and the end of the game (1.2, 1.3).
func (t *turn) victoryPoints() {
	s := t.s
	t.robberBaron()
	t.railMogul()
	t.railBuilder()
	t.railMagnate()
	s.railBaron()
	// The game ends at random after turn 20 (1.3).
	if s.Turn >= EndTurn && t.rng.IntN(EndOdds) == 0 {
		s.Over = true
		t.news("end", "The game ends after turn %d.", s.Turn)
	}
}

// robberBaron scores net worth by rank, and the first millionaire (1.2).
func (t *turn) robberBaron() {
	s := t.s
	order := make([]int, 0, len(s.Players))
	for i, p := range s.Players {
		if !t.bankruptPlayers[p.Number] {
			order = append(order, i)
		}
	}
	sortStable(order, func(a, b int) bool { return s.Players[order[a]].NetWorth > s.Players[order[b]].NetWorth })
	for rank, i := range order {
		s.Players[i].VP.RobberBaron += max(5-rank, 1)
	}
	anyMillionaire := false
	for _, p := range s.Players {
		anyMillionaire = anyMillionaire || p.VP.Millionaire
	}
	if !anyMillionaire {
		for i := range s.Players {
			if s.Players[i].NetWorth > 1_000_000 {
				s.Players[i].VP.Millionaire = true
				s.Players[i].VP.RobberBaron += 5
				t.news("millionaire", "%s is the first tycoon worth over $1,000,000.", s.Players[i].Name)
			}
		}
	}
}

// railMogul scores the Directors and Presidents of the start of the turn,
// and the Presidents' dividends (1.2).
func (t *turn) railMogul() {
	s := t.s
	dividends := map[int][]int{}
	for _, abbr := range sortedKeys(t.directors) {
		for _, d := range t.directors[abbr] {
			s.Player(d).VP.Mogul++
		}
		pres := t.presidents[abbr]
		if pres == 0 {
			continue
		}
		if contains(t.bankruptRR, abbr) {
			s.Player(pres).VP.Mogul -= 5
			continue
		}
		rr := s.Railroad(abbr)
		if rr == nil || rr.PresDebt > 0 {
			continue // merged away, or in debt to its President
		}
		dividends[pres] = append(dividends[pres], t.paid[abbr])
	}
	for pn, divs := range dividends {
		p := s.Player(pn)
		var vp int
		vp, p.VP.MogulSaved = MogulDividendPoints(p.VP.MogulSaved, divs)
		p.VP.Mogul += vp
	}
}

// railBuilder scores new regions, the first links and the bonuses (1.2).
func (t *turn) railBuilder() {
	s := t.s
	for _, rr := range t.railroadsInOrder() {
		pres := t.presidents[rr.Abbr]
		now := t.m.RegionsOf(rr.Lines)
		before := regionSet(t.regions[rr.Abbr])
		for _, reg := range now {
			first := s.Links[reg] == ""
			if first {
				s.Links[reg] = rr.Abbr
				t.news("link", "%s is the first railroad to reach the %s region.", rr.Abbr, reg)
			}
			if before[reg] || pres == 0 {
				continue
			}
			pts := 2
			if first {
				pts *= 2
			}
			s.Player(pres).VP.Builder += pts
		}
		if pres == 0 {
			continue
		}
		has := regionSet(now)
		p := s.Player(pres)
		for _, b := range builderBonuses {
			if !b.linked(has) || b.linked(before) || contains(p.VP.Bonuses, b.name) {
				continue
			}
			pts := b.points
			if !s.FirstBonus[b.name] {
				s.FirstBonus[b.name] = true
				pts *= 2
			}
			p.VP.Bonuses = append(p.VP.Bonuses, b.name)
			p.VP.Builder += pts
		}
	}
}

// railMagnate scores each President's best system (1.2).
func (t *turn) railMagnate() {
	s := t.s
	byPres := map[int][]*Railroad{}
	for _, rr := range t.railroadsInOrder() {
		if pres := t.presidents[rr.Abbr]; pres != 0 {
			byPres[pres] = append(byPres[pres], rr)
		}
	}
	for pres, rrs := range byPres {
		best := 0
		for i, a := range rrs {
			best = max(best, magnatePoints(t.m.RegionsOf(a.Lines)))
			for _, b := range rrs[i+1:] {
				if t.m.ConnectedTo(a.Lines, b.Lines) {
					best = max(best, magnatePoints(t.m.RegionsOf(append(append([]string(nil), a.Lines...), b.Lines...))))
				}
			}
		}
		s.Player(pres).VP.Magnate += best
	}
}

// railBaron scores each player's share of the leader's points in the
// other five categories (1.2).
func (s *State) railBaron() {
	cats := []func(v VP) int{
		func(v VP) int { return v.RobberBaron }, func(v VP) int { return v.Mogul }, func(v VP) int { return v.Builder },
		func(v VP) int { return v.Magnate }, func(v VP) int { return v.Prodigal },
	}
	for i := range s.Players {
		s.Players[i].VP.Baron = 0
	}
	for _, cat := range cats {
		top := 0
		for _, p := range s.Players {
			top = max(top, cat(p.VP))
		}
		if top <= 0 {
			continue
		}
		for i := range s.Players {
			s.Players[i].VP.Baron += max(cat(s.Players[i].VP), 0) * 100 / top
		}
	}
}

// Equipment arrives slowly before the Civil War and quickly after it
// (4.17, 4.18); rulings CR11.
var (
	locomotiveTurns = []int{1, 4, 8, 13, 15, 17, 19, 21, 24} // type n arrives on turn locomotiveTurns[n-1]
	technologyTurns = []int{1, 5, 9, 13, 14, 16, 17, 19, 21, 23}
)

func availableBy(turns []int, turn int) int {
	n := 0
	for _, at := range turns {
		if turn >= at {
			n++
		}
	}
	return n
}

// newPCs readies next turn: new equipment, and the random appearance of
// eligible PCs, likelier each turn one waits (2.4C).
func (t *turn) newPCs() {
	s := t.s
	next := s.Turn + 1
	if l := availableBy(locomotiveTurns, next); l > s.Locomotive {
		s.Locomotive = l
		t.news("invention", "Type %d locomotives are available.", l)
	}
	if k := availableBy(technologyTurns, next); k > s.Techs {
		s.Techs = k
		t.news("invention", "Technology %c is available.", TechnologyLetters[k-1])
	}
	used := map[string]bool{}
	for _, o := range s.Offers {
		used[o.Code] = true
	}
	for _, p := range s.Players {
		for _, pc := range p.PCs {
			used[pc.Code] = true
		}
	}
	for _, rr := range s.Railroads {
		for _, c := range rr.Lines {
			used[c] = true
		}
	}
	for _, r := range t.m.Routes {
		if r.Kind != PC || r.Turn < 1 || r.Turn > next || used[r.Code] {
			continue
		}
		waited := s.Eligible[r.Code]
		if t.rng.IntN(100) < 30+20*waited {
			s.offerPC(PCOffer{Code: r.Code, Asking: int64(r.Miles * PCPricePerMile)})
			delete(s.Eligible, r.Code)
			t.news("pc_available", "The %s (%s) is offered for sale at $%d.", r.Name, r.Code, r.Miles*PCPricePerMile)
			continue
		}
		s.Eligible[r.Code] = waited + 1
	}
	sortOffers(s.Offers)
}
