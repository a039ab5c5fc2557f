package eighteen

import (
	"slices"

	"github.com/railpost/railpost/games/move"
)

// Parallel is every private auctioned at once (18MW's initial stock
// round): in turn each seat bids on any unsold private or passes. A first
// bid is at least the private's face value, a later one beats the high
// bid by Raise at least. A bid's money is set aside; an outbid seat's
// money comes back at once and it leaves that private's auction, unless
// the title lets it bid again (Rebid). When every seat has passed in
// succession each private with a bid goes to its high bidder at the bid;
// the rest stay unsold, and the title says what follows (Over). The high
// bids are the privates' Bids; the title keeps the rest (Auction).
type Parallel struct {
	// Rule is the title's rule number for the auction; Raise the least a
	// bid beats the high one by.
	Rule  string
	Raise int
	// Rebid lets an outbid seat bid on the private again.
	Rebid bool
	// Auction is where the title keeps the auction's state.
	Auction *ParallelAuction
	// Open tells whether the round is the auction's.
	Open func() bool
	// Allowed is the title's further check on a bid, nil for none.
	Allowed func(seat int, sym string) error
	// Sell hands a private to a seat at its bid and whatever comes with
	// it; Over follows the sales, with the seat that made the last bid
	// (-1 for none): the title's priority and next round.
	Sell func(p *Private, seat, price int)
	Over func(last int)
}

// ParallelAuction is the state of an auction of every private at once
// beyond the standing high bids: the seats each private's auction has
// lost, and the seat that made the last bid, -1 for none.
type ParallelAuction struct {
	Out     map[string][]int `json:"out,omitempty"`
	LastBid int              `json:"last_bid"`
}

// NewParallelAuction is an auction with no bids made.
func NewParallelAuction() ParallelAuction { return ParallelAuction{LastBid: -1} }

// Clone is a copy that shares nothing.
func (a ParallelAuction) Clone() ParallelAuction {
	c := a
	c.Out = nil
	for sym, seats := range a.Out {
		if c.Out == nil {
			c.Out = map[string][]int{}
		}
		c.Out[sym] = slices.Clone(seats)
	}
	return c
}

// Parallel is the auction's step: BID on any unsold private, or PASS.
func (b *Base[T, P]) Parallel(w Parallel) Step {
	return &Table{Title: "private auction", Moves: map[string]Move{
		"BID":  Pair(func(a move.Action) error { return b.checkParallelBid(w, a) }, func(a move.Action) error { return b.parallelBid(w, a) }),
		"PASS": Pair(func(move.Action) error { return nil }, func(a move.Action) error { return b.parallelPass(w, a.Seat) }),
	}, Blocks: w.Open, Waiting: func() []int { return []int{b.hooks.State.Seat} },
		Candidate: func(seat int, _ move.Query) []move.Option {
			out := []move.Option{move.Opt(seat, "PASS")}
			for _, p := range b.Privates {
				if b.parallelRefusal(w, seat, p) == "" {
					out = append(out, move.RangedOpt(seat, "BID", b.ParallelMin(w, p), b.free(seat, ""), p.Sym))
				}
			}
			return out
		}}
}

// ParallelMin is the least bid on a private now: its face value while no
// one has bid, then the high bid and the raise.
func (b *Base[T, P]) ParallelMin(w Parallel, p *Private) int {
	if high, who := b.HighBid(p); who >= 0 {
		return high + w.Raise
	}
	return p.Cost
}

// parallelRefusal is why a seat may not bid on a private at all, "" if
// it may.
func (b *Base[T, P]) parallelRefusal(w Parallel, seat int, p *Private) string {
	_, high := b.HighBid(p)
	switch {
	case p.Owner >= 0 || p.Corp != "" || p.Closed:
		return "the " + p.Sym + " is sold"
	case high == seat:
		return "yours is the high bid on the " + p.Sym
	case !w.Rebid && slices.Contains(w.Auction.Out[p.Sym], seat):
		return "you were outbid on the " + p.Sym + " and took your money back, which leaves its auction"
	}
	return ""
}

func (b *Base[T, P]) checkParallelBid(w Parallel, a move.Action) error {
	if !w.Open() {
		return RuleError(w.Rule, "bids are made for private companies only in the initial stock round")
	}
	p, amount, ok := (*Private)(nil), 0, len(a.Args) == 2
	if ok {
		p = b.Private(a.Args[0])
		amount, ok = Atoi(a.Args[1])
	}
	if p == nil || !ok {
		return RuleError(w.Rule, "write BID, the private and the amount, as BID %s %d", b.Privates[0].Sym, b.Privates[0].Cost)
	}
	if why := b.parallelRefusal(w, a.Seat, p); why != "" {
		return RuleError(w.Rule, "%s", why)
	}
	least, free := b.ParallelMin(w, p), b.free(a.Seat, "")
	if amount < least || amount > free {
		return RuleError(w.Rule, "a bid on the %s must be from $%d to your $%d not set aside for bids", p.Sym, least, free)
	}
	if w.Allowed != nil {
		return w.Allowed(a.Seat, p.Sym)
	}
	return nil
}

// parallelBid sets a bid's money aside and gives the outbid seat its own
// back.
func (b *Base[T, P]) parallelBid(w Parallel, a move.Action) error {
	p := b.Private(a.Args[0])
	amount, _ := Atoi(a.Args[1])
	b.Note("%s bids $%d on the %s", b.Players[a.Seat].Name, amount, p.Sym)
	if high, who := b.HighBid(p); who >= 0 {
		delete(p.Bids, who)
		if w.Auction.Out == nil {
			w.Auction.Out = map[string][]int{}
		}
		w.Auction.Out[p.Sym] = append(w.Auction.Out[p.Sym], who)
		b.Note("%s is outbid and takes back $%d (%s)", b.Players[who].Name, high, w.Rule)
	}
	p.Bids[a.Seat] = amount
	w.Auction.LastBid = a.Seat
	r := b.hooks.State
	r.Passes, r.LastAct = 0, a.Seat
	r.Seat = b.NextSeat(a.Seat)
	return nil
}

// parallelPass passes a turn; once every seat has passed in succession
// the privates with bids are sold to their high bidders.
func (b *Base[T, P]) parallelPass(w Parallel, seat int) error {
	r := b.hooks.State
	r.Passes++
	r.Seat = b.NextSeat(seat)
	if r.Passes < len(b.Players) {
		return nil
	}
	b.Note("every player has passed in succession: the high bids buy their privates (%s)", w.Rule)
	for _, p := range b.Privates {
		if high, who := b.HighBid(p); who >= 0 && p.Owner < 0 && p.Corp == "" && !p.Closed {
			clear(p.Bids)
			w.Sell(p, who, high)
		}
	}
	last := w.Auction.LastBid
	*w.Auction = NewParallelAuction()
	w.Over(last)
	return nil
}
