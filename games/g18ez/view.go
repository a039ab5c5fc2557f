package g18ez

import (
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// words are 18EZ's names in the view, as its rulebook writes them.
var words = eighteen.ViewWords{Company: "Railroad", Companies: "Railroads", Price: "Value", Tokens: "Stations",
	OffBoards: "the red areas", OffBoardColours: []string{"yellow", "green", "brown", "gray"}, PhaseByTrain: true,
	KindLimits: map[string]string{kindMinor: "minors"},
	Market:     "The Share Price Index",
	MarketNote: "Blue-grey boxes are the par values (1.5). A floated company's token sits in its box, the top of a pile first (1.14); a company not yet floated is valued at its par.",
	Lots:       "Startpacket", Rounds: map[int]string{stockRound: "Share dealing round"}, Steps: stepNames, EndRule: "2.13"}

// View is the game as every reader sees it: the core's view with the
// Startpacket while it lasts and 18EZ's own rows, the Hotel, the
// Authority's tile and the Black Line.
func (g *Game) View() eighteen.View {
	return g.Base.View(eighteen.ViewSpec{Words: words, Set: 2, Packet: &g.Packet, Special: g.waitsFor, Extra: g.viewExtra})
}

// waitsFor is what the Startpacket waits for, or "".
func (g *Game) waitsFor(who string) string {
	switch {
	case g.Packet.Auction != nil:
		a := g.Packet.Auction
		return fmt.Sprintf("Special auction for %s (1.4): high bid $%d by %s; %s to bid or pass.", a.Item, a.High.Amount, g.Players[a.High.Seat].Name, who)
	case g.r.Kind == stockRound && !g.Packet.SoldOut():
		return fmt.Sprintf("Initial SDR, the Startpacket (1.2): %s to act.", who)
	}
	return ""
}

// viewExtra adds the Hotel's token, the Authority's tile and where the
// Black Line stands (appendix, 2.12).
func (g *Game) viewExtra(v *eighteen.View) {
	hotel := "The Hotel's bonus token is not yet placed."
	if h := g.Hotel; h != nil {
		v.Marks = append(v.Marks, eighteen.ViewMark{Hex: h.Hex.String(), Kind: "hotel", Label: "Hotel " + h.Corp, Corp: h.Corp})
		hotel = fmt.Sprintf("The Hotel's bonus token (+$10 for %s's trains) is on %s.", h.Corp, h.Hex)
	}
	v.Notes = append(v.Notes, eighteen.ViewNote{Label: "Hotel", Text: hotel})
	if g.MetroLaid {
		v.Notes = append(v.Notes, eighteen.ViewNote{Label: "Metropolis", Text: "The Metropolis Rapid Transit Authority's tile is laid."})
	}
	black := "The Black Line's shares are sold from the SDR after the first 4 is bought (2.12)."
	switch bl := g.Corp(BL); {
	case bl != nil && bl.Started:
		black = "The Black Line is in service (2.12)."
	case g.BlackLineDue:
		black = "The Black Line forms at the end of this OR, the first 5 bought (2.12)."
	case g.BlackLineOpen:
		black = "The Black Line's shares are on sale (2.12)."
	case g.BlackLineSale:
		black = "The Black Line's shares are sold from the next SDR (2.12)."
	}
	v.Notes = append(v.Notes, eighteen.ViewNote{Label: "Black Line", Text: black})
	for i, c := range g.Corps {
		if c.Kind == kindSystem && !c.Started {
			v.Corps[i].Pending = "forms at the end of the OR of the first 5 (2.12)"
		}
	}
}

var stepNames = map[int]string{eighteen.StepTrack: "track", eighteen.StepToken: "station", eighteen.StepRun: "run", eighteen.StepDividend: "income", eighteen.StepTrains: "trains"}

// routeText names each route's train and its stops by hex.
func routeText(trains []int, routes []eighteen.Route) string {
	var parts []string
	for i, stops := range eighteen.RouteArgs(routes) {
		parts = append(parts, fmt.Sprintf("%d-train %s ($%d)", eighteen.TrainsFor(routes, trains)[i], stops, routes[i].Revenue))
	}
	return strings.Join(parts, "; ")
}

// state is the game as stored: the game's fields, the round, and the map
// written out by hex. Its fields are listed, not the game embedded, so
// that the stored databases' encoding does not move with the game's own
// fields: keep their names and order. The events are history, not
// position, and are left out.
type state struct {
	Left     map[string]int
	Players  []*Player
	Corps    []*Corp
	Privates []*Private
	Packet   eighteen.Packet
	Bank     int
	Pool     map[string]eighteen.Holding // written as units, as are every hand's and company's
	eighteen.Trains
	Priority      int
	Ending        *eighteen.Ending
	Ended         bool
	Bankrupt      int
	Hotel         *Hotel
	MetroLaid     bool
	BlackLineSale bool
	BlackLineOpen bool
	BlackLineDue  bool
	ORsDone       int
	LastRun       *Run

	Round  storedRound                 `json:"round"`
	Tiles  map[string]string           `json:"tiles"`
	Tokens map[string]map[int][]string `json:"tokens"`

	eighteen.StoredCerts // the certificates' form, or none for the form before
}

// storedRound is the round as stored, its fields listed with the names
// and in the order the stored databases have them, so that the round's
// own fields may move into the core.
type storedRound struct {
	Kind      int               `json:"kind"`
	Initial   bool              `json:"initial,omitempty"`
	Seat      int               `json:"seat"`
	Passes    int               `json:"passes"`
	LastAct   int               `json:"last_act"`
	Bought    string            `json:"bought,omitempty"`
	Sold      bool              `json:"sold,omitempty"`
	SoldFirst bool              `json:"sold_first,omitempty"`
	BoughtSR  []map[string]bool `json:"bought_sr,omitempty"`
	OR        int               `json:"or,omitempty"`
	Corp      string            `json:"corp,omitempty"`
	Step      int               `json:"step"`
	Laid      bool              `json:"laid,omitempty"`
	Revenue   int               `json:"revenue,omitempty"`
	Forced    bool              `json:"forced,omitempty"`
	Offer     *eighteen.Offer   `json:"offer,omitempty"`
}

// stored is the round as the state writes it.
func (r round) stored() storedRound {
	return storedRound{Kind: r.Kind, Initial: r.Initial, Seat: r.Seat, Passes: r.Passes, LastAct: r.LastAct,
		Bought: r.Bought, Sold: r.Sold, SoldFirst: r.SoldFirst, BoughtSR: r.BoughtSR, OR: r.OR, Corp: r.Corp,
		Step: r.Step, Laid: r.Laid, Revenue: r.Revenue, Forced: r.Forced, Offer: r.Offer}
}

// state writes the position, in today's form (current) or the form
// before certificates.
func (g *Game) state(current bool) ([]byte, error) {
	s := state{Left: g.Left, Players: g.Players, Corps: g.Corps, Privates: g.Privates, Packet: g.Packet, Bank: g.Bank,
		Pool: g.Pool, Trains: g.Trains, Priority: g.Priority, Ending: g.Ending, Ended: g.Ended, Bankrupt: g.Bankrupt,
		Hotel: g.Hotel, MetroLaid: g.MetroLaid, BlackLineSale: g.BlackLineSale, BlackLineOpen: g.BlackLineOpen,
		BlackLineDue: g.BlackLineDue, ORsDone: g.ORsDone, LastRun: g.LastRun, Round: g.r.stored()}
	s.Tiles, s.Tokens, _ = g.Layout.Written() // 18EZ has no tokens beside a city
	s.StoredCerts = g.StoredCerts(current, func(c *Corp) eighteen.Holding { return c.Reserved })
	return eighteen.EncodeState("18EZ", s)
}

// menu writes 18EZ's options: lays grouped a line per hex for up to
// eight hexes, beyond that OPTIONS <hex>; each line with what it costs or
// pays.
func (g *Game) menu() eighteen.Menu {
	return eighteen.Menu{MaxHexes: 8, Note: g.optionNote, Title: "18EZ", Example: "D9", AtHex: g.menuAt}
}

// Menu is a seat's legal moves as lines to send back, read from the open
// steps' options, lays grouped a line per hex.
func (g *Game) Menu(seat int) []string { return g.menu().All(g.Legal(seat)) }

// optionNote is what a menu line costs or pays.
func (g *Game) optionNote(o move.Option) string {
	switch {
	case o.Verb == "BUY" && len(o.Args) == 2:
		if c := g.Corp(o.Args[0]); c != nil {
			if o.Args[1] == "IPO" {
				return fmt.Sprintf("$%d", c.Par)
			}
			return fmt.Sprintf("$%d", g.Price(c))
		}
	case o.Verb == "BUY" && len(o.Args) == 1:
		if it := g.Packet.Top(); it != nil {
			return fmt.Sprintf("$%d", it.Price)
		}
	case o.Verb == "PAR" && len(o.Args) == 2:
		n, _ := eighteen.Atoi(o.Args[1])
		return fmt.Sprintf("$%d for the president's certificate", 2*n)
	case o.Verb == "SELL" && len(o.Args) == 2:
		if c := g.Corp(o.Args[0]); c != nil {
			n, _ := eighteen.Atoi(o.Args[1])
			return fmt.Sprintf("+$%d", n*g.Price(c))
		}
	case o.Verb == "BUYTRAIN" && len(o.Args) <= 2:
		size, _ := g.SizeOf(o.Args[0])
		return fmt.Sprintf("$%d", g.Cost(size))
	case o.Verb == "PAY" || o.Verb == "HALF" || o.Verb == "RETAIN":
		return fmt.Sprintf("income $%d", g.r.Revenue)
	}
	return ""
}
