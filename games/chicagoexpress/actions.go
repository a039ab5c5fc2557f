package chicagoexpress

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/move"
)

// startAuction puts a share up. With leader -1 the opener bids first or
// passes; otherwise the opener's bid stands and the next player clockwise
// answers it.
func (g *Game) startAuction(ci int, kind Phase, opener, leader, high int) {
	a := &Auction{Corp: ci, Kind: kind, Opener: opener, Leader: leader, High: high,
		Out: make([]bool, g.Players()), Next: opener, Min: g.Corps[ci].MinBid()}
	g.Auction = a
	g.Phase = kind
	if kind == PhaseInitial {
		a.Min = g.Corps[ci].Income
	}
	if leader >= 0 {
		g.advanceAuction(opener)
	}
}

// lowestBid is the least the bidder to act may offer now.
func (a *Auction) lowestBid() int {
	if a.Leader >= 0 {
		return max(a.Min, a.High+1)
	}
	return a.Min
}

func (g *Game) bidMove(m move.Action) error {
	a := g.Auction
	c := g.Corps[a.Corp]
	switch m.Verb {
	case "PASS":
		if len(m.Args) > 0 {
			return fmt.Errorf("in an auction write PASS alone; the dials wait until the auction is over (5, Action A)")
		}
		a.Out[m.Seat] = true
		g.note("%s passes on the %s share.", g.Names[m.Seat], c.Sym)
	case "BID":
		if len(m.Args) != 1 {
			return fmt.Errorf("write BID and one amount in whole dollars, as in BID %d (5, Action A)", a.lowestBid())
		}
		n, err := strconv.Atoi(strings.TrimPrefix(m.Args[0], "$"))
		if err != nil {
			return fmt.Errorf("%q is not an amount: write BID and whole dollars, as in BID %d (5, Action A)", m.Args[0], a.lowestBid())
		}
		lo := a.lowestBid()
		switch {
		case n < lo && a.Leader >= 0:
			return fmt.Errorf("a bid must beat the high bid of $%d: bid at least $%d (5, Action A)", a.High, lo)
		case n < lo:
			return fmt.Errorf("the minimum bid for this %s share is $%d (5, Action A)", c.Sym, lo)
		case n > g.Cash[m.Seat]:
			return fmt.Errorf("you have $%d and cannot bid $%d: money is kept open and bids are paid at once (section 3)", g.Cash[m.Seat], n)
		}
		a.High, a.Leader = n, m.Seat
		g.note("%s bids $%d for the %s share.", g.Names[m.Seat], n, c.Sym)
	default:
		return fmt.Errorf("an auction for a %s share is running: write BID and an amount, or PASS (5, Action A)", c.Sym)
	}
	g.advanceAuction(m.Seat)
	return nil
}

// advanceAuction hands the bidding to the next player clockwise who has not
// passed, or closes the auction when nobody is left to answer the high bid.
func (g *Game) advanceAuction(from int) {
	a := g.Auction
	n := g.Players()
	for i := 1; i <= n; i++ {
		s := (from + i) % n
		if a.Out[s] || s == a.Leader {
			continue
		}
		a.Next = s
		return
	}
	g.closeAuction()
}

// closeAuction sells the share to the high bidder, who pays the company
// (section 3; 5, Action A). In an opening auction nobody bidding gives the
// share to its starting bidder for nothing (section 3).
func (g *Game) closeAuction() {
	a := g.Auction
	c := g.Corps[a.Corp]
	winner, price := a.Leader, a.High
	if winner < 0 && a.Kind == PhaseInitial {
		winner, price = a.Opener, 0
	}
	if winner >= 0 {
		g.Cash[winner] -= price
		c.Treasury += price
		g.Holding[winner][a.Corp]++
		c.Sold++
		g.note("%s buys a %s share for $%d.", g.Names[winner], c.Sym, price)
	} else {
		g.note("Nobody bids: the %s share stays on the charter.", c.Sym)
	}
	if a.Kind != PhaseInitial {
		g.endTurn()
		return
	}
	if g.opening == 0 {
		g.prrOwner = winner
	}
	g.opening++
	if g.opening < wabash {
		g.startAuction(g.opening, PhaseInitial, winner, -1, 0)
		return
	}
	g.Auction = nil
	g.Phase = PhaseTurn
	g.Current = g.prrOwner
	g.note("The opening auctions are over; %s, who bought the PRR share, begins.", g.Names[g.Current])
}

func (g *Game) auctionMove(m move.Action) error {
	if len(m.Args) != 2 {
		return fmt.Errorf("write AUCTION, the company and your opening bid, as in AUCTION PRR 7 (5, Action A)")
	}
	if err := g.dialFree(ActAuction); err != nil {
		return err
	}
	ci, ok := companyIndex(m.Args[0])
	if !ok {
		return fmt.Errorf("%q is not a company: PRR, B&O, C&O, NYC or WAB (section 2)", m.Args[0])
	}
	c := g.Corps[ci]
	if !c.Open {
		return fmt.Errorf("the Wabash shares cannot be auctioned until a company reaches Chicago (5, Action A)")
	}
	if c.Unsold() == 0 {
		return fmt.Errorf("every %s share is sold (section 7)", c.Sym)
	}
	n, err := strconv.Atoi(strings.TrimPrefix(m.Args[1], "$"))
	if err != nil {
		return fmt.Errorf("%q is not an amount: write AUCTION %s and a bid in whole dollars (5, Action A)", m.Args[1], c.Sym)
	}
	if n < c.MinBid() {
		return fmt.Errorf("the minimum bid for a %s share is $%d: income %d over %d shares sold plus one, rounded up (5, Action A)", c.Sym, c.MinBid(), c.Income, c.Sold)
	}
	if n > g.Cash[m.Seat] {
		return fmt.Errorf("you have $%d and cannot bid $%d (section 3)", g.Cash[m.Seat], n)
	}
	g.Dials[ActAuction]++
	g.note("%s auctions a %s share and opens at $%d.", g.Names[m.Seat], c.Sym, n)
	g.startAuction(ci, PhaseAuction, m.Seat, m.Seat, n)
	return nil
}

// canEnter tells whether a company may put a locomotive in a hex, and if
// not, which rule forbids it (5, Action B).
func (g *Game) canEnter(h, ci int) error {
	hx := g.board.Hexes[h]
	switch {
	case g.Present[h][ci]:
		return fmt.Errorf("%s already has a locomotive in %s: one per company (5, Action B)", g.Corps[ci].Sym, hx.Label())
	case hx.WabashOnly && ci != wabash:
		return fmt.Errorf("only the Wabash may enter %s (section 7)", hx.Label())
	case hx.Kind == Start && !hx.WabashOnly:
		return fmt.Errorf("%s is a start hex: no company may expand into it (5, Action B)", hx.Label())
	case (hx.Kind == Forest || hx.Kind == Mountain) && g.Locos[h] > 0:
		return fmt.Errorf("%s is a %s and already holds a locomotive: one per forest or mountain (5, Action B)", hx.Label(), hx.Kind)
	}
	return nil
}

// enterable is canEnter without the reason, for listing moves.
func (g *Game) enterable(h, ci int) bool {
	hx := g.board.Hexes[h]
	switch {
	case g.Present[h][ci], hx.WabashOnly && ci != wabash, hx.Kind == Start && !hx.WabashOnly:
		return false
	case hx.Kind == Forest || hx.Kind == Mountain:
		return g.Locos[h] == 0
	}
	return true
}

// touches tells whether a hex borders one of the company's hexes or one of
// the hexes just chosen.
func (g *Game) touches(h, ci int, chosen []int) bool {
	for _, j := range g.board.Hexes[h].Adj {
		if g.Present[j][ci] || slices.Contains(chosen, j) {
			return true
		}
	}
	return false
}

// expansionCost is what a company pays for a set of distinct hexes: each
// hex's red number times the locomotives there with the new one.
func (g *Game) expansionCost(hexes []int) int {
	cost := 0
	for _, h := range hexes {
		cost += g.board.Hexes[h].Red * (g.Locos[h] + 1)
	}
	return cost
}

// checkExpansion judges a company's expansion into a set of hexes, which
// may be written in any order that the rules could place them in.
func (g *Game) checkExpansion(seat, ci int, hexes []int) error {
	c := g.Corps[ci]
	switch {
	case !c.Open:
		return fmt.Errorf("the Wabash has not opened: it opens when a company first reaches Chicago (Chicago Phase)")
	case g.Holding[seat][ci] == 0:
		return fmt.Errorf("you own no %s share: only its shareholders may expand it (5, Action B)", c.Sym)
	case len(hexes) == 0 || len(hexes) > MaxExpand:
		return fmt.Errorf("an expansion takes 1 to %d hexes (5, Action B)", MaxExpand)
	case len(hexes) > c.Charter:
		return fmt.Errorf("%s has %d locomotives left on its charter, not %d (5, Action B)", c.Sym, c.Charter, len(hexes))
	}
	for i, h := range hexes {
		if slices.Contains(hexes[:i], h) {
			return fmt.Errorf("%s is named twice: one locomotive per company in a hex (5, Action B)", g.board.Hexes[h].ID)
		}
		if err := g.canEnter(h, ci); err != nil {
			return err
		}
	}
	// Connected to the network, in some order: grow from the network.
	var placed []int
	for len(placed) < len(hexes) {
		grew := false
		for _, h := range hexes {
			if !slices.Contains(placed, h) && g.touches(h, ci, placed) {
				placed = append(placed, h)
				grew = true
			}
		}
		if !grew {
			for _, h := range hexes {
				if !slices.Contains(placed, h) {
					return fmt.Errorf("%s does not connect to %s's network or to the other hexes of this expansion (5, Action B)", g.board.Hexes[h].ID, c.Sym)
				}
			}
		}
	}
	if cost := g.expansionCost(hexes); cost > c.Treasury {
		return fmt.Errorf("this expansion costs $%d and %s has $%d: a company cannot spend more than it has (5, Action B; section 7)", cost, c.Sym, c.Treasury)
	}
	return nil
}

func (g *Game) expandMove(m move.Action) error {
	if len(m.Args) < 2 {
		return fmt.Errorf("write EXPAND, the company and 1 to %d hexes, as in EXPAND PRR R4 Q4 (5, Action B)", MaxExpand)
	}
	if err := g.dialFree(ActExpand); err != nil {
		return err
	}
	ci, ok := companyIndex(m.Args[0])
	if !ok {
		return fmt.Errorf("%q is not a company: PRR, B&O, C&O, NYC or WAB (section 2)", m.Args[0])
	}
	var hexes []int
	for _, s := range m.Args[1:] {
		h, ok := g.board.Index(s)
		if !ok {
			return fmt.Errorf("%q is not a hex on the board: a column letter A to S and a row 0 to 10, as in K4", s)
		}
		hexes = append(hexes, h)
	}
	if err := g.checkExpansion(m.Seat, ci, hexes); err != nil {
		return err
	}
	c := g.Corps[ci]
	cost := g.expansionCost(hexes)
	g.Dials[ActExpand]++
	c.Treasury -= cost
	g.BankIn += cost
	gain := 0
	chicago := false
	var ids []string
	for _, h := range hexes {
		gain += g.entryIncome(h)
		g.place(h, ci)
		ids = append(ids, g.board.Hexes[h].ID)
		if g.board.Hexes[h].Kind == Chicago {
			chicago = true
		}
	}
	c.Income += gain
	g.note("%s expands %s into %s for $%d; its income rises by %d to %d.", g.Names[m.Seat], c.Sym, strings.Join(ids, " "), cost, gain, c.Income)
	if !chicago {
		g.endTurn()
		return nil
	}
	per := g.payShareholders(ci)
	g.note("Chicago phase: %s reaches Chicago and pays $%d a share at once.", c.Sym, per)
	if g.Reached {
		g.endTurn()
		return nil
	}
	g.Reached = true
	w := g.Corps[wabash]
	fw, err := g.startHex(wabash)
	if err != nil {
		return err
	}
	w.Open = true
	w.Income = g.entryIncome(fw)
	g.place(fw, wabash)
	g.note("The Wabash opens at Fort Wayne with income %d; %s puts its first share up for auction.", w.Income, g.Names[m.Seat])
	g.startAuction(wabash, PhaseAuction, m.Seat, -1, 0)
	return nil
}

// developable is checkDevelop without the reason, for listing moves.
func (g *Game) developable(h int) bool {
	hx := g.board.Hexes[h]
	switch {
	case g.Locos[h] == 0, hx.Auto:
		return false
	case hx.Kind == Industrial:
		return g.Track[h] < hx.Cap
	case hx.Kind == City || hx.Kind == Mountain || hx.Kind == Forest:
		return !g.Developed[h] && g.Houses > 0
	}
	return false
}

// checkDevelop judges developing a hex (5, Action C).
func (g *Game) checkDevelop(h int) error {
	hx := g.board.Hexes[h]
	switch {
	case g.Locos[h] == 0:
		return fmt.Errorf("%s has no locomotive: a hex can be developed only once a company is there (5, Action C)", hx.Label())
	case hx.Kind == Start:
		return fmt.Errorf("%s is a start hex and cannot be developed (5, Action C)", hx.Label())
	case hx.Kind == Chicago:
		return fmt.Errorf("%s cannot be developed (5, Action C)", hx.Label())
	case hx.Kind == Plain:
		return fmt.Errorf("%s is a plain and cannot be developed (5, Action C)", hx.Label())
	case hx.Auto:
		return fmt.Errorf("%s cannot be developed by players: it rises after each dividend phase (5, Action C)", hx.Label())
	case hx.Kind == Industrial && g.Track[h] >= hx.Cap:
		return fmt.Errorf("%s's track is at its top value of %d (ruling C7)", hx.Label(), hx.Cap)
	case hx.Kind == Industrial:
		return nil
	case g.Developed[h]:
		return fmt.Errorf("%s is already developed: each hex only once (5, Action C)", hx.Label())
	case g.Houses == 0:
		return fmt.Errorf("no houses are left in the general supply (5, Action C)")
	}
	return nil
}

func (g *Game) developMove(m move.Action) error {
	if len(m.Args) != 1 {
		return fmt.Errorf("write DEVELOP and one hex, as in DEVELOP K4 (5, Action C)")
	}
	if err := g.dialFree(ActDevelop); err != nil {
		return err
	}
	h, ok := g.board.Index(m.Args[0])
	if !ok {
		return fmt.Errorf("%q is not a hex on the board: a column letter A to S and a row 0 to 10, as in K4", m.Args[0])
	}
	if err := g.checkDevelop(h); err != nil {
		return err
	}
	g.Dials[ActDevelop]++
	hx := g.board.Hexes[h]
	var raise int
	switch hx.Kind {
	case Industrial:
		old := g.Track[h]
		g.Track[h] = min(old+hx.Step, hx.Cap)
		raise = g.Track[h] - old
	case Forest:
		g.Developed[h] = true
		g.Houses--
		for ci, c := range g.Corps {
			if g.Present[h][ci] {
				c.Treasury += ForestBonus
				g.BankOut += ForestBonus
				g.note("%s develops the forest %s: %s gains $%d.", g.Names[m.Seat], hx.ID, c.Sym, ForestBonus)
			}
		}
		g.endTurn()
		return nil
	default:
		g.Developed[h] = true
		g.Houses--
		raise = hx.House
	}
	var who []string
	for ci, c := range g.Corps {
		if g.Present[h][ci] {
			c.Income += raise
			who = append(who, c.Sym)
		}
	}
	g.note("%s develops %s: income +%d for %s.", g.Names[m.Seat], hx.Label(), raise, strings.Join(who, ", "))
	g.endTurn()
	return nil
}
