package g18ez

import (
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// startOR opens an operating round: the privates pay their owners first
// (2.1).
func (g *Game) startOR(n int) {
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: n, LastAct: -1}}
	g.OpenOR()
	g.Note("Operating round %d of the set begins; the private companies pay their owners (2.1)", n)
}

// flow is 18EZ's part of the operating rounds' flow: the phase's number
// of rounds in a set, and the Black Line formed at the end of the round
// in which the first 5 was bought (2.12).
func (g *Game) flow() eighteen.ORFlow[Corp] {
	return eighteen.ORFlow[Corp]{Held: func() bool { return g.r.Offer != nil }, Next: g.nextCorp, Turn: g.startTurn,
		Auto: g.auto, ORs: func() int { return g.Current().ORs }, Begin: g.startOR,
		Closing: func() {
			if g.BlackLineDue {
				g.formBlackLine()
			}
		}, StockRound: func() { g.startStockRound(false) }}
}

// nextCorp is the next company to operate (2.1): the minors in number
// order, then the majors and the Black Line by share value, the column
// further right and the token higher in a pile first.
func (g *Game) nextCorp() *Corp {
	for _, c := range g.Corps {
		if c.Minor() && c.Started && !c.Closed && !c.Operated {
			return c
		}
	}
	// a floated company has started (1.9, 2.12)
	if public := g.Ordered(func(c *Corp) bool { return c.Public() && c.Floated && !c.Operated }); len(public) > 0 {
		return public[0]
	}
	return nil
}

// startTurn begins a company's turn, its home station placed if it can
// be.
func (g *Game) startTurn(c *Corp) {
	g.r.Laid, g.r.Revenue, g.r.Forced = false, 0, false
	g.placeHome(c)
}

// placeHome puts a company's first station in its home city once the
// city has a tile: free, and where it must go (2.3, 2.5).
func (g *Game) placeHome(c *Corp) {
	if c.Kind != kindSystem && g.PlaceHome(c, false) {
		g.Note("%s places its station marker in its home city %s (2.5)", c.Sym, c.Home)
	}
}

// finishTurn ends a company's turn.
func (g *Game) finishTurn(c *Corp) {
	g.FinishTurn(c)
	if g.Ending.Due(eighteen.EndNow) {
		g.End(g.Ending.Why)
	}
}

// trackStep is the company's one tile lay or upgrade (2.3, 2.4).
func (g *Game) trackStep() eighteen.Step { return g.TrackStep(g.track()) }

// tokenStep is the company's station marker (2.5): majors only.
func (g *Game) tokenStep() eighteen.Step { return g.TokenStep(g.token()) }

// token is 18EZ's token step: the majors' station markers at their
// charter's prices, placed where the home station reaches (2.5).
func (g *Game) token() eighteen.TokenRules[Corp] {
	return eighteen.TokenRules[Corp]{Title: "station", Example: "TOKEN E9", Reach: g.reachFor,
		May: func(c *Corp) error {
			if c.Kind != kindMajor || !c.Operating {
				return eighteen.RuleError("2.5", "minor railroads and the Black Line have no station markers to place, and a major places its home station first")
			}
			return nil
		},
		Placed: func(c *Corp, h hexgrid.Hex, cost int) {
			g.Note("%s places a station in %s for $%d (2.5)", c.Sym, h, cost)
		}}
}
