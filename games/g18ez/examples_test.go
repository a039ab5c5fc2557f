package g18ez

import (
	"strings"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// table seats players in order with the first holding the Priority Bid
// Card.
func table(t *testing.T, names ...string) *Game {
	t.Helper()
	g, err := New(Setup{Players: names, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.Priority = 0
	g.startStockRound(true)
	return g
}

// play applies moves written "Seat: VERB args", failing on a refusal.
func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		who, line, _ := strings.Cut(m, ": ")
		s := g.seatOf(who)
		a, err := move.ParseAction(s, line)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v\n%s", m, err, g.Now())
		}
	}
}

// refuse applies a move that must be refused, with the rule named, and
// checks nothing changed.
func refuse(t *testing.T, g *Game, m, rule string) {
	t.Helper()
	before, _ := g.State()
	who, line, _ := strings.Cut(m, ": ")
	a, _ := move.ParseAction(g.seatOf(who), line)
	err := g.Apply(a)
	if err == nil {
		t.Fatalf("%s was allowed", m)
	}
	if !strings.Contains(err.Error(), rule) {
		t.Errorf("%s: %v; want rule %s named", m, err, rule)
	}
	if after, _ := g.State(); string(after) != string(before) {
		t.Errorf("%s was refused but changed the game", m)
	}
}

// TestClaySaysStartpacket is the rulebook's example of an initial SDR
// (1.4, Clay says): Tom buying the Short Line sets off a special auction
// for the Hotel, sells the Authority to its sole bidder, then a special
// auction for the Obsidian that Dick wins at $175; play goes on with Dick.
func TestClaySaysStartpacket(t *testing.T) {
	g := table(t, "Tom", "Dick", "Harry")
	play(t, g,
		"Tom: BID MRTA 85", "Dick: BID OBS 155", "Harry: BID HMH 55",
		"Tom: BID OBS 160", "Dick: BID HMH 60", "Harry: BID HMH 65",
		"Tom: BUY SL")
	if a := g.Packet.Auction; a == nil || a.Item != HMH || a.Turn != g.seatOf("Dick") {
		t.Fatalf("after Tom buys the Short Line: auction %+v, want the Hotel's with Dick to bid", a)
	}
	refuse(t, g, "Dick: BID HMH 67", "1.3")
	play(t, g, "Dick: PASS")
	if p := g.Private(HMH); p.Owner != g.seatOf("Harry") || g.Players[2].Cash != 600-65 {
		t.Fatalf("the Hotel went to seat %d; Harry has $%d", p.Owner, g.Players[2].Cash)
	}
	if p := g.Private(MRTA); p.Owner != g.seatOf("Tom") {
		t.Fatalf("the Authority went to seat %d, want Tom, its sole bidder", p.Owner)
	}
	if a := g.Packet.Auction; a == nil || a.Item != OBS || a.Turn != g.seatOf("Dick") {
		t.Fatalf("auction %+v, want the Obsidian's with Dick to bid", a)
	}
	play(t, g, "Dick: BID OBS 175", "Tom: PASS")
	if p := g.Private(OBS); p.Owner != g.seatOf("Dick") || g.Players[1].Cash != 600-175 {
		t.Fatalf("the Obsidian went to seat %d; Dick has $%d", p.Owner, g.Players[1].Cash)
	}
	if g.Players[0].Cash != 600-20-85 {
		t.Errorf("Tom has $%d, want $%d", g.Players[0].Cash, 600-20-85)
	}
	if got := g.Acting(); len(got) != 1 || got[0] != g.seatOf("Dick") {
		t.Errorf("play goes on with %v, want Dick, left of Tom who set the chain off (1.3)", got)
	}
}

// TestStartpacketRules: the top item is bought, not bid on; bids rise by
// $5 over the price or the high bid; a sole bidder's item is his when it
// becomes available, and that sale is not his turn (1.2, 1.3).
func TestStartpacketRules(t *testing.T) {
	g := table(t, "Tom", "Dick", "Harry")
	refuse(t, g, "Tom: BID SL 25", "1.2")
	refuse(t, g, "Tom: BID HMH 54", "1.3")
	refuse(t, g, "Tom: BUY HMH", "1.2")
	play(t, g, "Tom: BID HMH 55")
	refuse(t, g, "Dick: BID HMH 59", "1.3")
	play(t, g, "Dick: BID M1 165", "Harry: BUY SL")
	if g.Private(HMH).Owner != 0 || g.Players[0].Cash != 545 {
		t.Fatalf("the Hotel: owner %d, Tom $%d; want Tom at $55", g.Private(HMH).Owner, g.Players[0].Cash)
	}
	if got := g.Acting(); got[0] != 0 {
		t.Errorf("after Harry's purchase play goes to %v, want Tom on his left", got)
	}
}

// TestShortLineFalls: when every player passes in succession before the
// Short Line is sold, its price falls (Clay says; rulings EZ3), and at $0
// the player to act must take it.
func TestShortLineFalls(t *testing.T) {
	g := table(t, "Tom", "Dick")
	for range 4 {
		play(t, g, "Tom: PASS", "Dick: PASS")
	}
	if p := g.Packet.Top(); p.Sym != SL || p.Price != 0 {
		t.Fatalf("top %s at $%d, want SL at $0", p.Sym, p.Price)
	}
	refuse(t, g, "Tom: PASS", "EZ3")
	play(t, g, "Tom: BUY SL")
	if g.Private(SL).Owner != 0 || g.Players[0].Cash != 900 {
		t.Errorf("SL owner %d, Tom $%d", g.Private(SL).Owner, g.Players[0].Cash)
	}
}

// sellOut sells the whole Startpacket at face, in seat order.
func sellOut(t *testing.T, g *Game) {
	t.Helper()
	for s := 0; !g.Packet.SoldOut(); s = g.Acting()[0] {
		a := move.Action{Seat: g.Acting()[0], Verb: "BUY", Args: []string{g.Packet.Top().Sym}}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		_ = s
	}
}

// TestClaySaysPriority: Tom buys, Dick and Harry pass, Tom passes: the SDR
// is over and Dick, the first to pass, holds the priority (1.9).
func TestClaySaysPriority(t *testing.T) {
	g := table(t, "Tom", "Dick", "Harry")
	sellOut(t, g)
	for g.Acting()[0] != 0 {
		play(t, g, g.Players[g.Acting()[0]].Name+": PASS")
	}
	play(t, g, "Tom: PAR PSW 60", "Dick: PASS", "Harry: PASS")
	if g.r.Kind != stockRound {
		t.Fatal("the SDR ended before Tom's pass")
	}
	play(t, g, "Tom: PASS")
	if g.r.Kind != operatingRound || g.Priority != g.seatOf("Dick") {
		t.Errorf("round %d, priority %d: want the ORs with Dick holding the priority", g.r.Kind, g.Priority)
	}
}

// TestPrivateBetweenPlayers: a private company changes hands between
// players at any price its owner agrees to; declined, nothing moves
// (appendix; rulings EZ14).
func TestPrivateBetweenPlayers(t *testing.T) {
	g := table(t, "Tom", "Dick")
	sellOut(t, g)
	owner := g.Private(SL).Owner
	buyer := 1 - owner
	bn, on := g.Players[buyer].Name, g.Players[owner].Name
	for g.Acting()[0] != buyer {
		play(t, g, g.Players[g.Acting()[0]].Name+": PAR PSW 50")
	}
	cash := g.Players[buyer].Cash
	play(t, g, bn+": BUYPRIVATE SL 30", on+": DECLINE")
	if g.Private(SL).Owner != owner || g.Players[buyer].Cash != cash {
		t.Fatal("a declined deal moved the private or the money")
	}
	play(t, g, bn+": BUYPRIVATE SL 30", on+": ACCEPT")
	if g.Private(SL).Owner != buyer || g.Players[buyer].Cash != cash-30 {
		t.Errorf("SL owner %d, buyer $%d; want the buyer's at $30", g.Private(SL).Owner, g.Players[buyer].Cash)
	}
	if got := g.Acting(); got[0] != buyer {
		t.Errorf("after the deal %v acts, want the buyer's turn to go on", got)
	}
}

// TestOverLimitSells: a player over the certificate limit may not end
// his turn while he can sell (1.7 Clay says; rulings EZ13).
func TestOverLimitSells(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	floatAt(t, g, "PSW", eighteen.Pos{Row: 2, Col: 2}, 1, map[int]int{1: 3, 0: 2})
	g.startStockRound(false)
	g.r.Seat = 0
	for _, c := range []string{"BCRR", "BRN", "MR", "GVP", "MYR"} {
		floatAt(t, g, c, eighteen.Pos{Row: 2, Col: 2}, 1, map[int]int{1: 2, 0: 6})
	}
	if g.Certs(0) <= g.Limit() {
		t.Fatalf("Tom holds %d certificates, limit %d: the test needs him over", g.Certs(0), g.Limit())
	}
	refuse(t, g, "Tom: PASS", "1.8")
	play(t, g, "Tom: SELL BCRR 5")
}

// TestMovesInAnyCase: a move written in lower case is the move its
// options list, not another one (BUY psw ipo buys from the IPO).
func TestMovesInAnyCase(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	seat := g.Acting()[0]
	name := g.Players[seat].Name
	play(t, g, name+": par psw 50")
	other := g.Players[g.Acting()[0]].Name
	play(t, g, other+": buy psw ipo")
	if c := g.Corp("PSW"); c.IPO.Units() != 7 || g.PoolUnits("PSW") != 0 {
		t.Errorf("PSW IPO %d, pool %d: want a share bought from the IPO", c.IPO.Units(), g.PoolUnits("PSW"))
	}
}

// seatOf is the seat of a player named, or -1.
func (g *Game) seatOf(name string) int {
	for i, p := range g.Players {
		if strings.EqualFold(p.Name, name) {
			return i
		}
	}
	return -1
}
