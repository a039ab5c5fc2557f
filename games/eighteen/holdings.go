package eighteen

import "strconv"

// Which certificate moves is settled here once, for every title, by one
// rule (Holding.pick): of the certificates at the place they leave, the
// ordinary ones, smallest first and of equal ones the first to arrive;
// the president's certificate moves only where a move is about it. So:
//
//   - a purchase from the initial offering takes its first ordinary
//     certificate (the lowest index, ATSF_1 before ATSF_2), as 18xx.games
//     offers the first share there; from the open market its first (the
//     first sold into it), as 18xx.games does;
//   - starting a company (its par) takes the president's certificate
//     from the initial offering (DealPresident); a private that carries a
//     certificate (1870's Katy share MKT_1, the Frisco's president's
//     certificate SLSF_0) keeps it in the title's reserve until the
//     private hands it over (Deal, DealPresident);
//   - a sale gives the seller's ordinary certificates, smallest and
//     first come first, as 18xx.games sells a bundle of the seller's
//     shares sorted by size with the president's last; a president who
//     sells past his certificate first swaps it with the player who will
//     preside (Transfer, SwapPresident), so the open market never holds
//     a president's certificate;
//   - on any change of president (Reelect) the new one gives the old
//     ordinary certificates of the president's certificate's units, his
//     own first come, for it; the holdings' units never change in a swap;
//   - 1870's redemption (5.10) takes the open market's first, or the
//     seller's first ordinary one, into the treasury; its reissue (5.11)
//     moves the whole treasury, in the order redeemed, to the end of the
//     initial offering (Shift);
//   - 18EZ's Black Line keeps its president's certificate BL_0 and the
//     minors' shares BL_1 to BL_4 in its reserve; at the merger BL_0 goes
//     to the Obsidian's owner and each minor's president takes the
//     reserve's first, and what is left joins the initial offering after
//     BL_5 to BL_8;
//   - a minor held whole (ShareRules.WholeKinds) has no certificates: its
//     president is its owner, counted as one certificate, as 18xx.games's
//     minors have no shares;
//   - a closed company's certificates leave play (Retire).
//
// A move may name its certificates instead (TransferNamed, ShiftNamed):
// a log imported from 18xx.games names the share ids it moves, while the
// moves written here (BUY, SELL with a count) keep their words.

// Place is where a company's certificates lie: a seat's hand (Hand), the
// open market, the company's initial offering or its treasury. A title's
// own holdings (a reserve kept for a private or a merger) are Holdings it
// keeps itself, which Deal and DealPresident hand out.
type Place int

// The places other than a hand.
const (
	InPool Place = -1 - iota
	InIPO
	InTreasury
)

// Hand is a seat's hand.
func Hand(seat int) Place { return Place(seat) }

// holding is what lies at a place.
func (b *Base[T, P]) holding(c *Corporation, at Place) Holding {
	switch at {
	case InPool:
		return b.Pool[c.Sym]
	case InIPO:
		return c.IPO
	case InTreasury:
		return c.Treasury
	}
	return b.Players[at].Shares[c.Sym]
}

// put lays a holding at a place. A hand or the open market given a
// holding lists the company from then on, even with nothing in it.
func (b *Base[T, P]) put(c *Corporation, at Place, h Holding) {
	switch at {
	case InPool:
		b.Pool[c.Sym] = h
	case InIPO:
		c.IPO = h
	case InTreasury:
		c.Treasury = h
	default:
		b.Players[at].Shares[c.Sym] = h
	}
}

// Transfer moves units of a company from one place to another, which
// certificates by the core's one rule (Holding.pick): ordinary ones,
// smallest first, the first to arrive first. Buying from the initial
// offering or the open market takes the first there, a sale gives the
// seller's first, a redemption the first in the open market or the
// seller's first, a reissue all. Where a hand's ordinary certificates
// cannot make the units and it holds the president's certificate (a
// president selling down past it), the player who will preside after
// the move (the most units, the first to the seller's left of equals)
// swaps first: he hands the seller ordinary certificates of the
// president's certificate's units for it (SwapPresident), and the
// seller then parts with ordinary ones, as 18xx.games leaves the open
// market holding ordinary shares only. The title's Reelect then names
// the new president. Transfer tells whether it could make the units;
// when it cannot, which the rules' checks before a move rule out,
// nothing moves.
func (b *Base[T, P]) Transfer(c *Corporation, from, to Place, units int) bool {
	h := b.holding(c, from)
	if pres := h.President(); from >= 0 && pres != nil && h.Units()-pres.Units < units {
		if s := b.successor(c, int(from), h.Units()-units); s >= 0 {
			b.SwapPresident(c, int(from), s)
			h = b.holding(c, from)
		}
	}
	idx, ok := h.pick(units)
	if !ok {
		return false
	}
	rest, moved := h.split(idx)
	b.put(c, from, rest)
	b.put(c, to, b.holding(c, to).with(moved))
	return true
}

// TransferNamed moves the certificates named from one place to another:
// the move of a log that names them (18xx.games's share ids). The title
// checks the move as for any other; the certificates must be there.
func (b *Base[T, P]) TransferNamed(c *Corporation, from, to Place, ids ...string) error {
	h := b.holding(c, from)
	idx, err := h.named(ids)
	if err != nil {
		return RuleError("certificates", "%s: %v", c.Sym, err)
	}
	rest, moved := h.split(idx)
	b.put(c, from, rest)
	b.put(c, to, b.holding(c, to).with(moved))
	return nil
}

// Deal hands a seat units of ordinary certificates from a holding the
// title keeps (a reserve that travels with a private, or is kept for a
// merger) by the core's rule, telling whether it could. A seat dealt
// nothing still lists the company.
func (b *Base[T, P]) Deal(c *Corporation, from *Holding, seat, units int) bool {
	idx, ok := from.pick(units)
	if !ok {
		return false
	}
	rest, moved := from.split(idx)
	*from = rest
	b.put(c, Hand(seat), b.holding(c, Hand(seat)).with(moved))
	return true
}

// DealPresident hands a seat the president's certificate from a holding:
// the initial offering when he starts the company, or the reserve of a
// private that carries it. It tells whether the certificate was there.
func (b *Base[T, P]) DealPresident(c *Corporation, from *Holding, seat int) bool {
	pres := from.President()
	if pres == nil {
		return false
	}
	idx, _ := from.named([]string{pres.ID})
	rest, moved := from.split(idx)
	*from = rest
	b.put(c, Hand(seat), b.holding(c, Hand(seat)).with(moved))
	return true
}

// SwapPresident hands the president's certificate from one seat to
// another on a change of president: the new president gives the old
// ordinary certificates of its units by the core's rule, the holdings'
// units staying as they were (18xx.games gives them to the old president
// when he can hold them; in the core's moves he always can, since he
// still holds the president's certificate when the swap comes). Nothing
// moves when the old president lacks the certificate, the new one has
// it, or he lacks the ordinary certificates to give.
func (b *Base[T, P]) SwapPresident(c *Corporation, from, to int) {
	if from < 0 || to < 0 || from == to {
		return
	}
	old, next := b.holding(c, Hand(from)), b.holding(c, Hand(to))
	pres := old.President()
	if pres == nil || next.President() != nil {
		return
	}
	idx, ok := next.pick(pres.Units)
	if !ok {
		return
	}
	keep, given := next.split(idx)
	oldIdx, _ := old.named([]string{pres.ID})
	rest, moved := old.split(oldIdx)
	b.put(c, Hand(from), rest.with(given))
	b.put(c, Hand(to), keep.with(moved))
}

// successor is who presides once a seat holds only after units: the
// player with the most units, more than after and at least the
// president's certificate's, the first to the seat's left of equals; -1
// for none.
func (b *Base[T, P]) successor(c *Corporation, seat, after int) int {
	pres := b.holding(c, Hand(seat)).President()
	best, most := -1, after
	n := len(b.Players)
	for k := 1; k < n; k++ {
		s := (seat + k) % n
		if u := b.Players[s].Units(c.Sym); u > most && u >= pres.Units {
			best, most = s, u
		}
	}
	return best
}

// Retire takes a closed company's certificates out of play: no hand, the
// open market, its initial offering or its treasury holds them any more.
// A title's own reserve is the title's to clear.
func (b *Base[T, P]) Retire(c *Corporation) {
	for _, p := range b.Players {
		delete(p.Shares, c.Sym)
	}
	delete(b.Pool, c.Sym)
	c.IPO, c.Treasury = nil, nil
}

// PoolUnits are a company's units in the open market.
func (b *Base[T, P]) PoolUnits(sym string) int { return b.Pool[sym].Units() }

// CertsPlaced are where every company's certificates lie, by id, for the
// stored state: reserved is a title's own reserve of a company, or nil
// for a title that keeps none. Companies with no certificates anywhere
// (a minor held whole, a closed company) are left out.
func (b *Base[T, P]) CertsPlaced(reserved func(*T) Holding) map[string]CertPlaces {
	out := map[string]CertPlaces{}
	for _, x := range b.Corps {
		c := P(x).Core()
		pl := CertPlaces{IPO: c.IPO.IDs(), Treasury: c.Treasury.IDs(), Pool: b.Pool[c.Sym].IDs()}
		if reserved != nil {
			pl.Reserved = reserved(x).IDs()
		}
		for s, p := range b.Players {
			if h := p.Shares[c.Sym]; len(h) > 0 {
				if pl.Seats == nil {
					pl.Seats = map[string][]string{}
				}
				pl.Seats[strconv.Itoa(s)] = h.IDs()
			}
		}
		if len(pl.IPO)+len(pl.Treasury)+len(pl.Pool)+len(pl.Reserved)+len(pl.Seats) > 0 {
			out[c.Sym] = pl
		}
	}
	return out
}
