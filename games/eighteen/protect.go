package eighteen

import (
	"strings"

	"github.com/railpost/railpost/games/move"
)

// Sale is a stock turn's sale as the price protection sees it: who sold
// how many units of a company at what price, and who presided before.
type Sale struct {
	Seat, Units, Price int
	Corp               string
	President          int // the company's president before the sale
}

// Protection is share price protection, which a title turns on (1870
// 5.9): the president of a company another player sold may buy the
// shares sold from the open market at the sale price, and the price does
// not fall; declined, it falls. The title keeps the sales waiting for an
// answer (Asked) and when it asks; the core judges and makes the answer.
type Protection struct {
	Rule string
	// Asked is the sale waiting for its president's answer, or nil;
	// Seat is the president asked.
	Asked func() *Sale
	Seat  func() int
	// Answered follows the answer: the title's queue and whose turn.
	Answered func(seat int, protected bool)
	// Fall moves the price down for the units sold.
	Fall func(s Sale)
}

// CanProtect tells whether a sale's president may protect it: another
// player sold while he presided, and he has the money in hand and room
// under the certificate limit (none needed in a zone whose shares do not
// count), with no sale to make either.
func (b *Base[T, P]) CanProtect(s Sale) bool {
	x := b.Corp(s.Corp)
	c := P(x).Core()
	p := c.President
	if p < 0 || p == s.Seat || p != s.President || b.Players[p].Cash < s.Units*s.Price || b.PoolUnits(c.Sym) < s.Units {
		return false
	}
	extra := s.Units
	if b.hooks.Shares.Free(b.market, c) {
		extra = 0
	}
	return b.Certs(p)+extra <= b.hooks.Limit()
}

// ProtectStep asks a president whether to protect his price: PROTECT
// buys the shares sold at the sale price, DECLINE lets it fall.
func (b *Base[T, P]) ProtectStep(p Protection) Step {
	asked := func(a move.Action) (Sale, error) {
		s := p.Asked()
		if s == nil {
			return Sale{}, RuleError(p.Rule, "no sale waits for its president to protect it")
		}
		if len(a.Args) != 1 || !strings.EqualFold(a.Args[0], s.Corp) {
			return Sale{}, RuleError(p.Rule, "write %s %s", a.Verb, s.Corp)
		}
		return *s, nil
	}
	protect := func(a move.Action) error {
		s, err := asked(a)
		if err == nil && !b.CanProtect(s) {
			err = RuleError(p.Rule, "you need $%d in hand and room for the shares; you may not sell to make either", s.Units*s.Price)
		}
		return err
	}
	return &Table{Title: "price protection", Moves: map[string]Move{
		"PROTECT": Pair(protect, func(a move.Action) error {
			s := *p.Asked()
			cost, pl := s.Units*s.Price, b.Players[a.Seat]
			pl.Cash -= cost
			b.Bank += cost
			b.Transfer(P(b.Corp(s.Corp)).Core(), InPool, Hand(a.Seat), s.Units)
			b.Note("%s protects %s's price, buying the %d shares sold at $%d (%s)", pl.Name, s.Corp, s.Units, s.Price, p.Rule)
			p.Answered(a.Seat, true)
			return nil
		}),
		"DECLINE": Pair(func(a move.Action) error { _, err := asked(a); return err }, func(a move.Action) error {
			s := *p.Asked()
			p.Answered(a.Seat, false)
			p.Fall(s)
			return nil
		}),
	}, Blocks: func() bool { return p.Asked() != nil }, Waiting: func() []int { return []int{p.Seat()} },
		Candidate: func(seat int, _ move.Query) []move.Option {
			c := p.Asked().Corp
			return []move.Option{move.Opt(seat, "PROTECT", c), move.Opt(seat, "DECLINE", c)}
		}}
}
