package g1870

import (
	"slices"

	"github.com/railpost/railpost/games/eighteen"
)

const (
	auctionRound = iota // the initial stock round while privates are unsold (5.7)
	stockRound
	operatingRound
)

// The decisions that interrupt the flow of play, taken first.
const (
	pendProtect = iota // a president may buy shares another sold (5.9)
	pendDiscard        // a company over its train limit discards (10.2.1)
	pendPar            // the Frisco's buyer sets its par (15.2)
	pendConnect        // a connected company places its destination token (11.4.1)
	pendConnPay        // and pays out or keeps its connection run (11.4.2)
)

// sale is a stock turn's sale, kept for its price protection (5.9).
type sale = eighteen.Sale

type pending struct {
	Kind    int
	Seat    int
	Corp    string
	Sale    sale
	Revenue int
}

// auction is a private's auction among its bidders (5.7).
type auction = eighteen.WaterfallAuction

// round is where play stands: the core's state of the round (its
// LastAct the last seat to act in a way that moves the priority, 5.2.2)
// and 1870's own.
type round struct {
	eighteen.RoundState
	Initial bool // the first stock round: nothing bought may be sold (5.7)
	First   int  // who began this stock round

	// the stock turn in progress
	eighteen.StockState
	Sales  []sale
	Resume int

	Auction *auction

	// the operating round in progress
	Set          int
	Lays         int
	Upgraded     bool
	FirstTurn    bool
	Best         int  // the optimal run's, which any shareholder may insist on (8.3)
	Contributing bool // the president is paying towards a forced train (10.6)

	Pending []pending
}

// wire binds what reads this game: the rounds' steps, the map's bonus and
// the core's hooks. New and Clone call it, so that a copy's steps act on
// the copy.
func (g *Game) wire() {
	g.Layout.Bonus, g.Layout.BonusBound = g.bonus, g.bonusBound
	g.Wire(eighteen.Hooks{Rounds: g.buildRounds(), State: &g.r.RoundState, Operating: operatingRound, UpperArgs: false, Write: g.state, View: g.View,
		EndRule: "13", Advance: g.advance, Decide: g.decide,
		// A player's worth at the end: cash, shares at market and private
		// companies at cost (14); a bankrupt player's cash does not count
		// (13.1).
		Worth: eighteen.Worth{Valued: func(c *eighteen.Corporation) bool { return c.Started && !c.Closed },
			BankruptNoCash: true, PrivatesAtCost: true},
		// The bank breaks when it runs short, is topped up and the game
		// ends after the set of operating rounds (13.2).
		Bankroll: eighteen.Bankroll{Reserve: brokenBills, Why: "the bank broke: the set of operating rounds is finished (13.2)",
			Note: "the bank has run out of money: the game ends after this set of operating rounds (13.2)"},
		Shares: shares, PresidentMark: " P", Limit: g.Limit, RouteText: g.routeText,
		EndNote: "the game ends: %s", PresidentNote: "%s becomes president of %s (5.6)"})
}

// advance carries play on through everything no one has to decide.
func (g *Game) advance() {
	g.r.Pending = slices.DeleteFunc(g.r.Pending, func(p pending) bool { return g.Corp(p.Corp) != nil && g.Corp(p.Corp).Closed })
	g.Flow(g.flow())
}
