package g1870

import (
	"slices"
	"strconv"
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

// checkPass judges a pass in a stock turn: only before acting and when
// not over the certificate limit (5.2.2, 5.4.1).
func (g *Game) checkPass(a move.Action) error {
	if len(g.r.Pending) > 0 || g.r.Kind == operatingRound {
		return errRule("5.2.2", "PASS is for stock rounds and auctions; the operating company ends its turn with DONE")
	}
	if g.r.Acted {
		return errRule("5.2.2", "you have acted this turn: end it with DONE")
	}
	if g.r.Kind == stockRound && g.overLimit(a.Seat) && len(g.saleOptions(a.Seat)) > 0 {
		return errRule("5.4.1", "you hold %d certificates against a limit of %d: sell first", g.Certs(a.Seat), g.Limit())
	}
	return nil
}

// doPass passes a stock turn; when every seat has passed in a row the
// round ends (5.2.2).
func (g *Game) doPass(a move.Action) error {
	g.r.Passes++
	g.r.Seat = g.NextSeat(a.Seat)
	if g.r.Passes >= len(g.Players) {
		g.endStockRound()
	}
	return nil
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

// checkDone judges the end of a stock turn, or of a company's turn after
// its trains (5.2.2, 5.4.1, 4.1, 10.1).
func (g *Game) checkDone(a move.Action) error {
	if len(g.r.Pending) > 0 {
		return errRule("4.1", "answer the question before you first")
	}
	switch g.r.Kind {
	case auctionRound:
		return errRule("5.7", "in the auction you BUY, BID or PASS")
	case stockRound:
		if !g.r.Acted {
			return errRule("5.2.2", "you have done nothing this turn: PASS instead")
		}
		if g.overLimit(a.Seat) && len(g.saleOptions(a.Seat)) > 0 {
			return errRule("5.4.1", "you hold %d certificates against a limit of %d: sell down first", g.Certs(a.Seat), g.Limit())
		}
		return nil
	}
	c := g.Operating()
	switch g.r.Step {
	case eighteen.StepTrack, eighteen.StepToken:
		return errRule("4.1", "%s has still to run: SKIP the track and token steps first", c.Sym)
	case eighteen.StepDividend:
		return errRule("4.1", "%s must settle its dividend first", c.Sym)
	}
	if g.mustBuy(c) {
		return errRule("10.1", "%s has a route and no train: it must buy one", c.Sym)
	}
	return nil
}

// doDone ends the turn: the stock turn, or the company's.
func (g *Game) doDone(a move.Action) error {
	if g.r.Kind == stockRound {
		g.endStockTurn(a.Seat)
		return nil
	}
	g.finishTurn(g.Operating())
	return nil
}

func (g *Game) overLimit(seat int) bool { return g.Certs(seat) > g.Limit() }

// endStockTurn offers the presidents of what was sold the chance to
// protect their price (5.9), and passes play on.
func (g *Game) endStockTurn(seat int) {
	g.r.Resume = g.NextSeat(seat)
	sales := g.r.Sales
	g.r.Acted, g.r.ForCorp, g.r.Bought, g.r.SoldFirst, g.r.Sales = false, false, false, false, nil
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
	if g.canProtect(s) {
		g.r.Pending = append(g.r.Pending, pending{Kind: pendProtect, Seat: c.President, Corp: c.Sym, Sale: s})
		return
	}
	g.move(c, g.StockMarket().Down(c.Pos, s.Units))
}

func (g *Game) canProtect(s sale) bool {
	c := g.Corp(s.Corp)
	p := c.President
	if p < 0 || p == s.Seat || p != s.President || g.Players[p].Cash < s.Units*s.Price || g.PoolUnits(c.Sym) < s.Units {
		return false
	}
	extra := s.Units
	if g.free(c) {
		extra = 0
	}
	return g.Certs(p)+extra <= g.Limit()
}

// checkProtect judges a president's purchase of shares another sold
// (5.9): the money in hand and room for them.
func (g *Game) checkProtect(a move.Action) error {
	pd, err := g.protectAsked(a)
	if err != nil {
		return err
	}
	if !g.canProtect(pd.Sale) {
		return errRule("5.9", "you need $%d in hand and room for the shares; you may not sell to make either", pd.Sale.Units*pd.Sale.Price)
	}
	return nil
}

// doProtect buys the shares at the sale price; the price does not fall.
func (g *Game) doProtect(a move.Action) error {
	pd := g.r.Pending[0]
	s, c := pd.Sale, g.Corp(pd.Corp)
	cost := s.Units * s.Price
	pl := g.Players[a.Seat]
	pl.Cash -= cost
	g.Bank += cost
	g.Transfer(&c.Corporation, eighteen.InPool, eighteen.Hand(a.Seat), s.Units)
	g.Note("%s protects %s's price, buying the %d shares sold at $%d (5.9)", pl.Name, c.Sym, s.Units, s.Price)
	g.r.Pending = g.r.Pending[1:]
	if g.r.Kind == stockRound {
		g.r.LastAct, g.r.Resume = a.Seat, g.NextSeat(a.Seat)
		if len(g.r.Pending) == 0 {
			g.r.Seat = g.r.Resume
		}
	}
	return nil
}

// doDecline lets the price fall for the sale (5.9).
func (g *Game) doDecline(a move.Action) error {
	pd := g.r.Pending[0]
	g.r.Pending = g.r.Pending[1:]
	c := g.Corp(pd.Corp)
	g.move(c, g.StockMarket().Down(c.Pos, pd.Sale.Units))
	if g.r.Kind == stockRound && len(g.r.Pending) == 0 {
		g.r.Seat = g.r.Resume
	}
	return nil
}

func (g *Game) protectAsked(a move.Action) (pending, error) {
	if len(g.r.Pending) == 0 || g.r.Pending[0].Kind != pendProtect {
		return pending{}, errRule("5.9", "no sale waits for its president to protect it")
	}
	pd := g.r.Pending[0]
	if len(a.Args) != 1 || !strings.EqualFold(a.Args[0], pd.Corp) {
		return pending{}, errRule("5.9", "write %s %s", a.Verb, pd.Corp)
	}
	return pd, nil
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

// checkBuyMove judges BUY: a president's certificate at par, or shares
// from the initial offering or the open market (5.3, 5.5).
func (g *Game) checkBuyMove(a move.Action) error {
	if len(g.r.Pending) > 0 {
		return errRule("4.1", "answer the question before you first")
	}
	c, err := g.checkBuy(a)
	if err != nil {
		return err
	}
	if strings.EqualFold(a.Args[1], "PAR") {
		return g.checkPar(a, c)
	}
	units, price, err := g.shareTerms(a, c)
	if err != nil {
		return err
	}
	return g.checkShares(a.Seat, c, units, price, strings.EqualFold(a.Args[1], "IPO"))
}

// doBuy makes a purchase checkBuyMove allowed.
func (g *Game) doBuy(a move.Action) error {
	c := g.Corp(a.Args[0])
	if strings.EqualFold(a.Args[1], "PAR") {
		par, _ := atoi(a.Args[2])
		g.startCorp(a.Seat, c, par)
		return nil
	}
	units, price, err := g.shareTerms(a, c)
	if err != nil {
		return err
	}
	g.buyShares(a.Seat, c, units, price, strings.EqualFold(a.Args[1], "IPO"))
	return nil
}

// shareTerms are how many shares a purchase from the initial offering or
// the open market takes, and at what price (5.1.1, 5.3.1).
func (g *Game) shareTerms(a move.Action, c *Corp) (units, price int, err error) {
	switch strings.ToUpper(a.Args[1]) {
	case "IPO":
		if !c.Started || c.IPO.Units() == 0 {
			return 0, 0, errRule("5.3.1", "%s has no shares in the initial offering", c.Sym)
		}
		if len(a.Args) != 2 {
			return 0, 0, errRule("5.1.1", "shares in the initial offering are bought one at a time")
		}
		return 1, c.Par, nil // the reissue par once reissued (5.3.1)
	case "POOL":
		if !c.Started || g.PoolUnits(c.Sym) == 0 {
			return 0, 0, errRule("5.3.1", "the open market holds no %s shares", c.Sym)
		}
		units = 1
		if len(a.Args) == 3 {
			n, ok := atoi(a.Args[2])
			if !ok || n < 1 || n > g.PoolUnits(c.Sym) || (n > 1 && !g.bulk(c)) {
				return 0, 0, errRule("5.1.1", "more than one share at once only from the open market of a company in the brown zone, and no more than it holds")
			}
			units = n
		}
		return units, g.Price(c), nil
	}
	return 0, 0, errRule("5.3.1", "buy from IPO or POOL, or start a company with PAR")
}

// checkBuy applies the checks every stock-round purchase shares, whatever
// its source (5.3, 5.4.1), and returns the company to be bought.
func (g *Game) checkBuy(a move.Action) (*Corp, error) {
	if g.r.Kind != stockRound {
		return nil, errRule("5.3", "shares are bought in stock rounds; the company buys trains with BUYTRAIN")
	}
	if g.r.Bought || g.r.ForCorp {
		return nil, errRule("5.3", "one purchase a turn; you may still SELL or end with DONE")
	}
	if len(a.Args) < 2 {
		return nil, errRule("5.3.1", "write BUY, the company and IPO, POOL or PAR with a price, as BUY MP IPO")
	}
	c := g.Corp(a.Args[0])
	if c == nil || c.Closed {
		return nil, errRule("5.3.1", "%s is not a company in play", a.Args[0])
	}
	pl := g.Players[a.Seat]
	if pl.Sold[c.Sym] {
		return nil, errRule("5.3.3", "you sold %s since the last operating rounds and may not buy it again yet", c.Sym)
	}
	if g.overLimit(a.Seat) {
		return nil, errRule("5.4.1", "you hold %d certificates against a limit of %d: sell first", g.Certs(a.Seat), g.Limit())
	}
	return c, nil
}

// checkPar judges starting a company by buying its president's
// certificate, two shares, at a par price (5.5).
func (g *Game) checkPar(a move.Action, c *Corp) error {
	if c.Started || c.Sym == SLSF {
		return errRule("5.5", "%s is already started", c.Sym)
	}
	if len(a.Args) != 3 {
		return errRule("5.5", "write BUY %s PAR and a par price from %v", c.Sym, parPrices)
	}
	par, ok := atoi(a.Args[2])
	if !ok || !slices.Contains(parPrices, par) {
		return errRule("5.5", "a par price is one of %v", parPrices)
	}
	if cash := g.Players[a.Seat].Cash; cash < 2*par {
		return errRule("3.7", "the president's certificate costs $%d and you have $%d", 2*par, cash)
	}
	if g.Certs(a.Seat)+1 > g.Limit() {
		return errRule("5.4.1", "a certificate more would take you over the limit of %d", g.Limit())
	}
	return nil
}

// startCorp sells the president's certificate at par; the company's
// treasury is paid at the round's end (5.5.4).
func (g *Game) startCorp(seat int, c *Corp, par int) {
	pl := g.Players[seat]
	pos, _ := g.StockMarket().Par(par)
	c.Started, c.President, c.Par = true, seat, par
	c.Pos = pos
	g.Restack(&c.Corporation)
	g.DealPresident(&c.Corporation, &c.IPO, seat)
	pl.Cash -= 2 * par
	g.Bank += 2 * par
	c.Pending += 10 * par
	g.Note("%s starts %s at $%d", pl.Name, c.Sym, par)
	g.bought(seat)
}

// checkShares judges buying units ordinary shares at price, from the
// initial offering (ipo) or the open market: the money, the certificate
// limit, 60% (3.7, 5.4.1) and the historical start's five (16.5).
func (g *Game) checkShares(seat int, c *Corp, units, price int, ipo bool) error {
	if ipo && !g.eligible(c) && g.sold(c)+units > 5 {
		return errRule("16.5", "%s may sell no more than five shares until the companies before it have sold six each", c.Sym)
	}
	return shares.BuyError(g.StockMarket(), &c.Corporation, g.Players[seat], units, price, g.Certs(seat), g.Limit())
}

// buyShares hands a player shares from the initial offering (ipo) or the
// open market; a reissued share's price is the company's at the round's
// end (5.11).
func (g *Game) buyShares(seat int, c *Corp, units, price int, ipo bool) {
	pl := g.Players[seat]
	pl.Cash -= units * price
	g.Bank += units * price
	if ipo {
		g.Transfer(&c.Corporation, eighteen.InIPO, eighteen.Hand(seat), units)
		if c.Reissued {
			c.Pending += price
		}
	} else {
		g.Transfer(&c.Corporation, eighteen.InPool, eighteen.Hand(seat), units)
	}
	g.Note("%s buys %d %s for $%d", pl.Name, units, c.Sym, units*price)
	g.Reelect(c)
	g.bought(seat)
	g.askFriscoPar()
}

func (g *Game) bought(seat int) {
	g.r.Bought, g.r.Acted, g.r.LastAct = true, true, seat
}

// checkParSLSF judges the Frisco's par, set by the buyer of its
// certificate (15.2).
func (g *Game) checkParSLSF(a move.Action) error {
	if len(g.r.Pending) == 0 || g.r.Pending[0].Kind != pendPar {
		return errRule("15.2", "PAR sets the Frisco's price when its certificate is bought")
	}
	par := 0
	if len(a.Args) == 2 {
		par, _ = atoi(a.Args[1])
	}
	if len(a.Args) != 2 || !strings.EqualFold(a.Args[0], SLSF) || !slices.Contains(parPrices, par) {
		return errRule("15.2", "write PAR SLSF and a price from %v", parPrices)
	}
	return nil
}

// doPar starts the Frisco: its private becomes the president's
// certificate.
func (g *Game) doPar(a move.Action) error {
	par, _ := atoi(a.Args[1])
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

// saleOptions are the blocks a player may sell now: company and number.
func (g *Game) saleOptions(seat int) [][2]int {
	var out [][2]int
	for i, c := range g.Corps {
		for n := 1; n <= g.Players[seat].Units(c.Sym); n++ {
			if g.checkSale(seat, c, n) == nil {
				out = append(out, [2]int{i, n})
			}
		}
	}
	return out
}

// checkSale judges selling n shares of c as a stock action, in a stock
// round or to raise money for a train (5.3.3, 5.4.2, 5.6, 10.6.2).
func (g *Game) checkSale(seat int, c *Corp, n int) error {
	if c.Closed || !c.Started {
		return errRule("5.3.3", "%s shares cannot be sold", c.Sym)
	}
	if err := shares.SaleError(&c.Corporation, g.Players, g.PoolUnits(c.Sym), seat, n); err != nil {
		return err
	}
	held := g.Players[seat].Units(c.Sym)
	if g.r.Kind == stockRound {
		switch {
		case g.r.Initial:
			return errRule("5.7", "nothing may be sold in the initial stock round")
		case g.r.ForCorp:
			return errRule("5.3", "you acted for a company this turn")
		case g.r.Bought && g.r.SoldFirst:
			return errRule("5.3.4", "you sold and then bought: no more selling this turn")
		case slices.ContainsFunc(g.r.Sales, func(s sale) bool { return s.Corp == c.Sym }):
			return errRule("5.3.3", "shares of one company are sold in one block a turn")
		}
	}
	if held > 6 && !g.unlimited(c) && held-n > 6 && g.r.Kind == stockRound {
		return errRule("5.9", "you hold more than 60%% of %s: a sale must bring you down to 60%%", c.Sym)
	}
	if g.r.Kind == operatingRound {
		return g.checkForcedSale(seat, c, n)
	}
	return nil
}

// checkSellMove judges SELL: in a stock turn, or by a president finding
// money for a forced train (5.3.3, 10.6.2).
func (g *Game) checkSellMove(a move.Action) error {
	if len(g.r.Pending) > 0 {
		return errRule("4.1", "answer the question before you first")
	}
	if g.r.Kind == auctionRound {
		return errRule("5.7", "nothing may be sold in the initial stock round")
	}
	if len(a.Args) != 2 {
		return errRule("5.3.3", "write SELL, the company and the number of shares, as SELL MP 2")
	}
	c := g.Corp(a.Args[0])
	n, ok := atoi(a.Args[1])
	if c == nil || !ok {
		return errRule("5.3.3", "write SELL, the company and the number of shares, as SELL MP 2")
	}
	if g.r.Kind == operatingRound && (g.r.Corp == "" || g.r.Step != eighteen.StepTrains) {
		return errRule("10.6.2", "shares are sold in an operating round only to pay for a forced train")
	}
	return g.checkSale(a.Seat, c, n)
}

// doSell sells shares to the open market at the price now; in a stock
// turn the price falls when the turn ends, in a forced sale at once
// unless the president protects it (5.9 rule 7).
func (g *Game) doSell(a move.Action) error {
	c := g.Corp(a.Args[0])
	n, _ := atoi(a.Args[1])
	pl, price := g.Players[a.Seat], g.Price(c)
	s := sale{Seat: a.Seat, Corp: c.Sym, Units: n, Price: price, President: c.President}
	g.Pay(n*price, &pl.Cash)
	g.Transfer(&c.Corporation, eighteen.Hand(a.Seat), eighteen.InPool, n)
	pl.Sold[c.Sym] = true
	g.Note("%s sells %d %s at $%d", pl.Name, n, c.Sym, price)
	g.Reelect(c)
	if g.r.Kind == stockRound {
		g.r.Sales = append(g.r.Sales, s)
		g.r.Acted, g.r.LastAct = true, a.Seat
		if !g.r.Bought {
			g.r.SoldFirst = true
		}
	} else {
		g.offerProtection(s) // 5.9.7
	}
	return nil
}

// checkRedeem judges the president having his company buy back one of
// its shares (5.10): from the open market if it holds one, else from
// himself, or from another player who must agree (rule 4).
func (g *Game) checkRedeem(a move.Action) error {
	c, err := g.forCorp(a, "REDEEM")
	if err != nil {
		return err
	}
	switch {
	case !c.Operating:
		return errRule("5.10", "only a company that has operated may redeem")
	case c.RedeemedSR:
		return errRule("5.10", "%s has redeemed a share this stock round", c.Sym)
	case c.Treasury.Units() >= 4:
		return errRule("5.10", "%s holds four of its shares already", c.Sym)
	case g.sold(c)-1 < 6:
		return errRule("5.10", "six shares of %s must stay with the players and the open market", c.Sym)
	case c.Cash < g.Price(c):
		return errRule("5.10", "%s has $%d and a share costs $%d", c.Sym, c.Cash, g.Price(c))
	}
	pl := g.Players[a.Seat]
	fromPool := g.PoolUnits(c.Sym) > 0
	if !fromPool {
		from := -1
		if len(a.Args) == 2 {
			from = g.redeemFrom(a)
		}
		if from < 0 {
			return errRule("5.10", "the open market holds no %s: write REDEEM %s SELF to redeem one of your own, or REDEEM %s and the player who holds one", c.Sym, c.Sym, c.Sym)
		}
		if from != a.Seat {
			if g.Players[from].Units(c.Sym) == 0 {
				return errRule("5.10", "%s holds no %s", g.Players[from].Name, c.Sym)
			}
			return nil // his word is asked (5.10 rule 4)
		}
		for s, p := range g.Players {
			if s != a.Seat && p.Units(c.Sym) >= pl.Units(c.Sym)-1 && p.Units(c.Sym) >= 2 {
				return errRule("5.10", "redeeming your share would hand the presidency to %s", p.Name)
			}
		}
		if pl.Units(c.Sym) < 3 {
			return errRule("5.10", "you keep the president's two shares")
		}
	} else if len(a.Args) != 1 {
		return errRule("5.10", "a share in the open market must be redeemed first: write REDEEM %s", c.Sym)
	}
	return nil
}

// redeemFrom is the seat REDEEM names: SELF or a player's name, or -1.
func (g *Game) redeemFrom(a move.Action) int {
	if strings.EqualFold(a.Args[1], "SELF") {
		return a.Seat
	}
	for s, p := range g.Players {
		if strings.EqualFold(p.Name, a.Args[1]) && s != a.Seat {
			return s
		}
	}
	return -1
}

// doRedeem has the company buy back a share: from the open market if it
// holds one, else from its president; from another player it is offered
// to him first.
func (g *Game) doRedeem(a move.Action) error {
	c := g.Corp(a.Args[0])
	from := -1
	if g.PoolUnits(c.Sym) == 0 {
		from = g.redeemFrom(a)
		if from != a.Seat && !g.Agreed() {
			return g.offer(a, from, "%s offers %s $%d for a %s share (5.10)", c.Sym, g.Players[from].Name, g.Price(c), c.Sym)
		}
	}
	price := g.Price(c)
	c.Cash -= price
	if from < 0 {
		g.Transfer(&c.Corporation, eighteen.InPool, eighteen.InTreasury, 1)
		g.Bank += price
	} else {
		g.Transfer(&c.Corporation, eighteen.Hand(from), eighteen.InTreasury, 1)
		g.Players[from].Cash += price
	}
	c.RedeemedSR = true
	g.Note("%s redeems a share for $%d (5.10)", c.Sym, price)
	g.forCorpDone(a.Seat)
	return nil
}

// checkReissue judges the company putting every share it redeemed back
// on offer at a new par (5.11).
func (g *Game) checkReissue(a move.Action) error {
	c, err := g.forCorp(a, "REISSUE")
	if err != nil {
		return err
	}
	switch {
	case c.IPO.Units() > 0:
		return errRule("5.11", "%s's initial offering is not sold out", c.Sym)
	case c.Treasury.Units() == 0:
		return errRule("5.11", "%s holds no redeemed shares", c.Sym)
	case c.ReissuedSR:
		return errRule("5.11", "%s has reissued this stock round", c.Sym)
	}
	return nil
}

// doReissue puts the redeemed shares back on offer at the new par.
func (g *Game) doReissue(a move.Action) error {
	c := g.Corp(a.Args[0])
	par := reissuePar(c.Par, g.Price(c))
	eighteen.Shift(&c.Treasury, &c.IPO, c.Treasury.Units()) // all of them, in the order redeemed
	c.Par, c.Reissued = par, true
	c.ReissuedSR = true
	g.Note("%s reissues %d shares at $%d (5.11)", c.Sym, c.IPO.Units(), par)
	g.forCorpDone(a.Seat)
	return nil
}

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

func (g *Game) forCorp(a move.Action, verb string) (*Corp, error) {
	if g.r.Kind != stockRound || len(g.r.Pending) > 0 {
		return nil, errRule("5.3", "%s is a stock round action", verb)
	}
	if g.r.Acted {
		return nil, errRule("5.3", "acting for a company is the whole of a turn")
	}
	if len(a.Args) < 1 {
		return nil, errRule("5.3", "write %s and the company", verb)
	}
	c := g.Corp(a.Args[0])
	if c == nil || c.Closed || c.President != a.Seat {
		return nil, errRule("5.3", "you are not the president of %s", a.Args[0])
	}
	return c, nil
}

func (g *Game) forCorpDone(seat int) {
	g.r.Acted, g.r.ForCorp, g.r.LastAct = true, true, seat
	g.endStockTurn(seat)
}

// checkBuyPrivate judges a private's purchase: by a player in a stock
// turn from the open market at its price, or from another player at a
// price they agree (5.3.2); by the operating company from a player (12).
func (g *Game) checkBuyPrivate(a move.Action) error {
	if len(g.r.Pending) > 0 {
		return errRule("4.1", "answer the question before you first")
	}
	if len(a.Args) < 1 {
		return errRule("12", "write BUYPRIVATE and the private")
	}
	p := g.Private(a.Args[0])
	if p == nil || p.Closed {
		return errRule("12", "%s is not a private company in play", a.Args[0])
	}
	if g.r.Kind == operatingRound {
		return g.checkCorpBuysPrivate(a, p)
	}
	if g.r.Kind != stockRound || g.r.Bought || g.r.ForCorp {
		return errRule("5.3.2", "a private is bought in place of a share, once a turn")
	}
	pl := g.Players[a.Seat]
	switch {
	case p.Corp != "":
		return errRule("5.3.2", "the %s belongs to %s", p.Sym, p.Corp)
	case p.Owner == a.Seat:
		return errRule("5.3.2", "you own the %s", p.Sym)
	case p.Owner < 0 && len(a.Args) != 1:
		return errRule("5.3.2", "the open market sells the %s at its price: write BUYPRIVATE %s", p.Sym, p.Sym)
	case p.Owner < 0 && pl.Cash < p.Cost:
		return errRule("3.7", "the %s costs $%d and you have $%d", p.Sym, p.Cost, pl.Cash)
	case p.Owner >= 0:
		price, ok := 0, len(a.Args) == 2
		if ok {
			price, ok = atoi(a.Args[1])
		}
		if !ok || price < 1 || price > pl.Cash {
			return errRule("5.3.2", "write BUYPRIVATE %s and the price you offer %s, from $1 to your $%d", p.Sym, g.Players[p.Owner].Name, pl.Cash)
		}
	}
	if g.Certs(a.Seat)+1 > g.Limit() {
		return errRule("5.4.1", "a certificate more would take you over the limit of %d", g.Limit())
	}
	return nil
}

// doBuyPrivate makes the purchase checkBuyPrivate allowed, or offers it
// to the owner when he must agree.
func (g *Game) doBuyPrivate(a move.Action) error {
	p := g.Private(a.Args[0])
	if g.r.Kind == operatingRound {
		if p.Owner != g.Operating().President && !g.Agreed() {
			return g.offer(a, p.Owner, "%s offers %s $%s for the %s (12)", g.r.Corp, g.Players[p.Owner].Name, a.Args[1], p.Sym)
		}
		return g.corpBuysPrivate(a, p)
	}
	if p.Owner < 0 {
		g.sellPrivate(p, a.Seat, p.Cost)
		g.bought(a.Seat)
		return nil
	}
	if !g.Agreed() {
		return g.offer(a, p.Owner, "%s offers %s $%s for the %s (5.3.2)", g.Players[a.Seat].Name, g.Players[p.Owner].Name, a.Args[1], p.Sym)
	}
	price, _ := atoi(a.Args[1])
	buyer, seller := g.Players[a.Seat], g.Players[p.Owner]
	buyer.Cash -= price
	seller.Cash += price
	p.Owner = a.Seat
	g.Note("%s buys the %s from %s for $%d (5.3.2)", buyer.Name, p.Sym, seller.Name, price)
	g.bought(a.Seat)
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }
