package g18ez

import (
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// The kinds of round.
const (
	stockRound = iota
	operatingRound
)

// round is where play stands: the core's state of the round (its OR 1
// or 2 in the set, 2; its LastAct the last seat to act other than pass)
// and what 18EZ's turns have done so far.
type round struct {
	eighteen.RoundState
	Initial bool // the initial SDR (1.2 to 1.5)

	// This SDR turn: a share bought (and which), and sales made.
	eighteen.StockState
	// BoughtSR are the companies each seat bought this SDR (1.13).
	BoughtSR []map[string]bool

	Laid bool
	// Forced is set while the company must buy a train it cannot pay for
	// alone (2.9): the president's cash joins the company's.
	Forced bool
}

// buildRounds are 18EZ's rounds, each its steps in order. The offer
// waiting on a second player's word comes first and blocks everything; a
// company's private powers are open alongside its other steps.
func (g *Game) buildRounds() map[int]eighteen.Round {
	return map[int]eighteen.Round{
		stockRound: {Name: "share dealing round", Steps: []eighteen.Step{
			g.consentStep(), g.PacketAuction(g.packet()), g.stockStep(),
		}},
		operatingRound: {Name: "operating round", Steps: []eighteen.Step{
			g.consentStep(), g.powersStep(), g.trackStep(), g.tokenStep(), g.DividendStep(g.income()), g.trainStep(),
		}},
	}
}

// wire binds what reads this game: the rounds' steps, the map's bonus and
// the core's hooks. New and Clone call it, so that a copy's steps act on
// the copy.
func (g *Game) wire() {
	g.Layout.Bonus, g.Layout.BonusBound = g.hotelBonus, g.hotelBound
	g.Wire(eighteen.Hooks{Rounds: g.buildRounds(), State: &g.r.RoundState, Operating: operatingRound, UpperArgs: true, Write: g.state, View: g.View,
		EndRule: "2.13", Advance: g.advance, Decide: g.decide,
		// A seat's net worth (2.13): cash, IOUs included, and each share at
		// its value, par before a company floats and the Black Line's $150
		// before it forms (rulings EZ9); treasuries, privates and minors
		// count nothing.
		ParBeforeFloat: true, Worth: eighteen.Worth{Valued: func(c *eighteen.Corporation) bool { return c.Kind != kindMinor }},
		// The bank may run dry and owe the rest (2.13): it goes below
		// zero, and the game's end is set off.
		Bankroll: eighteen.Bankroll{Why: "the bank has run out of money",
			Note: "The bank has run out of money: the game ends after this set of operating rounds; what it owes is paid in IOUs (2.13)"},
		Shares: shares, PresidentMark: "P", Limit: g.Limit, RouteText: routeText,
		EndNote: "The game ends: %s (2.13)", PresidentNote: "%s now holds the most of %s and becomes its president (1.7)"})
}

// advance carries play on through everything no one has to decide: the
// runs, the minors' split, empty steps, the ends of turns and rounds.
func (g *Game) advance() { g.Flow(g.flow()) }

// auto does at a turn's step what no one has to decide, telling whether
// it did anything.
func (g *Game) auto(c *Corp) bool {
	switch {
	case g.r.Step == eighteen.StepTrack && g.nothingToLay(c):
		g.r.Step = eighteen.StepToken
	case g.r.Step == eighteen.StepToken && len(g.TokenOptions(g.token(), c.President, move.Query{})) == 0:
		g.r.Step = eighteen.StepRun
	case g.r.Step == eighteen.StepRun:
		g.RunTrains(g.income())
	case g.r.Step == eighteen.StepDividend && (c.Minor() || g.r.Revenue == 0):
		g.SettleUnasked(g.income())
	case g.r.Step == eighteen.StepTrains && !g.r.Forced && g.Forced(g.buying(), c):
		g.r.Forced = true
	case g.r.Step == eighteen.StepTrains && g.r.Forced && g.Stranded(g.buying()):
		g.Fail(g.buying())
	case g.r.Step == eighteen.StepTrains && !g.MayBuy(g.buying()):
		g.finishTurn(c)
	default:
		return false
	}
	return true
}

// nothingToLay tells whether the company's track step offers nothing but
// SKIP, and no private's power is open to it either: then no one need
// answer it (the powers stay open while a later step waits).
func (g *Game) nothingToLay(c *Corp) bool {
	return len(g.LayOptions(g.track(), c.President, move.Query{})) == 0 && len(g.powerCandidates(c.President, move.Query{})) == 0
}
