package contrails

import "fmt"

// legalStockOrders applies the limits of 6.1A, 6.1B and 6.2 to one player's
// orders, dropping or cutting what breaks them, in the player's sequence.
func (t *turn) legalStockOrders(p *Player, orders []StockOrder) []StockOrder {
	s := t.s
	var out []StockOrder
	seen := map[string]bool{}
	buys := 0
	maxBids := MaxBids(len(s.Railroads))
	for _, o := range orders {
		rr := s.Railroad(o.Railroad)
		switch {
		case len(out) >= MaxTransactions:
			t.note(p.Number, "Stock order %s %d %s dropped: six transactions a turn (6.1A).", o.Kind, o.Shares, o.Railroad)
			continue
		case rr == nil || rr.Founded >= s.Turn:
			t.note(p.Number, "Stock order for %s dropped: it is not a railroad active at the start of the turn (6.1B).", o.Railroad)
			continue
		case seen[rr.Abbr]:
			t.note(p.Number, "Stock order %s %s dropped: one transaction a railroad a turn (6.1A).", o.Kind, rr.Abbr)
			continue
		case o.Shares <= 0:
			continue
		}
		o.Railroad = rr.Abbr
		issued := s.Issued(rr)
		own := p.Shares[rr.Abbr]
		switch o.Kind {
		case Buy:
			if buys >= maxBids {
				t.note(p.Number, "Bid for %s dropped: %d bids a turn with %d railroads (6.1A).", rr.Abbr, maxBids, len(s.Railroads))
				continue
			}
			others := s.directorShares(rr)
			if isDirector(own, issued) {
				others -= own
			}
			if limit := MaxBid(issued, others, own); o.Shares > limit {
				t.note(p.Number, "Bid for %s lowered from %d to %d shares, the maximum bid (6.1A).", rr.Abbr, o.Shares, limit)
				o.Shares = limit
			}
			if o.Shares == 0 {
				continue
			}
			buys++
		case Sell:
			cornered := s.directorShares(rr)*2 > issued
			if limit := own + MaxShort(issued, own, cornered); o.Shares > limit {
				t.note(p.Number, "Sale of %s lowered from %d to %d shares: what you own plus short sales to 10%% (6.2A).", rr.Abbr, o.Shares, limit)
				o.Shares = limit
			}
			if o.Shares == 0 {
				continue
			}
		default:
			continue
		}
		seen[rr.Abbr] = true
		out = append(out, o)
	}
	return out
}

// publicAppetite is what the public offers and bids for one railroad
// (6.3A): it weighs the climate, the dividend yield and the profit a share
// against the price, with a large random factor. It seldom offers more than
// half of what it owns, and bids 10% to 300% of what it offers.
func (t *turn) publicAppetite(rr *Railroad) (offer, bid int64) {
	issued := max(t.s.Issued(rr), 1)
	price := max(t.price[rr.Abbr], 1)
	// Appetite in per cent: 100 is neutral.
	appetite := 100 + 8*Climates[t.climate].Sentiment
	yield := rr.Dividend * 100 / price                          // % a turn
	earn := int(rr.Profit * 100 / int64(issued) / int64(price)) // profit a share against price, in %
	appetite += 4*(yield-8) + 2*(earn-10)
	appetite += t.rng.IntN(61) - 30
	appetite = max(10, min(300, appetite))
	offer = int64(rr.Public) * int64(5+t.rng.IntN(26)) / 100
	if offer > int64(rr.Public)/2 {
		offer = int64(rr.Public) / 2
	}
	if offer == 0 && rr.Public > 0 {
		offer = 1
	}
	bid = offer * int64(appetite) / 100
	if offer == 0 {
		bid = int64(issued) * int64(appetite) / 2000
	}
	return offer, bid
}

// stockSide is one player's shares on one side of a railroad's book.
type stockSide struct {
	player int
	shares int
}

// stockBook gathers every order for one railroad, so that all trading
// happens at once after the orders are checked (6.3).
type stockBook struct {
	sells, buys, shorts []stockSide
	treasury            int
}

// 6. The stock market (6): order checking, then all trading at once.
func (t *turn) stockMarket() {
	s := t.s
	books := t.stockBooks()
	for _, rr := range t.railroadsInOrder() {
		b := books[rr.Abbr]
		if rr.Founded >= s.Turn {
			continue // a railroad is traded from the turn after it starts
		}
		t.tradeRailroad(rr, b)
	}
	t.changeClimate()
}

// stockBooks checks every player's stock orders (6.1) and the treasuries'
// offers, and sorts them into one book a railroad, so that no trade is made
// before all orders are known.
func (t *turn) stockBooks() map[string]*stockBook {
	s := t.s
	books := map[string]*stockBook{}
	for _, rr := range s.Railroads {
		books[rr.Abbr] = &stockBook{}
	}
	for i := range s.Players {
		p := &s.Players[i]
		legal := t.legalStockOrders(p, t.orders[p.Number].Stock)
		checked := CheckStockOrders(max(p.Cash, 0), legal,
			func(rr string) int { return t.price[rr] }, func(rr string) int { return p.Shares[rr] })
		for _, c := range checked {
			if c.Note != "" {
				t.note(p.Number, "%s: %s (6.1C).", c.Railroad, c.Note)
			}
			b := books[c.Railroad]
			switch {
			case c.Kind == Buy && c.Shares > 0:
				b.buys = append(b.buys, stockSide{p.Number, c.Shares})
			case c.Kind == Sell:
				if c.Owned > 0 {
					b.sells = append(b.sells, stockSide{p.Number, c.Owned})
				}
				if c.Short > 0 {
					b.shorts = append(b.shorts, stockSide{p.Number, c.Short})
				}
			}
		}
	}
	for _, rr := range t.railroadsInOrder() {
		if n := min(t.rrOrders(rr).TreasuryToMarket, rr.Treasury); n > 0 && t.presidents[rr.Abbr] != 0 {
			books[rr.Abbr].treasury = n
		}
	}
	return books
}

// tradeRailroad trades one railroad's book: supply and demand set the end
// and trade prices (6.3B-6.3F), then sellers, bidders and short sellers
// settle at them, and the railroad's price moves.
func (t *turn) tradeRailroad(rr *Railroad, b *stockBook) {
	s := t.s
	pubOffer, pubBid := t.publicAppetite(rr)
	var playerSells, playerBids, shorts int64
	for _, x := range b.sells {
		playerSells += int64(x.shares)
	}
	for _, x := range b.buys {
		playerBids += int64(x.shares)
	}
	for _, x := range b.shorts {
		shorts += int64(x.shares)
	}
	supply := pubOffer + int64(b.treasury) + playerSells + shorts/2 // 6.3B
	demand := pubBid + playerBids                                   // 6.3C
	start := t.price[rr.Abbr]
	end := EndPrice(start, demand, supply)
	trade := int64(TradePrice(start, end))
	delivered := pubOffer + int64(b.treasury) + playerSells
	t.settleSales(rr, b, pubOffer, trade)
	t.settleBids(rr, b, supply, demand, delivered, trade)
	t.settleShorts(rr, b, trade, end)
	rr.Price = end
	s.rec.market(MarketActivity{Railroad: rr.Abbr, Start: start, Offered: supply, Bid: demand, Trade: int(trade), End: end})
	if start != end {
		t.events = append(t.events, Event{Kind: "market", Text: fmt.Sprintf("%s: %d offered, %d bid; $%d to $%d, traded at $%d.", rr.Abbr, supply, demand, start, end, trade)})
	}
	if rr.Cash >= 0 {
		t.solvent[rr.Abbr] = true // 4.11A: solvent after the market
	}
}

// settleSales pays sellers for everything they offered at the trade price
// (6.3G): the players, the railroad's treasury and the public.
func (t *turn) settleSales(rr *Railroad, b *stockBook, pubOffer, trade int64) {
	s := t.s
	for _, x := range b.sells {
		p := s.Player(x.player)
		p.Shares[rr.Abbr] -= x.shares
		s.transfer(bank, playerAcct(x.player), int64(x.shares)*trade, itemStockSold)
		s.rec.trade(Trade{Player: x.player, Railroad: rr.Abbr, Deal: Sold, Ordered: x.shares, Shares: x.shares, Price: int(trade), Amount: int64(x.shares) * trade})
		t.note(x.player, "Sold %d %s at $%d.", x.shares, rr.Abbr, trade)
	}
	if b.treasury > 0 {
		rr.Treasury -= b.treasury
		s.transfer(bank, railroadAcct(rr.Abbr), int64(b.treasury)*trade, itemTreasurySold)
	}
	rr.Public -= int(pubOffer)
}

// bidFills is how many shares each bidder gets: the bid, or a pro-rata part
// when demand exceeds supply. Short sales widen the supply in the price but
// deliver nothing, so fills can exceed what was delivered; the rest comes
// from the public's holdings, and no more than those exist.
func (t *turn) bidFills(rr *Railroad, b *stockBook, supply, demand, delivered, trade int64) []int64 {
	s := t.s
	fills := make([]int64, len(b.buys))
	total := int64(0)
	for k, x := range b.buys {
		got := Fill(int64(x.shares), supply, demand)
		if limit := max(s.Player(x.player).Cash, 0) / max(trade, 1); got > limit {
			got = limit // cannot happen after 6.1C, but money is never created
		}
		fills[k] = max(got, 0)
		total += fills[k]
	}
	if avail := delivered + int64(rr.Public); total > avail {
		for k := range fills {
			fills[k] = fills[k] * avail / total
		}
	}
	return fills
}

// settleBids hands bidders their fills at the trade price; the public takes
// whatever was delivered and not bought.
func (t *turn) settleBids(rr *Railroad, b *stockBook, supply, demand, delivered, trade int64) {
	s := t.s
	fills := t.bidFills(rr, b, supply, demand, delivered, trade)
	bought := int64(0)
	for k, x := range b.buys {
		got := fills[k]
		s.rec.trade(Trade{Player: x.player, Railroad: rr.Abbr, Deal: Bought, Ordered: x.shares, Shares: int(got), Price: int(trade), Amount: -got * trade})
		if got == 0 {
			continue
		}
		s.Player(x.player).Shares[rr.Abbr] += int(got)
		bought += got
		s.transfer(playerAcct(x.player), bank, got*trade, itemStockBought)
		t.note(x.player, "Bought %d of %d %s bid for at $%d.", got, x.shares, rr.Abbr, trade)
	}
	rr.Public += int(delivered - bought)
}

// settleShorts settles short sales: sold at the trade price, bought back at
// the end price (6.2A); a loss beyond the cash is lent by the Bank (6.2B).
func (t *turn) settleShorts(rr *Railroad, b *stockBook, trade int64, end int) {
	s := t.s
	for _, x := range b.shorts {
		net := int64(x.shares) * (trade - int64(end))
		p := s.Player(x.player)
		if net < 0 && p.Cash+net < 0 {
			lend := -(p.Cash + net)
			p.Loan += lend
			s.transfer(bank, playerAcct(x.player), lend, itemEmergencyLoan)
		}
		s.transfer(bank, playerAcct(x.player), net, itemShortSales)
		s.rec.trade(Trade{Player: x.player, Railroad: rr.Abbr, Deal: SoldShort, Ordered: x.shares, Shares: x.shares, Price: int(trade), Amount: net})
		t.note(x.player, "Short sale of %d %s: sold at $%d, bought back at $%d: %s.", x.shares, rr.Abbr, trade, end, signed(net))
	}
}

// changeClimate moves the economy during the stock market phase; this
// turn's revenues, rates and costs still use the starting climate (5).
func (t *turn) changeClimate() {
	s := t.s
	prev := s.Climate
	s.Climate = NextClimate(s.Climate, s.Turn+1, t.rng.IntN)
	if s.Climate != prev {
		kind := "economy"
		if s.Climate == Panic {
			kind = "panic"
		}
		t.news(kind, "The economy moves from %s to %s.", prev, s.Climate)
	}
}

func signed(n int64) string {
	if n >= 0 {
		return fmt.Sprintf("gain $%d", n)
	}
	return fmt.Sprintf("loss $%d", -n)
}
