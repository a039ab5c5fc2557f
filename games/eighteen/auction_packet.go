package eighteen

import (
	"github.com/railpost/railpost/games/move"
)

// PacketRules are a title's terms for the moves of its start packet
// (Packet): the turn's bids on the items behind the first, and the
// special auction among an item's bidders. The title keeps the packet,
// pays for its sales and says what else a bid must meet.
type PacketRules struct {
	Packet *Packet
	// Name is the packet's name in the title's rules.
	Name string
	// Raise is the least a bid rises by; Cut what the first item's
	// price falls by each time every seat passes with it unsold.
	Raise, Cut int
	// Order, Bid, Special, Cash and CutRule are the title's rule numbers
	// for the packet sold in order, bids, the special auction, the money
	// a seat has free of its bids, and the cut.
	Order, Bid, Special, Cash, CutRule string
	// Example is an item named in the help for a bid written wrong.
	Example string
	// Open tells whether the round is the one the packet is sold in.
	Open func() bool
	// Allowed is the title's further check on a purchase (buying) or a
	// bid in a turn (a certificate limit), nil for none.
	Allowed func(seat int, item string, buying bool) error
	// Settle pays for sales and hands the items over.
	Settle func([]PacketSale)
	// Pass is the turn's check on PASS, which the special auction's PASS
	// stands in for while one is under way.
	Pass func(move.Action) error
}

// Spendable is what a seat may bid on an item: its cash less its other
// standing high bids, which it may yet have to pay.
func (b *Base[T, P]) Spendable(pk *Packet, seat int, item string) int {
	return b.Players[seat].Cash - pk.Committed(seat, item)
}

// PacketBid is the turn's BID on an item behind the first unsold one.
func (b *Base[T, P]) PacketBid(r PacketRules) Move {
	return Pair(func(a move.Action) error { return b.checkPacketBid(r, a) }, func(a move.Action) error {
		n, _ := Atoi(a.Args[1])
		r.Packet.PlaceBid(a.Seat, a.Args[0], n)
		b.Note("%s bids $%d on %s", b.Players[a.Seat].Name, n, a.Args[0])
		s := b.hooks.State
		s.Passes, s.LastAct = 0, a.Seat
		s.Seat = b.NextSeat(a.Seat)
		return nil
	})
}

// PacketBids are the bids a seat may make in a turn: one ranged option
// for each unsold item behind the first.
func (b *Base[T, P]) PacketBids(r PacketRules, seat int) []move.Option {
	top := r.Packet.Top()
	if top == nil {
		return nil
	}
	var out []move.Option
	for _, it := range r.Packet.Items[1:] {
		if !it.Sold && it.Sym != top.Sym {
			out = append(out, move.RangedOpt(seat, "BID", it.MinBid(r.Raise), b.Spendable(r.Packet, seat, it.Sym), it.Sym))
		}
	}
	return out
}

func (b *Base[T, P]) checkPacketBid(r PacketRules, a move.Action) error {
	if r.Packet.Top() == nil {
		return RuleError(r.Bid, "the start packet is sold out; there is nothing to bid on")
	}
	if len(a.Args) != 2 {
		return RuleError(r.Bid, "write BID, the company and your amount, as BID %s 155", r.Example)
	}
	n, ok := Atoi(a.Args[1])
	if !ok {
		return RuleError(r.Bid, "BID %s takes an amount in dollars", a.Args[0])
	}
	if err := r.Packet.CheckBid(a.Seat, a.Args[0], n, r.Raise); err != nil {
		return err
	}
	if free := b.Spendable(r.Packet, a.Seat, a.Args[0]); n > free {
		return RuleError(r.Cash, "you have $%d free for bids, not $%d", free, n)
	}
	if r.Allowed != nil {
		return r.Allowed(a.Seat, a.Args[0], false)
	}
	return nil
}

// PacketBuy is the turn's BUY of the first unsold item at its price:
// the sales it sets off are settled, and play passes on unless a special
// auction follows.
func (b *Base[T, P]) PacketBuy(r PacketRules) Move {
	return Pair(func(a move.Action) error {
		top := r.Packet.Top()
		if len(a.Args) != 1 || a.Args[0] != top.Sym {
			return RuleError(r.Order, "while the %s lasts you may buy only its first item, %s, at $%d: BUY %s", r.Name, top.Sym, top.Price, top.Sym)
		}
		if r.Allowed != nil {
			if err := r.Allowed(a.Seat, top.Sym, true); err != nil {
				return err
			}
		}
		if free := b.Spendable(r.Packet, a.Seat, top.Sym); free < top.Price {
			return RuleError(r.Order+", "+r.Cash, "%s costs $%d; you have $%d free of your bids", top.Sym, top.Price, free)
		}
		return nil
	}, func(a move.Action) error {
		r.Settle(r.Packet.Buy(a.Seat, len(b.Players)))
		s := b.hooks.State
		s.Passes, s.LastAct = 0, a.Seat
		if r.Packet.Auction == nil {
			s.Seat = b.NextSeat(a.Seat)
		}
		return nil
	})
}

// CheckPacketPass refuses a pass while the first item costs nothing:
// the seat to act must take it.
func (b *Base[T, P]) CheckPacketPass(r PacketRules) error {
	if top := r.Packet.Top(); top != nil && top.Price == 0 {
		return RuleError(r.Order+", "+r.CutRule, "%s costs nothing now: the player to act must take it (BUY %s)", top.Sym, top.Sym)
	}
	return nil
}

// PacketPassed follows every seat passing in succession: while the packet
// lasts its first item's price falls by the cut and the round goes on
// (true); once it is sold out the title ends the round (false).
func (b *Base[T, P]) PacketPassed(r PacketRules) bool {
	top := r.Packet.Top()
	if top == nil {
		return false
	}
	top.Price = max(0, top.Price-r.Cut)
	b.hooks.State.Passes = 0
	b.Note("Every player passed: %s's price falls to $%d (%s)", top.Sym, top.Price, r.CutRule)
	return true
}

// PacketAuction is the special auction step: it blocks while one is under
// way, and only the item's bidders take part, raising (BID) or dropping
// out (PASS) until one is left. With none under way its checks are the
// turn's, which explain a refused BID or PASS.
func (b *Base[T, P]) PacketAuction(r PacketRules) Step {
	pk := r.Packet
	return &Table{Title: "special auction", Moves: map[string]Move{
		"BID":  Pair(func(a move.Action) error { return b.checkRaise(r, a) }, func(a move.Action) error { return b.raise(r, a) }),
		"PASS": Pair(func(a move.Action) error { return b.checkDrop(r, a) }, func(a move.Action) error { return b.drop(r, a.Seat) }),
	}, Blocks: func() bool { return r.Open() && pk.Auction != nil },
		Waiting: func() []int { return []int{pk.Auction.Turn} },
		Candidate: func(seat int, _ move.Query) []move.Option {
			a := pk.Auction
			return []move.Option{move.RangedOpt(seat, "BID", a.High.Amount+r.Raise, b.Spendable(pk, seat, a.Item), a.Item), move.Opt(seat, "PASS")}
		}}
}

func (b *Base[T, P]) checkRaise(r PacketRules, a move.Action) error {
	au := r.Packet.Auction
	if au == nil {
		return b.checkPacketBid(r, a)
	}
	if len(a.Args) != 2 || a.Args[0] != au.Item {
		return RuleError(r.Special, "the special auction is for %s: write BID %s and your amount", au.Item, au.Item)
	}
	n, ok := Atoi(a.Args[1])
	if !ok {
		return RuleError(r.Special, "BID %s takes an amount in dollars", au.Item)
	}
	if err := r.Packet.CheckRaise(a.Seat, n, r.Raise); err != nil {
		return err
	}
	if free := b.Spendable(r.Packet, a.Seat, au.Item); n > free {
		return RuleError(r.Cash, "you have $%d free for bids, not $%d", free, n)
	}
	return nil
}

func (b *Base[T, P]) raise(r PacketRules, a move.Action) error {
	n, _ := Atoi(a.Args[1])
	r.Packet.Raise(a.Seat, n, len(b.Players))
	b.Note("%s bids $%d for %s", b.Players[a.Seat].Name, n, a.Args[0])
	return nil
}

func (b *Base[T, P]) checkDrop(r PacketRules, a move.Action) error {
	if r.Packet.Auction == nil {
		return r.Pass(a)
	}
	if len(a.Args) != 0 {
		return RuleError(r.Special, "PASS drops you out of the special auction and takes nothing more")
	}
	return nil
}

// drop takes a seat out of the special auction; once the chain it set
// off is over, play resumes left of the seat whose purchase began it.
func (b *Base[T, P]) drop(r PacketRules, seat int) error {
	au := r.Packet.Auction
	b.Note("%s drops out of the auction for %s", b.Players[seat].Name, au.Item)
	trigger := au.Trigger
	sales, over := r.Packet.Drop(seat, len(b.Players))
	r.Settle(sales)
	if over {
		b.hooks.State.Seat = b.NextSeat(trigger)
	}
	return nil
}
