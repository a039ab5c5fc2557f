package g1870

import (
	"slices"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// sellPrivate hands a private to a player and settles what comes with it.
func (g *Game) sellPrivate(p *Private, seat, price int) {
	g.Players[seat].Cash -= price
	g.Bank += price
	p.Owner, p.Cost = seat, p.Printed
	g.Note("%s buys the %s for $%d", g.Players[seat].Name, p.Sym, price)
	switch p.Sym {
	case MKT:
		c := g.Corp(MKT)
		g.Deal(&c.Corporation, &c.Reserved, seat, c.Reserved.Units())
	case SLSF:
		g.askFriscoPar()
	}
}

// historicalOrder is the order the companies may start in with 16.5's
// variant: the years they began building.
var historicalOrder = []string{"GMO", "IC", "MP", SLSF, "ATSF", "SP", MKT, "SSW", "TP", "FW"}

// eligible tells whether a company may start and sell its sixth share:
// always, unless the historical start is played, and then once every
// company before it has sold six shares (16.5; rulings G13). A closed
// company holds none back.
func (g *Game) eligible(c *Corp) bool {
	if !g.Variants.Historical {
		return true
	}
	for _, sym := range historicalOrder {
		if sym == c.Sym {
			return true
		}
		if b := g.Corp(sym); !b.Closed && g.sold(b) < 6 {
			return false
		}
	}
	return true
}

// askFriscoPar asks the Frisco certificate's owner to set its par, once
// the Frisco may start: at once, or with the historical start when the
// companies before it have sold six shares each (15.2, 16.5).
func (g *Game) askFriscoPar() {
	p, c := g.Private(SLSF), g.Corp(SLSF)
	if p.Closed || p.Owner < 0 || c.Started || !g.eligible(c) || slices.ContainsFunc(g.r.Pending, func(pd pending) bool { return pd.Kind == pendPar }) {
		return
	}
	g.r.Pending = append(g.r.Pending, pending{Kind: pendPar, Seat: p.Owner, Corp: SLSF})
}

// privatesOnlyRound follows an initial round in which everyone passed
// with privates unsold: the privates pay, and the initial round starts
// again (5.7), the GRSC $5 cheaper (the waterfall's Discount).
func (g *Game) privatesOnlyRound() {
	g.Note("everyone passed with privates unsold: an operating round for the privates alone (5.7)")
	g.PayPrivates()
	start := g.r.First
	if g.r.LastAct >= 0 {
		start = g.NextSeat(g.r.LastAct)
	}
	g.r = round{RoundState: eighteen.RoundState{Kind: auctionRound, Seat: start, LastAct: -1}, Initial: true, First: start}
}

// endStockTurn offers the presidents of what was sold the chance to
// protect their price (5.9), and passes play on.
func (g *Game) endStockTurn(seat int) {
	g.r.Resume = g.NextSeat(seat)
	sales := g.r.Sales
	g.r.StockState, g.r.Sales = eighteen.StockState{}, nil
	g.r.Passes = 0
	for _, s := range sales {
		g.offerProtection(s)
	}
	if len(g.r.Pending) == 0 {
		g.r.Seat = g.r.Resume
	}
}

// offerProtection asks the president of a company another sold to buy
// the shares at the sale price, or lets the price fall (5.9).
func (g *Game) offerProtection(s sale) {
	c := g.Corp(s.Corp)
	if c.Closed {
		return
	}
	if g.CanProtect(s) {
		g.r.Pending = append(g.r.Pending, pending{Kind: pendProtect, Seat: c.President, Corp: c.Sym, Sale: s})
		return
	}
	g.move(c, g.StockMarket().Down(c.Pos, s.Units))
}

// protection is 1870's price protection (5.9): the sales asked about
// wait in the round's questions.
func (g *Game) protection() eighteen.Protection {
	return eighteen.Protection{Rule: "5.9", Seat: func() int { return g.askedSeat()[0] },
		Asked: func() *eighteen.Sale {
			if !g.asked(pendProtect) {
				return nil
			}
			return &g.r.Pending[0].Sale
		},
		Answered: func(seat int, protected bool) {
			g.r.Pending = g.r.Pending[1:]
			if g.r.Kind != stockRound {
				return
			}
			if protected {
				g.r.LastAct, g.r.Resume = seat, g.NextSeat(seat)
			}
			if len(g.r.Pending) == 0 {
				g.r.Seat = g.r.Resume
			}
		},
		Fall: func(s eighteen.Sale) {
			c := g.Corp(s.Corp)
			g.move(c, g.StockMarket().Down(c.Pos, s.Units))
		}}
}

// endStockRound: the all-sold rise, the money companies are owed, the
// priority, and the operating rounds (5.2.2, 5.2.3, 5.5.4, 5.11).
func (g *Game) endStockRound() {
	for _, c := range g.Ordered(func(*Corp) bool { return true }) {
		if c.Pending > 0 {
			g.Pay(c.Pending, &c.Cash)
			c.Pending = 0
		}
		c.RedeemedSR, c.ReissuedSR = false, false
	}
	for _, c := range g.Ordered(func(c *Corp) bool {
		return c.IPO.Units() == 0 && g.PoolUnits(c.Sym) == 0 && c.Reserved.Units() == 0
	}) {
		g.Note("%s is all sold (5.2.3)", c.Sym)
		g.move(c, g.StockMarket().Up(c.Pos))
	}
	if g.r.LastAct >= 0 {
		g.Priority = g.NextSeat(g.r.LastAct)
	}
	if g.Ending.Due(eighteen.EndAfterRun) {
		g.End(g.Ending.Why) // reached at the round's end: no company operates (16.1)
		return
	}
	if g.stalemate() {
		g.Stalemate, g.Ended = true, true
		g.Note("no company can operate or be started: the game is stalemated and has no winner (13.3)")
		return
	}
	g.startSet()
}

func (g *Game) stalemate() bool {
	for _, c := range g.Corps {
		if c.Floated && !c.Closed {
			return false
		}
		if c.Started && !c.Closed && g.sold(c) >= c.FloatAt {
			return false
		}
	}
	for _, p := range g.Privates {
		if p.Held() && p.Corp == "" {
			return false
		}
	}
	for _, c := range g.Corps {
		if c.Closed {
			continue
		}
		for _, p := range g.Players {
			if p.Cash >= 2*parPrices[0] || (c.Started && p.Cash >= c.Par) {
				return false
			}
		}
	}
	return true
}

func (g *Game) startStockRound() {
	g.r = round{RoundState: eighteen.RoundState{Kind: stockRound, Seat: g.Priority, LastAct: -1}, First: g.Priority}
	g.Note("stock round: %s has the priority", g.Players[g.Priority].Name)
}

// started follows a company's start: its treasury is paid its par for
// ten shares at the round's end (5.5.4).
func (g *Game) started(seat int, c *Corp, par int) {
	g.Restack(&c.Corporation)
	c.Pending += 10 * par
	g.Note("%s starts %s at $%d", g.Players[seat].Name, c.Sym, par)
	g.r.LastAct = seat
}

// boughtShares follows a purchase of shares; a reissued share's price is
// the company's at the round's end (5.11).
func (g *Game) boughtShares(seat int, c *Corp, units, price int, ipo bool) {
	if ipo && c.Reissued {
		c.Pending += price
	}
	g.Note("%s buys %d %s for $%d", g.Players[seat].Name, units, c.Sym, units*price)
	g.Reelect(c)
	g.r.LastAct = seat
	g.askFriscoPar()
}

// soldShares records a stock turn's sale: its price falls when the turn
// ends, unless the president protects it (5.9).
func (g *Game) soldShares(seat int, c *Corp, n, price int) {
	g.Note("%s sells %d %s at $%d", g.Players[seat].Name, n, c.Sym, price)
	g.r.Sales = append(g.r.Sales, sale{Seat: seat, Corp: c.Sym, Units: n, Price: price, President: c.President})
	g.r.LastAct = seat
}

// passed passes a stock turn; when every seat has passed in a row the
// round ends (5.2.2).
func (g *Game) passed(seat int) {
	g.r.Passes++
	g.r.Seat = g.NextSeat(seat)
	if g.r.Passes >= len(g.Players) {
		g.endStockRound()
	}
}

// shareTerms are how many shares a purchase from the initial offering or
// the open market takes, and at what price (5.1.1, 5.3.1).
func (g *Game) shareTerms(a move.Action, c *Corp) (units, price int, err error) {
	units, price, _, err = g.ShareTerms(g.stockRules(), a, c)
	return units, price, err
}

// checkParSLSF judges the Frisco's par, set by the buyer of its
// certificate (15.2).
func (g *Game) checkParSLSF(a move.Action) error {
	if len(g.r.Pending) == 0 || g.r.Pending[0].Kind != pendPar {
		return eighteen.RuleError("15.2", "PAR sets the Frisco's price when its certificate is bought")
	}
	par := 0
	if len(a.Args) == 2 {
		par, _ = eighteen.Atoi(a.Args[1])
	}
	if len(a.Args) != 2 || !strings.EqualFold(a.Args[0], SLSF) || !slices.Contains(parPrices, par) {
		return eighteen.RuleError("15.2", "write PAR SLSF and a price from %v", parPrices)
	}
	return nil
}

// doPar starts the Frisco: its private becomes the president's
// certificate.
func (g *Game) doPar(a move.Action) error {
	par, _ := eighteen.Atoi(a.Args[1])
	c, pl := g.Corp(SLSF), g.Players[a.Seat]
	pos, _ := g.StockMarket().Par(par)
	c.Started, c.President, c.Par = true, a.Seat, par
	c.Pos = pos
	g.Restack(&c.Corporation)
	g.DealPresident(&c.Corporation, &c.Reserved, a.Seat)
	c.Pending += 10 * par
	g.Private(SLSF).Closed = true
	g.Note("%s sets the Frisco's par at $%d", pl.Name, par)
	g.r.Pending = g.r.Pending[1:]
	return nil
}

// checkSale judges selling n shares of c to raise money for a train
// (5.3.3, 5.4.2, 5.6, 10.6.2); a stock turn's sales are the core's.
func (g *Game) checkSale(seat int, c *Corp, n int) error {
	if c.Closed || !c.Started {
		return eighteen.RuleError("5.3.3", "%s shares cannot be sold", c.Sym)
	}
	if err := shares.SaleError(&c.Corporation, g.Players, g.PoolUnits(c.Sym), seat, n); err != nil {
		return err
	}
	return g.checkForcedSale(seat, c, n)
}

// maySell are 1870's own rules on a stock turn's sale: a company in
// play, one block of a company a turn (5.3.3), and a holding over 60%
// sold down to 60% (5.9).
func (g *Game) maySell(seat int, c *Corp, n int) error {
	held := g.Players[seat].Units(c.Sym)
	switch {
	case c.Closed || !c.Started:
		return eighteen.RuleError("5.3.3", "%s shares cannot be sold", c.Sym)
	case slices.ContainsFunc(g.r.Sales, func(s sale) bool { return s.Corp == c.Sym }):
		return eighteen.RuleError("5.3.3", "shares of one company are sold in one block a turn")
	case held > 6 && !g.unlimited(c) && held-n > 6:
		return eighteen.RuleError("5.9", "you hold more than 60%% of %s: a sale must bring you down to 60%%", c.Sym)
	}
	return nil
}

// checkSellMove judges SELL by a president finding money for a forced
// train (10.6.2).
func (g *Game) checkSellMove(a move.Action) error {
	if len(g.r.Pending) > 0 {
		return eighteen.RuleError("4.1", "answer the question before you first")
	}
	c, n, err := g.SaleArgs(a, "5.3.3")
	if err != nil {
		return err
	}
	if g.r.Corp == "" || g.r.Step != eighteen.StepTrains {
		return eighteen.RuleError("10.6.2", "shares are sold in an operating round only to pay for a forced train")
	}
	return g.checkSale(a.Seat, c, n)
}

// doSell sells shares for a forced train: the price falls at once unless
// the president protects it (5.9 rule 7).
func (g *Game) doSell(a move.Action) error {
	c, n, _ := g.SaleArgs(a, "5.3.3")
	s := sale{Seat: a.Seat, Corp: c.Sym, Units: n, Price: g.Price(c), President: c.President}
	g.SellShares(a.Seat, c, n)
	g.Note("%s sells %d %s at $%d", g.Players[a.Seat].Name, n, c.Sym, s.Price)
	g.Reelect(c)
	g.offerProtection(s) // 5.9.7
	return nil
}

// redemption is 1870's acts for a company (5.10, 5.11): a company that
// has operated redeems a share a stock round, reissues once.
func (g *Game) redemption() *eighteen.Redemption[Corp] {
	return &eighteen.Redemption[Corp]{Redeem: "5.10", Reissue: "5.11", Most: 4, Out: 6,
		May: func(c *Corp) error {
			switch {
			case !c.Operating:
				return eighteen.RuleError("5.10", "only a company that has operated may redeem")
			case c.RedeemedSR:
				return eighteen.RuleError("5.10", "%s has redeemed a share this stock round", c.Sym)
			}
			return nil
		},
		MayReissue: func(c *Corp) error {
			if c.ReissuedSR {
				return eighteen.RuleError("5.11", "%s has reissued this stock round", c.Sym)
			}
			return nil
		},
		Ask: func(a move.Action, from int) error {
			c := g.Corp(a.Args[0])
			return g.offer(a, from, "%s offers %s $%d for a %s share (5.10)", c.Sym, g.Players[from].Name, g.Price(c), c.Sym)
		},
		Redeemed: func(c *Corp, price int) {
			c.RedeemedSR = true
			g.Note("%s redeems a share for $%d (5.10)", c.Sym, price)
		},
		Reissued: func(c *Corp) {
			c.Par, c.Reissued, c.ReissuedSR = reissuePar(c.Par, g.Price(c)), true, true
			g.Note("%s reissues %d shares at $%d (5.11)", c.Sym, c.IPO.Units(), c.Par)
		},
		Acted: func(seat int) {
			g.r.LastAct = seat
			g.endStockTurn(seat)
		}}
}

// doRedeem is a redemption its seller agreed to (5.10 rule 4).
func (g *Game) doRedeem(a move.Action) error { return g.DoRedeem(g.stockRules(), a) }

// reissuePar is the higher of the old par and the par box nearest 75% of
// the price, the higher box on a tie (5.11; rulings G5).
func reissuePar(old, price int) int {
	target := price * 3 // compared in quarters: 75% of price is target/4
	best := reissuePrices[0]
	for _, p := range reissuePrices {
		if d, bd := abs(4*p-target), abs(4*best-target); d < bd || d == bd {
			best = p
		}
	}
	return max(old, best)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// checkBuyPrivate judges the operating company's purchase of a private
// from a player (12); a player's in his stock turn is the core's
// (privateTrade).
func (g *Game) checkBuyPrivate(a move.Action) error {
	if len(g.r.Pending) > 0 {
		return eighteen.RuleError("4.1", "answer the question before you first")
	}
	if len(a.Args) < 1 {
		return eighteen.RuleError("12", "write BUYPRIVATE and the private")
	}
	p := g.Private(a.Args[0])
	if p == nil || p.Closed {
		return eighteen.RuleError("12", "%s is not a private company in play", a.Args[0])
	}
	return g.checkCorpBuysPrivate(a, p)
}

// doBuyPrivate makes a private's purchase, or offers it to the owner
// when he must agree: the operating company's (12), or a player's in his
// stock turn.
func (g *Game) doBuyPrivate(a move.Action) error {
	if g.r.Kind != operatingRound {
		return g.DoTrade(g.stockRules(), a)
	}
	p := g.Private(a.Args[0])
	if p.Owner != g.Operating().President && !g.Agreed() {
		return g.offer(a, p.Owner, "%s offers %s $%s for the %s (12)", g.r.Corp, g.Players[p.Owner].Name, a.Args[1], p.Sym)
	}
	return g.corpBuysPrivate(a, p)
}

// privateTrade is a private bought in a stock turn in place of a share:
// from the bank at its cost, or from another player at a price they
// agree (5.3.2).
func (g *Game) privateTrade() *eighteen.PrivateTrade {
	return &eighteen.PrivateTrade{Rule: "5.3.2", Limit: "5.4.1", Least: 1, Purchase: true,
		FromBank: func(p *Private, seat int) { g.sellPrivate(p, seat, p.Cost) },
		Ask: func(a move.Action, owner int) error {
			return g.offer(a, owner, "%s offers %s $%s for the %s (5.3.2)", g.Players[a.Seat].Name, g.Players[owner].Name, a.Args[1], g.Private(a.Args[0]).Sym)
		}, Note: "%s buys the %s from %s for $%d (5.3.2)"}
}
