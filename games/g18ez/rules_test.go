package g18ez

import (
	"fmt"
	"slices"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// atOR puts a company's turn at a step of the first OR.
func atOR(g *Game, c *Corp, step int) {
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, Corp: c.Sym, Step: step, LastAct: -1}}
}

// TestStationRules: a station costs $40 then $100 and needs the money; a
// home city's last room is kept for its railroad until it operates (2.5).
func TestStationRules(t *testing.T) {
	for _, reserved := range []bool{false, true} {
		g := afterStart(t, "Pres", "Other")
		c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
		layWith(t, g, c, "F5", 1, 4)
		layWith(t, g, c, "F7", 1, 4)
		layWith(t, g, c, "F9", 1, 4) // Mitsushi, the home of M3
		m3 := g.Corp("M3")
		m3.Operating = !reserved
		atOR(g, c, eighteen.StepToken)
		if reserved {
			c.Cash = 100
			refuse(t, g, "Pres: TOKEN F9", "2.5")
			continue
		}
		c.Cash = 39
		refuse(t, g, "Pres: TOKEN F9", "2.5")
		c.Cash = 40
		play(t, g, "Pres: TOKEN F9")
		if c.Cash != 0 || c.Stations != 2 {
			t.Errorf("after the second station: $%d, %d stations", c.Cash, c.Stations)
		}
	}
}

// TestHomeFirst: a railroad whose home city is bare lays its first tile
// there (2.3).
func TestHomeFirst(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	atOR(g, c, eighteen.StepTrack)
	for _, o := range g.Legal(0) {
		if o.Verb == "LAY" && o.Args[0] != c.Home.String() {
			t.Fatalf("%s listed before the home tile", o)
		}
	}
	refuse(t, g, "Pres: LAY E4 3 0", "first tile must go on its home city")
	home := ""
	for _, o := range g.Legal(0) {
		if o.Verb == "LAY" {
			home = o.Action(0).String()
		}
	}
	if home == "" {
		t.Fatal("no lay on the bare home city is listed")
	}
	play(t, g, "Pres: "+home)
	if !c.Operating {
		t.Error("the home tile is down but no station was placed (2.3)")
	}
}

// TestRailroadBuysPrivate: from the first 3 a major buys a player's
// private for half to double its price, never the Obsidian; before the
// first 3 it may not (appendix, 2.8).
func TestRailroadBuysPrivate(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	c.Cash = 500
	hmh, obs := g.Private(HMH), g.Private(OBS)
	hmh.Owner, obs.Owner = 0, 0
	atOR(g, c, eighteen.StepTrains)
	refuse(t, g, "Pres: BUYPRIVATE HMH 50", "2.8")
	g.Phase = 1
	refuse(t, g, "Pres: BUYPRIVATE HMH 24", "appendix")
	refuse(t, g, "Pres: BUYPRIVATE HMH 101", "appendix")
	refuse(t, g, "Pres: BUYPRIVATE OBS 150", "appendix")
	play(t, g, "Pres: BUYPRIVATE HMH 100")
	if !hmh.Owned(c.Sym) || c.Cash != 400 {
		t.Fatalf("HMH owned by GVP %v, GVP $%d", hmh.Owned(c.Sym), c.Cash)
	}
}

// TestHotel: the Hotel's token adds $10 to its railroad's runs through the
// city and closes the Hotel (appendix).
func TestHotel(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	withRoute(t, g, c)
	c.Trains = []int{2}
	g.Private(HMH).Owner, g.Private(HMH).Corp = -1, c.Sym
	atOR(g, c, eighteen.StepRun)
	g.advance()
	base := g.r.Revenue
	atOR(g, c, eighteen.StepTrack)
	play(t, g, "Pres: HOTEL "+c.Home.String())
	if !g.Private(HMH).Closed {
		t.Error("the Hotel is open after its token is placed")
	}
	atOR(g, c, eighteen.StepRun)
	g.advance()
	if g.r.Revenue != base+10 {
		t.Errorf("run $%d with the Hotel, $%d without: want $10 more", g.r.Revenue, base)
	}
}

// TestSDRTurnRules: no selling in the initial SDR (1.5, rulings EZ11); a
// company sold may not be bought back in the same SDR, nor one bought be
// sold (1.13).
func TestSDRTurnRules(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	floatAt(t, g, "PSW", eighteen.Pos{Row: 2, Col: 2}, 0, map[int]int{0: 3, 1: 2})
	floatAt(t, g, "BRN", eighteen.Pos{Row: 2, Col: 2}, 1, map[int]int{1: 3})
	g.Players[1].Cash = 500
	for g.Acting()[0] != 0 {
		play(t, g, "Dick: PASS")
	}
	refuse(t, g, "Tom: SELL PSW 1", "1.5")
	g.startStockRound(false)
	g.r.Seat = 0
	play(t, g, "Tom: SELL PSW 1")
	refuse(t, g, "Tom: BUY PSW POOL", "1.13")
	play(t, g, "Tom: DONE", "Dick: BUY PSW POOL")
	refuse(t, g, "Dick: SELL PSW 1", "1.13")
	play(t, g, "Dick: SELL BRN 1")
}

// TestFloatAtHalf: a major floats at the end of the SDR once half its
// shares are bought from the IPO, not before (1.6, 1.9).
func TestFloatAtHalf(t *testing.T) {
	for _, tc := range []struct {
		bought int
		floats bool
	}{{4, false}, {5, true}} {
		g := afterStart(t, "Tom", "Dick")
		c := g.Corp("MR")
		c.Started, c.Par, c.President = true, 80, 0
		deal(g, c, 0, tc.bought)
		g.endStockRound()
		if c.Floated != tc.floats || (tc.floats && c.Cash != 800) {
			t.Errorf("%d bought: floated %v with $%d", tc.bought, c.Floated, c.Cash)
		}
	}
}

// TestTrainLimit: a railroad at its limit buys no more trains (2.8).
func TestTrainLimit(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	c.Trains, c.Cash = []int{2, 2, 2}, 500
	atOR(g, c, eighteen.StepTrains)
	refuse(t, g, "Pres: BUYTRAIN 2", "2.8")
}

// TestMinorTrainLimit: a minor railroad may own 2 trains in every phase
// it runs in, the first 2 to the first 5 (2.8's chart: "Train limit =
// Major 3 / Minor 2"); with one it may buy a second. At its limit it is
// refused a third, none is listed, and its turn ends without a word from
// its owner.
func TestMinorTrainLimit(t *testing.T) {
	for _, tc := range []struct {
		phase int   // the phase's index: the first 2, 3, 4, 5 sold
		owned []int // its trains at the limit
		buy   int   // the train the bank sells
	}{
		{0, []int{2, 2}, 2},
		{1, []int{2, 3}, 3},
		{2, []int{3, 4}, 4},
		{3, []int{4, 5}, 5},
	} {
		g := afterStart(t, "Pres", "Other")
		m := g.Corp("M1")
		owner := g.Players[m.President].Name
		sellDepot(g, tc.buy)
		g.Phase = tc.phase
		buy := fmt.Sprintf("%s: BUYTRAIN %d", owner, tc.buy)

		m.Trains, m.Cash = tc.owned[:1], 1000
		atOR(g, m, eighteen.StepTrains)
		play(t, g, buy)
		if len(m.Trains) != 2 {
			t.Fatalf("phase of the %d: M1 holds %v after buying a second", tc.buy, m.Trains)
		}

		m.Trains, m.Operated = slices.Clone(tc.owned), false
		atOR(g, m, eighteen.StepTrains)
		for _, o := range g.Legal(m.President) {
			if o.Verb == "BUYTRAIN" {
				t.Errorf("phase of the %d: %s listed for M1 with %v", tc.buy, o, tc.owned)
			}
		}
		refuse(t, g, buy, "2.8")
		g.advance()
		if !m.Operated {
			t.Errorf("phase of the %d: M1 at its limit still waits: %s", tc.buy, g.Now())
		}
	}
}

// TestPacketCertificateLimit: the Startpacket's items count against the
// certificate limit (1.8).
func TestPacketCertificateLimit(t *testing.T) {
	g := table(t, "A", "B", "C", "D", "E", "F")
	for _, c := range []string{"PSW", "BCRR", "BRN", "MYR", "MR", "GVP"} {
		g.Corp(c).President = 0
		deal(g, g.Corp(c), 0, 2)
	}
	for _, c := range g.Corps {
		if c.Kind == kindMajor {
			c.Floated = true
		}
	}
	g.Private(HMH).Owner, g.Private(MRTA).Owner, g.Private(OBS).Owner = 0, 0, 0
	g.Packet.Item(HMH).Sold, g.Packet.Item(MRTA).Sold, g.Packet.Item(OBS).Sold = true, true, true
	g.Corp("M2").President, g.Corp("M2").Started = 0, true
	if g.Certs(0) != g.Limit() {
		t.Fatalf("A holds %d certificates, want the limit %d", g.Certs(0), g.Limit())
	}
	refuse(t, g, "A: BUY SL", "1.8")
}

// TestClaySaysWorth: net worth is cash and each share at its value; the
// treasuries and privates count nothing (2.13). The rulebook's table adds
// Red Line 4 @ $170 as $480, which its total keeps: the value is a
// misprint for $120 (rulings EZ18); the engine multiplies.
func TestClaySaysWorth(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	values := map[string]eighteen.Pos{"PSW": {Row: 0, Col: 10}, "BCRR": {Row: 0, Col: 5}, "BRN": {Row: 2, Col: 4}, "MR": {Row: 0, Col: 3}}
	holds := map[string]int{"PSW": 6, "BCRR": 6, "BRN": 4, "MR": 2}
	for sym, pos := range values {
		floatAt(t, g, sym, pos, 0, map[int]int{0: holds[sym]})
		g.Corp(sym).Cash = 999
	}
	g.Players[0].Cash = 1846 + 100 // cash with the bank's IOU
	if got, want := g.Score(0), 6*200+6*150+4*120+2*130+1846+100; got != want {
		t.Errorf("worth $%d, want $%d", got, want)
	}
}

// TestAuthorityTile: the Authority lets its major upgrade Metropolis
// without a route there, in addition to its own lay, and only once
// (appendix; rulings EZ7).
func TestAuthorityTile(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 1}, 0, map[int]int{0: 5})
	homeStation(t, g, c)
	p := g.Private(MRTA)
	p.Owner, p.Corp = -1, c.Sym
	atOR(g, c, eighteen.StepTrack)
	refuse(t, g, "Pres: MRTA LAY 716 0", "2.4") // no green before the first 3
	g.Phase = 1
	var lay string
	for _, o := range g.Legal(0) {
		if o.Verb == "MRTA" && o.Args[0] == "LAY" {
			lay = o.Action(0).String()
			break
		}
	}
	if lay == "" {
		t.Fatal("no Authority lay listed in the green phase")
	}
	play(t, g, "Pres: "+lay)
	if p := g.Layout.Tiles[g.metropolis()]; p.Tile.ID != "716" || g.r.Laid {
		t.Fatalf("Metropolis has #%s; the company's own lay used: %v", p.Tile.ID, g.r.Laid)
	}
	refuse(t, g, "Pres: "+lay, "once")
}

// TestBankBreaks: when the bank runs out the game goes on to the end of
// the set of ORs, the bank owing the rest (IOUs), and then ends (2.13).
func TestBankBreaks(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 1}, 0, map[int]int{0: 5})
	for _, o := range g.Corps {
		o.Operated = o != c
	}
	atDividend(g, c, 100)
	g.Bank = 30
	cash := g.Players[0].Cash
	for _, p := range g.Privates {
		if p.Owner == 0 && !p.Closed {
			cash += p.Revenue // paid again as OR 2 begins (2.1)
		}
	}
	play(t, g, "Pres: PAY")
	if g.Players[0].Cash != cash+50 || g.Bank >= 0 {
		t.Fatalf("paid $%d with the bank at $%d: want the $50 in full, the bank owing", g.Players[0].Cash-cash, g.Bank)
	}
	if g.Over() || g.r.Kind != operatingRound || g.r.OR != 2 {
		t.Fatalf("over %v, round %d OR %d: want the set's second OR played", g.Over(), g.r.Kind, g.r.OR)
	}
	for _, o := range g.Corps {
		o.Operated = true
	}
	g.r.Corp = ""
	g.advance()
	if !g.Over() {
		t.Errorf("the set is done and the bank broke, but the game goes on: %s", g.Now())
	}
}

// TestOperatingOrderAsEachOperates: the order of the majors is read from
// the SPI as each comes to operate, not fixed when the OR begins (2.1;
// rulings EZ19). MR stands above PSW when the OR starts; GVP's president,
// forced to find money for a train, sells two of MR, which drops two rows
// below PSW (2.10, 1.14); PSW operates next.
func TestOperatingOrderAsEachOperates(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	gvp := floatAt(t, g, "GVP", eighteen.Pos{Row: 0, Col: 5}, 0, map[int]int{0: 5})
	mr := floatAt(t, g, "MR", eighteen.Pos{Row: 0, Col: 2}, 1, map[int]int{1: 5, 0: 3})
	psw := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 2}, 1, map[int]int{1: 5})
	withRoute(t, g, gvp)
	sellDepot(g, 3)
	g.Phase = 1
	g.startOR(1)
	for _, o := range g.Corps {
		o.Operated = o != mr && o != psw
	}
	if g.Price(mr) <= g.Price(psw) {
		t.Fatalf("MR $%d, PSW $%d: want MR above PSW as the OR begins", g.Price(mr), g.Price(psw))
	}
	atTrains(g, gvp)
	gvp.Cash, g.Players[0].Cash = 0, 10
	g.advance()
	if !g.r.Forced {
		t.Fatalf("no forced purchase: %s", g.Now())
	}
	play(t, g, "Pres: SELL MR 2", "Pres: BUYTRAIN 3") // the turn ends: nothing more to buy
	if g.Price(mr) >= g.Price(psw) {
		t.Fatalf("after the sale MR $%d, PSW $%d: want MR below", g.Price(mr), g.Price(psw))
	}
	if g.r.Corp != psw.Sym {
		t.Errorf("%s operates after GVP; want PSW, now above MR on the SPI", g.r.Corp)
	}
}

// TestUnfloatedMajorAtPar: a major whose president's certificate is
// bought but which has not floated counts its par in its holders' worth
// (2.13, 1.5; rulings EZ20): buying the certificate leaves a player's worth
// as it was.
func TestUnfloatedMajorAtPar(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	tom := g.Acting()[0]
	before := g.Score(tom)
	play(t, g, g.Players[tom].Name+": PAR PSW 90")
	c := g.Corp("PSW")
	if c.Floated || g.Players[tom].Units("PSW") != 2 {
		t.Fatalf("PSW floated %v, %d shares held; want the president's certificate alone", c.Floated, g.Players[tom].Units("PSW"))
	}
	if got := g.Score(tom); got != before {
		t.Errorf("worth $%d after the $180 certificate, want $%d: its two shares at the $90 par", got, before)
	}
}
