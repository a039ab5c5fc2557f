package g18ez

import (
	"fmt"
	"slices"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// runMap is the map as a run is made on it, the Hotel's bonus as it
// stands then: what a run is checked against later.
func (g *Game) runMap() *eighteen.Layout {
	l := g.Layout.Clone()
	var hotel *Hotel
	if g.Hotel != nil {
		h := *g.Hotel
		hotel = &h
	}
	l.Bonus = func(corp string, stops []eighteen.Node, _ int) int { return hotelBonusAt(hotel, corp, stops) }
	return l
}

// income is 18EZ's run and its dividend (2.6, 2.7): the best run, or
// any legal run the president names (rulings EZ12); paid out, the value
// moving right; half paid, the odd dollars kept, the value staying; or
// retained, the value moving left, as is an empty run's (2.8). A minor
// splits its income with its owner, the odd dollar to the minor.
func (g *Game) income() *eighteen.Dividend[Corp] {
	return &eighteen.Dividend[Corp]{Title: "income", Keep: "RETAIN", Full: eighteen.RoundDown, Half: eighteen.RoundDown,
		Moves: eighteen.Moves{Pay: eighteen.Right, Half: eighteen.Stay, Keep: eighteen.Left, Nothing: eighteen.Left},
		Rules: eighteen.DividendRules{Run: "2.6", Choice: "2.7"}, Example: "RUN D5-D9 D1-D5",
		Notes: incomeNotes, Splits: (*Corp).Minor, Map: g.runMap,
		Check: func(move.Action) error {
			if c := g.Operating(); c != nil && c.Minor() {
				return eighteen.RuleError("2.7", "a minor railroad splits its income 50/50 with its owner; it may not retain or pay in full")
			}
			return nil
		}}
}

// incomeNotes are 18EZ's words for a run and its income.
var incomeNotes = eighteen.DividendNotes{Ran: "%s runs its trains for $%d (2.6)", RanEmpty: "%s runs its trains for $%d (2.6)",
	Named: "%s's president names its routes: %s; $%d in all (2.6)",
	Pay:   "%[1]s pays $%[2]d a share; its value rises to $%[5]d (2.7)", Half: "%[1]s keeps $%[3]d and pays $%[2]d a share; its value stays at $%[5]d (2.7)",
	Keep: "%[1]s retains $%[4]d; its value falls to $%[5]d (2.7)", Nothing: "%[1]s retains $%[4]d; its value falls to $%[5]d (2.7)",
	Split: "%s splits $%d: $%d to %s, $%d to its treasury (2.7)"}

// buying is 18EZ's buying of trains (2.8 to 2.11): from the bank in
// order, the open market or another railroad, up to a limit by kind; a
// public railroad that can trace a route must end its turn with one, its
// president paying what it lacks for the cheapest, or for another
// railroad's below that price, selling shares first (2.9, 2.10); and he
// may declare bankruptcy once he cannot raise it (2.11).
func (g *Game) buying() *eighteen.Buying[Corp] {
	return &eighteen.Buying[Corp]{Shop: shop, Bankruptcy: bankruptcy, FromCompanies: true, DoneLast: true, Raisable: g.raisable,
		Rules: eighteen.BuyRules{Order: "2.2", Limit: "2.8", Price: "2.8", Cheapest: "2.9", MustSell: "2.9, 2.10", Sale: "2.10", Done: "2.8", Bankrupt: "2.11"},
		Notes: eighteen.BuyNotes{Bought: "%[1]s buys a %[2]s-train %[4]s for $%[3]d (2.8)", Helped: "%s adds $%d to %s's forced train (2.9)"},
		Limit: func(c *Corp) int { return g.Current().LimitFor(c.Kind) }, MustBuy: g.mustBuy,
		Sell: eighteen.Pair(g.checkSell, g.doSell),
		Offer: func(a move.Action, to int, _ eighteen.Purchase) error {
			g.offer(a, to)
			return nil
		},
		Phase: g.newPhase, Finish: g.finishTurn, Forced: &g.r.Forced}
}

// trainStep is the company's trains (2.8 to 2.11): the core's on 18EZ's
// rules.
func (g *Game) trainStep() eighteen.Step { return g.TrainStep(g.buying()) }

// mustBuy tells whether the company must end its turn with a train: a
// public railroad without one that can trace a legal route (2.8).
func (g *Game) mustBuy(c *Corp) bool {
	return c.Public() && len(c.Trains) == 0 && c.Operating && g.Layout.HasRoute(c.Sym, eighteen.Unlimited, g.Current().OffBoard)
}

// shop is how 18EZ writes a purchase: BUYTRAIN 3, BUYTRAIN 3 POOL,
// BUYTRAIN 3 FROM PSW 100; every rule of buying is 2.8's.
var shop = eighteen.Shop{From: "FROM", Example: "PSW", Cite: eighteen.Cite{
	"2.4": "2.8", "10.4": "2.8", "10.4.1": "2.8", "10.5": "2.8", "10.6": "2.9"}}

// phasing is what comes with a phase (2.8): trains scrapped, the Black
// Line's shares and formation (2.12), privates but the Obsidian closed,
// and trains over a lowered limit put in the open market (rulings EZ8).
func (g *Game) phasing() *eighteen.Phasing[Corp] {
	return &eighteen.Phasing[Corp]{Notes: eighteen.PhaseNotes{Begins: "The first %[2]s-train is sold: phase %[2]s (2.8)",
		Rusted: "Every %s-train is scrapped (2.8)", Closes: "%s closes (2.8)",
		Trimmed: "%s is over its limit of %d trains: its %s-train goes to the open market (rulings EZ8)"},
		KeepsOpen: func(p *eighteen.Private) bool { return p.Sym == OBS },
		Limit:     func(c *Corp) int { return g.Current().LimitFor(c.Kind) },
		Events: func(ev string) {
			switch ev {
			case evPrivatesToMajors:
				g.Note("Major railroads may buy private companies (2.8)")
			case evBlackLineShares:
				g.BlackLineSale = true
				g.Note("The Black Line's shares go on sale at the next SDR (2.12)")
			case evBlackLine:
				g.BlackLineDue = true
				g.Note("The Black Line forms at the end of this OR (2.12)")
			}
		}}
}

// newPhase begins phase p.
func (g *Game) newPhase(p int) { g.BeginPhase(g.phasing(), p) }

// formBlackLine merges the minors and the Obsidian into the Black Line at
// the end of the OR of the first 5 (2.12).
func (g *Game) formBlackLine() {
	g.BlackLineDue = false
	bl, obs := g.Corp(BL), g.Private(OBS)
	owner := obs.Owner
	obs.Closed = true
	bl.President = owner
	g.DealPresident(&bl.Corporation, &bl.Reserved, owner)
	bl.Started, bl.Floated, bl.Operating, bl.Par = true, true, true, blackLinePrice
	pos, err := g.blackLineBox()
	if err == nil {
		g.MoveTo(&bl.Corporation, pos)
	}
	g.Pay(blackLineCash, &bl.Cash)
	g.Note("The Black Line forms: %s trades the Obsidian for its president's certificate; $%d from the bank, its value $%d (2.12)", g.Players[owner].Name, blackLineCash, blackLinePrice)
	for _, m := range g.Corps {
		if !m.Minor() || m.Closed || !m.Started {
			continue
		}
		bl.Trains = append(bl.Trains, m.Trains...)
		bl.Cash += m.Cash
		g.Note("%s joins the Black Line with $%d and trains %v; %s takes its Black Line share (2.12)", m.Sym, m.Cash, m.Trains, g.Players[m.President].Name)
		m.Trains, m.Cash, m.Closed = nil, 0, true
		for h, stops := range g.Layout.Tokens {
			for i, syms := range stops {
				if j := slices.Index(syms, m.Sym); j >= 0 {
					g.Layout.Tokens[h][i][j] = BL
					bl.Stations++
				}
			}
		}
		g.Deal(&bl.Corporation, &bl.Reserved, m.President, 1)
		g.Reelect(bl)
	}
	eighteen.Shift(&bl.Reserved, &bl.IPO, bl.Reserved.Units()) // the shares of minors that never started
	bl.Reserved = nil
	g.Trim(g.phasing())
}

// blackLineBox is the SPI box the Black Line starts in: the top row's
// $150 (rulings EZ9).
func (g *Game) blackLineBox() (eighteen.Pos, error) {
	for c, cell := range g.StockMarket().Rows[0] {
		if cell.Price == blackLinePrice {
			return eighteen.Pos{Row: 0, Col: c}, nil
		}
	}
	return eighteen.Pos{}, fmt.Errorf("no $%d box in the SPI's top row", blackLinePrice)
}
