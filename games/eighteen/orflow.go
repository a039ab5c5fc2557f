package eighteen

// ORFlow is a title's own parts of the operating rounds' flow. The core
// runs the flow the one way for every title (1870 4, 18EZ 2.1): the
// companies' turns one after another in the title's order, what no one
// decides at a turn's steps, the end of a round, the next round of the
// set or, after the set, the stock round.
type ORFlow[T any] struct {
	// Held tells whether a question waits on a player (an offer, a
	// decision put first): the flow stops until it is answered.
	Held func() bool
	// Next is the next company to operate, nil when all have.
	Next func() *T
	// Turn begins a company's turn in the title's state of it (its
	// home station, its notes); the core has named the company and set
	// the turn at its track.
	Turn func(c *T)
	// Auto does at the turn's step what no one has to decide, telling
	// whether it did anything; false: the flow waits on a player.
	Auto func(c *T) bool
	// ORs is the number of operating rounds in the set.
	ORs func() int
	// Begin opens operating round n of the set.
	Begin func(n int)
	// Closing is the title's end of each operating round (18EZ 2.12:
	// the Black Line forms); nil for none.
	Closing func()
	// SetOver is the title's end of a set, before the game's end is
	// looked at; nil for none. StockRound begins the next stock round.
	SetOver    func()
	StockRound func()
}

// Flow carries the operating round on through everything no one has to
// decide: between turns the end of the game where a company's run set it
// off (1870 16.1), the next company's turn, or the round's end.
func (b *Base[T, P]) Flow(f ORFlow[T]) {
	s := b.hooks.State
	for !b.Ended && s.Kind == b.hooks.Operating && (f.Held == nil || !f.Held()) {
		switch c := b.Operating(); {
		case c != nil:
			if !f.Auto(c) {
				return
			}
		case b.Ending.Due(EndAfterRun):
			b.End(b.Ending.Why)
		case !b.NextTurn(f):
			b.EndOR(f)
		}
	}
}

// NextTurn begins the next company's turn at its track, telling whether
// one was left.
func (b *Base[T, P]) NextTurn(f ORFlow[T]) bool {
	next := f.Next()
	if next == nil {
		return false
	}
	b.hooks.State.Corp, b.hooks.State.Step = P(next).Core().Sym, StepTrack
	f.Turn(next)
	return true
}

// OpenOR is what every operating round begins with: the privates pay
// their owners (1870 4.1 B1, 18EZ 2.1) and no company has operated.
func (b *Base[T, P]) OpenOR() {
	b.PayPrivates()
	for _, c := range b.Corps {
		P(c).Core().Operated = false
	}
}

// FinishTurn closes the operating company's turn.
func (b *Base[T, P]) FinishTurn(c *T) {
	P(c).Core().Operated = true
	b.hooks.State.Corp = ""
}

// EndOR closes an operating round: the title's close, then the game's
// end where it was set off for the end of a round, the set's next round,
// or after the set the game's end or the stock round.
func (b *Base[T, P]) EndOR(f ORFlow[T]) {
	s := b.hooks.State
	s.Corp = ""
	b.ORsDone++
	if f.Closing != nil {
		f.Closing()
	}
	switch {
	case b.Ending.Due(EndAfterOR):
		b.End(b.Ending.Why)
	case s.OR < f.ORs():
		f.Begin(s.OR + 1)
	default:
		if f.SetOver != nil {
			f.SetOver()
		}
		if b.Ending.Due(EndAfterSet) {
			b.End(b.Ending.Why)
			return
		}
		f.StockRound()
	}
}

// PlaceHome puts a company's home station in its home city, free,
// telling whether it did. Where always, it goes in the hex's first city
// at the start of the company's first turn, tile or none, its room kept
// by the rule of a station (1870 7.1, 7.3); otherwise once the city has
// a tile with room (18EZ 2.3, 2.5).
func (b *Base[T, P]) PlaceHome(c *T, always bool) bool {
	core := P(c).Core()
	if core.Operating {
		return false
	}
	city := 0
	if !always {
		city = b.Layout.FreeCity(core.Home)
	}
	if city < 0 {
		return false // no tile yet, or no room
	}
	b.Layout.Place(core.Home, city, core.Sym)
	core.Operating, core.Stations = true, 1
	return true
}
