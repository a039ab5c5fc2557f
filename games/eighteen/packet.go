package eighteen

import (
	"fmt"
	"slices"
)

// Packet is a start packet sold in order (18EZ 1.2 to 1.4, and the 1830
// family): the first unsold item is bought at its price; bids go on the
// items behind it; when an item becomes the first unsold, a sole bidder
// has it at his bid, and several bidders settle it in a special auction
// among themselves. A sale that makes the next item available settles that
// one at once too, so one purchase may set off a chain of sales. The
// title pays for the sales (Sell) and says who may afford what; the packet
// only keeps the order, the bids and the auctions.
type Packet struct {
	Items []PacketItem `json:"items"`
	// Auction is the special auction under way, or nil.
	Auction *SpecialAuction `json:"auction,omitempty"`
}

// PacketItem is one item of a packet: what it is, its price now, and the
// bids standing on it in the order made.
type PacketItem struct {
	Sym   string `json:"sym"`
	Price int    `json:"price"`
	Sold  bool   `json:"sold"`
	Bids  []Bid  `json:"bids,omitempty"`
}

// Bid is a seat's standing bid.
type Bid struct {
	Seat   int `json:"seat"`
	Amount int `json:"amount"`
}

// SpecialAuction settles an item that several seats bid on before it
// became available (18EZ 1.4): only they take part, starting with the one
// to the left of the high bidder, each raising or dropping out, until one
// is left.
type SpecialAuction struct {
	Item    string `json:"item"`
	In      []int  `json:"in"`      // seats still in, in table order
	High    Bid    `json:"high"`    // the bid to beat
	Turn    int    `json:"turn"`    // the seat to act
	Trigger int    `json:"trigger"` // the seat whose purchase began the chain
}

// PacketSale is an item gone to a seat at a price.
type PacketSale struct {
	Item  string
	Seat  int
	Price int
}

// NewPacket lays out items at their prices, in the order they are sold.
func NewPacket(items []PacketItem) Packet {
	return Packet{Items: slices.Clone(items)}
}

// Top is the first unsold item, or nil when the packet is sold out.
func (p *Packet) Top() *PacketItem {
	for i := range p.Items {
		if !p.Items[i].Sold {
			return &p.Items[i]
		}
	}
	return nil
}

// Item is the item of that symbol, or nil.
func (p *Packet) Item(sym string) *PacketItem {
	for i := range p.Items {
		if p.Items[i].Sym == sym {
			return &p.Items[i]
		}
	}
	return nil
}

// SoldOut tells whether every item is sold.
func (p *Packet) SoldOut() bool { return p.Top() == nil }

// HighBid is an item's highest standing bid, and whether it has one.
func (it *PacketItem) HighBid() (Bid, bool) {
	if len(it.Bids) == 0 {
		return Bid{}, false
	}
	best := it.Bids[0]
	for _, b := range it.Bids[1:] {
		if b.Amount > best.Amount {
			best = b
		}
	}
	return best, true
}

// MinBid is the least a new bid on an item may be: step over its price
// for an opening bid, step over the high bid after that (1.3).
func (it *PacketItem) MinBid(step int) int {
	if b, ok := it.HighBid(); ok {
		return b.Amount + step
	}
	return it.Price + step
}

// Committed is what a seat's standing high bids add up to, leaving out
// one item: money it may be made to pay, which a title keeps out of its
// other bids.
func (p *Packet) Committed(seat int, skip string) int {
	total := 0
	for _, it := range p.Items {
		if it.Sold || it.Sym == skip {
			continue
		}
		if b, ok := it.HighBid(); ok && b.Seat == seat {
			total += b.Amount
		}
	}
	if a := p.Auction; a != nil && a.Item != skip && a.High.Seat == seat {
		total += a.High.Amount
	}
	return total
}

// Leading counts the unsold items a seat holds the high bid on, leaving
// out one: what it may yet have to take, which a title counts toward a
// certificate limit.
func (p *Packet) Leading(seat int, skip string) int {
	n := 0
	for _, it := range p.Items {
		if b, ok := it.HighBid(); ok && !it.Sold && it.Sym != skip && b.Seat == seat {
			n++
		}
	}
	return n
}

// CheckBid judges a bid on an item behind the first unsold one.
func (p *Packet) CheckBid(seat int, sym string, amount, step int) error {
	it := p.Item(sym)
	switch {
	case it == nil:
		return fmt.Errorf("%s is not in the start packet", sym)
	case it.Sold:
		return fmt.Errorf("%s is sold", sym)
	case it == p.Top():
		return fmt.Errorf("%s is the first one available: buy it at $%d rather than bid (1.2)", sym, it.Price)
	}
	if b, ok := it.HighBid(); ok && b.Seat == seat {
		return fmt.Errorf("your $%d is already the high bid on %s (1.3)", b.Amount, sym)
	}
	if min := it.MinBid(step); amount < min {
		return fmt.Errorf("a bid on %s must be at least $%d: $%d over the %s (1.3)", sym, min, step, map[bool]string{true: "high bid", false: "printed price"}[len(it.Bids) > 0])
	}
	return nil
}

// PlaceBid records a bid the title has judged.
func (p *Packet) PlaceBid(seat int, sym string, amount int) {
	it := p.Item(sym)
	it.Bids = append(it.Bids, Bid{Seat: seat, Amount: amount})
}

// Buy sells the first unsold item to a seat at its price and settles what
// that makes available: sole bidders' items sold, and the first item with
// several bidders put to a special auction among the n seats' table. It
// returns the sales in order.
func (p *Packet) Buy(seat, n int) []PacketSale {
	top := p.Top()
	if top == nil {
		return nil
	}
	top.Sold = true
	sales := append([]PacketSale{{Item: top.Sym, Seat: seat, Price: top.Price}}, p.settle(seat)...)
	p.StartAuction(n)
	return sales
}

// settle sells the items that become available one after another.
func (p *Packet) settle(trigger int) []PacketSale {
	var sales []PacketSale
	for {
		top := p.Top()
		if top == nil || len(top.Bids) == 0 {
			return sales
		}
		var seats []int
		for _, b := range top.Bids {
			if !slices.Contains(seats, b.Seat) {
				seats = append(seats, b.Seat)
			}
		}
		high, _ := top.HighBid()
		if len(seats) == 1 {
			top.Sold = true
			sales = append(sales, PacketSale{Item: top.Sym, Seat: high.Seat, Price: high.Amount})
			continue
		}
		p.Auction = &SpecialAuction{Item: top.Sym, In: seats, High: high, Trigger: trigger}
		return sales
	}
}

// next is the seat after s among those still in an auction, in table
// order of n seats.
func (a *SpecialAuction) next(s, n int) int {
	for k := 1; k <= n; k++ {
		if t := (s + k) % n; slices.Contains(a.In, t) {
			return t
		}
	}
	return s
}

// StartAuction seats the first bidder of a special auction: the one to the
// left of the high bidder among those in it (1.4).
func (p *Packet) StartAuction(n int) {
	if a := p.Auction; a != nil {
		a.Turn = a.next(a.High.Seat, n)
	}
}

// CheckRaise judges a raise in the special auction.
func (p *Packet) CheckRaise(seat, amount, step int) error {
	a := p.Auction
	switch {
	case a == nil:
		return fmt.Errorf("no special auction is under way")
	case a.Turn != seat:
		return fmt.Errorf("it is not your turn in the auction for %s", a.Item)
	case amount < a.High.Amount+step:
		return fmt.Errorf("a bid for %s must be at least $%d: $%d over the high bid (1.3, 1.4)", a.Item, a.High.Amount+step, step)
	}
	return nil
}

// Raise makes the seat to act the high bidder; the turn passes on.
func (p *Packet) Raise(seat, amount, n int) {
	a := p.Auction
	a.High = Bid{Seat: seat, Amount: amount}
	a.Turn = a.next(seat, n)
}

// Drop takes the seat to act out of the auction. When one seat is left it
// has the item at its bid, and the chain goes on: the sales are returned,
// and whether the auction (and any it set off) is over.
func (p *Packet) Drop(seat, n int) ([]PacketSale, bool) {
	a := p.Auction
	a.In = slices.DeleteFunc(a.In, func(s int) bool { return s == seat })
	if len(a.In) > 1 {
		a.Turn = a.next(seat, n)
		return nil, false
	}
	it := p.Item(a.Item)
	it.Sold = true
	sales := []PacketSale{{Item: it.Sym, Seat: a.High.Seat, Price: a.High.Amount}}
	trigger := a.Trigger
	p.Auction = nil
	sales = append(sales, p.settle(trigger)...)
	if p.Auction != nil {
		p.StartAuction(n)
		return sales, false
	}
	return sales, true
}

// Clone is a copy of the packet that shares nothing a sale or bid
// changes, for a copy of the game.
func (p Packet) Clone() Packet {
	q := Packet{Items: slices.Clone(p.Items)}
	for i := range q.Items {
		q.Items[i].Bids = slices.Clone(p.Items[i].Bids)
	}
	if p.Auction != nil {
		a := *p.Auction
		a.In = slices.Clone(p.Auction.In)
		q.Auction = &a
	}
	return q
}
