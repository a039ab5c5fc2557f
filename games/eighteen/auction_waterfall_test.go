package eighteen

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// fallTable is a waterfall start of three players with $300 each and
// three privates, $20, $40 and $50, as 1870's initial round (5.7) plays
// it with bids of $5 steps.
type fallTable struct {
	b         *Base[tcorp, *tcorp]
	state     RoundState
	au        *WaterfallAuction
	held      error
	soldOut   []int
	allPassed int
	round     Round
}

func newFallTable(t *testing.T, discount int) *fallTable {
	t.Helper()
	b := NewBase[tcorp](Equipment{Board: &Board{}, Bank: 5000, Players: []string{"Ann", "Bob", "Cal"}, Capital: 900})
	for _, p := range []struct {
		sym  string
		cost int
	}{{"A", 20}, {"B", 40}, {"C", 50}} {
		b.Privates = append(b.Privates, NewPrivate(p.sym, p.sym, p.cost, 5))
	}
	ft := &fallTable{b: &b, state: RoundState{LastAct: -1}}
	b.Wire(Hooks{State: &ft.state})
	ft.round = Round{Name: "initial stock round", Steps: b.Waterfall(Waterfall{Rule: "5.7", Raise: 5, Discount: discount, Auction: &ft.au,
		Open: func() bool { return true }, Held: func() error { return ft.held },
		Sell: func(p *Private, seat, price int) {
			b.Players[seat].Cash -= price
			b.Bank += price
			p.Owner = seat
		},
		SoldOut:   func(buyer int) { ft.soldOut = append(ft.soldOut, buyer) },
		AllPassed: func() { ft.allPassed++; ft.state.Passes = 0 }})}
	return ft
}

func (ft *fallTable) play(seat int, line string) error {
	if !slices.Contains(ft.round.Acting(), seat) {
		return fmt.Errorf("it is not seat %d's turn", seat)
	}
	f := strings.Fields(line)
	return ft.round.Apply(move.Action{Seat: seat, Verb: f[0], Args: f[1:]})
}

func (ft *fallTable) options(seat int) []string {
	var out []string
	for _, o := range ft.round.Options(seat, move.Query{}) {
		out = append(out, o.String())
	}
	return out
}

// TestWaterfallPlays: the cheapest bought outright, bids on the dearer
// ones kept with their money set aside, the purchase that makes a private
// with two bidders the cheapest and sets off their auction, a drop-out
// that sells it, and a lone bidder's private sold at once after it.
func TestWaterfallPlays(t *testing.T) {
	ft := newFallTable(t, 0)
	b := ft.b
	if got, want := ft.options(0), []string{"PASS", "BUY A", "BID B <45 to 300>", "BID C <55 to 300>"}; !slices.Equal(got, want) {
		t.Fatalf("Ann's options %v, want %v", got, want)
	}
	for _, tc := range []struct {
		seat int
		move string
		want string // a fragment of the refusal, "" for made
	}{
		{0, "BID A 25", "bought outright"},
		{0, "BID B 44", "from $45"},
		{0, "BID B 45", ""},
		{1, "BID B 50", ""},
		{2, "BID C 55", ""},
		{0, "BUY B", "only the cheapest"},
		{0, "BID C 300", "to your $255"}, // $45 is set aside on B
		{0, "BUY A", ""},                 // B becomes the cheapest: Ann and Bob bid on it
		{1, "PASS", "not seat 1"},        // the auction starts left of the high bidder, Bob
		{0, "BID B 54", "beat $50 by $5"},
		{0, "BID C 60", "the auction is for B"},
		{0, "BID B 55", ""},
	} {
		err := ft.play(tc.seat, tc.move)
		switch {
		case tc.want == "" && err != nil:
			t.Fatalf("seat %d %s refused: %v", tc.seat, tc.move, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Fatalf("seat %d %s: %v, want a refusal saying %q", tc.seat, tc.move, err, tc.want)
		}
	}
	if got, want := ft.options(1), []string{"PASS", "BID B <60 to 300>"}; !slices.Equal(got, want) {
		t.Errorf("Bob's options in the auction %v, want %v", got, want)
	}
	if err := ft.play(1, "PASS"); err != nil {
		t.Fatal(err)
	}
	var owners []int
	for _, p := range b.Privates {
		owners = append(owners, p.Owner)
		if len(p.Bids) != 0 {
			t.Errorf("%s keeps its bids %v once sold", p.Sym, p.Bids)
		}
	}
	if !slices.Equal(owners, []int{0, 0, 2}) || ft.au != nil || !slices.Equal(ft.soldOut, []int{0}) {
		t.Errorf("owners %v, auction %v, sold out after %v; want Ann, Ann, Cal, none, after Ann's purchase", owners, ft.au, ft.soldOut)
	}
	if c := []int{b.Players[0].Cash, b.Players[1].Cash, b.Players[2].Cash}; !slices.Equal(c, []int{300 - 20 - 55, 300, 300 - 55}) {
		t.Errorf("cash %v", c)
	}
}

// TestWaterfallPassesAndHeld: every seat passing in succession is the
// title's to follow; a bid breaks the run; the cheapest costs more than
// a seat has; a question to answer first refuses a purchase with the
// title's reason.
func TestWaterfallPassesAndHeld(t *testing.T) {
	ft := newFallTable(t, 0)
	for i, line := range []string{"PASS", "BID B 45", "PASS", "PASS"} {
		if err := ft.play(i%3, line); err != nil {
			t.Fatal(err)
		}
	}
	if ft.allPassed != 0 {
		t.Fatal("three passes with a bid among them ended the round")
	}
	if err := ft.play(1, "PASS"); err != nil || ft.allPassed != 1 {
		t.Fatalf("the third pass in succession: %v, all passed %d times", err, ft.allPassed)
	}
	ft.b.Players[2].Cash = 10
	if err := ft.play(2, "BUY A"); err == nil || !strings.Contains(err.Error(), "costs $20") {
		t.Errorf("BUY A with $10: %v", err)
	}
	ft.held = errors.New("answer the question first")
	if err := ft.play(2, "BUY A"); err == nil || !strings.Contains(err.Error(), "question") {
		t.Errorf("BUY with a question open: %v", err)
	}
}

// TestWaterfallDiscount: each time every seat passes the first private
// costs less, and at nothing the seat to act has it, which makes the next
// the cheapest.
func TestWaterfallDiscount(t *testing.T) {
	ft := newFallTable(t, 10)
	seat := 0
	for round, want := range []int{10, 0} {
		for range 3 {
			if err := ft.play(seat, "PASS"); err != nil {
				t.Fatal(err)
			}
			seat = (seat + 1) % 3
		}
		if a := ft.b.Private("A"); a.Cost != want || (want == 0) != (a.Owner == 0) {
			t.Fatalf("after %d rounds of passes A costs $%d, owner %d", round+1, a.Cost, a.Owner)
		}
	}
	if ft.b.Lowest().Sym != "B" || ft.state.Seat != 0 || ft.allPassed != 2 {
		t.Errorf("the cheapest is %s, seat %d to act, all passed %d times", ft.b.Lowest().Sym, ft.state.Seat, ft.allPassed)
	}
}
