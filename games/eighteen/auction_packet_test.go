package eighteen

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// packetTable is a start packet sold in order, as 18EZ's Startpacket
// (1.2 to 1.4): three players with $300 each, a $20 private, a $50 one
// and a $160 minor, bids of $5 steps, and a cut of $80 each time every
// seat passes.
type packetTable struct {
	b      *Base[tcorp, *tcorp]
	state  RoundState
	pk     Packet
	sales  []PacketSale
	ended  bool
	round  Round
	limits bool // Allowed refuses every purchase and bid
}

func newPacketTable(t *testing.T) *packetTable {
	t.Helper()
	b := NewBase[tcorp](Equipment{Board: &Board{}, Bank: 5000, Players: []string{"Ann", "Bob", "Cal"}, Capital: 900})
	pt := &packetTable{b: &b, state: RoundState{LastAct: -1},
		pk: NewPacket([]PacketItem{{Sym: "SL", Price: 20}, {Sym: "HMH", Price: 50}, {Sym: "M1", Price: 160}})}
	b.Wire(Hooks{State: &pt.state})
	r := PacketRules{Packet: &pt.pk, Name: "Startpacket", Raise: 5, Cut: 80, Example: "HMH",
		Order: "1.2", Bid: "1.3", Special: "1.4", Cash: "EZ4", CutRule: "EZ3",
		Open: func() bool { return !pt.ended },
		Settle: func(sales []PacketSale) {
			for _, s := range sales {
				b.Players[s.Seat].Cash -= s.Price
				b.Bank += s.Price
			}
			pt.sales = append(pt.sales, sales...)
		},
		Allowed: func(int, string, bool) error {
			if pt.limits {
				return fmt.Errorf("over the limit (1.8)")
			}
			return nil
		}}
	r.Pass = func(move.Action) error { return b.CheckPacketPass(r) }
	pass := Pair(func(move.Action) error { return b.CheckPacketPass(r) }, func(a move.Action) error {
		pt.state.Passes++
		pt.state.Seat = b.NextSeat(a.Seat)
		if pt.state.Passes >= len(b.Players) && !b.PacketPassed(r) {
			pt.ended = true
		}
		return nil
	})
	turn := &Table{Title: "turn", Moves: map[string]Move{"BUY": b.PacketBuy(r), "BID": b.PacketBid(r), "PASS": pass},
		Blocks: r.Open, Waiting: func() []int { return []int{pt.state.Seat} },
		Candidate: func(seat int, _ move.Query) []move.Option {
			out := []move.Option{move.Opt(seat, "PASS")}
			if top := pt.pk.Top(); top != nil {
				out = append(out, move.Opt(seat, "BUY", top.Sym))
			}
			return append(out, b.PacketBids(r, seat)...)
		}}
	pt.round = Round{Name: "stock round", Steps: []Step{b.PacketAuction(r), turn}}
	return pt
}

func (pt *packetTable) play(seat int, line string) error {
	if !slices.Contains(pt.round.Acting(), seat) {
		return fmt.Errorf("it is not seat %d's turn", seat)
	}
	f := strings.Fields(line)
	return pt.round.Apply(move.Action{Seat: seat, Verb: f[0], Args: f[1:]})
}

func (pt *packetTable) options(seat int) []string {
	var out []string
	for _, o := range pt.round.Options(seat, move.Query{}) {
		out = append(out, o.String())
	}
	return out
}

// TestPacketPlays: the first item bought at its price, bids on those
// behind it, the purchase that makes an item with two bidders available
// and sets off their special auction from the high bidder's left, the
// drop-out that sells it, play resuming left of the buyer, the price cut
// each time every seat passes, and a free item that must be taken.
func TestPacketPlays(t *testing.T) {
	pt := newPacketTable(t)
	b := pt.b
	if got, want := pt.options(0), []string{"PASS", "BUY SL", "BID HMH <55 to 300>", "BID M1 <165 to 300>"}; !slices.Equal(got, want) {
		t.Fatalf("Ann's options %v, want %v", got, want)
	}
	for _, tc := range []struct {
		seat int
		move string
		want string // a fragment of the refusal, "" for made
	}{
		{0, "BID SL 25", "buy it at $20"},
		{0, "BID HMH 54", "at least $55"},
		{0, "BID HMH 55", ""},
		{1, "BID HMH 60", ""},
		{2, "BUY HMH", "only its first item, SL"},
		{2, "BID M1 165", ""},
		{0, "BID M1 301", "$300 free"},  // outbid on HMH, Ann has nothing set aside
		{0, "BUY SL", ""},               // HMH becomes available with two bidders
		{1, "BID HMH 70", "not seat 1"}, // the auction starts left of Bob, the high bidder
		{0, "BID HMH 281", "$280 free"},
		{0, "BID HMH 64", "at least $65"},
		{0, "BID M1 250", "auction is for HMH"},
		{0, "BID HMH 65", ""},
		{1, "PASS HMH", "takes nothing more"},
		{1, "PASS", ""}, // HMH to Ann; M1 has one bidder, Cal: his at once
	} {
		err := pt.play(tc.seat, tc.move)
		switch {
		case tc.want == "" && err != nil:
			t.Fatalf("seat %d %s refused: %v", tc.seat, tc.move, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Fatalf("seat %d %s: %v, want a refusal saying %q", tc.seat, tc.move, err, tc.want)
		}
	}
	want := []PacketSale{{"SL", 0, 20}, {"HMH", 0, 65}, {"M1", 2, 165}}
	if !slices.Equal(pt.sales, want) || !pt.pk.SoldOut() || pt.pk.Auction != nil || pt.state.Seat != 1 {
		t.Errorf("sales %v, seat %d to act; want %v and Bob, left of the buyer", pt.sales, pt.state.Seat, want)
	}
	if c := []int{b.Players[0].Cash, b.Players[1].Cash, b.Players[2].Cash}; !slices.Equal(c, []int{300 - 85, 300, 300 - 165}) {
		t.Errorf("cash %v", c)
	}
	for _, seat := range []int{1, 2, 0} {
		if err := pt.play(seat, "PASS"); err != nil {
			t.Fatal(err)
		}
	}
	if !pt.ended {
		t.Error("every seat passed with the packet sold out, and the round goes on")
	}
}

// TestPacketCutAndLimit: a purchase needs the price free of one's bids
// and passes play on; every seat passing cuts the first item's price; at
// nothing a pass is refused; the title's limit refuses a purchase and a
// bid.
func TestPacketCutAndLimit(t *testing.T) {
	pt := newPacketTable(t)
	if err := pt.play(0, "PASS"); err != nil {
		t.Fatal(err)
	}
	pt.b.Players[1].Cash = 10
	if err := pt.play(1, "BUY SL"); err == nil || !strings.Contains(err.Error(), "$10 free") {
		t.Errorf("BUY SL with $10: %v", err)
	}
	pt.b.Players[1].Cash = 300
	if err := pt.play(1, "BUY SL"); err != nil || pt.state.Passes != 0 || pt.state.Seat != 2 || pt.state.LastAct != 1 {
		t.Fatalf("BUY SL: %v; passes %d, seat %d to act, last to act %d", err, pt.state.Passes, pt.state.Seat, pt.state.LastAct)
	}
	for _, seat := range []int{2, 0, 1} {
		if pt.pk.Top().Price != 50 {
			t.Fatalf("HMH's price fell to $%d before every seat passed", pt.pk.Top().Price)
		}
		if err := pt.play(seat, "PASS"); err != nil {
			t.Fatal(err)
		}
	}
	if top := pt.pk.Top(); top.Price != 0 || pt.ended || pt.state.Passes != 0 {
		t.Fatalf("after every seat passed HMH costs $%d, round ended %v, passes %d", top.Price, pt.ended, pt.state.Passes)
	}
	if err := pt.play(2, "PASS"); err == nil || !strings.Contains(err.Error(), "must take it") {
		t.Errorf("a pass with HMH free: %v", err)
	}
	pt.limits = true
	for _, line := range []string{"BUY HMH", "BID M1 165"} {
		if err := pt.play(2, line); err == nil || !strings.Contains(err.Error(), "limit") {
			t.Errorf("%s over the limit: %v", line, err)
		}
	}
}
