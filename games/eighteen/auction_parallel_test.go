package eighteen

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// parallelTable is an 18MW initial stock round of three players with
// $450 each (18MW setup) and four of its privates at face value: the
// Hannibal and St. Joseph $40, the Saint Louis and Alton $70, the Saint
// Louis Freight Line $80, the Lacrosse and Milwaukee $90.
type parallelTable struct {
	b     *Base[tcorp, *tcorp]
	state RoundState
	au    ParallelAuction
	over  []int // the last bidders Over was told of
	limit error // what the title's check says of every bid
	round Round
}

func newParallelTable(t *testing.T, rebid bool) *parallelTable {
	t.Helper()
	b := NewBase[tcorp](Equipment{Board: &Board{}, Bank: 12000, Players: []string{"Ann", "Bob", "Cal"}, Capital: 1350})
	for _, p := range []struct {
		sym  string
		cost int
	}{{"HSJ", 40}, {"SLA", 70}, {"SLFL", 80}, {"LM", 90}} {
		b.Privates = append(b.Privates, NewPrivate(p.sym, p.sym, p.cost, 10))
	}
	pt := &parallelTable{b: &b, state: RoundState{LastAct: -1}, au: NewParallelAuction()}
	b.Wire(Hooks{State: &pt.state})
	pt.round = Round{Name: "initial stock round", Steps: []Step{b.Parallel(Parallel{Rule: "MW-ISR", Raise: 5, Rebid: rebid, Auction: &pt.au,
		Open: func() bool { return true }, Allowed: func(int, string) error { return pt.limit },
		Sell: func(p *Private, seat, price int) {
			b.Players[seat].Cash -= price
			b.Bank += price
			p.Owner = seat
		},
		Over: func(last int) { pt.over = append(pt.over, last) }})}}
	return pt
}

func (pt *parallelTable) play(t *testing.T, seat int, line string) error {
	t.Helper()
	f := strings.Fields(line)
	if !slices.Contains(pt.round.Acting(), seat) {
		return fmt.Errorf("it is not seat %d's turn", seat)
	}
	return pt.round.Apply(move.Action{Seat: seat, Verb: f[0], Args: f[1:]})
}

// options are a seat's options written out.
func (pt *parallelTable) options(seat int) []string {
	var out []string
	for _, o := range pt.round.Options(seat, move.Query{}) {
		out = append(out, o.String())
	}
	return out
}

// TestParallelAuctionPlays plays 18MW's initial round: bids on several
// privates at once, each seat's bids set aside, an outbid seat's money
// returned and that auction left, refusals of bids under the face value,
// under the raise, over the money free or on one's own high bid, a bid
// that breaks a run of passes, and the sale when every seat has passed
// in succession, the unbid private left unsold.
func TestParallelAuctionPlays(t *testing.T) {
	pt := newParallelTable(t, false)
	b := pt.b
	if got, want := pt.options(0), []string{"PASS", "BID HSJ <40 to 450>", "BID SLA <70 to 450>", "BID SLFL <80 to 450>", "BID LM <90 to 450>"}; !slices.Equal(got, want) {
		t.Fatalf("Ann's first options %v, want %v", got, want)
	}
	if pt.options(1) != nil {
		t.Fatalf("Bob is offered %v out of turn", pt.options(1))
	}
	for _, tc := range []struct {
		seat int
		move string
		want string // a fragment of the refusal, "" for made
	}{
		{0, "BID LM 85", "from $90"},    // bids start at face value
		{0, "BID HSJ 40", ""},           // Ann: $40 set aside
		{1, "BID HSJ 44", "from $45"},   // a raise is $5 at least
		{1, "BID HSJ 45", ""},           // Bob outbids Ann, whose $40 comes back
		{2, "BID SLA 300", ""},          // Cal: $150 left free
		{0, "BID HSJ 50", "outbid"},     // Ann has left the HSJ's auction
		{0, "BID SLFL 80", ""},          // and bids on another with her money back
		{1, "BID HSJ 50", "high bid"},   // Bob already holds the HSJ's high bid
		{1, "PASS", ""},                 // one pass
		{2, "BID SLFL 160", "$150 not"}, // more than Cal has free of his bids
		{2, "PASS", ""},                 // two passes
		{0, "BID SLA 305", ""},          // Ann outbids Cal: the passes start again
		{0, "PASS", "not seat 0"},       // it is Bob's turn
		{1, "PASS", ""},                 //
		{2, "BID SLA 310", "outbid"},    // Cal is out of the SLA's auction
		{2, "PASS", ""},                 // two passes since the last bid
	} {
		err := pt.play(t, tc.seat, tc.move)
		switch {
		case tc.want == "" && err != nil:
			t.Fatalf("seat %d %s refused: %v", tc.seat, tc.move, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Fatalf("seat %d %s: %v, want a refusal saying %q", tc.seat, tc.move, err, tc.want)
		}
	}
	if got := b.Committed(0, ""); got != 305+80 {
		t.Errorf("Ann has $%d set aside, want $385", got)
	}
	if got := pt.options(0); !slices.Equal(got, []string{"PASS"}) {
		t.Errorf("Ann, outbid on one, high on two and $65 free, is offered %v; want PASS alone", got)
	}
	if len(pt.over) != 0 || b.Private("HSJ").Owner >= 0 {
		t.Fatal("the auction ended before every seat passed in succession")
	}
	if err := pt.play(t, 0, "PASS"); err != nil {
		t.Fatal(err)
	}
	owners := map[string]int{}
	for _, p := range b.Privates {
		owners[p.Sym] = p.Owner
		if len(p.Bids) != 0 {
			t.Errorf("%s keeps bids %v after the sale", p.Sym, p.Bids)
		}
	}
	if want := map[string]int{"HSJ": 1, "SLA": 0, "SLFL": 0, "LM": -1}; !mapsEqual(owners, want) {
		t.Errorf("owners %v, want %v", owners, want)
	}
	if c := []int{b.Players[0].Cash, b.Players[1].Cash, b.Players[2].Cash}; !slices.Equal(c, []int{450 - 305 - 80, 450 - 45, 450}) {
		t.Errorf("cash %v after the sale", c)
	}
	if !slices.Equal(pt.over, []int{0}) {
		t.Errorf("Over told %v, want the last bidder, Ann (seat 0)", pt.over)
	}
	if pt.au.LastBid != -1 || len(pt.au.Out) != 0 {
		t.Errorf("the auction's state %+v is not fresh after the sale", pt.au)
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestParallelRebid: an outbid seat leaves the private's auction, unless
// the title lets it bid again.
func TestParallelRebid(t *testing.T) {
	for _, rebid := range []bool{false, true} {
		pt := newParallelTable(t, rebid)
		for i, line := range []string{"BID HSJ 40", "BID HSJ 45", "PASS"} {
			if err := pt.play(t, i, line); err != nil {
				t.Fatal(err)
			}
		}
		offered := slices.Contains(pt.options(0), "BID HSJ <50 to 450>")
		if err := pt.play(t, 0, "BID HSJ 50"); offered != rebid || (err == nil) != rebid {
			t.Errorf("rebid %v: HSJ offered %v, BID HSJ 50 gives %v", rebid, offered, err)
		}
	}
}

// TestParallelNoBids: every seat passing with no bid made sells nothing
// and tells the title no one bid.
func TestParallelNoBids(t *testing.T) {
	pt := newParallelTable(t, false)
	for seat := range 3 {
		if err := pt.play(t, seat, "PASS"); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(pt.over, []int{-1}) || pt.b.Lowest().Sym != "HSJ" || pt.b.Bank != 12000-1350 {
		t.Errorf("Over told %v, cheapest unsold %s, bank $%d", pt.over, pt.b.Lowest().Sym, pt.b.Bank)
	}
}

// TestParallelAllowed: the title's own check refuses a bid.
func TestParallelAllowed(t *testing.T) {
	pt := newParallelTable(t, false)
	pt.limit = errors.New("over the certificate limit")
	if err := pt.play(t, 0, "BID HSJ 40"); err == nil || !strings.Contains(err.Error(), "certificate limit") {
		t.Errorf("a bid the title refuses: %v", err)
	}
}

// TestParallelChoice: the computer bids the least on the cheapest
// private it may while that is within its margin over face value and half
// its free money, and passes when none is.
func TestParallelChoice(t *testing.T) {
	pt := newParallelTable(t, false)
	choose := func(seat, over int) string {
		by := map[string][]move.Option{}
		for _, o := range pt.round.Options(seat, move.Query{}) {
			by[o.Verb] = append(by[o.Verb], o)
		}
		a, ok := pt.b.ParallelChoice(seat, over, by)
		if !ok {
			return "none"
		}
		return a.String()
	}
	for _, tc := range []struct {
		seat, over int
		play, want string
	}{
		{0, 0, "BID HSJ 40", "BID HSJ 40"},
		{1, 0, "BID SLA 70", "BID SLA 70"}, // HSJ's least bid, $45, is over its face value
		{2, 5, "BID HSJ 45", "BID HSJ 45"}, // within a $5 margin
		{0, 100, "PASS", "BID SLA 75"},     // Ann, outbid on HSJ, is out of its auction
	} {
		if got := choose(tc.seat, tc.over); got != tc.want {
			t.Fatalf("seat %d with a margin of $%d chooses %s, want %s", tc.seat, tc.over, got, tc.want)
		}
		if err := pt.play(t, tc.seat, tc.play); err != nil {
			t.Fatal(err)
		}
	}
	pt.b.Players[1].Cash = 100
	if got := choose(1, 100); got != "none" {
		t.Errorf("Bob, with $30 free of his $70 bid, chooses %s; want nothing", got)
	}
}
