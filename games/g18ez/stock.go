package g18ez

import (
	"slices"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// parPrices are the six values outlined in red (1.5).
var parPrices = []int{50, 60, 70, 80, 90, 100}

// startStockRound opens an SDR with the priority holder (1.9, 1.11).
func (g *Game) startStockRound(initial bool) {
	g.r = round{RoundState: eighteen.RoundState{Kind: stockRound, Seat: g.Priority, LastAct: -1}, Initial: initial, BoughtSR: make([]map[string]bool, len(g.Players))}
	for i := range g.r.BoughtSR {
		g.r.BoughtSR[i] = map[string]bool{}
	}
	for _, p := range g.Players {
		clear(p.Sold)
	}
	if g.BlackLineSale && !g.BlackLineOpen {
		g.BlackLineOpen = true
		g.Note("The Black Line's shares are on sale at $%d from this SDR (2.12)", blackLinePrice)
	}
}

// packet is the Startpacket's moves: bids of $5 steps at least (1.3), the
// special auctions (1.4), bids no more than a seat has free of its other
// high bids, and within its certificate limit with them (rulings EZ4).
func (g *Game) packet() eighteen.PacketRules {
	return eighteen.PacketRules{Packet: &g.Packet, Name: "Startpacket", Raise: bidStep, Cut: shortLineCut, Example: OBS,
		Order: "1.2", Bid: "1.3", Special: "1.4", Cash: "rulings EZ4", CutRule: "rulings EZ3",
		Open: func() bool { return g.r.Kind == stockRound }, Settle: g.settleSales, Pass: g.checkPass,
		Allowed: func(seat int, item string, buying bool) error {
			switch {
			case buying && g.Certs(seat) >= g.Limit():
				return errRule("1.8", "you hold %d certificates, the limit", g.Certs(seat))
			case !buying && g.Certs(seat)+g.Packet.Leading(seat, item) >= g.Limit():
				return errRule("1.8, rulings EZ4", "your certificates and high bids would pass the limit of %d", g.Limit())
			}
			return nil
		}}
}

// settleSales pays for the Startpacket's sales and hands the items over:
// a minor gets its printed $160 from the bank whatever was paid (1.10).
func (g *Game) settleSales(sales []eighteen.PacketSale) {
	for _, s := range sales {
		pl := g.Players[s.Seat]
		pl.Cash -= s.Price
		g.Bank += s.Price
		if p := g.Private(s.Item); p != nil {
			p.Owner = s.Seat
		} else if c := g.Corp(s.Item); c != nil {
			c.President, c.Started, c.Floated = s.Seat, true, true
			g.Pay(spec.Company(c.Sym).Price, &c.Cash)
		}
		g.Note("%s buys %s for $%d", pl.Name, s.Item, s.Price)
	}
	if g.Packet.Auction != nil {
		g.Note("%s becomes available with several bids on it: a special auction among its bidders (1.4)", g.Packet.Auction.Item)
	}
	if g.Packet.SoldOut() && len(sales) > 0 {
		g.Note("The Startpacket is sold out: shares may be bought (1.5)")
	}
}

// stockStep is a player's SDR turn: the Startpacket's purchases and bids
// while it lasts, then shares (1.2, 1.5, 1.11).
func (g *Game) stockStep() eighteen.Step {
	return &eighteen.Table{Title: "share dealing turn", Moves: map[string]eighteen.Move{
		"BUY": eighteen.Pair(g.checkBuy, g.doBuy), "BID": g.PacketBid(g.packet()), "PAR": eighteen.Pair(g.checkPar, g.doPar),
		"SELL": eighteen.Pair(g.checkSell, g.doSell), "PASS": eighteen.Pair(g.checkPass, g.doPass), "DONE": eighteen.Pair(g.checkDone, g.doDone),
		"BUYPRIVATE": eighteen.Pair(g.checkTrade, g.doTrade),
	}, Blocks: func() bool { return g.r.Kind == stockRound }, Waiting: func() []int { return []int{g.r.Seat} },
		Candidate: g.stockCandidates}
}

// stockCandidates are the SDR moves worth judging; the verbs' checks
// decide.
func (g *Game) stockCandidates(seat int, _ move.Query) []move.Option {
	out := []move.Option{move.Opt(seat, "PASS"), move.Opt(seat, "DONE")}
	for _, p := range g.Privates {
		if p.Held() && p.Corp == "" && p.Owner != seat {
			out = append(out, move.RangedOpt(seat, "BUYPRIVATE", 0, g.Players[seat].Cash, p.Sym))
		}
	}
	if top := g.Packet.Top(); top != nil {
		return append(append(out, move.Opt(seat, "BUY", top.Sym)), g.PacketBids(g.packet(), seat)...)
	}
	for _, c := range g.Corps {
		if !c.Public() {
			continue
		}
		if !c.Started && c.Kind == kindMajor {
			for _, p := range parPrices {
				out = append(out, move.Opt(seat, "PAR", c.Sym, itoa(p)))
			}
		}
		out = append(out, move.Opt(seat, "BUY", c.Sym, "IPO"), move.Opt(seat, "BUY", c.Sym, "POOL"))
		for n := 1; n <= g.Players[seat].Units(c.Sym); n++ {
			out = append(out, move.Opt(seat, "SELL", c.Sym, itoa(n)))
		}
	}
	return out
}

// checkTurn refuses a second purchase in a turn, or a buy after
// sell-buy (1.11).
func (g *Game) checkTurn() error {
	if g.r.Bought != "" {
		return errRule("1.11", "you have bought a certificate this turn; one a turn")
	}
	return nil
}

func (g *Game) checkBuy(a move.Action) error {
	if g.Packet.Top() != nil {
		return g.PacketBuy(g.packet()).Check(a)
	}
	if len(a.Args) != 2 || (a.Args[1] != "IPO" && a.Args[1] != "POOL") {
		return errRule("1.12", "write BUY, the company and IPO or POOL, as BUY PSW IPO")
	}
	c := g.Corp(a.Args[0])
	if c == nil || !c.Public() {
		return errRule("1.12", "%s has no shares for sale", a.Args[0])
	}
	if err := g.checkTurn(); err != nil {
		return err
	}
	_, err := g.shareTerms(a.Seat, c, a.Args[1] == "IPO")
	return err
}

// shareTerms judges one share of a company bought from the IPO or the
// pool, and its price.
func (g *Game) shareTerms(seat int, c *Corp, ipo bool) (int, error) {
	pl := g.Players[seat]
	switch {
	case c.Kind == kindMajor && !c.Started:
		return 0, errRule("1.5", "%s's first certificate is its president's: PAR %s and a price", c.Sym, c.Sym)
	case c.Kind == kindSystem && !g.BlackLineOpen:
		return 0, errRule("2.12", "the Black Line's shares are not for sale until the SDR after the first 4 is bought")
	case pl.Sold[c.Sym]:
		return 0, errRule("1.13", "you sold %s this SDR and may not buy it again in it", c.Sym)
	case ipo && c.IPO.Units() == 0:
		return 0, errRule("1.12", "%s has no shares left in its IPO", c.Sym)
	case !ipo && g.PoolUnits(c.Sym) == 0:
		return 0, errRule("1.12", "%s has no shares in the open market", c.Sym)
	}
	price := g.Price(c)
	if ipo {
		price = c.Par
	}
	return price, shares.BuyError(g.StockMarket(), &c.Corporation, pl, 1, price, g.Certs(seat), g.Limit())
}

func (g *Game) doBuy(a move.Action) error {
	if g.Packet.Top() != nil {
		return g.PacketBuy(g.packet()).Do(a)
	}
	c := g.Corp(a.Args[0])
	ipo := a.Args[1] == "IPO"
	price, _ := g.shareTerms(a.Seat, c, ipo)
	pl := g.Players[a.Seat]
	pl.Cash -= price
	g.Bank += price // share money goes to the bank; treasuries come from it (1.10)
	from := eighteen.InPool
	if ipo {
		from = eighteen.InIPO
	}
	g.Transfer(&c.Corporation, from, eighteen.Hand(a.Seat), 1)
	g.Note("%s buys a share of %s from the %s for $%d", pl.Name, c.Sym, map[bool]string{true: "IPO", false: "open market"}[ipo], price)
	g.bought(a.Seat, c)
	return nil
}

// bought records a purchase; the turn ends unless the player may still
// sell (1.11).
func (g *Game) bought(seat int, c *Corp) {
	g.r.Bought = c.Sym
	g.r.BoughtSR[seat][c.Sym] = true
	g.Reelect(c)
	if g.r.Initial || g.r.Sold || len(g.saleOptions(seat)) == 0 {
		g.endTurn(seat)
	}
}

func (g *Game) checkPar(a move.Action) error {
	if g.Packet.Top() != nil {
		return errRule("1.5", "shares are sold once the Startpacket is sold out")
	}
	if len(a.Args) != 2 {
		return errRule("1.5", "write PAR, the company and a par value, as PAR PSW 70")
	}
	c := g.Corp(a.Args[0])
	if c == nil || c.Kind != kindMajor {
		return errRule("1.5", "%s is not one of the six major railroads", a.Args[0])
	}
	if c.Started {
		return errRule("1.5", "%s's par is set: buy its shares with BUY %s IPO", c.Sym, c.Sym)
	}
	par, ok := atoi(a.Args[1])
	if !ok || !slices.Contains(parPrices, par) {
		return errRule("1.5", "a par value is one of $50, $60, $70, $80, $90 and $100")
	}
	if err := g.checkTurn(); err != nil {
		return err
	}
	if g.Certs(a.Seat) >= g.Limit() {
		return errRule("1.8", "you hold %d certificates, the limit", g.Certs(a.Seat))
	}
	if g.Players[a.Seat].Cash < 2*par {
		return errRule("1.5", "the president's certificate is two shares: $%d; you have $%d", 2*par, g.Players[a.Seat].Cash)
	}
	return nil
}

func (g *Game) doPar(a move.Action) error {
	c := g.Corp(a.Args[0])
	par, _ := atoi(a.Args[1])
	pl := g.Players[a.Seat]
	pl.Cash -= 2 * par
	g.Bank += 2 * par
	g.DealPresident(&c.Corporation, &c.IPO, a.Seat)
	c.Started, c.Par, c.President = true, par, a.Seat
	pos, _ := g.StockMarket().Par(par)
	c.Pos = pos
	g.Note("%s buys %s's president's certificate at par $%d ($%d)", pl.Name, c.Sym, par, 2*par)
	g.bought(a.Seat, c)
	return nil
}

func (g *Game) checkPass(a move.Action) error {
	if g.r.Bought != "" || g.r.Sold {
		return errRule("1.11", "you have dealt this turn: DONE ends it")
	}
	if err := g.overLimit(a.Seat); err != nil {
		return err
	}
	return g.CheckPacketPass(g.packet())
}

func (g *Game) doPass(a move.Action) error {
	g.r.Passes++
	g.Note("%s passes", g.Players[a.Seat].Name)
	n := len(g.Players)
	g.r.Seat = g.NextSeat(a.Seat)
	if g.r.Passes < n {
		return nil
	}
	// Everyone passed before the Startpacket sold: its first item's price
	// falls (1.5 Clay says; rulings EZ3).
	if !g.PacketPassed(g.packet()) {
		g.endStockRound()
	}
	return nil
}

func (g *Game) checkDone(a move.Action) error {
	if g.r.Bought == "" && !g.r.Sold {
		return errRule("1.11", "you have not dealt this turn: PASS rather than DONE")
	}
	return g.overLimit(a.Seat)
}

// overLimit refuses to end the turn of a player over the certificate
// limit who may sell: he sells at his first opportunity (1.7 Clay says;
// rulings EZ13).
func (g *Game) overLimit(seat int) error {
	if len(g.saleOptions(seat)) == 0 {
		return nil
	}
	if g.Certs(seat) > g.Limit() {
		return errRule("1.7, 1.8", "you hold %d certificates, over the limit of %d: sell before your turn ends", g.Certs(seat), g.Limit())
	}
	for _, c := range g.Corps {
		if n := g.Players[seat].Units(c.Sym); n > shares.HoldLimit {
			return errRule("1.8, rulings EZ13", "you hold %s of %s, over %s: sell before your turn ends", c.Pct(n), c.Sym, c.Pct(shares.HoldLimit))
		}
	}
	return nil
}

// tradeTerms reads BUYPRIVATE sym price in an SDR: a private company
// another player owns, at any price its owner agrees to (appendix;
// rulings EZ14).
func (g *Game) tradeTerms(a move.Action) (*Private, int, error) {
	if len(a.Args) != 2 {
		return nil, 0, errRule("appendix", "write BUYPRIVATE, the private and your price, as BUYPRIVATE OBS 160")
	}
	p := g.Private(a.Args[0])
	price, ok := atoi(a.Args[1])
	switch {
	case p == nil || !ok || price < 0:
		return nil, 0, errRule("appendix", "write BUYPRIVATE, the private and your price, as BUYPRIVATE OBS 160")
	case !p.Held() || p.Corp != "" || p.Owner == a.Seat:
		return nil, 0, errRule("appendix", "%s is not another player's to sell", p.Sym)
	case price > g.Players[a.Seat].Cash:
		return nil, 0, errRule("appendix", "you have $%d", g.Players[a.Seat].Cash)
	case g.Certs(a.Seat) >= g.Limit():
		return nil, 0, errRule("1.8", "you hold %d certificates, the limit", g.Certs(a.Seat))
	}
	return p, price, nil
}

func (g *Game) checkTrade(a move.Action) error {
	_, _, err := g.tradeTerms(a)
	return err
}

// doTrade offers the deal to the owner; with his word it is made. It is
// no part of the turn's dealing in shares (rulings EZ14).
func (g *Game) doTrade(a move.Action) error {
	p, price, _ := g.tradeTerms(a)
	if !g.Agreed() {
		g.offer(a, p.Owner)
		return nil
	}
	buyer, seller := g.Players[a.Seat], g.Players[p.Owner]
	buyer.Cash -= price
	seller.Cash += price
	g.Note("%s buys %s from %s for $%d (appendix)", buyer.Name, p.Sym, seller.Name, price)
	p.Owner = a.Seat
	return nil
}

func (g *Game) doDone(a move.Action) error {
	g.endTurn(a.Seat)
	return nil
}

// endTurn passes the SDR turn on after a player has dealt.
func (g *Game) endTurn(seat int) {
	g.r.Passes, g.r.LastAct = 0, seat
	g.r.Bought, g.r.Sold, g.r.SoldFirst = "", false, false
	g.r.Seat = g.NextSeat(seat)
}

// endStockRound closes an SDR (1.9, 1.14): the priority to the first of
// the passes, the companies that floated funded and placed on the SPI,
// those wholly in players' hands a row up, then the ORs.
func (g *Game) endStockRound() {
	if g.r.LastAct >= 0 {
		g.Priority = g.NextSeat(g.r.LastAct)
	}
	for _, c := range g.Corps {
		if c.Kind == kindMajor && c.Started && !c.Floated && 10-c.IPO.Units() >= c.FloatAt {
			c.Floated = true
			g.Restack(&c.Corporation) // its token arrives now, under any in its box (1.9, 1.14)
			g.Pay(10*c.Par, &c.Cash)
			g.Note("%s floats: $%d from the bank, its token at $%d on the SPI (1.9, 1.10)", c.Sym, 10*c.Par, c.Par)
		}
	}
	for _, c := range g.Corps {
		if c.Public() && c.Floated && !c.Closed && c.IPO.Units() == 0 && g.PoolUnits(c.Sym) == 0 && c.Reserved.Units() == 0 {
			g.move(c, g.StockMarket().Up(c.Pos))
			g.Note("%s is wholly in players' hands: up to $%d (1.14)", c.Sym, g.Price(c))
		}
	}
	g.Note("The SDR ends; %s holds the Priority Bid Card (1.9)", g.Players[g.Priority].Name)
	g.startOR(1)
}
