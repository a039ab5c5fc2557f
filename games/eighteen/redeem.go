package eighteen

import (
	"strings"

	"github.com/railpost/railpost/games/move"
)

// Redemption is an act for a company in its president's stock turn, the
// whole of that turn, which a title turns on (1870 5.10, 5.11): REDEEM
// has the company buy back one of its shares at the price now, from the
// open market while it holds one, else from the president (SELF) or
// from another player with his word; REISSUE puts every share the
// company holds back in its initial offering once that is sold out, at
// a par the title sets. The treasury holds no more than Most units, and
// Out units stay with the players and the open market; the president
// keeps his certificate and his presidency.
type Redemption[T any] struct {
	Redeem, Reissue string // the rules' numbers
	Most, Out       int
	// May and MayReissue are the title's own conditions (1870: a company
	// that has operated; each once a stock round), or nil.
	May, MayReissue func(c *T) error
	// Ask puts a redemption from another player to him for his word: a
	// consent deal, made again once he accepts (Agreed).
	Ask func(a move.Action, from int) error
	// Redeemed and Reissued follow the act: the title's marks, its note,
	// its new par (Reissued is called after the shares moved).
	Redeemed func(c *T, price int)
	Reissued func(c *T)
	// Acted ends the turn after the act.
	Acted func(seat int)
}

// redeemCandidates are a president's acts for his company.
func (b *Base[T, P]) redeemCandidates(t *StockTurn[T], seat int, c *Corporation) []move.Option {
	if t.Redeem == nil || c.President != seat || t.State.Dealt() {
		return nil
	}
	out := []move.Option{move.Opt(seat, "REDEEM", c.Sym), move.Opt(seat, "REDEEM", c.Sym, "SELF"), move.Opt(seat, "REISSUE", c.Sym)}
	for s, p := range b.Players {
		if s != seat && p.Units(c.Sym) > 0 {
			out = append(out, move.Opt(seat, "REDEEM", c.Sym, p.Name))
		}
	}
	return out
}

// forCorp is the company a president acts for: in a turn he has not yet
// dealt in.
func (b *Base[T, P]) forCorp(t *StockTurn[T], a move.Action) (*T, error) {
	if t.Held != nil {
		if err := t.Held(); err != nil {
			return nil, err
		}
	}
	if t.State.Dealt() {
		return nil, RuleError(t.Cite.Once, "acting for a company is the whole of a turn")
	}
	if len(a.Args) < 1 {
		return nil, RuleError(t.Cite.Once, "write %s and the company", a.Verb)
	}
	x := b.Corp(a.Args[0])
	if x == nil || P(x).Core().Closed || P(x).Core().President != a.Seat {
		return nil, RuleError(t.Cite.Once, "you are not the president of %s", a.Args[0])
	}
	return x, nil
}

// redeemFrom is the seat REDEEM names: SELF or another player's name,
// or -1.
func (b *Base[T, P]) redeemFrom(a move.Action) int {
	if len(a.Args) != 2 {
		return -1
	}
	if strings.EqualFold(a.Args[1], "SELF") {
		return a.Seat
	}
	for s, p := range b.Players {
		if strings.EqualFold(p.Name, a.Args[1]) && s != a.Seat {
			return s
		}
	}
	return -1
}

func (b *Base[T, P]) checkRedeem(t *StockTurn[T], a move.Action) error {
	r := t.Redeem
	x, err := b.forCorp(t, a)
	if err != nil {
		return err
	}
	if r.May != nil {
		if err := r.May(x); err != nil {
			return err
		}
	}
	c, price := P(x).Core(), b.Price(x)
	switch {
	case c.Treasury.Units() >= r.Most:
		return RuleError(r.Redeem, "%s holds %s of its shares already", c.Sym, c.Pct(r.Most))
	case HeldOut(c, b.Players, b.PoolUnits(c.Sym))-1 < r.Out:
		return RuleError(r.Redeem, "%s of %s must stay with the players and the open market", c.Pct(r.Out), c.Sym)
	case c.Cash < price:
		return RuleError(r.Redeem, "%s has $%d and a share costs $%d", c.Sym, c.Cash, price)
	}
	if b.PoolUnits(c.Sym) > 0 {
		if len(a.Args) != 1 {
			return RuleError(r.Redeem, "a share in the open market must be redeemed first: write REDEEM %s", c.Sym)
		}
		return nil
	}
	from := b.redeemFrom(a)
	switch {
	case from < 0:
		return RuleError(r.Redeem, "the open market holds no %s: write REDEEM %s SELF to redeem one of your own, or REDEEM %s and the player who holds one", c.Sym, c.Sym, c.Sym)
	case from != a.Seat && b.Players[from].Units(c.Sym) == 0:
		return RuleError(r.Redeem, "%s holds no %s", b.Players[from].Name, c.Sym)
	case from != a.Seat:
		return nil // his word is asked
	}
	mine, pres := b.Players[a.Seat].Units(c.Sym), b.hooks.Shares.PresidentUnitsOf(c)
	for s, p := range b.Players {
		if s != a.Seat && p.Units(c.Sym) >= mine-1 && p.Units(c.Sym) >= pres {
			return RuleError(r.Redeem, "redeeming your share would hand the presidency to %s", p.Name)
		}
	}
	if mine-1 < pres {
		return RuleError(r.Redeem, "you keep the president's certificate")
	}
	return nil
}

// DoRedeem has the company buy back a share: from the open market if it
// holds one, else from its president; from another player it is put to
// him first. A title's consent deal calls it again with his word.
func (b *Base[T, P]) DoRedeem(t *StockTurn[T], a move.Action) error {
	x := b.Corp(a.Args[0])
	c, price, from := P(x).Core(), b.Price(x), -1
	if b.PoolUnits(c.Sym) == 0 {
		from = b.redeemFrom(a)
		if from != a.Seat && !b.Agreed() {
			return t.Redeem.Ask(a, from)
		}
	}
	c.Cash -= price
	if from < 0 {
		b.Transfer(c, InPool, InTreasury, 1)
		b.Bank += price
	} else {
		b.Transfer(c, Hand(from), InTreasury, 1)
		b.Players[from].Cash += price
	}
	t.Redeem.Redeemed(x, price)
	t.State.ForCorp = true
	t.Redeem.Acted(a.Seat)
	return nil
}

func (b *Base[T, P]) checkReissue(t *StockTurn[T], a move.Action) error {
	x, err := b.forCorp(t, a)
	if err != nil {
		return err
	}
	c := P(x).Core()
	switch {
	case c.IPO.Units() > 0:
		return RuleError(t.Redeem.Reissue, "%s's initial offering is not sold out", c.Sym)
	case c.Treasury.Units() == 0:
		return RuleError(t.Redeem.Reissue, "%s holds no redeemed shares", c.Sym)
	}
	if t.Redeem.MayReissue != nil {
		return t.Redeem.MayReissue(x)
	}
	return nil
}

// doReissue puts the redeemed shares back on offer, all of them in the
// order redeemed.
func (b *Base[T, P]) doReissue(t *StockTurn[T], a move.Action) error {
	x := b.Corp(a.Args[0])
	c := P(x).Core()
	Shift(&c.Treasury, &c.IPO, c.Treasury.Units())
	t.Redeem.Reissued(x)
	t.State.ForCorp = true
	t.Redeem.Acted(a.Seat)
	return nil
}
