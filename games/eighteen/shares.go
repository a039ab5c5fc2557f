package eighteen

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
)

// Player is a seat at the table: its money and its shares.
type Player struct {
	Name string
	Cash int
	// Shares are the certificates held, by company. A company once held
	// stays listed when its last certificate goes, as the stored state
	// has always shown it (with 0 units), until the company closes.
	Shares map[string]Holding
	Sold   map[string]bool // companies sold since the last set of operating rounds
}

// NewPlayer seats a player with his starting money.
func NewPlayer(name string, cash int) *Player {
	return &Player{Name: name, Cash: cash, Shares: map[string]Holding{}, Sold: map[string]bool{}}
}

// Units are the share units of a company the player holds: what the
// rules count.
func (p *Player) Units(sym string) int { return p.Shares[sym].Units() }

// Corporation is what every title's public company has: its charter, its
// place on the market, its shares, money, trains and stations. A title's
// company type embeds it and adds its own.
type Corporation struct {
	Sym, Name  string
	Kind       string // the title's kind of company ("minor", "system"); "" for a plain one
	Home       hexgrid.Hex
	TokenCosts []int
	FloatAt    int // shares sold from the initial offering to operate

	Started   bool // its president's certificate is sold
	Floated   bool // enough shares sold to operate
	Operating bool // has placed its home token
	Closed    bool
	President int // a seat, or -1
	Par       int
	Pos       Pos
	Tick      int // arrival in its box: lower is higher in the pile

	IPO      Holding // the initial offering
	Treasury Holding // the certificates the company holds itself
	Cash     int
	Trains   []int
	Stations int // tokens on the map, the home one included
	Operated bool

	// Charter is every certificate the company issued, in index order:
	// the title's data, not stored.
	Charter []*Cert `json:"-"`
}

// Issue gives a company its charter's certificates, all in its initial
// offering.
func (c *Corporation) Issue(certs []*Cert) {
	c.Charter, c.IPO = certs, slices.Clone(certs)
}

// Shares are the share units the company issued: a dividend is divided
// by them.
func (c *Corporation) Shares() int { return Holding(c.Charter).Units() }

// PresidentUnitsOf are the units of a company's president's certificate:
// its charter's, so that a title may mix companies of 10% and 5% shares,
// or the title's PresidentUnits for a company with no charter.
func (r ShareRules) PresidentUnitsOf(c *Corporation) int {
	if len(c.Charter) > 0 && c.Charter[0].President {
		return c.Charter[0].Units
	}
	return r.PresidentUnits
}

// Unit is the percent of one share unit: the company's ordinary
// certificate's, 10 for a company with no charter.
func (c *Corporation) Unit() int {
	for _, x := range c.Charter {
		if x.Units > 0 {
			return x.Percent / x.Units
		}
	}
	return 10
}

// Pct writes units of the company as the percentage they are: "30%".
func (c *Corporation) Pct(units int) string { return strconv.Itoa(units*c.Unit()) + "%" }

// ShareRules are how a title counts and limits holdings, in share units
// (10% for most titles). Zones are market zone letters (see Cell).
type ShareRules struct {
	PresidentUnits int    // units in the president's certificate of a company with no charter (PresidentUnitsOf)
	HoldLimit      int    // units a player may hold of one company
	PoolLimit      int    // units the open market may hold of one company
	FreeZones      string // zones whose shares do not count against the certificate limit
	UnlimitedZones string // zones where the hold limit lapses
	BulkZones      string // zones where several units may be bought from the open market at once
	// HalfKinds are the company kinds whose certificates count half.
	HalfKinds []string
	// WholeKinds are the company kinds its president holds whole, with
	// no shares (18EZ's minors): one certificate, listed by symbol.
	WholeKinds []string
	// Cite turns the rule numbers of the core's share errors (1870's:
	// 3.7, 5.3.3, 5.4.1, 5.4.2, 5.6) into the title's own.
	Cite Cite
}

func inZones(m *Market, c *Corporation, zones string) bool {
	if !c.Started || zones == "" {
		return false
	}
	cell, _ := m.Cell(c.Pos)
	return strings.ContainsAny(cell.Zones, zones)
}

// Free tells whether a company's shares are off the certificate limit.
func (r ShareRules) Free(m *Market, c *Corporation) bool { return inZones(m, c, r.FreeZones) }

// Unlimited tells whether a player may hold more than the hold limit.
func (r ShareRules) Unlimited(m *Market, c *Corporation) bool { return inZones(m, c, r.UnlimitedZones) }

// Bulk tells whether several shares may be bought at once from the pool.
func (r ShareRules) Bulk(m *Market, c *Corporation) bool { return inZones(m, c, r.BulkZones) }

// Certs is what a player's holding of a company counts against the
// certificate limit, in halves: each certificate one whatever its
// percent (the president's one however many units), an uncounted one or
// a free zone nothing, and a half-counting kind half.
func (r ShareRules) Certs(m *Market, c *Corporation, h Holding) int {
	if c.Closed || len(h) == 0 || r.Free(m, c) {
		return 0
	}
	each := 2
	if slices.Contains(r.HalfKinds, c.Kind) {
		each = 1
	}
	n := 0
	for _, x := range h {
		if !x.Uncounted {
			n += each
		}
	}
	return n
}

// MayHold tells whether a player may hold this many units of a company.
func (r ShareRules) MayHold(m *Market, c *Corporation, units int) bool {
	return units <= r.HoldLimit || r.Unlimited(m, c)
}

// SaleError judges n units of a company sold by a seat under the rules
// of every sale: no more than he holds, room in the open market, and the
// president's certificate only when another player holds as many units
// to take it over (1870 5.3.3, 5.4.2, 5.6). Whether the company's shares
// may be sold at all, and the rules of the moment (a turn's order, a
// forced sale's limits), are the title's.
func (r ShareRules) SaleError(c *Corporation, players []*Player, pool, seat, n int) error {
	held := players[seat].Units(c.Sym)
	var err error
	switch {
	case n < 1 || n > held:
		err = fmt.Errorf("you hold %s of %s (5.3.3)", c.Pct(held), c.Sym)
	case !r.PoolRoom(pool, n):
		err = fmt.Errorf("the open market may hold no more than %s of %s; it holds %s (5.4.2)", c.Pct(r.PoolLimit), c.Sym, c.Pct(pool))
	case c.President == seat && held-n < r.PresidentUnitsOf(c) && !OtherHolds(players, c.Sym, seat, r.PresidentUnitsOf(c)):
		err = fmt.Errorf("the president's certificate of %s may be sold only when another player holds %s to take it over (5.6)", c.Sym, c.Pct(r.PresidentUnitsOf(c)))
	}
	return r.Cite.Recite(err)
}

// BuyError judges units of a company bought by a player for price each:
// his money, the certificate limit unless the company's zone frees its
// shares (certs is what he holds against limit now), and the hold limit
// (1870 3.7, 5.4.1).
func (r ShareRules) BuyError(m *Market, c *Corporation, p *Player, units, price, certs, limit int) error {
	var err error
	switch {
	case p.Cash < units*price:
		err = fmt.Errorf("%s of %s costs $%d and you have $%d (3.7)", c.Pct(units), c.Sym, units*price, p.Cash)
	case !r.Free(m, c) && certs+units > limit:
		err = fmt.Errorf("you hold %d certificates: that would take you over the limit of %d (5.4.1)", certs, limit)
	case !r.MayHold(m, c, p.Units(c.Sym)+units):
		err = fmt.Errorf("no player may hold more than %s of %s here (5.4.1)", c.Pct(r.HoldLimit), c.Sym)
	}
	return r.Cite.Recite(err)
}

// OtherHolds tells whether a player other than seat holds at least units
// of a company.
func OtherHolds(players []*Player, sym string, seat, units int) bool {
	for s, p := range players {
		if s != seat && p.Units(sym) >= units {
			return true
		}
	}
	return false
}

// PoolRoom tells whether the open market may take n more units.
func (r ShareRules) PoolRoom(pool, n int) bool { return pool+n <= r.PoolLimit }

// Reelect is who presides after a change of holdings: the player with the
// most units if he has more than the president; of equal holders, the
// first to the old president's left. It returns the president, and
// whether that is a change.
func Reelect(c *Corporation, players []*Player) (int, bool) {
	if c.President < 0 {
		return c.President, false
	}
	best, most := c.President, players[c.President].Units(c.Sym)
	n := len(players)
	for k := 1; k < n; k++ {
		s := (c.President + k) % n
		if u := players[s].Units(c.Sym); u > most {
			best, most = s, u
		}
	}
	return best, best != c.President
}

// HeldOut are a company's units outside the initial offering and its
// own treasury: with the players and in the open market (pool, its
// units there).
func HeldOut(c *Corporation, players []*Player, pool int) int {
	n := pool
	for _, p := range players {
		n += p.Units(c.Sym)
	}
	return n
}

// ByPrice sorts companies into share price order, the operating order of
// most titles: highest price first, then the rightmost box, then the top
// of the pile (the earlier arrival).
func ByPrice[T any](m *Market, xs []T, corp func(T) *Corporation) {
	slices.SortStableFunc(xs, func(x, y T) int {
		a, b := corp(x), corp(y)
		if pa, pb := m.Price(a.Pos), m.Price(b.Pos); pa != pb {
			return pb - pa
		}
		if a.Pos.Col != b.Pos.Col {
			return b.Pos.Col - a.Pos.Col
		}
		return a.Tick - b.Tick
	})
}

// Rounding is how a title rounds a share's part of a divided sum.
type Rounding int

const (
	RoundDown Rounding = iota // the company keeps the odd dollars
	RoundUp                   // in the holders' favour
)

// PerShare is each of shares' part of amount.
func (r Rounding) PerShare(amount, shares int) int {
	if r == RoundUp {
		return (amount + shares - 1) / shares
	}
	return amount / shares
}

// Half splits a run's income for a half dividend: what each of shares
// receives from the half paid out, and what the company keeps of the
// whole.
func (r Rounding) Half(revenue, shares int) (perShare, kept int) {
	per := r.PerShare(revenue/2, shares)
	return per, revenue - shares*per
}

// PayOut pays a dividend of perShare on every share: to the players who
// hold them, to the company for those in its initial offering and its
// treasury; the open market's part stays with the bank (1870 9.1.1, 18EZ
// 2.7). pay moves the money from the bank.
func PayOut(c *Corporation, players []*Player, perShare int, pay func(amount int, to *int)) {
	for _, p := range players {
		if u := p.Units(c.Sym); u > 0 {
			pay(u*perShare, &p.Cash)
		}
	}
	if u := c.IPO.Units() + c.Treasury.Units(); u > 0 {
		pay(u*perShare, &c.Cash)
	}
}

// Standings are the players by score, best first, as the end of a game
// is announced: "Ann $4786, Ben $3920".
func Standings(players []*Player, score func(seat int) int) string {
	order := make([]int, len(players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return score(b) - score(a) })
	parts := make([]string, len(order))
	for i, s := range order {
		parts[i] = players[s].Name + " $" + strconv.Itoa(score(s))
	}
	return strings.Join(parts, ", ")
}

// Core is the company's common part: a title's company type embeds
// Corporation and so has Core too, which lets the core take a title's
// list of companies (Cores).
func (c *Corporation) Core() *Corporation { return c }

// Cores are the common parts of a title's companies, in order.
func Cores[C interface{ Core() *Corporation }](corps []C) []*Corporation {
	out := make([]*Corporation, len(corps))
	for i, c := range corps {
		out[i] = c.Core()
	}
	return out
}

// Sellers are the companies that may sell a train to buyer: the others
// still in play.
func Sellers(corps []*Corporation, buyer *Corporation) []*Corporation {
	var out []*Corporation
	for _, c := range corps {
		if c != buyer && !c.Closed {
			out = append(out, c)
		}
	}
	return out
}

// Copy is the company with its own copies of what a move changes in
// place (its token costs and trains), for a copy of the game.
func (c Corporation) Copy() Corporation {
	c.TokenCosts, c.Trains = slices.Clone(c.TokenCosts), slices.Clone(c.Trains)
	return c
}

// ClonePlayers are copies of the players, each with his own shares (the
// holdings themselves are never changed in place, and are shared).
func ClonePlayers(ps []*Player) []*Player {
	out := make([]*Player, len(ps))
	for i, p := range ps {
		q := *p
		q.Shares, q.Sold = maps.Clone(p.Shares), maps.Clone(p.Sold)
		out[i] = &q
	}
	return out
}

// ClonePrivates are copies of the private companies, each with its own
// bids.
func ClonePrivates(ps []*Private) []*Private {
	out := make([]*Private, len(ps))
	for i, p := range ps {
		q := *p
		q.Bids = maps.Clone(p.Bids)
		out[i] = &q
	}
	return out
}

// Money is every dollar in the game: the bank's, the players' and the
// companies'. A title's invariant checks that only its rules change it.
func Money(bank int, players []*Player, corps []*Corporation) int {
	total := bank
	for _, p := range players {
		total += p.Cash
	}
	for _, c := range corps {
		total += c.Cash
	}
	return total
}

// RuleError is an illegal move, with the rule that forbids it.
func RuleError(rule, format string, args ...any) error {
	return fmt.Errorf("%s (%s)", fmt.Sprintf(format, args...), rule)
}

// Scores are each seat's score by the title's rule, in seat order.
func Scores(players []*Player, score func(seat int) int) []int {
	out := make([]int, len(players))
	for s := range players {
		out[s] = score(s)
	}
	return out
}

// CloneCorps are copies of a title's companies, each with its own
// token costs and trains (its Corporation copied by base), and the copies
// by symbol.
func CloneCorps[C any](corps []*C, base func(*C) *Corporation) ([]*C, map[string]*C) {
	out, bySym := make([]*C, len(corps)), make(map[string]*C, len(corps))
	for i, x := range corps {
		y := *x
		b := base(&y)
		*b = b.Copy()
		out[i], bySym[b.Sym] = &y, &y
	}
	return out, bySym
}
