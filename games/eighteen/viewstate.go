package eighteen

import (
	"slices"
	"strings"
)

// View is a game of an 18xx title as every reader sees it: plain data,
// filled by the core from the game and by the title's hook for what is
// its own, so that the move mails' status, the PDF report and a web page
// render the same facts without reaching into the engine. Everything in
// these titles is public, so one view serves every seat.
type View struct {
	Words     ViewWords
	Phase     ViewPhase
	Bank      int
	Broken    bool // the bank has broken
	CertLimit int
	Ending    string // why the end is coming, while it is
	Over      bool
	ORsDone   int // operating rounds finished
	Players   []ViewPlayer
	Corps     []ViewCorp
	Privates  []ViewPrivate
	// Lots are the items of an auction on offer with their bids, while
	// one is (18EZ's Startpacket).
	Lots   []ViewLot
	Market ViewMarket
	Trains ViewTrains
	Turn   ViewTurn
	Run    *ViewRun // the last run, if one had routes
	// Board is the map as it stands; Marks are what the title puts on
	// it besides track and stations; Notes are the title's own rows
	// (1870's Cattle and port tokens, 18EZ's Hotel and Black Line).
	Board *Layout `json:"-"`
	Marks []ViewMark
	Notes []ViewNote
}

// ViewWords are a title's names for what every title has, as its
// rulebook writes them.
type ViewWords struct {
	Company, Companies string // "Company", "Railroad"
	Price              string // "Price", "Value"
	Tokens             string // "Tokens", "Stations"
	OffBoards          string // "off-boards", "the red areas"
	Market             string // the market's name
	MarketNote         string // what its colours and piles mean
	Lots               string // the auction's name ("Startpacket")
	// Rounds name the title's kinds of round that are turns round the
	// table ("Stock round"); Steps name the operating turn's steps.
	Rounds  map[int]string
	Steps   map[int]string
	EndRule string // the rule that ends the game, cited when it is over
	// KindLimits name, plural, the company kinds whose train limit the
	// status gives beside the limit ("minors").
	KindLimits map[string]string
	// PhaseByTrain: the phases are numbered by the train that begins
	// them, not counted.
	PhaseByTrain bool
	// OffBoardColours name an off-board's values in the order printed.
	OffBoardColours []string
}

// ViewPhase is the phase in force: its number, the tile colours it
// allows, the off-board value paid, the train limits and the operating
// rounds in a set.
type ViewPhase struct {
	Number   int
	Tiles    []string
	OffBoard string // the colour of the off-board value paid
	// OffBoardValue is which of an off-board's values is paid, counted
	// from the first printed.
	OffBoardValue int
	TrainLimit    int
	KindLimits    []ViewLimit
	ORs           int
}

// ViewLimit is the train limit of a kind of company.
type ViewLimit struct {
	Kind  string // as the title names it, plural
	Limit int
}

// ViewPlayer is a seat: cash, certificates against the limit, worth,
// holdings and privates.
type ViewPlayer struct {
	Seat     int
	Name     string
	Cash     int
	Certs    int
	Worth    int
	Holdings []ViewHolding
	Privates []string
}

// ViewHolding is what a seat holds of a company: its certificates, their
// percentage in all, and whether it presides. A company held whole (18EZ's
// minors) has no certificates and no percentage.
type ViewHolding struct {
	Corp      string
	Percent   int
	President bool
	Whole     bool
	Certs     []ViewCert
}

// ViewCert is one certificate; its ID is empty while holdings are
// counted in units.
type ViewCert struct {
	ID        string
	Percent   int
	President bool
}

// ViewCorp is a company: its charter, state, president, price and place
// on the market, treasury, trains, tokens and where its shares are.
type ViewCorp struct {
	Sym, Name, Kind string
	Home            string // its home hex, "" for none on the map
	Started         bool
	Floated         bool
	Operating       bool
	Closed          bool
	// Shares tells whether it has shareholders (not a minor held whole);
	// OnMarket whether its token stands on the market.
	Shares, OnMarket bool
	President        int // a seat, or -1
	PresidentName    string
	Par, Price       int
	Row, Col         int
	Zones            string // the zone letters of its box (Cell)
	Cash             int
	Trains           []string
	// Tokens are its stations on the map; Charter the tokens its charter
	// has, 0 where it has none of its own (the Black Line's are the
	// minors').
	Tokens, Charter     int
	IPO, Pool, Treasury int // percentages
	// Pending is what a company not yet started waits for, where the
	// title says more than its home (18EZ's Black Line); Notes are the
	// title's own facts about it (1870's destination).
	Pending string
	Notes   []string
}

// ViewPrivate is a private company: its owner, a seat or a company, and
// its revenue.
type ViewPrivate struct {
	Sym, Name string
	Cost      int
	Revenue   int
	Owner     int    // a seat, or -1
	OwnerName string // the seat's name or the company's symbol, "" for the bank
	Corp      string
	Closed    bool
}

// ViewLot is an item on offer in an auction, with its bids.
type ViewLot struct {
	Sym, Name string
	Price     int
	Bids      []ViewBid
}

// ViewBid is a standing bid.
type ViewBid struct {
	Seat   int
	Name   string
	Amount int
}

// ViewMarket is the market's grid, every box with its price and zones,
// and the piles of tokens in it, each pile's top first.
type ViewMarket struct {
	Rows  [][]Cell
	Piles []ViewPile
}

// ViewPile is the companies' tokens in one box, the top first.
type ViewPile struct {
	Row, Col int
	Corps    []string
}

// ViewTrains are the trains the bank sells, in order, those in the open
// market, and the next the bank sells as the mails write it.
type ViewTrains struct {
	Depot []ViewTrain
	Pool  []string
	Next  string
}

// ViewTrain is a kind of train the bank still has: its name, its cost
// and how many are left, -1 without limit.
type ViewTrain struct {
	Name       string
	Cost, Left int
}

// ViewTurn is whose move it is and where play stands: the seats the game
// waits for, the round and step, the company operating, and the sentence
// that says it.
type ViewTurn struct {
	Acting []int
	Who    string
	Round  string
	OR     int
	Set    int
	Corp   string
	Step   string
	Offer  string // the move an offer waiting puts
	Now    string
}

// ViewRun is a company's last run, route by route; Paths are the same
// routes as the map has them, for a picture of the board to draw.
type ViewRun struct {
	Corp   string
	Total  int
	Routes []ViewRoute
	Paths  []Route `json:"-"`
}

// ViewRoute is a route: its train, its stops by hex joined by dashes,
// and what it earned.
type ViewRoute struct {
	Train   string
	Stops   string
	Revenue int
}

// ViewMark is a title's mark on a hex: its kind ("destination",
// "cattle", "port", "hotel"), its label and the company it is for.
type ViewMark struct {
	Hex, Kind, Label, Corp string
}

// ViewNote is a title's own row: a name and what it says.
type ViewNote struct {
	Label, Text string
}

// ViewSpec is what the title adds to the core's view: its words, the
// operating rounds of the set under way, what the game waits for where
// the title's own steps hold it (a sentence, or ""), an auction on offer
// and a hook that fills its own rows.
type ViewSpec struct {
	Words   ViewWords
	Set     int
	Special func(who string) string
	Packet  *Packet
	Extra   func(v *View)
}

var tileColourNames = []string{"yellow", "green", "brown", "gray"}

// View fills the view from the game, the title's spec and its hook.
func (b *Base[T, P]) View(s ViewSpec) View {
	ph := b.Current()
	v := View{Words: s.Words, Bank: b.Bank, Broken: b.Broken, CertLimit: b.hooks.Limit(), Over: b.Ended, ORsDone: b.ORsDone, Board: b.Layout}
	v.Phase = ViewPhase{Number: b.Trains.Phase, TrainLimit: ph.Limit, ORs: ph.ORs, OffBoardValue: ph.OffBoard,
		Tiles: slices.Clone(tileColourNames[:min(ph.Colours, len(tileColourNames))])}
	if s.Words.PhaseByTrain {
		v.Phase.Number = ph.Train
	}
	if cs := s.Words.OffBoardColours; len(cs) > 0 {
		v.Phase.OffBoard = cs[min(max(ph.OffBoard, 0), len(cs)-1)]
	}
	for _, kind := range sortedKeys(s.Words.KindLimits) {
		v.Phase.KindLimits = append(v.Phase.KindLimits, ViewLimit{Kind: s.Words.KindLimits[kind], Limit: ph.LimitFor(kind)})
	}
	if b.Ending != nil && !b.Ended {
		v.Ending = b.Ending.Why
	}
	for _, c := range b.Corps {
		v.Corps = append(v.Corps, b.viewCorp(P(c).Core()))
	}
	for s := range b.Players {
		v.Players = append(v.Players, b.viewPlayer(s))
	}
	for _, p := range b.Privates {
		v.Privates = append(v.Privates, b.viewPrivate(p))
	}
	if s.Packet != nil {
		v.Lots = b.viewLots(s.Packet)
	}
	v.Market = b.viewMarket(v.Corps)
	v.Trains = b.viewTrains()
	v.Run = b.viewRun()
	v.Turn = b.viewTurn(s)
	if s.Extra != nil {
		s.Extra(&v)
	}
	return v
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (b *Base[T, P]) viewCorp(c *Corporation) ViewCorp {
	whole := slices.Contains(b.hooks.Shares.WholeKinds, c.Kind)
	v := ViewCorp{Sym: c.Sym, Name: c.Name, Kind: c.Kind, Started: c.Started, Floated: c.Floated,
		Operating: c.Operating, Closed: c.Closed, Shares: !whole, President: c.President, PresidentName: b.SeatName(c.President),
		Par: c.Par, Price: b.Price(b.Corp(c.Sym)), Row: c.Pos.Row, Col: c.Pos.Col, Cash: c.Cash, Trains: b.Names(c.Trains),
		Tokens: c.Stations, Charter: len(c.TokenCosts), IPO: c.IPOPercent(), Pool: b.PoolPercent(c.Sym), Treasury: c.TreasuryPercent()}
	if b.Layout.Board.Space(c.Home) != nil {
		v.Home = c.Home.String()
	}
	if cell, ok := b.market.Cell(c.Pos); ok {
		v.Zones = cell.Zones
	}
	v.OnMarket = v.Shares && c.Started && !c.Closed && (c.Floated || !b.hooks.ParBeforeFloat)
	return v
}

func (b *Base[T, P]) viewPlayer(seat int) ViewPlayer {
	p := b.Players[seat]
	v := ViewPlayer{Seat: seat, Name: p.Name, Cash: p.Cash, Certs: b.Certs(seat), Worth: b.Score(seat), Privates: b.heldPrivates(seat)}
	for _, c := range b.Corps {
		core := P(c).Core()
		if slices.Contains(b.hooks.Shares.WholeKinds, core.Kind) {
			if !core.Closed && core.President == seat {
				v.Holdings = append(v.Holdings, ViewHolding{Corp: core.Sym, President: true, Whole: true})
			}
			continue
		}
		if pct := b.HeldPercent(seat, core.Sym); pct > 0 {
			v.Holdings = append(v.Holdings, ViewHolding{Corp: core.Sym, Percent: pct, President: core.President == seat, Certs: b.HeldCerts(seat, core)})
		}
	}
	return v
}

func (b *Base[T, P]) viewPrivate(p *Private) ViewPrivate {
	v := ViewPrivate{Sym: p.Sym, Name: p.Name, Cost: p.Cost, Revenue: p.Revenue, Owner: p.Owner, Corp: p.Corp, Closed: p.Closed}
	switch {
	case p.Corp != "":
		v.OwnerName = p.Corp
	case p.Owner >= 0:
		v.OwnerName = b.SeatName(p.Owner)
	}
	return v
}

// viewLots are a packet's items not yet sold, named as the privates and
// companies are.
func (b *Base[T, P]) viewLots(pk *Packet) []ViewLot {
	var out []ViewLot
	for _, it := range pk.Items {
		if it.Sold {
			continue
		}
		lot := ViewLot{Sym: it.Sym, Price: it.Price}
		if p := b.Private(it.Sym); p != nil {
			lot.Name = p.Name
		} else if c := b.Corp(it.Sym); c != nil {
			lot.Name = P(c).Core().Name
		}
		for _, bid := range it.Bids {
			lot.Bids = append(lot.Bids, ViewBid{Seat: bid.Seat, Name: b.SeatName(bid.Seat), Amount: bid.Amount})
		}
		out = append(out, lot)
	}
	return out
}

// viewMarket is the grid and the piles on it, the top of each first
// (the token longest in its box).
func (b *Base[T, P]) viewMarket(corps []ViewCorp) ViewMarket {
	v := ViewMarket{Rows: b.market.Rows}
	ticks := map[string]int{}
	for _, c := range b.Corps {
		ticks[P(c).Core().Sym] = P(c).Core().Tick
	}
	var on []ViewCorp
	for _, c := range corps {
		if c.OnMarket {
			on = append(on, c)
		}
	}
	slices.SortStableFunc(on, func(x, y ViewCorp) int {
		if x.Row != y.Row {
			return x.Row - y.Row
		}
		if x.Col != y.Col {
			return x.Col - y.Col
		}
		return ticks[x.Sym] - ticks[y.Sym]
	})
	for _, c := range on {
		if n := len(v.Piles); n > 0 && v.Piles[n-1].Row == c.Row && v.Piles[n-1].Col == c.Col {
			v.Piles[n-1].Corps = append(v.Piles[n-1].Corps, c.Sym)
			continue
		}
		v.Piles = append(v.Piles, ViewPile{Row: c.Row, Col: c.Col, Corps: []string{c.Sym}})
	}
	return v
}

func (b *Base[T, P]) viewTrains() ViewTrains {
	v := ViewTrains{Pool: b.Names(b.PoolTrains), Next: b.NextSale()}
	for i, k := range b.Kinds {
		if n := b.Depot[i]; n != 0 {
			v.Depot = append(v.Depot, ViewTrain{Name: b.Name(k.Size), Cost: k.Cost, Left: n})
		}
	}
	return v
}

func (b *Base[T, P]) viewRun() *ViewRun {
	r := b.LastRun
	if r == nil || len(r.Routes) == 0 {
		return nil
	}
	v := &ViewRun{Corp: r.Corp, Total: r.Total, Paths: r.Routes}
	trains := TrainsFor(r.Routes, r.Trains)
	for i, stops := range RouteArgs(r.Routes) {
		route := ViewRoute{Stops: stops, Revenue: r.Routes[i].Revenue}
		if i < len(trains) {
			route.Train = b.Name(trains[i])
		}
		v.Routes = append(v.Routes, route)
	}
	return v
}

// viewTurn is whose move it is, and the sentence that says it: the end,
// an offer, the title's own steps, a turn round the table, a company's
// operating turn, in that order.
func (b *Base[T, P]) viewTurn(s ViewSpec) ViewTurn {
	r := b.hooks.State
	v := ViewTurn{Acting: b.Acting(), Who: b.Who(), OR: r.OR, Set: s.Set}
	if r.Kind == b.hooks.Operating {
		v.Round = "operating"
		if b.Operating() != nil {
			v.Corp, v.Step = r.Corp, s.Words.Steps[r.Step]
		}
	} else {
		v.Round = strings.ToLower(s.Words.Rounds[r.Kind])
	}
	if r.Offer != nil {
		v.Offer = r.Offer.Move.String()
	}
	v.Now = b.now(s, v)
	return v
}
