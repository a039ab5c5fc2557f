package g18ez

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// The rules at their edges: cash or certificates exactly at a limit, where
// a < written <= (or the like) would change who may do what.

// TestPriorityStaysWhenAllPass: an SDR in which every player passes from
// the start leaves the Priority Bid Card where it was: the sequence of
// passes began with its holder (1.9).
func TestPriorityStaysWhenAllPass(t *testing.T) {
	g := afterStart(t, "Tom", "Dick", "Harry")
	g.Priority = 0
	g.startStockRound(false)
	play(t, g, "Tom: PASS", "Dick: PASS", "Harry: PASS")
	if g.r.Kind != operatingRound || g.Priority != 0 {
		t.Errorf("round %d, priority seat %d: want the ORs with Tom keeping the priority", g.r.Kind, g.Priority)
	}
}

// TestBidToTheFreeCash: a bid may be the whole of the bidder's cash less
// his other high bids, and no more: a player whose free cash is exactly
// the least bid may make it, in the Startpacket and in a special auction;
// the first item may be bought with exactly its price free (1.2, 1.3, 1.4,
// rulings EZ4).
func TestBidToTheFreeCash(t *testing.T) {
	g := table(t, "Tom", "Dick", "Harry")
	play(t, g, "Tom: BID OBS 435", "Dick: PASS", "Harry: PASS") // $165 free, M1's least bid
	refuse(t, g, "Tom: BID M1 170", "EZ4")
	play(t, g, "Tom: BID M1 165")
	if b, ok := g.Packet.Item("M1").HighBid(); !ok || b.Seat != 0 || b.Amount != 165 {
		t.Fatalf("M1's high bid %+v, want Tom's $165", b)
	}

	g = table(t, "Tom", "Dick", "Harry")
	play(t, g, "Tom: BID OBS 585", "Dick: PASS", "Harry: PASS")
	refuse(t, g, "Tom: BUY SL", "EZ4") // $15 free, the Short Line $20
	g = table(t, "Tom", "Dick", "Harry")
	play(t, g, "Tom: BID OBS 580", "Dick: PASS", "Harry: PASS", "Tom: BUY SL")
	if g.Private(SL).Owner != 0 || g.Players[0].Cash != 580 {
		t.Errorf("the Short Line's owner %d, Tom $%d; want Tom's, $580 left for his bid", g.Private(SL).Owner, g.Players[0].Cash)
	}

	// Harry's purchase sets off the Hotel's auction between Dick and Tom,
	// who has $530 on M1: $70 free, the least raise over Dick's $65.
	g = table(t, "Tom", "Dick", "Harry")
	play(t, g, "Tom: BID M1 530", "Dick: BID HMH 55", "Harry: PASS", "Tom: BID HMH 60", "Dick: PASS", "Harry: BUY SL")
	if a := g.Packet.Auction; a == nil || a.Item != HMH || a.Turn != 1 {
		t.Fatalf("auction %+v, want the Hotel's with Dick to bid", a)
	}
	play(t, g, "Dick: BID HMH 65")
	refuse(t, g, "Tom: BID HMH 75", "EZ4")
	play(t, g, "Tom: BID HMH 70", "Dick: PASS")
	if g.Private(HMH).Owner != 0 || g.Players[0].Cash != 530 {
		t.Errorf("the Hotel's owner %d, Tom $%d; want Tom's at $70, $530 left for M1", g.Private(HMH).Owner, g.Players[0].Cash)
	}
}

// TestBidsCountTowardTheLimit: a bid that, with the certificates held and
// the bidder's other high bids on unsold items, would pass the limit is
// refused; outbid, his bid no longer counts (1.8, rulings EZ4). No game
// reaches this (the Startpacket's 8 items are under the least limit, 10),
// so the position is set by hand, as in TestPacketCertificateLimit.
func TestBidsCountTowardTheLimit(t *testing.T) {
	g := table(t, "A", "B", "C", "D", "E", "F")
	for _, c := range g.Corps {
		if c.Kind == kindMajor {
			c.President, c.Floated = 0, true
			deal(g, c, 0, 2)
		}
	}
	g.Private(HMH).Owner, g.Private(MRTA).Owner = 0, 0
	g.Packet.Item(HMH).Sold, g.Packet.Item(MRTA).Sold = true, true
	g.Corp("M2").President, g.Corp("M2").Started = 0, true
	g.Packet.Item("M2").Sold = true
	g.Players[0].Cash = 900
	if g.Certs(0) != g.Limit()-1 {
		t.Fatalf("A holds %d certificates, want one under the limit %d", g.Certs(0), g.Limit())
	}
	play(t, g, "A: BID OBS 155", "B: PASS", "C: PASS", "D: PASS", "E: PASS", "F: PASS")
	refuse(t, g, "A: BID M1 165", "1.8")
	play(t, g, "A: PASS", "B: BID OBS 160", "C: PASS", "D: PASS", "E: PASS", "F: PASS", "A: BID M1 165")
}

// certsTo gives a seat shares of the majors other than PSW, with another
// seat their president, until it holds n certificates; its cash is then
// set.
func certsTo(t *testing.T, g *Game, seat, other, n, cash int) {
	t.Helper()
	for _, sym := range []string{"BCRR", "BRN", "MYR", "MR", "GVP"} {
		k := min(5, n-g.Certs(seat))
		if k <= 0 {
			break
		}
		floatAt(t, g, sym, eighteen.Pos{Row: 2, Col: 2}, other, map[int]int{other: 2, seat: k})
	}
	if g.Certs(seat) != n {
		t.Fatalf("seat %d holds %d certificates, want %d", seat, g.Certs(seat), n)
	}
	g.Players[seat].Cash = cash
}

// TestParAtTheLimits: the president's certificate costs twice the par,
// which the buyer may have exactly (1.5); it is a certificate, refused to
// a player who holds the limit, not to one who holds one fewer (1.8).
func TestParAtTheLimits(t *testing.T) {
	for _, tc := range []struct {
		certs, cash int
		rule        string
	}{{0, 119, "2 shares: $120; you have $119 (1.5)"}, {0, 120, ""}, {20, 500, "1.8"}, {19, 500, ""}} {
		g := afterStart(t, "Tom", "Dick", "Harry")
		s := g.Acting()[0]
		certsTo(t, g, s, (s+1)%3, max(tc.certs, g.Certs(s)), tc.cash)
		m := g.Players[s].Name + ": PAR PSW 60"
		if tc.rule != "" {
			refuse(t, g, m, tc.rule)
			continue
		}
		play(t, g, m)
		if c := g.Corp("PSW"); !c.Started || c.President != s || g.Players[s].Cash != tc.cash-120 {
			t.Errorf("%d certificates, $%d: PSW started %v, president %d, cash left $%d", tc.certs, tc.cash, c.Started, c.President, g.Players[s].Cash)
		}
	}
}

// TestAtTheLimitMayPass: a player holding exactly the certificate limit is
// not over it, and may pass with a sale open to him (1.7 Clay says, 1.8,
// rulings EZ13); one over it may not (TestOverLimitSells).
func TestAtTheLimitMayPass(t *testing.T) {
	g := afterStart(t, "Tom", "Dick", "Harry")
	g.startStockRound(false)
	g.r.Seat = 0
	certsTo(t, g, 0, 1, g.Limit(), 100)
	if len(g.saleOptions(0)) == 0 {
		t.Fatal("Tom has no sale open: the test needs one")
	}
	play(t, g, "Tom: PASS")
}

// TestForcedBuyEdges: the edges of the forced purchase (2.9 to 2.11). A
// company with exactly the cheapest train's price is not in one, and may
// pay another railroad that whole price; a president who can raise
// exactly the shortfall by selling is not bankrupt, nor one with $1 while
// another railroad has a train to sell.
func TestForcedBuyEdges(t *testing.T) {
	setup := func(t *testing.T, holdings map[int]int) (*Game, *Corp) {
		g := afterStart(t, "Pres", "Other")
		c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, holdings)
		withRoute(t, g, c)
		sellDepot(g, 3) // the cheapest train is a 3 at $180
		g.Phase = 1
		return g, c
	}

	t.Run("cash at the price", func(t *testing.T) {
		g, c := setup(t, map[int]int{0: 2})
		o := floatAt(t, g, "BRN", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 2})
		o.Trains = []int{2}
		c.Cash, g.Players[0].Cash = 180, 100
		atTrains(g, c)
		g.advance()
		for _, op := range g.Legal(0) {
			if op.Verb == "SELL" {
				t.Fatalf("%s offered: GVP has the $180 and no forced purchase is under way", op)
			}
		}
		play(t, g, "Pres: BUYTRAIN 2 FROM BRN 180")
		if c.Cash != 0 || o.Cash != 180 || g.Players[0].Cash != 100 || !slices.Equal(c.Trains, []int{2}) {
			t.Errorf("GVP %v $%d, BRN $%d, Pres $%d", c.Trains, c.Cash, o.Cash, g.Players[0].Cash)
		}
	})

	for _, cash := range []int{80, 79} {
		t.Run("raise the shortfall", func(t *testing.T) {
			// GVP's $0 and Pres's cash against $180; his one MR share
			// raises $100, his president's certificate nothing.
			g, c := setup(t, map[int]int{0: 2})
			floatAt(t, g, "MR", eighteen.Pos{Row: 0, Col: 0}, 1, map[int]int{1: 3, 0: 1})
			c.Cash, g.Players[0].Cash = 0, cash
			atTrains(g, c)
			g.advance()
			if cash < 80 {
				if !g.Over() || g.Bankrupt != 0 {
					t.Errorf("$%d short after every sale: over %v, bankrupt seat %d", 180-100-cash, g.Over(), g.Bankrupt)
				}
				return
			}
			if g.Over() {
				t.Fatal("bankrupt with the shortfall raisable")
			}
			refuse(t, g, "Pres: BANKRUPT", "2.11")
			play(t, g, "Pres: SELL MR 1", "Pres: BUYTRAIN 3")
			if g.Players[0].Cash != 0 || !slices.Equal(c.Trains, []int{3}) {
				t.Errorf("GVP %v, Pres $%d; want a 3, Pres with nothing", c.Trains, g.Players[0].Cash)
			}
		})
	}

	for _, cash := range []int{1, 0} {
		t.Run("a dollar for another's train", func(t *testing.T) {
			g, c := setup(t, map[int]int{0: 2})
			o := floatAt(t, g, "BRN", eighteen.Pos{Row: 3, Col: 0}, 1, map[int]int{1: 2})
			o.Trains = []int{2}
			c.Cash, g.Players[0].Cash = 0, cash
			atTrains(g, c)
			g.advance()
			if cash == 0 {
				if !g.Over() || g.Bankrupt != 0 {
					t.Errorf("no money at all: over %v, bankrupt seat %d", g.Over(), g.Bankrupt)
				}
				return
			}
			if g.Over() {
				t.Fatal("bankrupt while $1 could buy BRN's train (2.9)")
			}
			play(t, g, "Pres: BUYTRAIN 2 FROM BRN 1", "Other: ACCEPT")
			if g.Players[0].Cash != 0 || o.Cash != 1 || !slices.Equal(c.Trains, []int{2}) {
				t.Errorf("GVP %v, Pres $%d, BRN $%d", c.Trains, g.Players[0].Cash, o.Cash)
			}
		})
	}
}

// TestBankAtZeroBreaks: a payment that leaves the bank with exactly $0
// has run it out of money: the game's end is set off (2.13).
func TestBankAtZeroBreaks(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 1}, 0, map[int]int{0: 5})
	for _, o := range g.Corps {
		o.Operated = o != c
	}
	for _, p := range g.Privates {
		p.Closed = true // no revenue paid as the next OR begins
	}
	atDividend(g, c, 100)
	g.Bank = 100 // $10 a share, the five in the IPO's to PSW (2.7)
	play(t, g, "Pres: PAY")
	if g.Bank != 0 || g.Ending == nil {
		t.Errorf("the bank at $%d, the end set off %v: want $0 and the end set off", g.Bank, g.Ending != nil)
	}
}

// TestNoTileLeft: a tile of which none is left is not laid, and the
// refusal says so (appendix: the tile manifest).
func TestNoTileLeft(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	atOR(g, c, eighteen.StepTrack)
	var lay []string
	for _, o := range g.Legal(0) {
		if o.Verb == "LAY" {
			lay = o.Args
			break
		}
	}
	if lay == nil {
		t.Fatal("no lay on the home city is listed")
	}
	m := "Pres: LAY " + strings.Join(lay, " ")
	g.Left[lay[1]] = 0
	refuse(t, g, m, "no tile #"+lay[1]+" is left")
	g.Left[lay[1]] = 1
	play(t, g, m)
	if g.Left[lay[1]] != 0 {
		t.Errorf("%d of #%s left after laying the last", g.Left[lay[1]], lay[1])
	}
}

// TestMenuAtAuthority: OPTIONS at the Metropolis lists the Authority's
// extra lays with the company's own; OPTIONS elsewhere does not (appendix;
// rulings EZ7).
func TestMenuAtAuthority(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 1}, 0, map[int]int{0: 5})
	homeStation(t, g, c)
	p := g.Private(MRTA)
	p.Owner, p.Corp = -1, c.Sym
	g.Phase = 1
	atOR(g, c, eighteen.StepTrack)
	authority := func(hex string) int {
		lines, _ := g.MenuAt(0, hex)
		n := 0
		for _, l := range lines {
			if strings.HasPrefix(l, "MRTA LAY") && strings.HasSuffix(l, "(the Authority's extra tile)") {
				n++
			}
		}
		return n
	}
	if n := authority(g.metropolis().String()); n == 0 {
		t.Error("OPTIONS at the Metropolis lists none of the Authority's lays")
	}
	for _, o := range g.Legal(0) {
		if o.Verb == "LAY" && o.Args[0] != g.metropolis().String() {
			if n := authority(o.Args[0]); n != 0 {
				t.Errorf("OPTIONS %s lists %d of the Authority's lays", o.Args[0], n)
			}
			return
		}
	}
	t.Error("no lay of the company's own away from the Metropolis to check")
}

// TestMilestoneCountsORs: the milestone, after which every player gets a
// report, counts the operating rounds finished: one more as each ends.
func TestMilestoneCountsORs(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 1}, 0, map[int]int{0: 5})
	for _, o := range g.Corps {
		o.Operated = o != c
	}
	atDividend(g, c, 100)
	before := g.Milestone()
	play(t, g, "Pres: PAY")
	if g.r.Kind != operatingRound || g.r.OR != 2 || g.Milestone() != before+1 {
		t.Errorf("round %d OR %d, milestone %d after %d: want OR 2 begun and one more", g.r.Kind, g.r.OR, g.Milestone(), before)
	}
}

// TestNoStationLeft: a major that has placed its three station markers
// places no more (2.5).
func TestNoStationLeft(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	withRoute(t, g, c)
	c.Stations, c.Cash = 3, 500 // as if the other two were placed
	atOR(g, c, eighteen.StepTrack)
	refuse(t, g, "Pres: TOKEN D9", "all three")
}

// TestHotelOnACity: the Hotel token goes on a city, not on track without
// one; its $10 is for runs through that city only (appendix; rulings
// EZ6).
func TestHotelOnACity(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	withRoute(t, g, c)
	c.Trains = []int{2}
	g.Private(HMH).Owner, g.Private(HMH).Corp = -1, c.Sym
	atOR(g, c, eighteen.StepRun)
	g.advance()
	base := g.r.Revenue
	atOR(g, c, eighteen.StepTrack)
	refuse(t, g, "Pres: HOTEL F17", "EZ6") // grey track, no city
	play(t, g, "Pres: HOTEL "+g.metropolis().String())
	atOR(g, c, eighteen.StepRun)
	g.advance()
	if g.r.Revenue != base {
		t.Errorf("run $%d with the Hotel in Metropolis, off the route; $%d without: want the same", g.r.Revenue, base)
	}
}

// TestAuthorityEdges: the Authority's tile is one left in the supply, and
// the refusal says so when none is; its station is one of the company's
// three (appendix; rulings EZ7).
func TestAuthorityEdges(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 1}, 0, map[int]int{0: 5})
	homeStation(t, g, c)
	p := g.Private(MRTA)
	p.Owner, p.Corp = -1, c.Sym
	g.Phase = 1
	atOR(g, c, eighteen.StepTrack)
	g.Left["716"] = 0
	refuse(t, g, "Pres: MRTA LAY 716 0", "no tile #716 is left")
	play(t, g, "Pres: MRTA TOKEN")
	if c.Stations != 2 || !p.Closed {
		t.Errorf("after the Authority's station: %d stations, the Authority closed %v; want 2, closed", c.Stations, p.Closed)
	}
}

// TestRailroadBuysPrivateRange: a price outside half to double the
// printed one is refused naming the range, $25 to $100 for the Hotel
// (appendix).
func TestRailroadBuysPrivateRange(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	c.Cash = 500
	g.Private(HMH).Owner = 0
	g.Phase = 1
	atOR(g, c, eighteen.StepTrains)
	for _, price := range []string{"24", "101"} {
		refuse(t, g, "Pres: BUYPRIVATE HMH "+price, "HMH sells to a railroad for $25 to $100")
	}
}

// TestLayAsPrinted: a tile may be written with its # as printed (LAY F5
// #57 1).
func TestLayAsPrinted(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	atOR(g, c, eighteen.StepTrack)
	for _, o := range g.Legal(0) {
		if o.Verb == "LAY" {
			play(t, g, "Pres: LAY "+o.Args[0]+" #"+o.Args[1]+" "+o.Args[2])
			if p := g.Layout.Tiles[c.Home]; p.Tile == nil || p.Tile.ID != o.Args[1] {
				t.Errorf("LAY with #%s: the home city holds %+v", o.Args[1], p)
			}
			return
		}
	}
	t.Fatal("no lay on the home city is listed")
}

// TestNoSaleWhileStartpacket: nothing is sold while the Startpacket lasts,
// and the refusal says why (1.2).
func TestNoSaleWhileStartpacket(t *testing.T) {
	g := table(t, "Tom", "Dick", "Harry")
	refuse(t, g, "Tom: SELL PSW 1", "1.2")
}

// TestMenuNotes: the menu's lines say what each purchase costs: the
// Startpacket's first item, a president's certificate at twice the par, a
// share from the IPO at par and from the open market at its value.
func TestMenuNotes(t *testing.T) {
	g := table(t, "Tom", "Dick", "Harry")
	if menu := strings.Join(g.Menu(0), "\n"); !strings.Contains(menu, "BUY SL  ($20)") {
		t.Errorf("the Short Line's line: %s", menu)
	}
	g = afterStart(t, "Tom", "Dick", "Harry")
	c := floatAt(t, g, "BRN", eighteen.Pos{Row: 3, Col: 0}, 1, map[int]int{1: 3})
	g.MoveTo(&c.Corporation, eighteen.Pos{Row: 3, Col: 2})
	g.Transfer(&c.Corporation, eighteen.InIPO, eighteen.InPool, 1)
	g.startStockRound(false)
	g.r.Seat = 0
	menu := strings.Join(g.Menu(0), "\n")
	for _, want := range []string{
		"PAR PSW 60  ($120 for the president's certificate)",
		fmt.Sprintf("BUY BRN IPO  ($%d)", c.Par),
		fmt.Sprintf("BUY BRN POOL  ($%d)", g.Price(c)),
	} {
		if !strings.Contains(menu, want) {
			t.Errorf("no line %q in the menu:\n%s", want, menu)
		}
	}
	if c.Par == g.Price(c) {
		t.Fatalf("BRN's par and value are both $%d: the test needs them apart", c.Par)
	}
}

// TestStateEncodes: the position encodes without error and reads back as
// JSON.
func TestStateEncodes(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	b, err := g.State()
	if err != nil || !json.Valid(b) {
		t.Fatalf("State: %v, valid JSON %v", err, json.Valid(b))
	}
}
