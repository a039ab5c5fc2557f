package g1870

import (
	"strconv"

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
		auctionRound: {Name: "initial stock round", Steps: append([]eighteen.Step{
			g.consentStep(), g.parStep()}, g.Waterfall(g.waterfall())...)},
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
				out = append(out, move.Opt(seat, "PAR", SLSF, strconv.Itoa(p)))
			}
			return out
		}}
}

// protectStep asks a president whether to protect his price (5.9).
func (g *Game) protectStep() eighteen.Step { return g.ProtectStep(g.protection()) }

// discardStep has a company over its train limit give one up (10.2.1).
func (g *Game) discardStep() eighteen.Step { return g.DiscardStep(g.discarding()) }

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
		"PAY": eighteen.Pair(g.checkConnPay, g.connPay(eighteen.PayAll)), "WITHHOLD": eighteen.Pair(g.checkConnPay, g.connPay(eighteen.Keep)),
		"HALF": eighteen.Pair(g.checkConnPay, g.connPay(eighteen.PayHalf)),
	}, Blocks: func() bool { return g.asked(pendConnPay) }, Waiting: g.askedSeat,
		Candidate: func(seat int, _ move.Query) []move.Option {
			return []move.Option{move.Opt(seat, "PAY"), move.Opt(seat, "WITHHOLD")}
		}}
}

// waterfall is the initial stock round's start: the privates offered
// cheapest first, bids on the dearer ones settled as each becomes the
// cheapest (5.7).
func (g *Game) waterfall() eighteen.Waterfall {
	return eighteen.Waterfall{Rule: "5.7", Raise: 5, Discount: 5, Auction: &g.r.Auction,
		Open: func() bool { return g.r.Kind == auctionRound },
		Held: func() error {
			if len(g.r.Pending) > 0 {
				return eighteen.RuleError("4.1", "answer the question before you first")
			}
			return nil
		},
		Sell: g.sellPrivate, AllPassed: g.privatesOnlyRound,
		SoldOut: func(buyer int) {
			g.r.Kind = stockRound
			g.r.Seat, g.r.Passes = g.NextSeat(buyer), 0
			g.Note("every private is sold: the companies may now be started (5.7)")
		}}
}

// stockStep is a player's stock turn on the core's (5.2 to 5.6), with
// 1870's acts for a company (5.10, 5.11) and purchases of privates
// (5.3.2).
func (g *Game) stockStep() eighteen.Step { return g.Stock(g.stockRules()) }

// stockRules are 1870's stock turn.
func (g *Game) stockRules() *eighteen.StockTurn[Corp] {
	return &eighteen.StockTurn[Corp]{Title: "stock turn", Pars: parPrices, State: &g.r.StockState,
		Cite: eighteen.StockCite{Turn: "5.2.2", Once: "5.3", Source: "5.3.1", Bulk: "5.1.1", Sold: "5.3.3", Limit: "5.4.1",
			Par: "5.5", Cash: "3.7", Sale: "5.3.3", Resell: "5.3.4"},
		Open: func() bool { return g.r.Kind == stockRound }, Seat: func() int { return g.r.Seat }, Held: g.held,
		Initial: func() bool { return g.r.Initial }, InitialRule: "5.7",
		Redeem: g.redemption(), Trade: g.privateTrade(),
		MayPar: func(_ int, c *Corp) error {
			if c.Sym == SLSF {
				return eighteen.RuleError("5.5", "%s is started by its certificate's owner (15.2)", c.Sym)
			}
			return nil
		},
		// The historical start's five (16.5).
		MayBuy: func(_ int, c *Corp, ipo bool, units int) error {
			if ipo && !g.eligible(c) && g.sold(c)+units > 5 {
				return eighteen.RuleError("16.5", "%s may sell no more than five shares until the companies before it have sold six each", c.Sym)
			}
			return nil
		},
		MaySell: g.maySell, Started: g.started, Bought: g.boughtShares, Sold: g.soldShares,
		Passed: g.passed, Done: g.endStockTurn,
	}
}

// held refuses a move while a question waits (4.1).
func (g *Game) held() error {
	if len(g.r.Pending) > 0 {
		return eighteen.RuleError("4.1", "answer the question before you first")
	}
	return nil
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

// payoutStep is the run's income: paid, halved or kept (9), the core's
// dividend step on 1870's rules.
func (g *Game) payoutStep() eighteen.Step { return g.DividendStep(g.income()) }

// trainStep is the company's trains: buy, sell shares for a forced one,
// and end the turn (10), the core's on 1870's rules.
func (g *Game) trainStep() eighteen.Step { return g.TrainStep(g.buying()) }

// homeUntiled: a company's home city before any tile is there is within
// its reach though no track leads to it (6.1).
func (g *Game) homeUntiled(c *Corp, h hexgrid.Hex) bool {
	_, laid := g.Layout.Tiles[h]
	return h == c.Home && !laid
}
