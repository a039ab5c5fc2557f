package eighteen

import (
	"fmt"
	"slices"
)

// Bankruptcy is what a title does when a president cannot raise his
// company's forced train: the game ends (1870 13.1, 18EZ 2.11: at once),
// or the player leaves and the game goes on without him (18MW): his cash
// goes to the bank and all his shares to the open market, and each
// company he presided goes, in share price order, to the player who
// holds the most of it, at least Takeover units, ties to the player
// nearest the priority; a company no one takes is the title's
// Receivership's.
type Bankruptcy struct {
	Ends EndTiming
	// Why is the end's reason, and Note the title's note of the
	// bankruptcy ("" for none): each a format of the player's name and
	// the company's symbol.
	Why, Note string

	Leaves       bool
	Takeover     int
	Receivership func(corp string)
}

// GoBankrupt applies the title's bankruptcy to a seat that cannot raise
// the price of a company's train. Where the player leaves, the turn in
// play is left as it stands: the company's new president, or the
// title's receivership, carries it on; and once fewer than two players
// are left the game ends.
func (b *Base[T, P]) GoBankrupt(bk Bankruptcy, corp string, seat int) {
	name := b.Players[seat].Name
	b.Bankrupt = seat
	if bk.Note != "" {
		b.Note(bk.Note, name, corp)
	}
	if !bk.Leaves {
		b.Ending = Trigger(b.Ending, fmt.Sprintf(bk.Why, name, corp), bk.Ends)
		if b.Ending.Due(EndNow) {
			b.End(b.Ending.Why)
		}
		return
	}
	b.leave(bk, seat)
	if len(b.Players)-len(b.Out) < 2 {
		b.Ending = Trigger(b.Ending, fmt.Sprintf(bk.Why, name, corp), EndNow)
		b.End(b.Ending.Why)
	}
}

// leave takes a bankrupt seat out of the game: his cash to the bank, his
// companies to their new presidents (the president's certificate swapped
// as on any change of president) or to receivership, in share price
// order, then every certificate he still holds to the open market.
func (b *Base[T, P]) leave(bk Bankruptcy, seat int) {
	p := b.Players[seat]
	b.Out = append(b.Out, seat)
	b.Bank += p.Cash
	p.Cash = 0
	for _, c := range b.Ordered(func(c *T) bool { return P(c).Core().President == seat }) {
		core := P(c).Core()
		if to := b.taker(core, bk.Takeover); to >= 0 {
			b.SwapPresident(core, seat, to)
			core.President = to
			b.Note(b.hooks.PresidentNote, b.Players[to].Name, core.Sym)
			continue
		}
		core.President = -1
		if bk.Receivership != nil {
			bk.Receivership(core.Sym)
		}
	}
	for _, c := range b.Corps {
		core := P(c).Core()
		if h := p.Shares[core.Sym]; len(h) > 0 {
			b.put(core, InPool, b.holding(core, InPool).with(h))
		}
		delete(p.Shares, core.Sym)
	}
}

// taker is the seat that takes over a company: the one holding the most,
// at least least units, ties to the seat nearest the priority; -1 for
// none.
func (b *Base[T, P]) taker(c *Corporation, least int) int {
	best, most := -1, max(least, 1)-1
	for i := range b.Players {
		s := (b.Priority + i) % len(b.Players)
		if n := b.Players[s].Units(c.Sym); n > most && !slices.Contains(b.Out, s) {
			best, most = s, n
		}
	}
	return best
}
