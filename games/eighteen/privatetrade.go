package eighteen

import (
	"github.com/railpost/railpost/games/move"
)

// PrivateTrade is a private company bought in a stock turn, which a
// title turns on (1870 5.3.2; 18EZ's appendix): from another player at
// a price they agree, his word asked by a consent deal, or, where the
// title sells them so, an unsold one from the bank at its cost. Either is
// a certificate more under the limit.
type PrivateTrade struct {
	Rule, Limit string
	// Least is the least price a player may offer (1870 $1, 18EZ $0).
	Least int
	// Purchase makes the trade the turn's one purchase (1870), rather
	// than no part of its dealing (18EZ, rulings EZ14).
	Purchase bool
	// FromBank sells an unsold private at its cost, or is nil where the
	// bank sells none in a stock turn.
	FromBank func(p *Private, seat int)
	// Ask puts the offer to the owner for his word; Note is the deal's
	// line: buyer, private, seller, price.
	Ask  func(a move.Action, owner int) error
	Note string
}

// tradeCandidates are the privates a seat may buy.
func (b *Base[T, P]) tradeCandidates(t *StockTurn[T], seat int) []move.Option {
	var out []move.Option
	for _, p := range b.Privates {
		switch {
		case p.Closed || p.Corp != "" || p.Owner == seat:
		case p.Owner < 0:
			if t.Trade.FromBank != nil {
				out = append(out, move.Opt(seat, "BUYPRIVATE", p.Sym))
			}
		default:
			out = append(out, move.RangedOpt(seat, "BUYPRIVATE", t.Trade.Least, b.Players[seat].Cash, p.Sym))
		}
	}
	return out
}

// tradeTerms are the private a BUYPRIVATE names and its price: its cost
// from the bank, the price offered to a player.
func (b *Base[T, P]) tradeTerms(t *StockTurn[T], a move.Action) (*Private, int, error) {
	r := t.Trade
	if t.Held != nil {
		if err := t.Held(); err != nil {
			return nil, 0, err
		}
	}
	if r.Purchase && (t.State.Bought != "" || t.State.ForCorp) {
		return nil, 0, RuleError(r.Rule, "a private is bought in place of a share, once a turn")
	}
	var p *Private
	if len(a.Args) > 0 {
		p = b.Private(a.Args[0])
	}
	pl := b.Players[a.Seat]
	switch {
	case p == nil || p.Closed:
		return nil, 0, RuleError(r.Rule, "write BUYPRIVATE, a private company in play and your price")
	case p.Corp != "" || p.Owner == a.Seat || (p.Owner < 0 && r.FromBank == nil):
		return nil, 0, RuleError(r.Rule, "the %s is not another player's to sell", p.Sym)
	case p.Owner < 0 && len(a.Args) != 1:
		return nil, 0, RuleError(r.Rule, "the bank sells the %s at its price: write BUYPRIVATE %s", p.Sym, p.Sym)
	case p.Owner < 0 && pl.Cash < p.Cost:
		return nil, 0, RuleError(r.Rule, "the %s costs $%d and you have $%d", p.Sym, p.Cost, pl.Cash)
	case b.Certs(a.Seat)+1 > b.hooks.Limit():
		return nil, 0, RuleError(r.Limit, "a certificate more would take you over the limit of %d", b.hooks.Limit())
	case p.Owner < 0:
		return p, p.Cost, nil
	}
	price, ok := 0, len(a.Args) == 2
	if ok {
		price, ok = Atoi(a.Args[1])
	}
	if !ok || price < r.Least || price > pl.Cash {
		return nil, 0, RuleError(r.Rule, "write BUYPRIVATE %s and the price you offer %s, from $%d to your $%d", p.Sym, b.Players[p.Owner].Name, r.Least, pl.Cash)
	}
	return p, price, nil
}

// DoTrade makes a private's purchase, or offers it to its owner while
// his word is not given.
func (b *Base[T, P]) DoTrade(t *StockTurn[T], a move.Action) error {
	p, price, err := b.tradeTerms(t, a)
	if err != nil {
		return err
	}
	switch {
	case p.Owner < 0:
		t.Trade.FromBank(p, a.Seat)
	case !b.Agreed():
		return t.Trade.Ask(a, p.Owner)
	default:
		buyer, seller := b.Players[a.Seat], b.Players[p.Owner]
		buyer.Cash -= price
		seller.Cash += price
		b.Note(t.Trade.Note, buyer.Name, p.Sym, seller.Name, price)
		p.Owner = a.Seat
	}
	if t.Trade.Purchase {
		t.State.Bought = p.Sym
		b.hooks.State.LastAct = a.Seat
	}
	return nil
}
