package eighteen

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
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
	Pool     map[string]Holding // the open market's certificates, by company
	Trains
	Priority int
	Ending   *Ending // what has set the end off, and when it comes
	Broken   bool    // the bank has broken (a title whose bank breaks: Bankroll)
	Ended    bool
	Bankrupt int // the seat that went bankrupt, or -1
	// Out are the seats that have left the game bankrupt, where a
	// title's game goes on without them (Bankruptcy.Leaves).
	Out    []int
	Events []string
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
	spec   *Spec // the title's data the game was dealt from (Deal), nil for none
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
	b := Base[T, P]{Layout: NewLayout(e.Board), Left: maps.Clone(e.Manifest), Bank: e.Bank, Pool: map[string]Holding{},
		Trains: e.Trains, Bankrupt: -1, tiles: e.Tiles, market: e.Market, bySym: map[string]*T{}}
	for _, name := range e.Players {
		p := NewPlayer(name, e.Capital/len(e.Players))
		b.Bank -= p.Cash
		b.Players = append(b.Players, p)
	}
	return b
}

// Spec is the title's data the game was dealt from, nil if it was not
// dealt from one.
func (b *Base[T, P]) Spec() *Spec { return b.spec }

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
	c.Pool = maps.Clone(b.Pool) // the holdings are never changed in place
	c.Trains = b.Trains.Copy()
	c.Events = slices.Clone(b.Events)
	c.Out = slices.Clone(b.Out)
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

// MoveTo puts a company's token in a new box, at the bottom of any pile
// there; a move to the box it is in changes nothing. It tells whether
// the token moved.
func (b *Base[T, P]) MoveTo(c *Corporation, to Pos) bool {
	if to == c.Pos {
		return false
	}
	c.Pos = to
	b.Restack(c)
	return true
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
// certificate held at its units' value.
func (b *Base[T, P]) Score(seat int) int {
	w, p := b.hooks.Worth, b.Players[seat]
	total := p.Cash
	if w.BankruptNoCash && seat == b.Bankrupt {
		total = 0
	}
	for _, c := range b.Corps {
		if core := P(c).Core(); w.Valued(core) {
			total += p.Units(core.Sym) * b.Price(c)
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

// End finishes the game.
func (b *Base[T, P]) End(why string) {
	b.Ended = true
	b.Note(b.hooks.EndNote, why)
}

// Reelect settles a company's presidency after holdings change: the
// player holding the most, if more than the president (Reelect), who
// takes the president's certificate (SwapPresident).
func (b *Base[T, P]) Reelect(c *T) {
	core := P(c).Core()
	if p, changed := Reelect(core, b.Players); changed {
		b.Note(b.hooks.PresidentNote, b.Players[p].Name, core.Sym)
		b.SwapPresident(core, core.President, p)
		core.President = p
	}
}

// PayPrivates pays each private's revenue from the bank to its owner, a
// player or a company.
func (b *Base[T, P]) PayPrivates() {
	PayPrivates(b.Privates, func(seat, amount int) { b.Pay(amount, &b.Players[seat].Cash) },
		func(sym string, amount int) { b.Pay(amount, &P(b.Corp(sym)).Core().Cash) })
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
