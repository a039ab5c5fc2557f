package contrails

import "math/rand/v2"

// Check runs the order checking the engine will do when the turn resolves
// (phases 1 to 5 and the order-checking phase of 6.1C) on one position's
// orders alone, and returns the notes the engine gives: what it would cut,
// and why. Nothing else is known yet at receipt (other players' bids, the
// market), so these are the limits the rules set at start-of-turn values.
func Check(m *Map, s *State, position int, o Orders) []string {
	c, err := s.Clone()
	if err != nil || c.Player(position) == nil {
		return nil
	}
	orders := map[int]Orders{}
	for i := range c.Players {
		c.Players[i].Human = true // everyone else stands pat in the trial
		orders[c.Players[i].Number] = Orders{}
	}
	orders[position] = o
	t := newTurn(m, c, orders, rand.New(rand.NewPCG(0, 0)))
	t.bankLoans()
	t.presidentLoans()
	t.repayDebt()
	t.treasuryToPresident()
	t.privateCompanies()
	p := c.Player(position)
	for _, a := range o.PCActions {
		if k := ownsPC(p, a.Code); k >= 0 {
			t.withdraws(p, k, a)
		}
	}
	legal := t.legalStockOrders(p, o.Stock)
	for _, ch := range CheckStockOrders(max(p.Cash, 0), legal,
		func(rr string) int { return t.price[rr] }, func(rr string) int { return p.Shares[rr] }) {
		if ch.Note != "" {
			t.note(position, "%s: %s (6.1C).", ch.Railroad, ch.Note)
		}
	}
	var notes []string
	for _, e := range t.events {
		if e.VisibleTo == position {
			notes = append(notes, e.Text)
		}
	}
	return notes
}
