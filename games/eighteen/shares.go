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
	Name   string
	Cash   int
	Shares map[string]int  // company -> share units held
	Sold   map[string]bool // companies sold since the last set of operating rounds
}

// NewPlayer seats a player with his starting money.
func NewPlayer(name string, cash int) *Player {
	return &Player{Name: name, Cash: cash, Shares: map[string]int{}, Sold: map[string]bool{}}
}

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

	IPO      int // share units in the initial offering
	Treasury int // units the company holds itself
	Cash     int
	Trains   []int
	Stations int // tokens on the map, the home one included
	Operated bool
}

// ShareRules are how a title counts and limits holdings, in share units
// (10% for most titles). Zones are market zone letters (see Cell).
type ShareRules struct {
	PresidentUnits int    // units in the president's certificate
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
// certificate limit, in halves: the president's certificate is one
// certificate however many units, a free zone counts nothing, and a
// half-counting kind counts half.
func (r ShareRules) Certs(m *Market, c *Corporation, seat, units int) int {
	if c.Closed || units == 0 || r.Free(m, c) {
		return 0
	}
	n := units
	if c.President == seat {
		n -= r.PresidentUnits - 1
	}
	if slices.Contains(r.HalfKinds, c.Kind) {
		return n
	}
	return 2 * n
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
func (r ShareRules) SaleError(c *Corporation, players []*Player, pool map[string]int, seat, n int) error {
	held := players[seat].Shares[c.Sym]
	var err error
	switch {
	case n < 1 || n > held:
		err = fmt.Errorf("you hold %d0%% of %s (5.3.3)", held, c.Sym)
	case !r.PoolRoom(pool[c.Sym], n):
		err = fmt.Errorf("the open market may hold no more than %d0%% of %s; it holds %d0%% (5.4.2)", r.PoolLimit, c.Sym, pool[c.Sym])
	case c.President == seat && held-n < r.PresidentUnits && !OtherHolds(players, c.Sym, seat, r.PresidentUnits):
		err = fmt.Errorf("the president's certificate of %s may be sold only when another player holds %d0%% to take it over (5.6)", c.Sym, r.PresidentUnits)
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
		err = fmt.Errorf("%d0%% of %s costs $%d and you have $%d (3.7)", units, c.Sym, units*price, p.Cash)
	case !r.Free(m, c) && certs+units > limit:
		err = fmt.Errorf("you hold %d certificates: that would take you over the limit of %d (5.4.1)", certs, limit)
	case !r.MayHold(m, c, p.Shares[c.Sym]+units):
		err = fmt.Errorf("no player may hold more than %d0%% of %s here (5.4.1)", r.HoldLimit, c.Sym)
	}
	return r.Cite.Recite(err)
}

// OtherHolds tells whether a player other than seat holds at least units
// of a company.
func OtherHolds(players []*Player, sym string, seat, units int) bool {
	for s, p := range players {
		if s != seat && p.Shares[sym] >= units {
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
	best, most := c.President, players[c.President].Shares[c.Sym]
	n := len(players)
	for k := 1; k < n; k++ {
		s := (c.President + k) % n
		if u := players[s].Shares[c.Sym]; u > most {
			best, most = s, u
		}
	}
	return best, best != c.President
}

// HeldOut are a company's units outside the initial offering and its
// own treasury: with the players and in the open market.
func HeldOut(c *Corporation, players []*Player, pool map[string]int) int {
	n := pool[c.Sym]
	for _, p := range players {
		n += p.Shares[c.Sym]
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
		if u := p.Shares[c.Sym]; u > 0 {
			pay(u*perShare, &p.Cash)
		}
	}
	if u := c.IPO + c.Treasury; u > 0 {
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

// ClonePlayers are copies of the players, each with his own shares.
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
