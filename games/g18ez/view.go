package g18ez

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

var colourNames = []string{"yellow", "green", "brown", "gray"}

// Status is the open position as a seat reads it in a mail; everything is
// public, so only the "(you)" mark differs between seats.
func (g *Game) Status(seat int) string {
	var b strings.Builder
	ph := g.Current()
	fmt.Fprintf(&b, "Phase %d: %s tiles; the red areas pay their %s value; train limit %d (minors %d). Bank $%d. Certificate limit %d.\n",
		ph.Train, strings.Join(colourNames[:ph.Colours], ", "), colourNames[ph.OffBoard], ph.Limit, ph.LimitFor(kindMinor), g.Bank, g.Limit())
	if g.Ending != nil && !g.Ended {
		fmt.Fprintf(&b, "The end is coming: %s.\n", g.Ending.Why)
	}
	if !g.Packet.SoldOut() {
		b.WriteString("\nStartpacket  Price  Bids\n")
		for _, it := range g.Packet.Items {
			if !it.Sold {
				fmt.Fprintf(&b, "%-11s  %5s  %s\n", it.Sym, eighteen.Dollars(it.Price), g.bidText(it.Bids))
			}
		}
	}
	b.WriteString("\nRailroad Value  Cash  Trains   Stations IPO Pool  President\n")
	for _, c := range g.Corps {
		value := "-" // a minor has no shares and no value (2.7)
		if c.Public() {
			value = eighteen.Dollars(g.Price(c))
		}
		switch {
		case c.Closed:
		case !c.Started && c.Kind == kindSystem:
			fmt.Fprintf(&b, "%-7s  forms at the end of the OR of the first 5 (2.12)\n", c.Sym)
		case !c.Started:
			fmt.Fprintf(&b, "%-7s  not started (home %s)\n", c.Sym, c.Home)
		default:
			fmt.Fprintf(&b, "%-7s  %5s %5s  %-8s %-8s %3d %4d  %s\n", c.Sym, value, eighteen.Dollars(c.Cash),
				g.TrainList(c.Trains), c.StationText(), c.IPO.Units(), g.PoolUnits(c.Sym), g.SeatName(c.President))
		}
	}
	g.WriteTables(&b, seat)
	fmt.Fprintf(&b, "\n%s\n", g.Now())
	return b.String()
}

// StationText is a company's stations placed, and of how many where it
// places its own (the Black Line's come from the minors): "2/3", "4".
func (c *Corp) StationText() string {
	if len(c.TokenCosts) == 0 {
		return itoa(c.Stations)
	}
	return fmt.Sprintf("%d/%d", c.Stations, len(c.TokenCosts))
}

func (g *Game) bidText(bids []eighteen.Bid) string {
	var parts []string
	for _, b := range bids {
		parts = append(parts, fmt.Sprintf("%s $%d", g.Players[b.Seat].Name, b.Amount))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// Now says in one line what the game waits for.
func (g *Game) Now() string {
	if g.Ended {
		return "The game is over (2.13): " + g.Standings()
	}
	who := g.Who()
	switch {
	case g.r.Offer != nil:
		return fmt.Sprintf("%s is asked to ACCEPT or DECLINE: %s.", who, g.r.Offer.Move)
	case g.Packet.Auction != nil:
		a := g.Packet.Auction
		return fmt.Sprintf("Special auction for %s (1.4): high bid $%d by %s; %s to bid or pass.", a.Item, a.High.Amount, g.Players[a.High.Seat].Name, who)
	case g.r.Kind == stockRound && !g.Packet.SoldOut():
		return fmt.Sprintf("Initial SDR, the Startpacket (1.2): %s to act.", who)
	case g.r.Kind == stockRound:
		return fmt.Sprintf("Share dealing round: %s's turn.", who)
	case g.Operating() != nil:
		return fmt.Sprintf("Operating round %d of 2: %s operates (%s), %s deciding.", g.r.OR, g.r.Corp, stepNames[g.r.Step], who)
	}
	return fmt.Sprintf("%s to act.", who)
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

	// Version and Certs are the certificates' form (eighteen.CertsForm):
	// without them, the state is as stored before.
	Version int                            `json:"version,omitempty"`
	Certs   map[string]eighteen.CertPlaces `json:"certs,omitempty"`
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

// State is the whole position, canonically encoded: stored after every
// move, so replay can compare each one byte for byte.
func (g *Game) State() ([]byte, error) { return g.state(true) }

// FormerState is the position in the form a stored snapshot was written
// in, when that is the form before certificates (eighteen.Former): the
// replay's comparison for the games stored before.
func (g *Game) FormerState(stored []byte) ([]byte, bool, error) {
	return eighteen.Former(stored, g.state)
}

// state writes the position, in today's form (current) or the form
// before certificates.
func (g *Game) state(current bool) ([]byte, error) {
	s := state{Left: g.Left, Players: g.Players, Corps: g.Corps, Privates: g.Privates, Packet: g.Packet, Bank: g.Bank,
		Pool: g.Pool, Trains: g.Trains, Priority: g.Priority, Ending: g.Ending, Ended: g.Ended, Bankrupt: g.Bankrupt,
		Hotel: g.Hotel, MetroLaid: g.MetroLaid, BlackLineSale: g.BlackLineSale, BlackLineOpen: g.BlackLineOpen,
		BlackLineDue: g.BlackLineDue, ORsDone: g.ORsDone, LastRun: g.LastRun, Round: g.r.stored()}
	s.Tiles, s.Tokens, _ = g.Layout.Written() // 18EZ has no tokens beside a city
	if current {
		s.Version, s.Certs = eighteen.CertsForm, g.CertsPlaced(func(c *Corp) eighteen.Holding { return c.Reserved })
	}
	out, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("18EZ state: %w", err)
	}
	return out, nil
}

// menu writes 18EZ's options: lays grouped a line per hex for up to
// eight hexes, beyond that OPTIONS <hex>; each line with what it costs or
// pays.
func (g *Game) menu() eighteen.Menu { return eighteen.Menu{MaxHexes: 8, Note: g.optionNote} }

// Menu is a seat's legal moves as lines to send back, read from the open
// steps' options, lays grouped a line per hex.
func (g *Game) Menu(seat int) []string {
	out, lays := g.menu().Lines(g.Legal(seat))
	return append(out, lays...)
}

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
		n, _ := atoi(o.Args[1])
		return fmt.Sprintf("$%d for the president's certificate", 2*n)
	case o.Verb == "SELL" && len(o.Args) == 2:
		if c := g.Corp(o.Args[0]); c != nil {
			n, _ := atoi(o.Args[1])
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
