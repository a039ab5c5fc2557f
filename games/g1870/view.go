package g1870

import (
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
)

// words are 1870's names in the view, as its rulebook writes them.
var words = eighteen.ViewWords{Company: "Company", Companies: "Companies", Price: "Price", Tokens: "Tokens",
	OffBoards: "off-boards", OffBoardColours: []string{"yellow", "brown", "blue"},
	Market:     "The stock market",
	MarketNote: "Box colours: white plain; blue-grey par; yellow, green and brown the zones of 5.1.1; red the closing zone. A company's token sits in its box, the top of a pile first (5.8.4).",
	Rounds:     map[int]string{stockRound: "Stock round"}, Steps: stepNames, EndRule: "14"}

// View is the game as every reader sees it: the core's view with 1870's
// own rows, the destinations and the Cattle and port tokens.
func (g *Game) View() eighteen.View {
	return g.Base.View(eighteen.ViewSpec{Words: words, Set: g.r.Set, Special: g.waitsFor, Extra: g.viewExtra})
}

// waitsFor is what 1870's own steps wait for, or "".
func (g *Game) waitsFor(who string) string {
	switch {
	case len(g.r.Pending) > 0:
		return fmt.Sprintf("%s decides: %s.", who, pendingNames[g.r.Pending[0].Kind])
	case g.r.Kind == auctionRound:
		return fmt.Sprintf("The private companies are being sold (5.7): %s to act.", who)
	}
	return ""
}

// viewExtra adds each company's destination and the Cattle and port
// tokens (11, 15.2).
func (g *Game) viewExtra(v *eighteen.View) {
	for i, c := range g.Corps {
		reached := "not yet reached"
		if c.Connected {
			reached = "reached"
		}
		v.Corps[i].Notes = append(v.Corps[i].Notes, fmt.Sprintf("destination %s, %s", c.Dest, reached))
		if !c.Closed && !c.Connected {
			v.Marks = append(v.Marks, eighteen.ViewMark{Hex: c.Dest.String(), Kind: "destination", Label: "D:" + c.Sym, Corp: c.Sym})
		}
	}
	if t := g.Cattle; t != nil {
		v.Marks = append(v.Marks, eighteen.ViewMark{Hex: t.Hex.String(), Kind: "cattle", Label: "Cattle " + t.Corp, Corp: t.Corp})
		v.Notes = append(v.Notes, eighteen.ViewNote{Label: "Cattle", Text: fmt.Sprintf("%s's Cattle token is on %s (15.2).", t.Corp, t.Hex)})
	}
	if t := g.Port; t != nil {
		label, text := "Port "+t.Corp, fmt.Sprintf("%s's port token is on %s (15.2).", t.Corp, t.Hex)
		if t.Closed {
			label, text = label+" shut", fmt.Sprintf("%s's port token is on %s, shut to all but its company (15.2).", t.Corp, t.Hex)
		}
		v.Marks = append(v.Marks, eighteen.ViewMark{Hex: t.Hex.String(), Kind: "port", Label: label, Corp: t.Corp})
		v.Notes = append(v.Notes, eighteen.ViewNote{Label: "Port", Text: text})
	}
}

var pendingNames = map[int]string{pendProtect: "protect a company's price against a sale (5.9)", pendDiscard: "which train to discard (10.2.1)",
	pendPar: "the Frisco's par (15.2)", pendConnect: "where the destination token goes (11.4.1)", pendConnPay: "pay out or keep the connection run (11.4.2)"}

var stepNames = map[int]string{eighteen.StepTrack: "track", eighteen.StepToken: "token", eighteen.StepRun: "run", eighteen.StepDividend: "dividend", eighteen.StepTrains: "trains"}

// routeText is a run's routes as the hexes of their stops.
func (g *Game) routeText(trains []int, routes []eighteen.Route) string {
	var parts []string
	trains = eighteen.TrainsFor(routes, trains)
	for i, stops := range eighteen.RouteArgs(routes) {
		parts = append(parts, fmt.Sprintf("%s $%d", stops, routes[i].Revenue))
		if i < len(trains) {
			parts[len(parts)-1] = g.Name(trains[i]) + ": " + parts[len(parts)-1]
		}
	}
	return strings.Join(parts, "; ")
}

// state is the whole position as stored: the game's fields, the round in
// progress and the map, with hexes written as on the board so that maps
// encode in a fixed order. Its fields are listed, not the game embedded,
// so that the stored databases' encoding does not move with the game's
// own fields: keep their names and order. The events are history, not
// position, and are left out (each state would repeat them all).
type state struct {
	Left     Manifest
	Players  []*Player
	Corps    []*Corp
	Privates []*Private
	Bank     int
	Pool     map[string]eighteen.Holding // written as units, as are every hand's and company's
	eighteen.Trains
	Priority  int
	Broken    bool
	Ending    *eighteen.Ending
	Variants  Variants
	Ended     bool
	Stalemate bool
	Bankrupt  int
	Cattle    *Token
	Port      *Token
	ORsDone   int
	LastRun   *Run

	Round     storedRound                 `json:"round"`
	Corp      string                      `json:"operating,omitempty"` // the company operating now
	Tiles     map[string]string           `json:"tiles"`
	Tokens    map[string]map[int][]string `json:"tokens"`
	Extra     map[string][]string         `json:"extra,omitempty"`
	LeftAgain Manifest                    `json:"left"` // Left again, as stored since the core's rebuild

	eighteen.StoredCerts // the certificates' form, or none for the form before
}

// storedRound is the round as stored, its fields listed in the order
// the stored databases have them, so that the round's own fields may
// move into the core. Corp is always null: the company operating is the
// state's "operating", as it was when the round pointed at it.
type storedRound struct {
	Kind                              int
	Initial                           bool
	Seat, First, Passes, LastAct      int
	Acted, ForCorp, Bought, SoldFirst bool
	Sales                             []sale
	Resume                            int
	Auction                           *auction
	OR, Set                           int
	Corp                              *Corp
	Step, Lays                        int
	Upgraded, FirstTurn               bool
	Revenue, Best                     int
	Contributing                      bool
	Pending                           []pending
	Offer                             *eighteen.Offer
}

// stored is the round as the state writes it.
func (r round) stored() storedRound {
	return storedRound{Kind: r.Kind, Initial: r.Initial, Seat: r.Seat, First: r.First, Passes: r.Passes, LastAct: r.LastAct,
		Acted: r.Dealt(), ForCorp: r.ForCorp, Bought: r.Bought != "", SoldFirst: r.StockState.SoldFirst, Sales: r.Sales, Resume: r.Resume,
		Auction: r.Auction, OR: r.OR, Set: r.Set, Step: r.Step, Lays: r.Lays, Upgraded: r.Upgraded, FirstTurn: r.FirstTurn,
		Revenue: r.Revenue, Best: r.Best, Contributing: r.Contributing, Pending: r.Pending, Offer: r.Offer}
}

// state writes the position, in today's form (current) or the form
// before certificates.
func (g *Game) state(current bool) ([]byte, error) {
	s := state{Left: g.Left, Players: g.Players, Corps: g.Corps, Privates: g.Privates, Bank: g.Bank, Pool: g.Pool,
		Trains: g.Trains, Priority: g.Priority, Broken: g.Broken, Ending: g.Ending, Variants: g.Variants,
		Ended: g.Ended, Stalemate: g.Stalemate, Bankrupt: g.Bankrupt, Cattle: g.Cattle, Port: g.Port,
		ORsDone: g.ORsDone, LastRun: g.LastRun, Round: g.r.stored(), Corp: g.r.Corp, LeftAgain: g.Left}
	s.Tiles, s.Tokens, s.Extra = g.Layout.Written()
	s.StoredCerts = g.StoredCerts(current, func(c *Corp) eighteen.Holding { return c.Reserved })
	return eighteen.EncodeState("1870", s)
}
