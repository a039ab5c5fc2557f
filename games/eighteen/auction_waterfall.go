package eighteen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/move"
)

// Waterfall is the waterfall start (1870 5.7, the 1830 family): the
// privates are offered cheapest first. On a turn a seat buys the cheapest
// unsold one at its cost, bids on a dearer one, or passes. A purchase
// makes the next one the cheapest: a lone bidder has it at the bid, and
// several settle it in an auction among themselves; a sale goes on to the
// next in the same way. A bid's money is set aside until its private is
// sold. The title keeps the auction under way (Auction) and says what a
// sale brings with it and what follows when every seat passes or every
// private is sold.
type Waterfall struct {
	// Rule is the title's rule number for the start; Raise the least a
	// bid beats the one before by.
	Rule  string
	Raise int
	// Auction is where the title keeps the auction under way.
	Auction **WaterfallAuction
	// Open tells whether the round is the waterfall's turns.
	Open func() bool
	// Held is the question a seat must answer first, or nil.
	Held func() error
	// Sell hands a private to a seat at a price, and whatever comes with
	// it; SoldOut follows the last sale (buyer began it); AllPassed
	// follows every seat passing in succession with privates unsold.
	Sell      func(p *Private, seat, price int)
	SoldOut   func(buyer int)
	AllPassed func()
	// Discount is what the first private (the cheapest at the start)
	// costs less each time every seat passes with it unsold, after
	// AllPassed; at no cost the seat to act then has it.
	Discount int
}

// WaterfallAuction is a private's auction among the seats that bid on it
// before it became the cheapest: they bid in turn from the left of the
// high bidder until one is left. Resume is the seat whose purchase set it
// off, whose left neighbour has the next turn.
type WaterfallAuction struct {
	Private string
	Bidders []int // in table order from the high bidder's left
	Turn    int   // index into Bidders
	Resume  int
}

// Clone is a copy that shares nothing, nil for none.
func (a *WaterfallAuction) Clone() *WaterfallAuction {
	if a == nil {
		return nil
	}
	c := *a
	c.Bidders = slices.Clone(a.Bidders)
	return &c
}

// Lowest is the cheapest private not yet sold, or nil.
func (b *Base[T, P]) Lowest() *Private {
	for _, p := range b.Privates {
		if p.Owner < 0 && p.Corp == "" && !p.Closed {
			return p
		}
	}
	return nil
}

// Committed is what a seat has bid on privates other than skip: money
// set aside until those are sold.
func (b *Base[T, P]) Committed(seat int, skip string) int {
	n := 0
	for _, p := range b.Privates {
		if p.Sym != skip {
			n += p.Bids[seat]
		}
	}
	return n
}

// HighBid is the highest bid on a private and who made it, -1 for none;
// a bid must beat the one before, so there are no equal bids.
func (b *Base[T, P]) HighBid(p *Private) (int, int) {
	high, who := 0, -1
	for s := range b.Players {
		if v, ok := p.Bids[s]; ok && v > high {
			high, who = v, s
		}
	}
	return high, who
}

// free is what a seat may still bid on a private.
func (b *Base[T, P]) free(seat int, skip string) int {
	return b.Players[seat].Cash - b.Committed(seat, skip)
}

// Waterfall is the start's two steps: the auction among a private's
// bidders, and the turn that buys, bids or passes.
func (b *Base[T, P]) Waterfall(w Waterfall) []Step {
	return []Step{b.waterfallAuction(w), b.waterfallTurn(w)}
}

func (b *Base[T, P]) waterfallAuction(w Waterfall) Step {
	return &Table{Title: "auction", Moves: map[string]Move{
		"BID": Pair(func(a move.Action) error { return b.checkFallBid(w, a) }, func(a move.Action) error { return b.doFallBid(w, a) }),
		"PASS": Pair(func(a move.Action) error {
			if *w.Auction != nil {
				return nil
			}
			return b.checkFallPass(w)
		}, func(a move.Action) error { return b.dropOut(w, a.Seat) }),
	}, Blocks: func() bool { return *w.Auction != nil }, Waiting: func() []int {
		au := *w.Auction
		return []int{au.Bidders[au.Turn]}
	}, Candidate: func(seat int, _ move.Query) []move.Option {
		p := b.Private((*w.Auction).Private)
		high, _ := b.HighBid(p)
		return []move.Option{move.Opt(seat, "PASS"), move.RangedOpt(seat, "BID", high+w.Raise, b.free(seat, p.Sym), p.Sym)}
	}}
}

func (b *Base[T, P]) waterfallTurn(w Waterfall) Step {
	return &Table{Title: "initial stock turn", Moves: map[string]Move{
		"BUY":  Pair(func(a move.Action) error { return b.checkLowest(w, a) }, func(a move.Action) error { return b.buyLowest(w, a.Seat) }),
		"BID":  Pair(func(a move.Action) error { return b.checkFallBid(w, a) }, func(a move.Action) error { return b.doFallBid(w, a) }),
		"PASS": Pair(func(move.Action) error { return b.checkFallPass(w) }, func(a move.Action) error { return b.fallPass(w, a.Seat) }),
	}, Blocks: w.Open, Waiting: func() []int { return []int{b.hooks.State.Seat} },
		Candidate: func(seat int, _ move.Query) []move.Option {
			low := b.Lowest()
			out := []move.Option{move.Opt(seat, "PASS"), move.Opt(seat, "BUY", low.Sym)}
			for _, p := range b.Privates {
				if p.Owner < 0 && p.Corp == "" && !p.Closed && p != low {
					high, _ := b.HighBid(p)
					out = append(out, move.RangedOpt(seat, "BID", max(p.Cost, high)+w.Raise, b.free(seat, p.Sym), p.Sym))
				}
			}
			return out
		}}
}

// checkFallBid judges a bid: on a private above the cheapest in a turn,
// or in the auction for one.
func (b *Base[T, P]) checkFallBid(w Waterfall, a move.Action) error {
	if !w.Open() || w.Held() != nil {
		return RuleError(w.Rule, "bids are made only for private companies in the initial stock round")
	}
	p, amount, ok := (*Private)(nil), 0, len(a.Args) == 2
	if ok {
		p = b.Private(a.Args[0])
		amount, ok = Atoi(a.Args[1])
	}
	if p == nil || !ok {
		return RuleError(w.Rule, "write BID, the private and the amount, as BID GSC 90")
	}
	cash := b.free(a.Seat, p.Sym)
	if au := *w.Auction; au != nil {
		if p.Sym != au.Private {
			return RuleError(w.Rule, "the auction is for %s", au.Private)
		}
		high, _ := b.HighBid(p)
		if amount < high+w.Raise || amount > cash {
			return RuleError(w.Rule, "a bid must beat $%d by $%d at least and be no more than your $%d uncommitted", high, w.Raise, cash)
		}
		return nil
	}
	if low := b.Lowest(); p.Owner >= 0 || p.Corp != "" || p.Closed || p == low {
		return RuleError(w.Rule, "bids are for privates above the cheapest unsold one, %s, which is bought outright", low.Sym)
	}
	high, _ := b.HighBid(p)
	if floor := max(p.Cost, high) + w.Raise; amount < floor || amount > cash {
		return RuleError(w.Rule, "a bid on the %s must be from $%d to your $%d uncommitted", p.Sym, floor, cash)
	}
	return nil
}

// doFallBid records a bid; in an auction the next bidder is asked, in a
// turn play passes on.
func (b *Base[T, P]) doFallBid(w Waterfall, a move.Action) error {
	p := b.Private(a.Args[0])
	amount, _ := Atoi(a.Args[1])
	p.Bids[a.Seat] = amount
	if au := *w.Auction; au != nil {
		b.Note("%s bids $%d for the %s", b.Players[a.Seat].Name, amount, p.Sym)
		b.nextBidder(au)
		return nil
	}
	b.Note("%s bids $%d on the %s", b.Players[a.Seat].Name, amount, p.Sym)
	r := b.hooks.State
	r.Passes, r.LastAct = 0, a.Seat
	r.Seat = b.NextSeat(a.Seat)
	return nil
}

// nextBidder asks the next bidder in the auction who is not the high one.
func (b *Base[T, P]) nextBidder(au *WaterfallAuction) {
	_, high := b.HighBid(b.Private(au.Private))
	for k := 1; k <= len(au.Bidders); k++ {
		i := (au.Turn + k) % len(au.Bidders)
		if au.Bidders[i] != high {
			au.Turn = i
			return
		}
	}
}

// checkLowest judges buying the cheapest private outright.
func (b *Base[T, P]) checkLowest(w Waterfall, a move.Action) error {
	if err := w.Held(); err != nil {
		return err
	}
	if *w.Auction != nil {
		return RuleError(w.Rule, "an auction for the %s is on: BID or PASS", (*w.Auction).Private)
	}
	low := b.Lowest()
	if len(a.Args) != 1 || b.Private(a.Args[0]) != low {
		return RuleError(w.Rule, "only the cheapest private, the %s, may be bought outright; bid on the others", low.Sym)
	}
	if cash := b.free(a.Seat, ""); cash < low.Cost {
		return RuleError(w.Rule, "the %s costs $%d and you have $%d not set aside for bids", low.Sym, low.Cost, cash)
	}
	return nil
}

// buyLowest sells the cheapest private at its cost and settles what that
// makes the cheapest.
func (b *Base[T, P]) buyLowest(w Waterfall, seat int) error {
	low := b.Lowest()
	b.sellFall(w, low, seat, low.Cost)
	b.hooks.State.LastAct, b.hooks.State.Passes = seat, 0
	b.Resolve(w, seat)
	return nil
}

// Resolve sells the privates that carry bids after a purchase by buyer:
// to a lone bidder at the bid, or by auction among several.
func (b *Base[T, P]) Resolve(w Waterfall, buyer int) {
	r := b.hooks.State
	for {
		p := b.Lowest()
		if p == nil {
			*w.Auction = nil
			w.SoldOut(buyer)
			return
		}
		var bidders []int
		_, high := b.HighBid(p)
		for k := 1; k <= len(b.Players); k++ {
			if s := (high + k) % len(b.Players); hasBid(p, s) {
				bidders = append(bidders, s)
			}
		}
		switch len(bidders) {
		case 0:
			*w.Auction = nil
			r.Seat, r.Passes = b.NextSeat(buyer), 0
			return
		case 1:
			b.sellFall(w, p, bidders[0], p.Bids[bidders[0]])
			continue
		}
		*w.Auction = &WaterfallAuction{Private: p.Sym, Bidders: bidders, Resume: buyer}
		b.Note("%d players bid on the %s: it is auctioned among them (%s)", len(bidders), p.Sym, w.Rule)
		return
	}
}

// sellFall sells a private by the title's Sell; the losing bids' money
// is free again.
func (b *Base[T, P]) sellFall(w Waterfall, p *Private, seat, price int) {
	w.Sell(p, seat, price)
	clear(p.Bids)
}

func hasBid(p *Private, seat int) bool {
	_, ok := p.Bids[seat]
	return ok
}

// checkFallPass judges a pass in a turn: any time no question waits.
func (b *Base[T, P]) checkFallPass(w Waterfall) error {
	return w.Held()
}

// dropOut takes a bidder out of the auction; the last one left has the
// private at its bid, and the start goes on.
func (b *Base[T, P]) dropOut(w Waterfall, seat int) error {
	au := *w.Auction
	p := b.Private(au.Private)
	delete(p.Bids, seat)
	au.Bidders = slices.DeleteFunc(au.Bidders, func(s int) bool { return s == seat })
	b.Note("%s drops out of the auction for the %s", b.Players[seat].Name, p.Sym)
	if len(au.Bidders) == 1 {
		winner := au.Bidders[0]
		b.sellFall(w, p, winner, p.Bids[winner])
		b.Resolve(w, au.Resume)
		return nil
	}
	au.Turn %= len(au.Bidders)
	if _, high := b.HighBid(p); au.Bidders[au.Turn] == high {
		b.nextBidder(au)
	}
	return nil
}

// fallPass passes a turn; when every seat has passed in succession the
// title's AllPassed follows.
func (b *Base[T, P]) fallPass(w Waterfall, seat int) error {
	r := b.hooks.State
	r.Passes++
	r.Seat = b.NextSeat(seat)
	if r.Passes >= len(b.Players) {
		w.AllPassed()
		b.discount(w)
	}
	return nil
}

// discount lowers the first private's cost after every seat has passed,
// and gives it to the seat to act once it costs nothing.
func (b *Base[T, P]) discount(w Waterfall) {
	p := b.Privates[0]
	if w.Discount == 0 || p.Owner >= 0 || p.Corp != "" {
		return
	}
	p.Cost -= w.Discount
	b.Note("the %s now costs $%d", p.Sym, p.Cost)
	if p.Cost <= 0 {
		start := b.hooks.State.Seat
		b.sellFall(w, p, start, 0)
		b.Resolve(w, start)
		b.hooks.State.Seat = start
	}
}

// Atoi reads a number a player wrote, an amount with or without its $:
// the core's steps and the titles read arguments alike.
func Atoi(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "$"))
	return n, err == nil
}
