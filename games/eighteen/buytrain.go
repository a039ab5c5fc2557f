package eighteen

import (
	"slices"
	"strconv"

	"github.com/railpost/railpost/games/move"
)

// Buying is a title's buying of trains in a company's turn: how it
// writes a purchase (Shop), its rule numbers and its words, its
// forced-purchase policy, and as hooks on the title's game what is its
// own. T is the title's company.
//
// A company that must own a train at the end of its turn (MustBuy) and
// has less than the cheapest the bank or the open market sells is in a
// forced purchase: its president pays what it lacks for the cheapest,
// and may sell shares by the title's SELL to find it (1870 10.6, 18EZ
// 2.9, 2.10). A president who cannot is bankrupt (Bankruptcy).
type Buying[T any] struct {
	Shop  Shop
	Rules BuyRules
	Notes BuyNotes
	// FromCompanies: in a forced purchase the president's cash may pay
	// for another company's train too, at less than the cheapest the
	// bank or the open market sells (18EZ 2.9); without it, a train from
	// another company is paid from the treasury alone.
	FromCompanies bool
	// DoneLast: the menu lists DONE (and BANKRUPT) after the trains,
	// not before them.
	DoneLast bool
	// Raisable, when set, is the most a president's sales can raise for
	// the company (18EZ 2.11): he may then declare bankruptcy (BANKRUPT)
	// once it is less than the shortfall, and is declared so when no
	// other company has a train to sell either. Without it, a president
	// is bankrupt when no sale the title allows is left and money is
	// still short (1870 10.6.2, 13.1).
	Raisable   func(seat int, c *T) int
	Bankruptcy Bankruptcy

	// Limit is a company's train limit now.
	Limit func(c *T) int
	// MustBuy tells whether a company must own a train at the end of its
	// turn and may get one.
	MustBuy func(c *T) bool
	// Check is the title's judgement before the step's own, nil for none.
	Check func(a move.Action) error
	// Sell is the title's SELL, a president's sale for a forced train.
	Sell Move
	// Offer puts a train from another president's company to him.
	Offer func(a move.Action, to int, pu Purchase) error
	// Phase makes what comes with a phase the purchase begins.
	Phase func(p int)
	// Finish ends the company's turn.
	Finish func(c *T)
	// Forced, where the title keeps a mark of a forced purchase under
	// way (set from Forced as the company comes to its trains), is read
	// in place of judging it again, and cleared by a purchase.
	Forced *bool
}

// BuyRules are the title's numbers for the rules the purchase cites:
// trains after the dividend (Order), the train limit, the price from the
// treasury, the cheapest train in a forced purchase, selling before the
// president's cash falls short (MustSell), a forced sale's limits, the
// train a company must end its turn with (Done), and bankruptcy.
type BuyRules struct {
	Order, Limit, Price, Cheapest, MustSell, Sale, Done, Bankrupt string
}

// BuyNotes are the title's words for a purchase: Bought takes, by
// explicit index, 1 the company, 2 the train, 3 the price and 4 where it
// came from ("from the bank"); Helped, a note of its own, 1 the
// president's name, 2 his part and 3 the company; HelpedSuffix is added
// to Bought instead where the title says it in one line.
type BuyNotes struct{ Bought, Helped, HelpedSuffix string }

// Forced tells whether a company is in a forced purchase: it must own a
// train and has less than the cheapest.
func (b *Base[T, P]) Forced(d *Buying[T], c *T) bool {
	price, ok := b.Cheapest()
	return ok && P(c).Core().Cash < price && d.MustBuy(c)
}

// forced is Forced as the title has marked it, where it keeps a mark
// (set as the company comes to its trains, cleared by a purchase), so
// that the many checks of a turn do not judge its route again.
func (b *Base[T, P]) forced(d *Buying[T], c *T) bool {
	if d.Forced != nil {
		return *d.Forced
	}
	return b.Forced(d, c)
}

// Shortfall is what a company's president must still raise by selling
// for its forced train: none outside a forced purchase.
func (b *Base[T, P]) Shortfall(d *Buying[T], c *T) int {
	if !b.forced(d, c) {
		return 0
	}
	price, _ := b.Cheapest()
	core := P(c).Core()
	return Forced{Price: price, Company: core.Cash, President: b.Players[core.President].Cash}.Shortfall()
}

// most is the most a company may pay another for a train: its cash, or
// in a forced purchase where the title allows it its president's too,
// below the cheapest train (18EZ 2.9).
func (b *Base[T, P]) most(d *Buying[T], c *T) int {
	core := P(c).Core()
	if !d.FromCompanies || !b.forced(d, c) {
		return core.Cash
	}
	price, _ := b.Cheapest()
	return min(core.Cash+b.Players[core.President].Cash, price-1)
}

// buyTerms reads a purchase and judges it, and what the president adds.
func (b *Base[T, P]) buyTerms(d *Buying[T], a move.Action) (Purchase, int, error) {
	if d.Check != nil {
		if err := d.Check(a); err != nil {
			return Purchase{}, 0, err
		}
	}
	if !b.OperatingNow(StepTrains) {
		return Purchase{}, 0, RuleError(d.Rules.Order, "trains are bought after the dividend")
	}
	c := b.Operating()
	core := P(c).Core()
	pu, err := d.Shop.Read(&b.Trains, a.Args, core.Trains, Sellers(b.cores(), core), b.most(d, c))
	if err != nil {
		return Purchase{}, 0, err
	}
	if limit := d.Limit(c); pu.Trade == 0 && len(core.Trains) >= limit {
		return Purchase{}, 0, RuleError(d.Rules.Limit, "%s has %d trains, its limit now", core.Sym, len(core.Trains))
	}
	if pu.Price <= core.Cash || pu.Seller != "" {
		return pu, max(0, pu.Price-core.Cash), nil
	}
	cheapest, _ := b.Cheapest()
	pres := b.Players[core.President].Cash
	switch {
	case !d.MustBuy(c):
		return Purchase{}, 0, RuleError(d.Rules.Price, "the train costs $%d and %s has $%d; the president pays towards a train only when the company must buy one", pu.Price, core.Sym, core.Cash)
	case pu.Price != cheapest:
		return Purchase{}, 0, RuleError(d.Rules.Cheapest, "with the president's money it must be the cheapest train, at $%d", cheapest)
	case pu.Price-core.Cash > pres:
		return Purchase{}, 0, RuleError(d.Rules.MustSell, "you must sell shares first: the train costs $%d, %s has $%d and you $%d, $%d short", pu.Price, core.Sym, core.Cash, pres, pu.Price-core.Cash-pres)
	}
	return pu, pu.Price - core.Cash, nil
}

// PurchaseOf is a BUYTRAIN as judged, for the menu's and the computer's
// prices.
func (b *Base[T, P]) PurchaseOf(d *Buying[T], a move.Action) (Purchase, error) {
	pu, _, err := b.buyTerms(d, a)
	return pu, err
}

// cores are the companies' core parts.
func (b *Base[T, P]) cores() []*Corporation {
	out := make([]*Corporation, len(b.Corps))
	for i, c := range b.Corps {
		out[i] = P(c).Core()
	}
	return out
}

// buyTrain buys the train buyTerms allows: a train from another
// president's company is offered to him first; the president pays his
// part, the seller is paid, and the first train of a size from the bank
// begins its phase.
func (b *Base[T, P]) buyTrain(d *Buying[T], a move.Action) error {
	pu, help, err := b.buyTerms(d, a)
	if err != nil {
		return err
	}
	c := b.Operating()
	core := P(c).Core()
	var seller *Corporation
	from := "from the bank"
	switch {
	case pu.Seller != "":
		seller, from = P(b.Corp(pu.Seller)).Core(), "from "+pu.Seller
		if seller.President != core.President && !b.Agreed() {
			return d.Offer(a, seller.President, pu)
		}
	case pu.Pool:
		from = "from the open market"
	}
	pres := b.Players[core.President]
	pres.Cash -= help
	core.Cash += help - pu.Price
	if help > 0 && d.Notes.Helped != "" {
		b.Note(d.Notes.Helped, pres.Name, help, core.Sym)
	}
	began := b.Deliver(pu.Size, pu.Kind, pu.Pool, seller, pu.Price, &b.Bank)
	if pu.Trade > 0 {
		i := slices.Index(core.Trains, pu.Trade)
		core.Trains = slices.Delete(core.Trains, i, i+1)
		b.Note("%s hands in a %s-train", core.Sym, b.Name(pu.Trade))
	}
	core.Trains = append(core.Trains, pu.Size)
	if d.Forced != nil {
		*d.Forced = false
	}
	note := d.Notes.Bought
	if help > 0 {
		note += d.Notes.HelpedSuffix
	}
	b.Note(note, core.Sym, b.Name(pu.Size), pu.Price, from)
	for _, p := range began {
		d.Phase(p)
	}
	return nil
}

// TrainStep is the company's trains: BUYTRAIN, SELL for a forced train,
// DONE, and BANKRUPT where the president declares it.
func (b *Base[T, P]) TrainStep(d *Buying[T]) Step {
	moves := map[string]Move{
		"BUYTRAIN": {Check: func(a move.Action) error { _, _, err := b.buyTerms(d, a); return err }, Do: func(a move.Action) error { return b.buyTrain(d, a) }},
		"SELL":     d.Sell,
		"DONE": {Check: func(a move.Action) error { return b.doneError(d, a) }, Do: func(move.Action) error {
			d.Finish(b.Operating())
			return nil
		}},
	}
	if d.Raisable != nil {
		moves["BANKRUPT"] = Move{Check: func(a move.Action) error { return b.declareError(d, a) }, Do: func(move.Action) error {
			b.Fail(d)
			return nil
		}}
	}
	return b.Turn().Table("trains", StepTrains, moves, func(seat int, _ move.Query) []move.Option {
		c := b.Operating()
		ends := []move.Option{move.Opt(seat, "DONE")}
		if d.Raisable != nil {
			ends = append(ends, move.Opt(seat, "BANKRUPT"))
		}
		out := b.buyCandidates(d, seat, c)
		if d.DoneLast {
			return append(out, ends...)
		}
		return append(ends, out...)
	})
}

// buyCandidates are the purchases to judge and the sales that may pay
// for a forced train.
func (b *Base[T, P]) buyCandidates(d *Buying[T], seat int, c *T) []move.Option {
	core := P(c).Core()
	out := d.Shop.Options(seat, &b.Trains, core.Trains, Sellers(b.cores(), core), b.most(d, c))
	return append(out, b.saleCandidates(seat)...)
}

// saleCandidates are every sale a seat's holdings allow, to be judged by
// the title's SELL.
func (b *Base[T, P]) saleCandidates(seat int) []move.Option {
	var out []move.Option
	for _, x := range b.Corps {
		sym := P(x).Core().Sym
		for n := 1; n <= b.Players[seat].Units(sym); n++ {
			out = append(out, move.Opt(seat, "SELL", sym, strconv.Itoa(n)))
		}
	}
	return out
}

// MayBuy tells whether the operating company's president has a purchase
// or a sale for a forced train open: if not, no one need end its turn. A
// company at its limit has none; a train from another company counts at
// any price, as the president may name one.
func (b *Base[T, P]) MayBuy(d *Buying[T]) bool {
	c := b.Operating()
	core := P(c).Core()
	if len(core.Trains) >= d.Limit(c) {
		return false
	}
	for _, o := range b.buyCandidates(d, core.President, c) {
		switch {
		case o.Verb == "BUYTRAIN" && o.Ranged:
			return true
		case o.Verb == "BUYTRAIN":
			if _, _, err := b.buyTerms(d, o.Action(o.Min)); err == nil {
				return true
			}
		case d.Sell.Check(o.Action(o.Min)) == nil:
			return true
		}
	}
	return false
}

// doneError judges the end of the company's turn: it must own a train
// if it can run one and one is to be had (1870 10.1, 18EZ 2.8).
func (b *Base[T, P]) doneError(d *Buying[T], a move.Action) error {
	if d.Check != nil {
		if err := d.Check(a); err != nil {
			return err
		}
	}
	c := b.Operating()
	switch {
	case c == nil || !b.OperatingNow(StepTrains):
		return RuleError(d.Rules.Order, "the company's turn ends after its run, its dividend and its trains")
	case len(a.Args) != 0:
		return RuleError(d.Rules.Done, "DONE takes nothing more")
	case d.MustBuy(c):
		return RuleError(d.Rules.Done, "%s has a route and no train: it must buy one", P(c).Core().Sym)
	}
	return nil
}

// ForcedSaleError judges a president's sale of n units of a company to
// pay for the operating company's forced train: only while money is
// short, no more than the need (and the title's allowance beyond it,
// such as 1870's down to 60%), and never losing the presidency of the
// company that buys (1870 10.6.2, 18EZ 2.10).
func (b *Base[T, P]) ForcedSaleError(d *Buying[T], seat int, c *T, n, allowance int) error {
	buyer := b.Operating()
	if buyer == nil || P(buyer).Core().President != seat || b.Shortfall(d, buyer) == 0 {
		return RuleError(d.Rules.Sale, "shares are sold in an operating round only when the president must find money for a forced train")
	}
	core := P(c).Core()
	price := b.Price(c)
	need := max(b.Shortfall(d, buyer), 0)
	if most := max((need+price-1)/price, allowance); n > most {
		return RuleError(d.Rules.Sale, "%d shares raise $%d, more than the $%d you need; sell %d %s at most", n, n*price, need, most, core.Sym)
	}
	if c == buyer && !KeepsPresidency(core, b.Players, seat, n, b.hooks.Shares.PresidentUnits) {
		return RuleError(d.Rules.Sale, "the sale would cost you the presidency of %s, which is buying the train", core.Sym)
	}
	return nil
}

// beyondMeans tells whether the president cannot raise the shortfall
// even by all the sales the title's Raisable counts (18EZ 2.11).
func (b *Base[T, P]) beyondMeans(d *Buying[T], c *T) bool {
	return d.Raisable != nil && b.Shortfall(d, c) > d.Raisable(P(c).Core().President, c)
}

// declareError judges BANKRUPT: only a president who must buy a train
// and cannot raise its price (18EZ 2.11).
func (b *Base[T, P]) declareError(d *Buying[T], a move.Action) error {
	if c := b.Operating(); len(a.Args) != 0 || c == nil || !b.beyondMeans(d, c) {
		return RuleError(d.Rules.Bankrupt, "bankruptcy is declared only by a president who must buy a train and cannot raise its price")
	}
	return nil
}

// Stranded tells whether the operating company's president is bankrupt
// without a word from him: money is short for its forced train and no
// sale the title allows is left (1870 13.1); or, where he may declare
// it, his sales cannot raise it and no other company has a train to sell
// (18EZ 2.11).
func (b *Base[T, P]) Stranded(d *Buying[T]) bool {
	c := b.Operating()
	if c == nil || b.hooks.State.Step != StepTrains || b.Shortfall(d, c) == 0 {
		return false
	}
	if d.Raisable == nil {
		for _, o := range b.saleCandidates(P(c).Core().President) {
			if d.Sell.Check(o.Action(0)) == nil {
				return false
			}
		}
		return true
	}
	if !b.beyondMeans(d, c) {
		return false
	}
	for _, o := range b.Corps {
		if core := P(o).Core(); o != c && !core.Closed && len(core.Trains) > 0 && b.most(d, c) >= 1 {
			return false // another company may yet sell one
		}
	}
	return true
}

// Fail makes the operating company's president bankrupt by the title's
// rule.
func (b *Base[T, P]) Fail(d *Buying[T]) {
	core := P(b.Operating()).Core()
	b.GoBankrupt(d.Bankruptcy, core.Sym, core.President)
}
