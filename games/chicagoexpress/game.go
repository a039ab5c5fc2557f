package chicagoexpress

import (
	"fmt"
	"math/rand/v2"

	"github.com/railpost/railpost/games/move"
)

// Setup is what a game starts from: the players in seating order
// (clockwise) and the seed that draws the first bidder (section 3).
type Setup struct {
	Players []string `json:"players"`
	Seed    uint64   `json:"seed"`
}

// Corp is a company's charter during play.
type Corp struct {
	Company
	Treasury int
	Income   int
	Sold     int  // shares in players' hands
	Charter  int  // locomotives left on the charter
	Open     bool // the Wabash opens when Chicago is first reached
}

// Unsold is how many of its shares are still on the charter.
func (c *Corp) Unsold() int { return c.Shares - c.Sold }

// MinBid is the least a share may be auctioned for: income over the
// shares sold plus one, rounded up (5, Action A).
func (c *Corp) MinBid() int { return ceilDiv(c.Income, c.Sold+1) }

// Dividend is what each sold share pays: income over shares sold, rounded
// up (Dividend Phase).
func (c *Corp) Dividend() int {
	if c.Sold == 0 {
		return 0
	}
	return ceilDiv(c.Income, c.Sold)
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// Phase is what the game waits for.
type Phase int

// The phases.
const (
	PhaseInitial Phase = iota // the four opening auctions (section 3)
	PhaseTurn                 // a player chooses an action (section 4)
	PhaseAuction              // bidding on a share put up during play
	PhaseOver
)

// Auction is one share under the hammer.
type Auction struct {
	Corp   int
	Kind   Phase // PhaseInitial for the opening auctions, else PhaseAuction
	Opener int
	High   int
	Leader int // -1 while nobody has bid
	Out    []bool
	Next   int
	Min    int
}

// Game is one game of Chicago Express.
type Game struct {
	board   *Board
	Names   []string
	Cash    []int
	Holding [][]int // [seat][company] shares
	Corps   []*Corp
	// Present marks which companies have a locomotive in each hex; Locos
	// counts them.
	Present   [][]bool
	Locos     []int
	Developed []bool
	// Track is an industrial city's value on the Industrial City track.
	Track  []int
	Houses int
	Dials  [3]int
	Phase  Phase
	// Current is the player whose turn it is, or who opened the auction
	// now running.
	Current  int
	Auction  *Auction
	opening  int // index of the opening auction running
	prrOwner int
	// Reached is set once any company has entered Chicago.
	Reached bool
	// Ending is set when an end condition has been met: the game ends
	// after the next general dividend phase (section 6).
	Ending     bool
	EndReasons []string
	// Rounds counts general dividend phases paid.
	Rounds int
	// BankOut and BankIn are what the bank has paid out (dividends, forest
	// development) and taken in (expansion costs), for the money check.
	BankOut, BankIn int
	events          []string
}

// New starts a game: the board laid out, money dealt and the first opening
// auction waiting on a bidder drawn from the seed.
func New(s Setup) (*Game, error) {
	n := len(s.Players)
	if n < 2 || n > 6 {
		return nil, fmt.Errorf("chicago express is for 2 to 6 players, not %d (section 3)", n)
	}
	board, err := LoadBoard()
	if err != nil {
		return nil, err
	}
	g := &Game{
		board:     board,
		Names:     append([]string(nil), s.Players...),
		Cash:      make([]int, n),
		Holding:   make([][]int, n),
		Present:   make([][]bool, len(board.Hexes)),
		Locos:     make([]int, len(board.Hexes)),
		Developed: make([]bool, len(board.Hexes)),
		Track:     make([]int, len(board.Hexes)),
		Houses:    Houses,
	}
	for i := range n {
		g.Cash[i] = StartingCash(n)
		g.Holding[i] = make([]int, len(companies()))
	}
	for i, h := range board.Hexes {
		g.Present[i] = make([]bool, len(companies()))
		if h.Kind == Industrial {
			g.Track[i] = h.Black
		}
	}
	for ci, c := range companies() {
		corp := &Corp{Company: c, Charter: c.Locos, Income: c.Income, Open: ci != wabash}
		g.Corps = append(g.Corps, corp)
		if ci != wabash {
			start, err := g.startHex(ci)
			if err != nil {
				return nil, err
			}
			g.place(start, ci)
		}
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0xce))
	g.startAuction(0, PhaseInitial, rng.IntN(n), -1, 0)
	g.note("%s opens the bidding for the first PRR share.", g.Names[g.Auction.Opener])
	return g, nil
}

func (g *Game) startHex(ci int) (int, error) {
	for i, h := range g.board.Hexes {
		if h.StartOf == g.Corps[ci].Sym && (h.Kind == Start || ci == wabash) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("board has no start hex for %s", g.Corps[ci].Sym)
}

// Board is the map the game is played on.
func (g *Game) Board() *Board { return g.board }

// Players is the number of seats.
func (g *Game) Players() int { return len(g.Cash) }

// Over tells whether the game has ended.
func (g *Game) Over() bool { return g.Phase == PhaseOver }

// Acting is the seat the game waits for: the bidder whose turn it is in an
// auction, or the player whose turn it is.
func (g *Game) Acting() []int {
	switch g.Phase {
	case PhaseInitial, PhaseAuction:
		return []int{g.Auction.Next}
	case PhaseTurn:
		return []int{g.Current}
	}
	return nil
}

// Events is everything that has happened, one line each, oldest first.
func (g *Game) Events() []string { return g.events }

func (g *Game) note(format string, args ...any) {
	g.events = append(g.events, fmt.Sprintf(format, args...))
}

// Scores are the players' cash: shares count for nothing (section 6).
func (g *Game) Scores() []int { return append([]int(nil), g.Cash...) }

// Winners are the seats with the most cash; tied players share the
// victory (section 6).
func (g *Game) Winners() []int {
	best := -1
	var out []int
	for s, c := range g.Cash {
		switch {
		case c > best:
			best, out = c, []int{s}
		case c == best:
			out = append(out, s)
		}
	}
	return out
}

// Money is all the cash the players and companies hold. It equals the
// $120 dealt plus what the bank paid out less what it took in.
func (g *Game) Money() int {
	m := 0
	for _, c := range g.Cash {
		m += c
	}
	for _, c := range g.Corps {
		m += c.Treasury
	}
	return m
}

// place puts a company's locomotive in a hex from its charter.
func (g *Game) place(h, ci int) {
	g.Present[h][ci] = true
	g.Locos[h]++
	g.Corps[ci].Charter--
}

// entryIncome is what a company's income rises by when it enters a hex
// (5, Action B).
func (g *Game) entryIncome(h int) int {
	hx := g.board.Hexes[h]
	switch hx.Kind {
	case City, Mountain:
		if g.Developed[h] {
			return hx.Black + hx.House
		}
		return hx.Black
	case Industrial:
		return g.Track[h]
	case Chicago, Start:
		return hx.Black
	}
	return 0
}

// Apply makes one move. A move that breaks a rule changes nothing, and its
// error names the rule.
func (g *Game) Apply(a move.Action) error {
	if g.Phase == PhaseOver {
		return fmt.Errorf("the game is over (section 6)")
	}
	acting := g.Acting()
	if len(acting) == 0 || a.Seat != acting[0] {
		return fmt.Errorf("it is %s's move, not seat %d's (section 4)", g.Names[acting[0]], a.Seat+1)
	}
	switch g.Phase {
	case PhaseInitial, PhaseAuction:
		return g.bidMove(a)
	default:
		return g.turnMove(a)
	}
}

func (g *Game) turnMove(a move.Action) error {
	switch a.Verb {
	case "PASS":
		if len(a.Args) != 1 {
			return fmt.Errorf("PASS on your turn names the dial you turn and leave unused: PASS AUCTION, PASS EXPAND or PASS DEVELOP (section 7)")
		}
		act, ok := actionIndex(a.Args[0])
		if !ok {
			return fmt.Errorf("%q is not an action: PASS AUCTION, PASS EXPAND or PASS DEVELOP (section 7)", a.Args[0])
		}
		if err := g.dialFree(act); err != nil {
			return err
		}
		g.Dials[act]++
		g.note("%s turns the %s dial and does nothing.", g.Names[a.Seat], actionNames[act])
		g.endTurn()
		return nil
	case "AUCTION":
		return g.auctionMove(a)
	case "EXPAND":
		return g.expandMove(a)
	case "DEVELOP":
		return g.developMove(a)
	case "BID":
		return fmt.Errorf("no auction is running; start one with AUCTION <company> <bid> (5, Action A)")
	}
	return fmt.Errorf("%q is not a move in Chicago Express: on your turn write AUCTION, EXPAND, DEVELOP or PASS and the dial (section 4)", a.Verb)
}

func (g *Game) dialFree(act int) error {
	if g.Dials[act] >= DialSpaces[act] {
		return fmt.Errorf("the %s dial is in the red: it cannot be turned again until the dividend phase resets it (section 4)", actionNames[act])
	}
	return nil
}

// endTurn closes a player's turn: the end conditions are checked, a
// dividend phase follows when two dials stand in the red, and the next
// player clockwise takes a turn (section 4).
func (g *Game) endTurn() {
	g.checkEnd()
	red := 0
	for i, d := range g.Dials {
		if d >= DialSpaces[i] {
			red++
		}
	}
	if red >= 2 {
		g.dividendPhase()
		if g.Phase == PhaseOver {
			return
		}
	}
	g.Current = (g.Current + 1) % g.Players()
	g.Phase = PhaseTurn
	g.Auction = nil
}

// checkEnd notes the end conditions of section 6 that hold now.
func (g *Game) checkEnd() {
	noLocos, noShares := 0, 0
	for _, c := range g.Corps {
		if c.Charter == 0 {
			noLocos++
		}
		if c.Unsold() == 0 {
			noShares++
		}
	}
	var why []string
	if noLocos >= 3 {
		why = append(why, fmt.Sprintf("%d companies have no locomotives left", noLocos))
	}
	if noShares >= 3 {
		why = append(why, fmt.Sprintf("%d companies have no shares left", noShares))
	}
	if g.Houses <= 3 {
		why = append(why, fmt.Sprintf("only %d houses are left", g.Houses))
	}
	if d := g.detroit(); g.Track[d] >= g.board.Hexes[d].Cap {
		why = append(why, fmt.Sprintf("Detroit's income has reached %d", g.Track[d]))
	}
	if len(why) > 0 && !g.Ending {
		g.Ending = true
		g.EndReasons = why
		g.note("The end is triggered (%s): the game ends after the next dividend phase.", why[0])
	}
}

func (g *Game) detroit() int {
	for i, h := range g.board.Hexes {
		if h.Auto {
			return i
		}
	}
	return 0
}

// payShareholders pays every holder of a company its dividend per share
// from the bank.
func (g *Game) payShareholders(ci int) int {
	per := g.Corps[ci].Dividend()
	for s := range g.Cash {
		pay := per * g.Holding[s][ci]
		g.Cash[s] += pay
		g.BankOut += pay
	}
	return per
}

// dividendPhase pays every company's dividend, resets the dials and moves
// Detroit on; after the phase that follows an end trigger, the game is over
// (section 5, Dividend Phase; section 6).
func (g *Game) dividendPhase() {
	g.Rounds++
	for ci, c := range g.Corps {
		if c.Sold == 0 {
			continue
		}
		per := g.payShareholders(ci)
		g.note("Dividend phase %d: %s pays $%d a share (income %d, %d sold).", g.Rounds, c.Sym, per, c.Income, c.Sold)
	}
	if g.Ending {
		g.Phase = PhaseOver
		g.Auction = nil
		g.note("The game is over. %s", g.standings())
		return
	}
	g.Dials = [3]int{}
	d := g.detroit()
	if g.Track[d] < g.board.Hexes[d].Cap {
		g.Track[d]++
		for ci := range g.Corps {
			if g.Present[d][ci] {
				g.Corps[ci].Income++
			}
		}
		g.note("Detroit's income rises to %d.", g.Track[d])
	}
	g.checkEnd()
}

func (g *Game) standings() string {
	w := g.Winners()
	names := ""
	for i, s := range w {
		if i > 0 {
			names += " and "
		}
		names += g.Names[s]
	}
	if len(w) > 1 {
		return fmt.Sprintf("%s share the victory with $%d each.", names, g.Cash[w[0]])
	}
	return fmt.Sprintf("%s wins with $%d.", names, g.Cash[w[0]])
}
