package eighteen

import "github.com/railpost/railpost/games/move"

// The computer player's plain play of each private auction, read from
// the options the auction's steps list, so that it only ever makes a
// legal move. With no choice it passes (Suggest).

// WaterfallChoice buys the cheapest private while it costs at most half
// the seat's cash; it never bids.
func (b *Base[T, P]) WaterfallChoice(seat int, by map[string][]move.Option) (move.Action, bool) {
	for _, o := range by["BUY"] {
		if p := b.Private(o.Args[0]); p != nil && 2*p.Cost <= b.Players[seat].Cash {
			return o.Action(0), true
		}
	}
	return move.Action{}, false
}

// PacketChoice raises by the least in a special auction while the bid
// is at most over more than the item's price; otherwise it drops out.
func PacketChoice(pk *Packet, over int, by map[string][]move.Option) (move.Action, bool) {
	it := pk.Item(pk.Auction.Item)
	for _, o := range by["BID"] {
		if o.Min <= it.Price+over && o.Min <= o.Max {
			return o.Action(o.Min), true
		}
	}
	return move.Action{}, false
}

// ParallelChoice bids the least on the cheapest private it may, while
// that bid is at most over more than the private's face value and at
// most half the money it has free; otherwise it passes.
func (b *Base[T, P]) ParallelChoice(seat, over int, by map[string][]move.Option) (move.Action, bool) {
	for _, o := range by["BID"] {
		if p := b.Private(o.Args[0]); p != nil && o.Min <= p.Cost+over && 2*o.Min <= o.Max {
			return o.Action(o.Min), true
		}
	}
	return move.Action{}, false
}
