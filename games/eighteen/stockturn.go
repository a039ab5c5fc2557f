package eighteen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/move"
)

// StockCite are a title's numbers for the stock turn's rules, which the
// core cites in its refusals (1870's numbers in the comments, then
// 18EZ's).
type StockCite struct {
	Turn   string // what PASS and DONE are for (5.2.2; 1.11)
	Once   string // one purchase a turn (5.3; 1.11)
	Source string // what a purchase names, and where from (5.3.1; 1.12)
	Bulk   string // several shares at once (5.1.1; 1.12)
	Sold   string // no buying back what one sold (5.3.3; 1.13)
	Limit  string // over the certificate limit (5.4.1; 1.7, 1.8)
	Par    string // a company's start (5.5; 1.5)
	Cash   string // money for the president's certificate (3.7; 1.5)
	Sale   string // what a sale names (5.3.3; 1.13)
	Resell string // no selling after selling then buying (5.3.4; 1.11)
}

// StockState is the stock turn in progress: what its seat has done. A
// title keeps it in its round.
type StockState struct {
	Bought    string // the company or private bought this turn; "" for none
	Sold      bool   // a sale this turn
	SoldFirst bool   // a sale before the purchase
	ForCorp   bool   // the turn was an act for a company its seat presides
}

// Dealt tells whether the turn has done anything: PASS is then closed,
// DONE open.
func (s StockState) Dealt() bool { return s.Bought != "" || s.Sold || s.ForCorp }

// StockTurn is the generic stock turn (1870 5.2 to 5.6, 18EZ 1.11 to
// 1.13): a purchase of one certificate a turn (a share from the initial
// offering at par or from the open market at its price, several at once
// where the company's zone allows, or a president's certificate at a par
// value), sales of any number, PASS before acting and DONE after, none
// of what one sold bought back, no turn ended over the certificate
// limit while a sale is open. The core's share rules (the title's
// ShareRules) judge money, limits and the president's certificate. A
// title adds its own rules and what follows each move through the
// hooks, and its other verbs of the turn (Moves).
type StockTurn[T any] struct {
	Title string
	Cite  StockCite
	// Pars are the par values; ParVerb starts a company with PAR c p, as
	// 18EZ writes it, rather than with BUY c PAR p, as 1870 does.
	Pars    []int
	ParVerb bool
	// SellDownHolds has a seat over the hold limit sell down before his
	// turn ends, as over the certificate limit (18EZ rulings EZ13).
	SellDownHolds bool
	State         *StockState
	// Open tells whether the round is a stock round; Seat is whose turn
	// it is; Held is a question that must be answered first, or nil.
	Open func() bool
	Seat func() int
	Held func() error
	// Initial tells whether nothing may be sold yet (the first stock
	// round of 1870 and 18EZ), cited by Initial's rule.
	Initial     func() bool
	InitialRule string
	// Moves are the title's other verbs in the turn.
	Moves map[string]Move
	// Leading tells whether a title's purchase comes before the shares
	// (18EZ's Startpacket): while it does, BUY is LeadBuy.
	Leading func() bool
	LeadBuy Move
	// PreStart tells whether a company sells shares before it is started
	// (18EZ's Black Line before it forms, 2.12), or nil for none.
	PreStart func(c *T) bool
	// MayPass, MayPar, MayBuy and MaySell are the title's rules on a
	// pass, a start, a purchase and a sale beyond the core's, or nil.
	MayPass func(seat int) error
	MayPar  func(seat int, c *T) error
	MayBuy  func(seat int, c *T, ipo bool, units int) error
	MaySell func(seat int, c *T, n int) error
	// Started, Bought and Sold follow a start, a purchase and a sale:
	// the title's note and its own consequences. Sold comes before the
	// new president is named.
	Started func(seat int, c *T, par int)
	Bought  func(seat int, c *T, units, price int, ipo bool)
	Sold    func(seat int, c *T, n, price int)
	// Passed and Done end the turn.
	Passed func(seat int)
	Done   func(seat int)
	// Lead and Trail are the title's candidates before and after the
	// companies'; PerCorp its own for a company, after the core's; Instead
	// takes the companies' place while it lists any (18EZ's Startpacket).
	Lead, Trail func(seat int) []move.Option
	// Redeem turns on a president's acts for his company, Trade the
	// purchase of privates (listed after the companies, or before them
	// with TradeFirst), or nil.
	Redeem     *Redemption[T]
	Trade      *PrivateTrade
	TradeFirst bool
	PerCorp    func(seat int, c *T) []move.Option
	Instead    func(seat int) []move.Option
}

// Stock is the stock turn's step.
func (b *Base[T, P]) Stock(t *StockTurn[T]) Step {
	moves := map[string]Move{
		"BUY": Pair(func(a move.Action) error {
			if t.Leading != nil && t.Leading() {
				return t.LeadBuy.Check(a)
			}
			return b.checkStockBuy(t, a)
		}, func(a move.Action) error {
			if t.Leading != nil && t.Leading() {
				return t.LeadBuy.Do(a)
			}
			return b.doStockBuy(t, a)
		}),
		"SELL": Pair(func(a move.Action) error { return b.checkStockSell(t, a) }, func(a move.Action) error { return b.doStockSell(t, a) }),
		"PASS": Pair(func(a move.Action) error { return b.StockPassError(t, a) }, func(a move.Action) error { t.Passed(a.Seat); return nil }),
		"DONE": Pair(func(a move.Action) error { return b.checkStockDone(t, a) }, func(a move.Action) error { t.Done(a.Seat); return nil }),
	}
	if t.ParVerb {
		moves["PAR"] = Pair(func(a move.Action) error { return b.checkStockPar(t, a, 0) }, func(a move.Action) error { return b.doStockPar(t, a, 0) })
	}
	if t.Redeem != nil {
		moves["REDEEM"] = Pair(func(a move.Action) error { return b.checkRedeem(t, a) }, func(a move.Action) error { return b.DoRedeem(t, a) })
		moves["REISSUE"] = Pair(func(a move.Action) error { return b.checkReissue(t, a) }, func(a move.Action) error { return b.doReissue(t, a) })
	}
	if t.Trade != nil {
		moves["BUYPRIVATE"] = Pair(func(a move.Action) error { _, _, err := b.tradeTerms(t, a); return err },
			func(a move.Action) error { return b.DoTrade(t, a) })
	}
	for v, m := range t.Moves {
		moves[v] = m
	}
	return &Table{Title: t.Title, Moves: moves, Blocks: t.Open, Waiting: func() []int { return []int{t.Seat()} },
		Candidate: func(seat int, _ move.Query) []move.Option { return b.stockCandidates(t, seat) }}
}

// stockCandidates are the turn's moves worth judging, in the order the
// menu lists them; each verb's check decides.
func (b *Base[T, P]) stockCandidates(t *StockTurn[T], seat int) []move.Option {
	out := []move.Option{move.Opt(seat, "PASS"), move.Opt(seat, "DONE")}
	if t.Trade != nil && t.TradeFirst {
		out = append(out, b.tradeCandidates(t, seat)...)
	}
	if t.Lead != nil {
		out = append(out, t.Lead(seat)...)
	}
	if t.Instead != nil {
		if more := t.Instead(seat); len(more) > 0 {
			return append(out, more...)
		}
	}
	for _, x := range b.Corps {
		c := P(x).Core()
		if c.Closed {
			continue
		}
		if !c.Started {
			for _, p := range t.Pars {
				if t.ParVerb {
					out = append(out, move.Opt(seat, "PAR", c.Sym, strconv.Itoa(p)))
				} else {
					out = append(out, move.Opt(seat, "BUY", c.Sym, "PAR", strconv.Itoa(p)))
				}
			}
		}
		out = append(out, move.Opt(seat, "BUY", c.Sym, "IPO"), move.Opt(seat, "BUY", c.Sym, "POOL"))
		for n := 2; n <= b.PoolUnits(c.Sym) && b.hooks.Shares.Bulk(b.market, c); n++ {
			out = append(out, move.Opt(seat, "BUY", c.Sym, "POOL", strconv.Itoa(n)))
		}
		for n := 1; n <= b.Players[seat].Units(c.Sym); n++ {
			out = append(out, move.Opt(seat, "SELL", c.Sym, strconv.Itoa(n)))
		}
		out = append(out, b.redeemCandidates(t, seat, c)...)
		if t.PerCorp != nil {
			out = append(out, t.PerCorp(seat, x)...)
		}
	}
	if t.Trade != nil && !t.TradeFirst {
		out = append(out, b.tradeCandidates(t, seat)...)
	}
	if t.Trail != nil {
		out = append(out, t.Trail(seat)...)
	}
	return out
}

// OverLimit is a seat's breach of the certificate limit or the hold
// limit, nil for none: he must sell before his turn ends, while a sale
// is open to him (1870 5.4.1; 18EZ 1.7, rulings EZ13).
func (b *Base[T, P]) OverLimit(seat int, rule string, holds bool) error {
	if n, lim := b.Certs(seat), b.hooks.Limit(); n > lim {
		return RuleError(rule, "you hold %d certificates against a limit of %d: sell first", n, lim)
	}
	r := b.hooks.Shares
	for _, x := range b.Corps {
		if !holds {
			break
		}
		c := P(x).Core()
		if n := b.Players[seat].Units(c.Sym); !c.Closed && !r.MayHold(b.market, c, n) {
			return RuleError(rule, "you hold %s of %s, over %s: sell first", c.Pct(n), c.Sym, c.Pct(r.HoldLimit))
		}
	}
	return nil
}

// mustSell is the limit a seat must sell down to before his turn ends,
// while a sale is open to him.
func (b *Base[T, P]) mustSell(t *StockTurn[T], seat int) error {
	err := b.OverLimit(seat, t.Cite.Limit, t.SellDownHolds)
	if err == nil || !b.CanSell(t, seat) {
		return nil
	}
	return err
}

// CanSell tells whether any sale is open to a seat in his stock turn.
func (b *Base[T, P]) CanSell(t *StockTurn[T], seat int) bool {
	for _, x := range b.Corps {
		for n := 1; n <= b.Players[seat].Units(P(x).Core().Sym); n++ {
			if b.StockSaleError(t, seat, x, n) == nil {
				return true
			}
		}
	}
	return false
}

// StockPassError judges a pass: before dealing, not over a limit while
// a sale is open, and the title's own rule.
func (b *Base[T, P]) StockPassError(t *StockTurn[T], a move.Action) error {
	if t.Held != nil {
		if err := t.Held(); err != nil {
			return err
		}
	}
	if t.State.Dealt() {
		return RuleError(t.Cite.Turn, "you have dealt this turn: end it with DONE")
	}
	if err := b.mustSell(t, a.Seat); err != nil {
		return err
	}
	if t.MayPass != nil {
		return t.MayPass(a.Seat)
	}
	return nil
}

func (b *Base[T, P]) checkStockDone(t *StockTurn[T], a move.Action) error {
	if t.Held != nil {
		if err := t.Held(); err != nil {
			return err
		}
	}
	if !t.State.Dealt() {
		return RuleError(t.Cite.Turn, "you have done nothing this turn: PASS instead")
	}
	return b.mustSell(t, a.Seat)
}

// stockCorp is the company a purchase or a start names, after the rules
// every purchase shares: one a turn, a company in play, not one the seat
// sold since (1870 5.3, 5.3.3; 18EZ 1.11, 1.13).
func (b *Base[T, P]) stockCorp(t *StockTurn[T], a move.Action) (*T, error) {
	if t.Held != nil {
		if err := t.Held(); err != nil {
			return nil, err
		}
	}
	if t.State.Bought != "" || t.State.ForCorp {
		return nil, RuleError(t.Cite.Once, "one purchase a turn; you may still SELL or end with DONE")
	}
	if len(a.Args) < 1 {
		return nil, RuleError(t.Cite.Source, "write %s and the company", a.Verb)
	}
	x := b.Corp(a.Args[0])
	if x == nil || P(x).Core().Closed {
		return nil, RuleError(t.Cite.Source, "%s is not a company in play", a.Args[0])
	}
	if sym := P(x).Core().Sym; b.Players[a.Seat].Sold[sym] {
		return nil, RuleError(t.Cite.Sold, "you sold %s since the last operating rounds and may not buy it again yet", sym)
	}
	if n, lim := b.Certs(a.Seat), b.hooks.Limit(); n > lim {
		return nil, RuleError(t.Cite.Limit, "you hold %d certificates against a limit of %d: sell first", n, lim)
	}
	return x, nil
}

func (b *Base[T, P]) checkStockBuy(t *StockTurn[T], a move.Action) error {
	if len(a.Args) < 2 {
		return RuleError(t.Cite.Source, "write BUY, the company and IPO or POOL, as BUY %s IPO", P(b.Corps[0]).Core().Sym)
	}
	x, err := b.stockCorp(t, a)
	if err != nil {
		return err
	}
	if !t.ParVerb && strings.EqualFold(a.Args[1], "PAR") {
		return b.checkStockPar(t, a, 1)
	}
	units, price, ipo, err := b.ShareTerms(t, a, x)
	if err != nil {
		return err
	}
	if t.MayBuy != nil {
		if err := t.MayBuy(a.Seat, x, ipo, units); err != nil {
			return err
		}
	}
	return b.hooks.Shares.BuyError(b.market, P(x).Core(), b.Players[a.Seat], units, price, b.Certs(a.Seat), b.hooks.Limit())
}

// ShareTerms are how many shares a purchase from the initial offering or
// the open market takes, at what price, and whether from the initial
// offering: one there at par, one or (in a zone that allows it) more in
// the open market at its price (1870 5.1.1, 5.3.1; 18EZ 1.12).
func (b *Base[T, P]) ShareTerms(t *StockTurn[T], a move.Action, x *T) (units, price int, ipo bool, err error) {
	c := P(x).Core()
	if !c.Started && (t.PreStart == nil || !t.PreStart(x)) {
		return 0, 0, false, RuleError(t.Cite.Par, "%s's first certificate is its president's: start it at a par value", c.Sym)
	}
	switch strings.ToUpper(a.Args[1]) {
	case "IPO":
		if c.IPO.Units() == 0 {
			return 0, 0, true, RuleError(t.Cite.Source, "%s has no shares in the initial offering", c.Sym)
		}
		if len(a.Args) != 2 {
			return 0, 0, true, RuleError(t.Cite.Bulk, "shares in the initial offering are bought one at a time")
		}
		return 1, c.Par, true, nil
	case "POOL":
		pool := b.PoolUnits(c.Sym)
		if pool == 0 {
			return 0, 0, false, RuleError(t.Cite.Source, "the open market holds no %s shares", c.Sym)
		}
		units = 1
		if len(a.Args) == 3 {
			n, ok := Atoi(a.Args[2])
			if !ok || n < 1 || n > pool || (n > 1 && !b.hooks.Shares.Bulk(b.market, c)) {
				return 0, 0, false, RuleError(t.Cite.Bulk, "more than one share at once only from the open market of a company in a zone that allows it, and no more than it holds")
			}
			units = n
		}
		return units, b.Price(x), false, nil
	}
	return 0, 0, false, RuleError(t.Cite.Source, "buy from IPO or POOL")
}

// doStockBuy makes a purchase: the money to the bank, the certificates
// from their place by the core's rule (Transfer).
func (b *Base[T, P]) doStockBuy(t *StockTurn[T], a move.Action) error {
	x := b.Corp(a.Args[0])
	if !t.ParVerb && strings.EqualFold(a.Args[1], "PAR") {
		return b.doStockPar(t, a, 1)
	}
	units, price, ipo, err := b.ShareTerms(t, a, x)
	if err != nil {
		return err
	}
	c, pl := P(x).Core(), b.Players[a.Seat]
	pl.Cash -= units * price
	b.Bank += units * price
	from := InPool
	if ipo {
		from = InIPO
	}
	b.Transfer(c, from, Hand(a.Seat), units)
	t.State.Bought = c.Sym
	t.Bought(a.Seat, x, units, price, ipo)
	return nil
}

// checkStockPar judges starting a company by buying its president's
// certificate at a par value (1870 5.5; 18EZ 1.5); at is where the par
// value's argument begins (PAR c p: the company at 0; BUY c PAR p at 1).
func (b *Base[T, P]) checkStockPar(t *StockTurn[T], a move.Action, at int) error {
	x, err := b.stockCorp(t, a)
	if err != nil {
		return err
	}
	c := P(x).Core()
	if t.MayPar != nil {
		if err := t.MayPar(a.Seat, x); err != nil {
			return err
		}
	}
	if c.Started {
		return RuleError(t.Cite.Par, "%s is already started", c.Sym)
	}
	if len(a.Args) != at+2 {
		return RuleError(t.Cite.Par, "write the company and a par value from %v", t.Pars)
	}
	par, ok := Atoi(a.Args[at+1])
	if !ok || !slices.Contains(t.Pars, par) {
		return RuleError(t.Cite.Par, "a par value is one of %v", t.Pars)
	}
	units := b.hooks.Shares.PresidentUnitsOf(c)
	if cash := b.Players[a.Seat].Cash; cash < units*par {
		return RuleError(t.Cite.Cash, "the president's certificate is %d shares: $%d; you have $%d", units, units*par, cash)
	}
	if b.Certs(a.Seat)+1 > b.hooks.Limit() {
		return RuleError(t.Cite.Limit, "a certificate more would take you over the limit of %d", b.hooks.Limit())
	}
	return nil
}

// doStockPar starts the company: the president's certificate from its
// initial offering, its price at par.
func (b *Base[T, P]) doStockPar(t *StockTurn[T], a move.Action, at int) error {
	x := b.Corp(a.Args[0])
	c, pl := P(x).Core(), b.Players[a.Seat]
	par, _ := Atoi(a.Args[at+1])
	cost := par * b.hooks.Shares.PresidentUnitsOf(c)
	pl.Cash -= cost
	b.Bank += cost
	pos, _ := b.market.Par(par)
	c.Started, c.President, c.Par, c.Pos = true, a.Seat, par, pos
	b.DealPresident(c, &c.IPO, a.Seat)
	t.State.Bought = c.Sym
	t.Started(a.Seat, x, par)
	return nil
}

// SaleArgs reads SELL's company and count, under the rule cited.
func (b *Base[T, P]) SaleArgs(a move.Action, rule string) (*T, int, error) {
	if len(a.Args) == 2 {
		x := b.Corp(a.Args[0])
		n, ok := Atoi(a.Args[1])
		if x != nil && ok {
			return x, n, nil
		}
	}
	return nil, 0, RuleError(rule, "write SELL, the company and the number of shares, as SELL %s 2", P(b.Corps[0]).Core().Sym)
}

func (b *Base[T, P]) checkStockSell(t *StockTurn[T], a move.Action) error {
	if t.Held != nil {
		if err := t.Held(); err != nil {
			return err
		}
	}
	x, n, err := b.SaleArgs(a, t.Cite.Sale)
	if err != nil {
		return err
	}
	return b.StockSaleError(t, a.Seat, x, n)
}

// StockSaleError judges n shares of a company sold in a stock turn: the
// title's rules, then the core's on every sale, then the turn's order.
func (b *Base[T, P]) StockSaleError(t *StockTurn[T], seat int, x *T, n int) error {
	if t.MaySell != nil {
		if err := t.MaySell(seat, x, n); err != nil {
			return err
		}
	}
	c := P(x).Core()
	if err := b.hooks.Shares.SaleError(c, b.Players, b.PoolUnits(c.Sym), seat, n); err != nil {
		return err
	}
	switch {
	case t.Initial != nil && t.Initial():
		return RuleError(t.InitialRule, "nothing may be sold in the initial stock round")
	case t.State.ForCorp:
		return RuleError(t.Cite.Once, "you acted for a company this turn")
	case t.State.Bought != "" && t.State.SoldFirst:
		return RuleError(t.Cite.Resell, "you sold and then bought: no more selling this turn")
	}
	return nil
}

// doStockSell sells shares to the open market at the price now.
func (b *Base[T, P]) doStockSell(t *StockTurn[T], a move.Action) error {
	x, n, _ := b.SaleArgs(a, t.Cite.Sale)
	price := b.SellShares(a.Seat, x, n)
	t.Sold(a.Seat, x, n, price)
	b.Reelect(x)
	if t.State.Bought == "" {
		t.State.SoldFirst = true
	}
	t.State.Sold = true
	return nil
}

// SellShares sells n of a seat's shares of a company to the open market
// at the price now, which it returns: the money from the bank, the
// certificates by the core's rule (Transfer), the company marked sold by
// him. The title names the new president and moves the price.
func (b *Base[T, P]) SellShares(seat int, x *T, n int) int {
	c, pl, price := P(x).Core(), b.Players[seat], b.Price(x)
	b.Pay(n*price, &pl.Cash)
	b.Transfer(c, Hand(seat), InPool, n)
	pl.Sold[c.Sym] = true
	return price
}
