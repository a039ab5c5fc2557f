package eighteen

import "strings"

// Private is a private company: bought by players, paying its revenue to
// its owner each operating round, perhaps sold on to a public company,
// closed by a phase or by the use of its power. A title's powers are its
// own code, asking Owned whether a company may use one.
type Private struct {
	Sym, Name string
	Cost      int // what it sells for now (a title may lower it)
	Printed   int // its list price
	Revenue   int
	Owner     int         // a seat, or -1
	Corp      string      // the public company that owns it, if one does
	Closed    bool        //
	Bids      map[int]int // seat -> bid, while it is auctioned
}

// NewPrivate is a private in the bank, unsold.
func NewPrivate(sym, name string, cost, revenue int) *Private {
	return &Private{Sym: sym, Name: name, Cost: cost, Printed: cost, Revenue: revenue, Owner: -1, Bids: map[int]int{}}
}

// Held tells whether a player or company owns it.
func (p *Private) Held() bool { return !p.Closed && (p.Owner >= 0 || p.Corp != "") }

// Owned tells whether a public company owns it and may use its power.
func (p *Private) Owned(corp string) bool { return !p.Closed && p.Corp == corp }

// PayPrivates pays each held private's revenue to its owner: to a
// player or to the company that owns it.
func PayPrivates(ps []*Private, toPlayer func(seat, amount int), toCorp func(sym string, amount int)) {
	for _, p := range ps {
		switch {
		case !p.Held() || p.Revenue == 0:
		case p.Corp != "":
			toCorp(p.Corp, p.Revenue)
		default:
			toPlayer(p.Owner, p.Revenue)
		}
	}
}

// Forced is a company's forced train purchase: the train's price, what
// the company has, and what its president has.
type Forced struct{ Price, Company, President int }

// Contribution is what the president must add from his own cash.
func (f Forced) Contribution() int { return max(0, f.Price-f.Company) }

// Shortfall is what he must raise by selling shares.
func (f Forced) Shortfall() int { return max(0, f.Price-f.Company-f.President) }

// SharesNeeded is how many shares at a price cover the shortfall: the
// most a title that allows only the need lets him sell.
func (f Forced) SharesNeeded(price int) int {
	if price <= 0 {
		return 0
	}
	return (f.Shortfall() + price - 1) / price
}

// KeepsPresidency tells whether a seat holding held units of a company
// still presides after selling n of them, when no other player may then
// hold more and he keeps the president's certificate: the test of titles
// that forbid a forced sale to cost the buying company's presidency.
func KeepsPresidency(c *Corporation, players []*Player, seat, n, presidentUnits int) bool {
	held := players[seat].Units(c.Sym)
	for s, p := range players {
		if s != seat && p.Units(c.Sym) > held-n {
			return false
		}
	}
	return held-n >= presidentUnits
}

// PrivateOf is the private company with a symbol, in any case, or nil.
func PrivateOf(ps []*Private, sym string) *Private {
	for _, p := range ps {
		if strings.EqualFold(p.Sym, sym) {
			return p
		}
	}
	return nil
}
