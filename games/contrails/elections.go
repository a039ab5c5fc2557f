package contrails

// PCValueCap is the most a mile the Bank will value a PC at (3.5A).
const PCValueCap = 20

// valuePlayers computes each player's net worth and credit limit (3.5A):
// cash, plus stock at the price, plus PCs at what was paid but no more than
// $20 a mile, less the loan. A loan to a railroad is not counted (4.4E).
func (s *State) valuePlayers(m *Map) {
	for i := range s.Players {
		p := &s.Players[i]
		p.NetWorth = s.netWorth(m, p)
		p.Credit = CreditLimit(p.NetWorth, s.Climate)
	}
}

func (s *State) netWorth(m *Map, p *Player) int64 {
	w := p.Cash - p.Loan
	// A sum of whole dollars comes out the same in any order.
	for abbr, n := range p.Shares {
		if rr := s.Railroad(abbr); rr != nil {
			w += int64(n) * int64(rr.Price)
		}
	}
	for _, pc := range p.PCs {
		w += pcValue(m, pc)
	}
	return w
}

func pcValue(m *Map, pc OwnedPC) int64 {
	r, _ := m.Route(pc.Code)
	return min(pc.Paid, int64(r.Miles*PCValueCap))
}

// isDirector: 10% or more of the issued stock (4.14A).
func isDirector(shares, issued int) bool { return issued > 0 && shares*10 >= issued }

// directorsOf lists a railroad's Directors, most shares first, ties by
// position number.
func (s *State) directorsOf(rr *Railroad) []int {
	issued := s.Issued(rr)
	var out []int
	for _, p := range s.Players {
		if isDirector(p.Shares[rr.Abbr], issued) {
			out = append(out, p.Number)
		}
	}
	sortStable(out, func(a, b int) bool {
		return s.Players[out[a]-1].Shares[rr.Abbr] > s.Players[out[b]-1].Shares[rr.Abbr]
	})
	return out
}

// directorShares is the stock all Directors hold (6.1B, 6.4).
func (s *State) directorShares(rr *Railroad) int {
	n := 0
	for _, d := range rr.Directors {
		n += s.Players[d-1].Shares[rr.Abbr]
	}
	return n
}

// elect chooses every railroad's Directors, Chairman and President for the
// next turn (4.14). A player seeks the presidency of the railroads in his
// two control slots. Rulings CR10 explain the fallback of 10.1D4.
func (s *State) elect(m *Map) {
	s.electWith(nil)
}

// electWith runs the election; fallback maps a player to the railroads he
// returns to if his new choice in that slot fails (10.1D4).
func (s *State) electWith(fallback map[int][2]string) {
	wants := func(p *Player, abbr string) bool { return p.Slots[0] == abbr || p.Slots[1] == abbr }
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		rr.Directors = s.directorsOf(rr)
		rr.Chairman = 0
		if len(rr.Directors) > 0 {
			rr.Chairman = rr.Directors[0]
		}
	}
	won := map[int]map[string]bool{}
	decide := func(rr *Railroad, extra func(p *Player) bool) int {
		for _, d := range rr.Directors {
			p := &s.Players[d-1]
			if wants(p, rr.Abbr) || (extra != nil && extra(p)) {
				return d
			}
		}
		return 0
	}
	for i := range s.Railroads {
		rr := &s.Railroads[i]
		rr.President = decide(rr, nil)
		if rr.President != 0 {
			if won[rr.President] == nil {
				won[rr.President] = map[string]bool{}
			}
			won[rr.President][rr.Abbr] = true
		}
	}
	if len(fallback) == 0 {
		return
	}
	// A slot whose new railroad was not won falls back to its old one.
	for n, old := range fallback {
		p := &s.Players[n-1]
		for slot := 0; slot < 2; slot++ {
			if p.Slots[slot] == "" || won[n][p.Slots[slot]] || old[slot] == "" || old[slot] == p.Slots[slot] {
				continue
			}
			rr := s.Railroad(old[slot])
			if rr == nil || rr.President != 0 {
				continue
			}
			if isDirector(p.Shares[rr.Abbr], s.Issued(rr)) {
				rr.President = n
				p.Slots[slot] = old[slot]
			}
		}
	}
}
