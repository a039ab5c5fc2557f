package g18ez

import (
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
				return eighteen.RuleError("1.8", "you hold %d certificates, the limit", g.Certs(seat))
			case !buying && g.Certs(seat)+g.Packet.Leading(seat, item) >= g.Limit():
				return eighteen.RuleError("1.8, rulings EZ4", "your certificates and high bids would pass the limit of %d", g.Limit())
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

// stockStep is a player's SDR turn on the core's stock turn: the
// Startpacket's purchases and bids while it lasts, then shares (1.2, 1.5,
// 1.11 to 1.13), and private companies bought from their owners.
func (g *Game) stockStep() eighteen.Step { return g.Stock(g.stockRules()) }

// stockRules are 18EZ's SDR turn.
func (g *Game) stockRules() *eighteen.StockTurn[Corp] {
	packet := func() bool { return g.Packet.Top() != nil }
	return &eighteen.StockTurn[Corp]{Title: "share dealing turn", Pars: parPrices, ParVerb: true, SellDownHolds: true, State: &g.r.StockState,
		Cite: eighteen.StockCite{Turn: "1.11", Once: "1.11", Source: "1.12", Bulk: "1.12", Sold: "1.13", Limit: "1.7, 1.8",
			Par: "1.5", Cash: "1.5", Sale: "1.13", Resell: "1.11"},
		Open: func() bool { return g.r.Kind == stockRound }, Seat: func() int { return g.r.Seat },
		Initial: func() bool { return g.r.Initial }, InitialRule: "1.5",
		Moves: map[string]eighteen.Move{"BID": g.PacketBid(g.packet())},
		// A private another player owns, at any price he agrees to, no
		// part of the turn's dealing (appendix; rulings EZ14).
		Trade: &eighteen.PrivateTrade{Rule: "appendix", Limit: "1.8", Note: "%s buys %s from %s for $%d (appendix)",
			Ask: func(a move.Action, owner int) error { g.offer(a, owner); return nil }},
		TradeFirst: true,
		Leading:    packet, LeadBuy: g.PacketBuy(g.packet()),
		PreStart: func(c *Corp) bool { return c.Kind == kindSystem },
		MayPass:  func(int) error { return g.CheckPacketPass(g.packet()) },
		MayPar: func(_ int, c *Corp) error {
			if packet() {
				return eighteen.RuleError("1.5", "shares are sold once the Startpacket is sold out")
			}
			if c.Kind != kindMajor {
				return eighteen.RuleError("1.5", "%s is not one of the six major railroads", c.Sym)
			}
			return nil
		},
		MayBuy: func(_ int, c *Corp, _ bool, _ int) error {
			switch {
			case !c.Public():
				return eighteen.RuleError("1.12", "%s has no shares for sale", c.Sym)
			case c.Kind == kindSystem && !g.BlackLineOpen:
				return eighteen.RuleError("2.12", "the Black Line's shares are not for sale until the SDR after the first 4 is bought")
			}
			return nil
		},
		MaySell: func(seat int, c *Corp, _ int) error {
			switch {
			case packet():
				return eighteen.RuleError("1.2", "nothing is sold while the Startpacket lasts")
			case !c.Public() || !c.Floated:
				return eighteen.RuleError("1.13, rulings EZ9", "%s has no value on the SPI yet; its shares cannot be sold", c.Sym)
			case g.r.BoughtSR[seat][c.Sym]:
				return eighteen.RuleError("1.13", "you bought %s this SDR and may not sell it in the same SDR", c.Sym)
			}
			return nil
		},
		Started: func(seat int, c *Corp, par int) {
			g.Note("%s buys %s's president's certificate at par $%d ($%d)", g.Players[seat].Name, c.Sym, par, 2*par)
			g.bought(seat, c)
		},
		Bought: func(seat int, c *Corp, _, price int, ipo bool) {
			g.Note("%s buys a share of %s from the %s for $%d", g.Players[seat].Name, c.Sym, map[bool]string{true: "IPO", false: "open market"}[ipo], price)
			g.bought(seat, c)
		},
		Sold: g.soldShares, Passed: g.passed, Done: g.endTurn,
		Instead: func(seat int) []move.Option {
			if top := g.Packet.Top(); top != nil {
				return append([]move.Option{move.Opt(seat, "BUY", top.Sym)}, g.PacketBids(g.packet(), seat)...)
			}
			return nil
		},
	}
}

// bought records a purchase; the turn ends unless the player may still
// sell (1.11).
func (g *Game) bought(seat int, c *Corp) {
	g.r.BoughtSR[seat][c.Sym] = true
	g.Reelect(c)
	if g.r.Initial || g.r.Sold || !g.CanSell(g.stockRules(), seat) {
		g.endTurn(seat)
	}
}

// checkPass judges a pass, the Startpacket's special auction's too.
func (g *Game) checkPass(a move.Action) error { return g.StockPassError(g.stockRules(), a) }

// passed passes the turn; when every seat has passed in a row the
// Startpacket's first item gets cheaper, or the SDR ends.
func (g *Game) passed(seat int) {
	g.r.Passes++
	g.Note("%s passes", g.Players[seat].Name)
	g.r.Seat = g.NextSeat(seat)
	if g.r.Passes < len(g.Players) {
		return
	}
	// Everyone passed before the Startpacket sold: its first item's price
	// falls (1.5 Clay says; rulings EZ3).
	if g.PacketPassed(g.packet()) {
		return
	}
	g.endStockRound()
}

// endTurn passes the SDR turn on after a player has dealt.
func (g *Game) endTurn(seat int) {
	g.r.Passes, g.r.LastAct = 0, seat
	g.r.StockState = eighteen.StockState{}
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
			g.MoveTo(&c.Corporation, g.StockMarket().Up(c.Pos))
			g.Note("%s is wholly in players' hands: up to $%d (1.14)", c.Sym, g.Price(c))
		}
	}
	g.Note("The SDR ends; %s holds the Priority Bid Card (1.9)", g.Players[g.Priority].Name)
	g.startOR(1)
}
