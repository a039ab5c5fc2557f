package g1870

import (
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// The rounds of 1870, each its steps in order (4.1, 5.2, 5.7). A step
// before the first blocking one offers its moves alongside it: a
// company's private powers in its turn, its token while it may still lay
// track. The questions that interrupt play (protect a price, discard a
// train, set the Frisco's par, a connection run) come first and block
// everything after them.
func (g *Game) buildRounds() map[int]eighteen.Round {
	return map[int]eighteen.Round{
		auctionRound: {Name: "initial stock round", Steps: []eighteen.Step{
			g.consentStep(), g.parStep(), g.auctionStep(), g.initialStep(),
		}},
		stockRound: {Name: "stock round", Steps: []eighteen.Step{
			g.consentStep(), g.protectStep(), g.parStep(), g.stockStep(),
		}},
		operatingRound: {Name: "operating round", Steps: []eighteen.Step{
			g.consentStep(), g.discardStep(), g.protectStep(), g.connectStep(), g.connPayStep(),
			g.companyStep(), g.tokenStep(), g.trackStep(), g.payoutStep(), g.trainStep(),
		}},
	}
}

// asked tells whether the first open question is of a kind.
func (g *Game) asked(kind int) bool {
	return len(g.r.Pending) > 0 && g.r.Pending[0].Kind == kind
}

// askedSeat is the seat a question waits for: the one named, or the
// president of the company it concerns when his turn comes.
func (g *Game) askedSeat() []int {
	pd := g.r.Pending[0]
	if pd.Kind == pendProtect || pd.Kind == pendPar {
		return []int{pd.Seat}
	}
	return []int{g.Corp(pd.Corp).President}
}

// parStep asks the Frisco certificate's owner for its par (15.2).
func (g *Game) parStep() eighteen.Step {
	return &eighteen.Table{Title: "Frisco's par", Moves: map[string]eighteen.Move{"PAR": eighteen.Pair(g.checkParSLSF, g.doPar)},
		Blocks: func() bool { return g.asked(pendPar) }, Waiting: g.askedSeat,
		Candidate: func(seat int, _ move.Query) []move.Option {
			var out []move.Option
			for _, p := range parPrices {
				out = append(out, move.Opt(seat, "PAR", SLSF, itoa(p)))
			}
			return out
		}}
}

// protectStep asks a president whether to protect his price (5.9).
func (g *Game) protectStep() eighteen.Step {
	return &eighteen.Table{Title: "price protection", Moves: map[string]eighteen.Move{
		"PROTECT": eighteen.Pair(g.checkProtect, g.doProtect),
		"DECLINE": eighteen.Pair(func(a move.Action) error { _, err := g.protectAsked(a); return err }, g.doDecline),
	}, Blocks: func() bool { return g.asked(pendProtect) }, Waiting: g.askedSeat,
		Candidate: func(seat int, _ move.Query) []move.Option {
			c := g.r.Pending[0].Corp
			return []move.Option{move.Opt(seat, "PROTECT", c), move.Opt(seat, "DECLINE", c)}
		}}
}

// discardStep has a company over its train limit give one up (10.2.1).
func (g *Game) discardStep() eighteen.Step {
	return &eighteen.Table{Title: "train limit", Moves: map[string]eighteen.Move{"DISCARD": eighteen.Pair(g.checkDiscard, g.doDiscard)},
		Blocks: func() bool { return g.asked(pendDiscard) }, Waiting: g.askedSeat,
		Candidate: func(seat int, _ move.Query) []move.Option {
			var out []move.Option
			for _, t := range eighteen.Sizes(g.Corp(g.r.Pending[0].Corp).Trains) {
				out = append(out, move.Opt(seat, "DISCARD", g.Name(t)))
			}
			return out
		}}
}

// connectStep asks where a connected company's destination token goes
// (11.4.1).
func (g *Game) connectStep() eighteen.Step {
	return &eighteen.Table{Title: "destination token", Moves: map[string]eighteen.Move{"DEST": eighteen.Pair(g.checkDest, g.doDest)},
		Blocks: func() bool { return g.asked(pendConnect) }, Waiting: g.askedSeat,
		Candidate: func(seat int, _ move.Query) []move.Option {
			return []move.Option{move.Opt(seat, "DEST", "MAP"), move.Opt(seat, "DEST", "CHARTER")}
		}}
}

// connPayStep asks whether a connection run's income is paid or kept,
// never halved (11.4.2).
func (g *Game) connPayStep() eighteen.Step {
	return &eighteen.Table{Title: "connection run's income", Moves: map[string]eighteen.Move{
		"PAY": eighteen.Pair(g.checkDividend, g.doPay), "WITHHOLD": eighteen.Pair(g.checkDividend, g.doWithhold),
		"HALF": eighteen.Pair(g.checkDividend, g.doHalf),
	}, Blocks: func() bool { return g.asked(pendConnPay) }, Waiting: g.askedSeat,
		Candidate: func(seat int, _ move.Query) []move.Option {
			return []move.Option{move.Opt(seat, "PAY"), move.Opt(seat, "WITHHOLD")}
		}}
}

// auctionStep is a private's auction among its bidders (5.7).
func (g *Game) auctionStep() eighteen.Step {
	return &eighteen.Table{Title: "auction", Moves: map[string]eighteen.Move{
		"BID": eighteen.Pair(g.checkBid, g.doBid), "PASS": eighteen.Pair(g.checkPass, g.doPass),
	}, Blocks: func() bool { return g.r.Auction != nil }, Waiting: func() []int {
		au := g.r.Auction
		return []int{au.Bidders[au.Turn]}
	}, Candidate: func(seat int, _ move.Query) []move.Option {
		p := g.Private(g.r.Auction.Private)
		high, _ := g.highBid(p)
		return []move.Option{move.Opt(seat, "PASS"), move.RangedOpt(seat, "BID", high+5, g.Players[seat].Cash-g.committed(seat, p.Sym), p.Sym)}
	}}
}

// initialStep is a turn of the initial stock round while privates are
// unsold: buy the cheapest, bid on another, or pass (5.7).
func (g *Game) initialStep() eighteen.Step {
	return &eighteen.Table{Title: "initial stock turn", Moves: map[string]eighteen.Move{
		"BUY": eighteen.Pair(g.checkBuyMove, g.doBuy), "BID": eighteen.Pair(g.checkBid, g.doBid), "PASS": eighteen.Pair(g.checkPass, g.doPass),
	}, Blocks: func() bool { return g.r.Kind == auctionRound }, Waiting: func() []int { return []int{g.r.Seat} },
		Candidate: func(seat int, _ move.Query) []move.Option {
			low := g.lowest()
			out := []move.Option{move.Opt(seat, "PASS"), move.Opt(seat, "BUY", low.Sym)}
			for _, p := range g.Privates {
				if p.Owner < 0 && p.Corp == "" && !p.Closed && p != low {
					high, _ := g.highBid(p)
					out = append(out, move.RangedOpt(seat, "BID", max(p.Cost, high)+5, g.Players[seat].Cash-g.committed(seat, p.Sym), p.Sym))
				}
			}
			return out
		}}
}

// stockStep is a player's stock turn (5.2, 5.3).
func (g *Game) stockStep() eighteen.Step {
	return &eighteen.Table{Title: "stock turn", Moves: map[string]eighteen.Move{
		"BUY": eighteen.Pair(g.checkBuyMove, g.doBuy), "SELL": eighteen.Pair(g.checkSellMove, g.doSell),
		"PASS": eighteen.Pair(g.checkPass, g.doPass), "DONE": eighteen.Pair(g.checkDone, g.doDone),
		"REDEEM": eighteen.Pair(g.checkRedeem, g.doRedeem), "REISSUE": eighteen.Pair(g.checkReissue, g.doReissue),
		"BUYPRIVATE": eighteen.Pair(g.checkBuyPrivate, g.doBuyPrivate),
	}, Blocks: func() bool { return g.r.Kind == stockRound }, Waiting: func() []int { return []int{g.r.Seat} },
		Candidate: g.stockCandidates}
}

// stockCandidates are the stock-turn moves worth judging: only those that
// might pass are listed, the checks are the verbs'.
func (g *Game) stockCandidates(seat int, _ move.Query) []move.Option {
	out := []move.Option{move.Opt(seat, "PASS"), move.Opt(seat, "DONE")}
	pl := g.Players[seat]
	for _, c := range g.Corps {
		if c.Closed {
			continue
		}
		if !g.r.Bought && !g.r.ForCorp && !pl.Sold[c.Sym] {
			switch {
			case !c.Started:
				for _, p := range parPrices {
					out = append(out, move.Opt(seat, "BUY", c.Sym, "PAR", itoa(p)))
				}
			case c.IPO > 0:
				out = append(out, move.Opt(seat, "BUY", c.Sym, "IPO"))
			}
			if c.Started && g.Pool[c.Sym] > 0 {
				out = append(out, move.Opt(seat, "BUY", c.Sym, "POOL"))
				for n := 2; n <= g.Pool[c.Sym] && g.bulk(c); n++ {
					out = append(out, move.Opt(seat, "BUY", c.Sym, "POOL", itoa(n)))
				}
			}
		}
		if !g.r.Initial {
			for n := 1; n <= pl.Shares[c.Sym]; n++ {
				out = append(out, move.Opt(seat, "SELL", c.Sym, itoa(n)))
			}
		}
		if c.President == seat && !g.r.Acted {
			out = append(out, move.Opt(seat, "REDEEM", c.Sym), move.Opt(seat, "REDEEM", c.Sym, "SELF"), move.Opt(seat, "REISSUE", c.Sym))
			for s, p := range g.Players {
				if s != seat && p.Shares[c.Sym] > 0 {
					out = append(out, move.Opt(seat, "REDEEM", c.Sym, p.Name))
				}
			}
		}
	}
	for _, p := range g.Privates {
		switch {
		case p.Closed || p.Corp != "" || p.Owner == seat:
		case p.Owner < 0:
			out = append(out, move.Opt(seat, "BUYPRIVATE", p.Sym))
		default:
			out = append(out, move.RangedOpt(seat, "BUYPRIVATE", 1, pl.Cash, p.Sym))
		}
	}
	return out
}

// companyStep is what the operating company may do at any point of its
// turn: buy a private from its president, and use the Cattle and Gulf
// Shipping companies' powers (12, 15.2).
func (g *Game) companyStep() eighteen.Step {
	return &eighteen.Table{Title: "company's privates", Moves: map[string]eighteen.Move{
		"BUYPRIVATE": eighteen.Pair(g.checkBuyPrivate, g.doBuyPrivate), "CATTLE": eighteen.Pair(g.checkCattle, g.doCattle),
		"PORT": eighteen.Pair(g.checkPort, g.doPort), "CLOSEPORT": eighteen.Pair(g.checkClosePort, g.doClosePort),
	}, Alongside: true, Blocks: func() bool { return false }, Candidate: g.companyCandidates}
}

// companyCandidates are the privates' powers and purchases open to the
// operating company.
func (g *Game) companyCandidates(seat int, _ move.Query) []move.Option {
	c := g.Operating()
	if g.r.Kind != operatingRound || c == nil {
		return nil
	}
	out := []move.Option{move.Opt(seat, "CLOSEPORT")}
	for _, p := range g.Privates {
		if p.Closed || p.Owner < 0 || p.Corp != "" || !g.Current().Privates {
			continue
		}
		lo, hi := (p.Printed+1)/2, 2*p.Printed
		if g.Phase == 1 {
			hi = 40
		}
		out = append(out, move.RangedOpt(seat, "BUYPRIVATE", lo, min(hi, c.Cash), p.Sym))
	}
	for _, h := range cattleHexes {
		if g.owns(c, SCC) && g.Cattle == nil {
			out = append(out, move.Opt(seat, "CATTLE", h))
		}
	}
	for _, h := range portHexes {
		if g.owns(c, GSC) && g.Port == nil {
			out = append(out, move.Opt(seat, "PORT", h), move.Opt(seat, "PORT", h, "CLOSED"))
		}
	}
	return out
}

// tokenStep blocks after the track; while the company may still lay
// track it offers its tokens too, and a token ends the track step (4.1).
func (g *Game) tokenStep() eighteen.Step { return g.TokenStep(g.token()) }

// trackStep is the company's track: two yellow lays or one upgrade (6).
func (g *Game) trackStep() eighteen.Step { return g.TrackStep(g.track()) }

// payoutStep is the run's income: paid, halved or kept (9). Before the
// choice the president may run other routes than the engine's optimal
// ones (8.3): the run as it stands is listed, and a RUN a player writes
// is put to the rule as written.
func (g *Game) payoutStep() eighteen.Step {
	return g.Turn().Income(eighteen.Income{Title: "dividend", Choices: []eighteen.Choice{
		{Verb: "PAY", Move: eighteen.Pair(g.checkDividend, g.doPay)},
		{Verb: "HALF", Move: eighteen.Pair(g.checkDividend, g.doHalf)},
		{Verb: "WITHHOLD", Move: eighteen.Pair(g.checkDividend, g.doWithhold)},
	}, Run: eighteen.Pair(func(a move.Action) error { _, _, _, err := g.runTerms(a); return err }, g.doRun),
		Routes: g.lastRoutes})
}

// lastRoutes are the routes of the run as it stands.
func (g *Game) lastRoutes() []eighteen.Route {
	if g.LastRun == nil {
		return nil
	}
	return g.LastRun.Routes
}

// trainStep is the company's trains: buy, sell shares for a forced one,
// and end the turn (10).
func (g *Game) trainStep() eighteen.Step {
	return g.Turn().Table("trains", eighteen.StepTrains, map[string]eighteen.Move{
		"BUYTRAIN": eighteen.Pair(g.checkBuyTrain, g.doBuyTrain), "SELL": eighteen.Pair(g.checkSellMove, g.doSell),
		"DONE": eighteen.Pair(g.checkDone, g.doDone),
	}, g.trainCandidates)
}

// trainCandidates are the trains to be had and the sales that may pay
// for a forced one.
func (g *Game) trainCandidates(seat int, _ move.Query) []move.Option {
	c := g.Operating()
	out := []move.Option{move.Opt(seat, "DONE")}
	out = append(out, shop.Options(seat, &g.Trains, c.Trains, eighteen.Sellers(eighteen.Cores(g.Corps), &c.Corporation), c.Cash)...)
	for _, o := range g.Corps {
		for n := 1; n <= g.Players[seat].Shares[o.Sym]; n++ {
			out = append(out, move.Opt(seat, "SELL", o.Sym, itoa(n)))
		}
	}
	return out
}

// homeUntiled: a company's home city before any tile is there is within
// its reach though no track leads to it (6.1).
func (g *Game) homeUntiled(c *Corp, h hexgrid.Hex) bool {
	_, laid := g.Layout.Tiles[h]
	return h == c.Home && !laid
}
