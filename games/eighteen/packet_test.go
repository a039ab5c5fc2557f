package eighteen

import (
	"slices"
	"testing"
)

// TestPacketChain: one purchase sells the next items to their sole
// bidders in turn, and stops at an item with several bidders, which goes
// to a special auction that starts left of its high bidder (18EZ 1.3,
// 1.4); when that ends the chain goes on.
func TestPacketChain(t *testing.T) {
	p := NewPacket([]PacketItem{{Sym: "A", Price: 20}, {Sym: "B", Price: 50}, {Sym: "C", Price: 80}, {Sym: "D", Price: 150}, {Sym: "E", Price: 160}})
	p.PlaceBid(1, "B", 55)
	p.PlaceBid(2, "C", 85)
	p.PlaceBid(0, "C", 90)
	p.PlaceBid(1, "E", 165)
	sales := p.Buy(2, 3)
	want := []PacketSale{{"A", 2, 20}, {"B", 1, 55}}
	if !slices.Equal(sales, want) {
		t.Fatalf("sales %v, want %v", sales, want)
	}
	// seat 1, left of the high bidder 0, never bid on C: seat 2 is first
	if p.Auction == nil || p.Auction.Item != "C" || p.Auction.Turn != 2 {
		t.Fatalf("auction %+v, want C with seat 2 to act", p.Auction)
	}
	if err := p.CheckRaise(1, 100, 5); err == nil {
		t.Error("seat 1 was not in C's bidding but may raise")
	}
	if err := p.CheckRaise(2, 94, 5); err == nil {
		t.Error("a raise of $4 was allowed")
	}
	p.Raise(2, 95, 3)
	sales, over := p.Drop(0, 3)
	if !over || !slices.Equal(sales, []PacketSale{{"C", 2, 95}}) {
		t.Fatalf("after the drop: %v over %v", sales, over)
	}
	if top := p.Top(); top.Sym != "D" {
		t.Errorf("top %s, want D: it has no bids, and E's sole bidder waits for it", top.Sym)
	}
	if got := p.Committed(1, ""); got != 165 {
		t.Errorf("seat 1 committed $%d, want $165", got)
	}
}
