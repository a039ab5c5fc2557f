package eighteen

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// Company is a title's company type as the core handles it: a pointer to
// the title's own struct that carries the core's Corporation. The core
// keeps the title's companies, not bare Corporations, so that a title's
// code reads its own fields without a lookup.
type Company[T any] interface {
	*T
	Core() *Corporation
}

// Base is the state every 18xx title's game holds the same way, and what
// it does with it the same way: the map and the tiles left, the seats,
// companies and privates, the bank and the open market, the trains, the
// priority, the end, and the events. A title's Game embeds it and adds
// only what is its own, so that a rule of the shared core is written
// once. T is the title's company, P its pointer. The title lists in its
// stored state which of these fields it stores, and in what order.
type Base[T any, P Company[T]] struct {
	Layout   *Layout
	Left     map[string]int // tiles not yet laid
	Players  []*Player
	Corps    []*T
	Privates []*Private
	Bank     int
	Pool     map[string]int // shares in the open market
	Trains
	Priority int
	Ending   *Ending // what has set the end off, and when it comes
	Ended    bool
	Bankrupt int // the seat that went bankrupt, or -1
	Events   []string
	// ORsDone counts the operating rounds finished.
	ORsDone int
	// LastRun is the latest run of a company's trains, kept so that it
	// can be shown and checked.
	LastRun *Run

	tiles  map[string]*Tile // every tile the title uses, by id: never changed
	market *Market          // the market's grid: never changed
	bySym  map[string]*T    // the companies by symbol: the route search asks for every run
	tick   int              // the last count given a token moved on the market
	// agreed is set while an accepted offer's move is made: the other
	// side has given its word.
	agreed bool
	hooks  Hooks
}

// Run is one company's run of its trains.
type Run struct {
	Corp   string
	Trains []int
	Phase  int // the off-board value used
	Routes []Route
	Total  int
	// Map is the map the run was made on, where the title lets a later
	// move in the same pass change it under the run (18EZ: another
	// company's home station closing a city the run went through). It
	// is not stored: the stored run is checked on the map as it is.
	Map *Layout `json:"-"`
}

// Hooks are what a title decides in the play the core runs: its rounds
// (their steps read the title's game), how a move's arguments are written, the rule that says the game is over, what play carries on through
// once a move is made, a seat's worth, the computer's choices, the bank's
// payments and the words of the events the core tells. They
// read the title's own game, so a copy of the game is wired anew.
type Hooks struct {
	// Rounds are the title's kinds of round, each built of its steps;
	// Kind is the kind in play, which the title's round state keeps.
	Rounds map[int]Round
	Kind   func() int
	// UpperArgs: the title's options write their arguments upper case, so
	// a move's may be written in any case.
	UpperArgs bool
	EndRule   string
	Advance   func()
	Decide    Decide
	// Pay moves money out of the bank by the title's rule for a bank
	// that runs short.
	Pay func(amount int, to *int)
	// Certs counts a seat's certificates against the limit, Limit is
	// the limit now, and Holdings are a seat's holdings as the status
	// lists them.
	Certs    func(seat int) int
	Limit    func() int
	Holdings func(seat int) []string
	// RouteText writes a run's routes for the status.
	RouteText func(trains []int, routes []Route) string
	// ParBeforeFloat: a company's share value is its par until it
	// floats, not a market price.
	ParBeforeFloat bool
	// Worth is how the title counts a seat's worth.
	Worth Worth
	// EndNote and PresidentNote are the title's words for the game's end
	// (a format of why) and a new president (of the player's name and
	// the company's symbol).
	EndNote, PresidentNote string
}

// Worth is a title's count of a seat's worth, cash and shares at their
// value and what else it says.
type Worth struct {
	Valued         func(*Corporation) bool // the companies whose shares count
	BankruptNoCash bool                    // a bankrupt seat's cash counts nothing
	PrivatesAtCost bool                    // privates a player holds count at their printed cost
}

// Wire sets the title's hooks: New and Clone call it, each with hooks
// that read its own game.
func (b *Base[T, P]) Wire(h Hooks) { b.hooks = h }

// Equipment is what a title plays with, read from its own files: the map,
// its tiles and how many of each, the market, the bank's cash and its
// trains; and the players, in seat order, who share the start capital.
type Equipment struct {
	Board    *Board
	Tiles    map[string]*Tile
	Manifest map[string]int
	Market   *Market
	Bank     int
	Trains   Trains
	Players  []string
	Capital  int
}

// NewBase is a game's core before the companies are dealt: the map laid
// out, the tiles to hand, the bank's cash and trains, each player paid an
// equal share of the capital from the bank, no one bankrupt.
func NewBase[T any, P Company[T]](e Equipment) Base[T, P] {
	b := Base[T, P]{Layout: NewLayout(e.Board), Left: maps.Clone(e.Manifest), Bank: e.Bank, Pool: map[string]int{},
		Trains: e.Trains, Bankrupt: -1, tiles: e.Tiles, market: e.Market, bySym: map[string]*T{}}
	for _, name := range e.Players {
		p := NewPlayer(name, e.Capital/len(e.Players))
		b.Bank -= p.Cash
		b.Players = append(b.Players, p)
	}
	return b
}

// Board is the map as printed.
func (b *Base[T, P]) Board() *Board { return b.Layout.Board }

// StockMarket is the market's grid.
func (b *Base[T, P]) StockMarket() *Market { return b.market }

// Tiles are every tile the title uses, by id, however many are left.
func (b *Base[T, P]) Tiles() map[string]*Tile { return b.tiles }

// AddCorp puts a company in play, found by its symbol from then on.
func (b *Base[T, P]) AddCorp(c *T) {
	b.Corps = append(b.Corps, c)
	b.bySym[P(c).Core().Sym] = c
}

// CloneBase is a copy of the core's state that shares nothing a move
// changes. The layout's bonus is left for the title to set again, since
// it reads the title's own game.
func (b *Base[T, P]) CloneBase() Base[T, P] {
	c := *b
	c.Layout = b.Layout.Clone()
	c.Left = maps.Clone(b.Left)
	c.Pool = maps.Clone(b.Pool)
	c.Trains = b.Trains.Copy()
	c.Events = slices.Clone(b.Events)
	c.Players = ClonePlayers(b.Players)
	c.Corps, c.bySym = CloneCorps(b.Corps, func(x *T) *Corporation { return P(x).Core() })
	c.Privates = ClonePrivates(b.Privates)
	if b.Ending != nil {
		e := *b.Ending
		c.Ending = &e
	}
	return c
}

// Over tells whether the game has ended.
func (b *Base[T, P]) Over() bool { return b.Ended }

// Note records an event, for the mails that report the move.
func (b *Base[T, P]) Note(format string, args ...any) {
	b.Events = append(b.Events, fmt.Sprintf(format, args...))
}

// Corp is the company with that symbol, in any case, or nil.
func (b *Base[T, P]) Corp(sym string) *T { return b.bySym[strings.ToUpper(sym)] }

// Private is the private company with that symbol, or nil.
func (b *Base[T, P]) Private(sym string) *Private { return PrivateOf(b.Privates, sym) }

// Money is every dollar in the game: the bank's, the players' and the
// companies'. A title's invariant checks that only its rules change it.
func (b *Base[T, P]) Money() int {
	cores := make([]*Corporation, len(b.Corps))
	for i, c := range b.Corps {
		cores[i] = P(c).Core()
	}
	return Money(b.Bank, b.Players, cores)
}

// Milestone counts the operating rounds finished: every player gets a
// report after each.
func (b *Base[T, P]) Milestone() int { return b.ORsDone }

// Restack marks a company's token as the latest to reach its box, so
// that it lies at the bottom of any pile there.
func (b *Base[T, P]) Restack(c *Corporation) {
	b.tick++
	c.Tick = b.tick
}

// SeatName is a seat's player's name, or "-" for none.
func (b *Base[T, P]) SeatName(seat int) string {
	if seat < 0 || seat >= len(b.Players) {
		return "-"
	}
	return b.Players[seat].Name
}

// Round is the round in play, built of its steps.
func (b *Base[T, P]) Round() Round { return b.hooks.Rounds[b.hooks.Kind()] }

// Canonical is a move as the title's options write it (CanonicalMove).
func (b *Base[T, P]) Canonical(a move.Action) move.Action { return CanonicalMove(a, b.hooks.UpperArgs) }

// CanonicalMove is a move as the options write it: a tile may be written
// with its #, as printed ("LAY H17 #57 2"), and if the options are upper
// case (upper) the arguments in any case.
func CanonicalMove(a move.Action, upper bool) move.Action {
	if upper {
		args := make([]string, len(a.Args))
		for i, s := range a.Args {
			args[i] = strings.ToUpper(s)
		}
		a.Args = args
	}
	if a.Verb == "LAY" && len(a.Args) == 3 {
		a.Args = []string{a.Args[0], strings.TrimPrefix(a.Args[1], "#"), a.Args[2]}
	}
	return a
}

// Acting are the seats the game waits for: those of the step it waits on.
func (b *Base[T, P]) Acting() []int { return b.Round().Waiting(b.Ended) }

// Legal are the moves a seat may make now, each as the line to send:
// the options of the open steps, the only list there is.
func (b *Base[T, P]) Legal(seat int) []move.Option { return b.Round().Legal(b.Ended, seat) }

// Apply makes a move if the game waits for the seat and the open steps
// list it, and only then; a refused move changes nothing, and its error
// names the rule. Play then carries on to the next decision.
func (b *Base[T, P]) Apply(a move.Action) error {
	if err := b.Round().Move(b.Canonical(a), b.Ended, b.hooks.EndRule, b.Players); err != nil {
		return err
	}
	b.hooks.Advance()
	return nil
}

// Suggest is the computer's move for a seat, always one of the seat's
// legal options (the steps' own list): the title's choice where it has a
// view, else the default (decline, done, pass or skip).
func (b *Base[T, P]) Suggest(seat int, rng *rand.Rand) move.Action {
	return Suggest(seat, b.Legal(seat), b.hooks.Decide, rng)
}

// Price is a company's share value now: the market's price where its
// token stands, or its par before it floats where the title says so.
func (b *Base[T, P]) Price(c *T) int {
	core := P(c).Core()
	if b.hooks.ParBeforeFloat && !core.Floated {
		return core.Par
	}
	return b.market.Price(core.Pos)
}

// Score is a seat's worth by the title's count (Worth): its cash and each
// share held at its value.
func (b *Base[T, P]) Score(seat int) int {
	w, p := b.hooks.Worth, b.Players[seat]
	total := p.Cash
	if w.BankruptNoCash && seat == b.Bankrupt {
		total = 0
	}
	for _, c := range b.Corps {
		if core := P(c).Core(); w.Valued(core) {
			total += p.Shares[core.Sym] * b.Price(c)
		}
	}
	for _, pr := range b.Privates {
		if w.PrivatesAtCost && pr.Owner == seat && pr.Corp == "" && !pr.Closed {
			total += pr.Printed
		}
	}
	return total
}

// Scores are each seat's worth, by the title's count.
func (b *Base[T, P]) Scores() []int { return Scores(b.Players, b.Score) }

// Standings are the seats by worth, best first.
func (b *Base[T, P]) Standings() string { return Standings(b.Players, b.Score) }

// PlaceStation places a company's station in the free city of a hex, its
// cost paid to the bank.
func (b *Base[T, P]) PlaceStation(c *Corporation, h hexgrid.Hex, cost int) {
	c.Cash -= cost
	b.Bank += cost
	b.Layout.Place(h, b.Layout.FreeCity(h), c.Sym)
	c.Stations++
}

// Consent is the step that puts an open offer to its other side. ACCEPT
// clears it and makes the proposed move by do, with Agreed set while it
// is made; DECLINE clears it and tells the table by declined, a format of
// the decliner's name and the move. offer is where the title's round
// keeps the offer waiting, since its stored state holds it.
func (b *Base[T, P]) Consent(offer **Offer, do func(move.Action) error, declined string) Step {
	return ConsentStep(func() *Offer { return *offer },
		func(o Offer) error {
			*offer = nil
			b.Note("%s accepts", b.Players[o.To].Name)
			b.agreed = true
			defer func() { b.agreed = false }()
			return do(o.Move)
		},
		func(o Offer) error {
			*offer = nil
			b.Note(declined, b.Players[o.To].Name, o.Move)
			return nil
		})
}

// Agreed tells whether the move being made is an accepted offer's: a
// deal's check for the other side's word is then met.
func (b *Base[T, P]) Agreed() bool { return b.agreed }

// TileColours are the colours of tile the phase allows.
func (b *Base[T, P]) TileColours() []Colour {
	return []Colour{Yellow, Green, Brown, Gray}[:b.Current().Colours]
}

// TrainList names a list of trains for a table: "-" for none.
func (b *Base[T, P]) TrainList(sizes []int) string {
	if len(sizes) == 0 {
		return "-"
	}
	return strings.Join(b.Names(sizes), ",")
}

// End finishes the game.
func (b *Base[T, P]) End(why string) {
	b.Ended = true
	b.Note(b.hooks.EndNote, why)
}

// Reelect settles a company's presidency after holdings change: the
// player holding the most, if more than the president (Reelect).
func (b *Base[T, P]) Reelect(c *T) {
	core := P(c).Core()
	if p, changed := Reelect(core, b.Players); changed {
		b.Note(b.hooks.PresidentNote, b.Players[p].Name, core.Sym)
		core.President = p
	}
}

// PayPrivates pays each private's revenue from the bank to its owner, a
// player or a company.
func (b *Base[T, P]) PayPrivates() {
	PayPrivates(b.Privates, func(seat, amount int) { b.hooks.Pay(amount, &b.Players[seat].Cash) },
		func(sym string, amount int) { b.hooks.Pay(amount, &P(b.Corp(sym)).Core().Cash) })
}

// RustAll scraps every company's trains of a size, telling whether any
// were owned.
func (b *Base[T, P]) RustAll(size int) bool {
	owned := make([]*[]int, 0, len(b.Corps))
	for _, c := range b.Corps {
		owned = append(owned, &P(c).Core().Trains)
	}
	return b.Rust(size, owned...)
}

// WriteTables writes the part of the status every title shows the same
// way: each player's cash, certificates against the limit and holdings,
// the reader's seat marked, then the trains in the open market, the next
// train from the bank and the last run.
func (b *Base[T, P]) WriteTables(w *strings.Builder, seat int) {
	w.WriteString("\nPlayer        Cash  Certs  Holdings\n")
	for s, p := range b.Players {
		mark := ""
		if s == seat {
			mark = " (you)"
		}
		fmt.Fprintf(w, "%-12s %5s  %2d/%-2d  %s%s\n", p.Name, Dollars(p.Cash), b.hooks.Certs(s), b.hooks.Limit(),
			strings.Join(b.hooks.Holdings(s), ", "), mark)
	}
	if len(b.PoolTrains) > 0 {
		fmt.Fprintf(w, "\nTrains in the open market: %s.", b.TrainList(b.PoolTrains))
	}
	if next := b.NextSale(); next != "" {
		fmt.Fprintf(w, "\nNext train from the bank: %s.\n", next)
	}
	if r := b.LastRun; r != nil && len(r.Routes) > 0 {
		fmt.Fprintf(w, "\nLast run: %s earned $%d: %s.\n", r.Corp, r.Total, b.hooks.RouteText(r.Trains, r.Routes))
	}
}

// Dollars writes an amount of money.
func Dollars(n int) string { return fmt.Sprintf("$%d", n) }

// Who is the name of the player the game waits for first, or "no one".
func (b *Base[T, P]) Who() string {
	if acting := b.Acting(); len(acting) > 0 {
		return b.Players[acting[0]].Name
	}
	return "no one"
}

// MaxJudged caps the options the computer tries one by one for a
// decision (lays on a copy of the map): beyond it, a random sample, so
// that a late-game turn stays quick.
const MaxJudged = 40

// Sample is at most MaxJudged of the options, a random choice if there
// are more; the options given are not changed.
func Sample(opts []move.Option, rng *rand.Rand) []move.Option {
	if len(opts) <= MaxJudged {
		return opts
	}
	opts = slices.Clone(opts)
	rng.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
	return opts[:MaxJudged]
}

// Ordered are the companies in play that keep takes, in share price
// order: highest price first, the rightmost box first, then top of the
// pile first. It is the operating order and the order of anything done
// company by company.
func (b *Base[T, P]) Ordered(keep func(*T) bool) []*T {
	var out []*T
	for _, c := range b.Corps {
		if core := P(c).Core(); core.Started && !core.Closed && keep(c) {
			out = append(out, c)
		}
	}
	ByPrice(b.market, out, func(c *T) *Corporation { return P(c).Core() })
	return out
}
