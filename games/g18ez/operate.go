package g18ez

import (
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// startOR opens an operating round: the privates pay their owners first
// (2.1).
func (g *Game) startOR(n int) {
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: n, LastAct: -1}}
	for _, c := range g.Corps {
		c.Operated = false
	}
	g.PayPrivates()
	g.Note("Operating round %d of the set begins; the private companies pay their owners (2.1)", n)
}

// nextCorp starts the next company's turn (2.1): the minors in number
// order, then the majors and the Black Line by share value, the column
// further right and the token higher in a pile first. It tells whether
// one was left.
func (g *Game) nextCorp() bool {
	var next *Corp
	for _, c := range g.Corps {
		if c.Minor() && c.Started && !c.Closed && !c.Operated {
			next = c
			break
		}
	}
	if next == nil {
		// a floated company has started (1.9, 2.12)
		public := g.Ordered(func(c *Corp) bool { return c.Public() && c.Floated && !c.Operated })
		if len(public) > 0 {
			next = public[0]
		}
	}
	if next == nil {
		return false
	}
	g.r.Corp, g.r.Step, g.r.Laid, g.r.Revenue, g.r.Forced = next.Sym, eighteen.StepTrack, false, 0, false
	g.placeHome(next)
	return true
}

// placeHome puts a company's first station in its home city once the
// city has a tile: free, and where it must go (2.3, 2.5).
func (g *Game) placeHome(c *Corp) {
	if c.Operating || c.Kind == kindSystem {
		return
	}
	slot := g.Layout.FreeCity(c.Home)
	if slot < 0 {
		return // no tile yet, or no room
	}
	g.Layout.Place(c.Home, slot, c.Sym)
	c.Operating = true
	c.Stations = 1
	g.Note("%s places its station marker in its home city %s (2.5)", c.Sym, c.Home)
}

// finishTurn ends a company's turn.
func (g *Game) finishTurn(c *Corp) {
	c.Operated = true
	g.r.Corp = ""
	if g.Ending.Due(eighteen.EndNow) {
		g.End(g.Ending.Why)
	}
}

// endOR closes an operating round: the Black Line forms if the first 5
// was bought in it (2.12); after the second of a set, the game ends if
// the bank has run out (2.13), or an SDR follows.
func (g *Game) endOR() {
	g.ORsDone++
	if g.BlackLineDue {
		g.formBlackLine()
	}
	if g.r.OR < g.Current().ORs {
		g.startOR(g.r.OR + 1)
		return
	}
	if g.Ending.Due(eighteen.EndAfterSet) {
		g.End(g.Ending.Why)
		return
	}
	g.startStockRound(false)
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
				return errRule("2.5", "minor railroads and the Black Line have no station markers to place, and a major places its home station first")
			}
			return nil
		},
		Placed: func(c *Corp, h hexgrid.Hex, cost int) {
			g.Note("%s places a station in %s for $%d (2.5)", c.Sym, h, cost)
		}}
}
