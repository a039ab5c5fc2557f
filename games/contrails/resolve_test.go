package contrails

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestBankLoansAtTheirLimits: a tycoon borrows up to his available credit
// and repays up to his cash and his loan (10.1A); an order at the limit
// stands without a note, one past it is cut with one; what he repays
// counts against a recall announced (3.5C).
func TestBankLoansAtTheirLimits(t *testing.T) {
	m, s0 := scenario(t)
	avail := AvailableCredit(s0.Players[0].NetWorth, 0, Normal)
	for _, tc := range []struct {
		name         string
		loan, recall int64
		order        int64
		wantLoan     int64
		wantRecall   int64
		note         string // "" for none
	}{
		{"borrow the credit available", 0, 0, avail, avail, 0, ""},
		{"borrow a dollar more", 0, 0, avail + 1, avail, 0, "Loan cut from"},
		{"repay the whole loan", 1000, 0, -1000, 0, 0, ""},
		{"repay a dollar more than the loan", 1000, 0, -1001, 0, 0, "Repayment cut from $1001 to $1000"},
		{"repay part of a recall", 1000, 800, -500, 500, 300, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			p := s.Player(1)
			p.Loan, p.Recall = tc.loan, tc.recall
			s.transfer(bank, playerAcct(1), tc.loan, "test")
			tn := newTurn(m, s, only(map[int]Orders{1: {Borrow: tc.order}}), rand.New(rand.NewPCG(1, 1)))
			tn.bankLoans()
			notes := notesFor(tn.events, 1)
			if p.Loan != tc.wantLoan || p.Recall != tc.wantRecall || (tc.note == "") != (notes == "") || !strings.Contains(notes, tc.note) {
				t.Errorf("loan $%d, recall $%d, notes %q; want $%d, $%d, note %q", p.Loan, p.Recall, notes, tc.wantLoan, tc.wantRecall, tc.note)
			}
		})
	}
	_ = m
}

// TestPresidentLoansAtTheirLimits: a President lends his railroad up to
// his cash (4.4A), and it repays him up to its debt to him and the cash it
// began the turn with (4.4B); an order at the limit stands without a note,
// one past it is cut with one.
func TestPresidentLoansAtTheirLimits(t *testing.T) {
	for _, tc := range []struct {
		name            string
		debt, startCash int64
		order           int64
		wantDebt        int64
		note            string
	}{
		{"lend all his cash", 0, 1000, StartCash, StartCash, ""},
		{"lend a dollar more", 0, 1000, StartCash + 1, StartCash, "loan cut from"},
		{"be repaid the whole debt", 700, 1000, -700, 0, ""},
		{"be repaid a dollar more than the debt", 700, 1000, -701, 0, "repayment cut from $701 to $700"},
		{"be repaid the railroad's starting cash", 2000, 1000, -1000, 1000, ""},
		{"be repaid a dollar more than that", 2000, 1000, -1001, 1000, "repayment cut from $1001 to $1000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			rr := &s.Railroads[0]
			presideOver(m, s, 1, rr.Abbr, 0)
			rr.PresDebt = tc.debt
			s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash-tc.startCash, "test")
			s.transfer(playerAcct(1), bank, s.Player(1).Cash-StartCash, "test")
			tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {PresidentLoan: tc.order}}}}), rand.New(rand.NewPCG(1, 1)))
			tn.presidentLoans()
			notes := notesFor(tn.events, 1)
			moved := rr.Cash - tc.startCash
			if rr.PresDebt != tc.wantDebt || moved != tc.wantDebt-tc.debt || s.Player(1).Cash != StartCash-moved ||
				(tc.note == "") != (notes == "") || !strings.Contains(notes, tc.note) {
				t.Errorf("debt $%d, railroad's cash moved $%d, notes %q; want $%d, $%d, note %q", rr.PresDebt, moved, notes, tc.wantDebt, tc.wantDebt-tc.debt, tc.note)
			}
		})
	}
}

// TestDebtRepaidLoansFirst: a railroad repays its bank loans first, then
// its bonds, from its cash (10.2B).
func TestDebtRepaidLoansFirst(t *testing.T) {
	for _, tc := range []struct {
		order, cash                int64
		wantLoans, wantBonds, paid int64
	}{
		{600, 5000, 400, 2000, 600},
		{1500, 5000, 0, 1500, 1500},
		{5000, 5000, 0, 0, 3000},
		{1500, 1200, 0, 1800, 1200},
	} {
		m, s := scenario(t)
		rr := &s.Railroads[0]
		presideOver(m, s, 1, rr.Abbr, 0)
		rr.Loans, rr.Bonds = 1000, 2000
		s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash-tc.cash, "test")
		tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {RepayDebt: tc.order}}}}), rand.New(rand.NewPCG(1, 1)))
		tn.repayDebt()
		if rr.Loans != tc.wantLoans || rr.Bonds != tc.wantBonds || tc.cash-rr.Cash != tc.paid {
			t.Errorf("repaying $%d from $%d: loans $%d, bonds $%d, paid $%d; want $%d, $%d, $%d", tc.order, tc.cash, rr.Loans, rr.Bonds, tc.cash-rr.Cash, tc.wantLoans, tc.wantBonds, tc.paid)
		}
	}
}

// TestTreasuryToPresidentLimits: a President buys treasury stock at half
// the start price, as much as he orders, the treasury holds and his cash
// pays for (10.2C2); an order met in full has no note, a cut one has.
func TestTreasuryToPresidentLimits(t *testing.T) {
	for _, tc := range []struct {
		name        string
		order, cash int // cash in shares at half price, plus $1
		treasury    int
		want        int
	}{
		{"all he orders", 20, 100, 50, 20},
		{"as many as his cash pays for", 20, 7, 50, 7},
		{"all the treasury holds", 60, 100, 50, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			rr := &s.Railroads[0]
			presideOver(m, s, 1, rr.Abbr, 0)
			each := int64(rr.Price / 2)
			rr.Authorized += tc.treasury - rr.Treasury
			rr.Treasury = tc.treasury
			p := s.Player(1)
			s.transfer(playerAcct(1), bank, p.Cash-int64(tc.cash)*each-1, "test")
			shares := p.Shares[rr.Abbr]
			tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {TreasuryToPres: tc.order}}}}), rand.New(rand.NewPCG(1, 1)))
			tn.treasuryToPresident()
			notes := notesFor(tn.events, 1)
			if got := p.Shares[rr.Abbr] - shares; got != tc.want || rr.Treasury != tc.treasury-tc.want || p.Cash != int64(tc.cash-tc.want)*each+1 ||
				strings.Contains(notes, "cut") != (tc.want < tc.order) {
				t.Errorf("bought %d, treasury %d, cash $%d, notes %q; want %d at $%d", got, rr.Treasury, p.Cash, notes, tc.want, each)
			}
		})
	}
}

// TestMessagesUpToEightyCharacters: a message of 80 characters is held
// whole without a note, one of 81 is cut with one, and a blank one is no
// message (10.1G).
func TestMessagesUpToEightyCharacters(t *testing.T) {
	for _, n := range []int{0, 80, 81} {
		m, s := scenario(t)
		tn := newTurn(m, s, only(map[int]Orders{1: {Message: strings.Repeat("é", n)}}), rand.New(rand.NewPCG(1, 1)))
		tn.personalNotes()
		held := 0
		for _, msg := range s.Pending {
			held += len([]rune(msg.Text))
		}
		if held != min(n, MessageLength) || len(s.Pending) != min(n, 1) || strings.Contains(notesFor(tn.events, 1), "cut") != (n > MessageLength) {
			t.Errorf("a message of %d characters: %d held in %d messages, notes %q", n, held, len(s.Pending), notesFor(tn.events, 1))
		}
	}
}

// TestPCSalesAtTheirLimits: a PC goes to the best bid at or over the
// asking price from a bidder whose cash pays it (10.1B5); a tycoon with
// one PC may bid for one more (10.1B1); the public buys a player's PC
// offered under $10 a mile, not at $10 (10.1B1c); and a first asking
// price may be 20% over what was paid when that is over $10 a mile
// (10.1B1b).
func TestPCSalesAtTheirLimits(t *testing.T) {
	m, s := scenario(t)
	o := s.Offers[0]
	t.Run("a bid of the asking price, all his cash", func(t *testing.T) {
		m, s := scenario(t)
		s.transfer(playerAcct(1), bank, s.Player(1).Cash-o.Asking, "test")
		tn := newTurn(m, s, only(map[int]Orders{1: {PCBids: []PCBid{{Code: o.Code, Amount: o.Asking}}}}), rand.New(rand.NewPCG(1, 1)))
		tn.privateCompanies()
		if ownsPC(s.Player(1), o.Code) < 0 || s.Player(1).Cash != 0 || notesFor(tn.events, 1) != "" {
			t.Errorf("holds %+v with $%d left, notes %q; want %s bought for all his $%d", s.Player(1).PCs, s.Player(1).Cash, notesFor(tn.events, 1), o.Code, o.Asking)
		}
	})
	// Bids over the cash are cut from the last (10.1B4).
	for _, tc := range []struct {
		name             string
		cash             int64
		first, second    int64
		cutFirst, cutSec int64
	}{
		{"the second cut to what the first leaves", 1000, 600, 700, 0, 300},
		{"the second dropped, the first cut", 500, 600, 700, 100, 700},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			a, b := s.Offers[0], s.Offers[1]
			s.transfer(playerAcct(1), bank, s.Player(1).Cash-tc.cash, "test")
			tn := newTurn(m, s, only(map[int]Orders{1: {PCBids: []PCBid{{Code: a.Code, Amount: tc.first}, {Code: b.Code, Amount: tc.second}}}}), rand.New(rand.NewPCG(1, 1)))
			tn.privateCompanies()
			notes := notesFor(tn.events, 1)
			for _, c := range []struct {
				code string
				cut  int64
			}{{a.Code, tc.cutFirst}, {b.Code, tc.cutSec}} {
				if want := fmt.Sprintf("Bid for %s cut by $%d ", c.code, c.cut); strings.Contains(notes, want) != (c.cut > 0) {
					t.Errorf("notes %q; want %q: %v", notes, want, c.cut > 0)
				}
			}
		})
	}
	t.Run("one PC held, one more bought", func(t *testing.T) {
		m, s := scenario(t)
		held, a, b := s.Offers[0], s.Offers[1], s.Offers[2]
		s.Offers = s.Offers[1:]
		s.Player(1).PCs = []OwnedPC{{Code: held.Code, Paid: held.Asking}}
		tn := newTurn(m, s, only(map[int]Orders{1: {PCBids: []PCBid{{Code: a.Code, Amount: a.Asking}, {Code: b.Code, Amount: b.Asking}}}}), rand.New(rand.NewPCG(1, 1)))
		tn.privateCompanies()
		if pcs := s.Player(1).PCs; len(pcs) != 2 || pcs[1].Code != a.Code || !strings.Contains(notesFor(tn.events, 1), "Bid for "+b.Code+" ignored: you may hold at most two PCs") {
			t.Errorf("holds %+v, notes %q; want %s and %s only, the bid for %s ignored", pcs, notesFor(tn.events, 1), held.Code, a.Code, b.Code)
		}
	})
	r, _ := m.Route(o.Code)
	for _, tc := range []struct {
		name        string
		paid, order int64 // a mile
		asking      int64 // a mile, what it is offered at
		publicBuys  bool
	}{
		{"offered at $10 a mile: the public does not buy", 5, 10, 10, false},
		{"offered a dollar under: it does", 5, 0, 0, true},
		{"paid $15 a mile: asks at most $18", 15, 100, 18, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			s.Offers = s.Offers[1:]
			s.Player(1).PCs = []OwnedPC{{Code: o.Code, Paid: tc.paid * int64(r.Miles)}}
			price, want := tc.order*int64(r.Miles), tc.asking*int64(r.Miles)
			if tc.publicBuys {
				price, want = int64(10*r.Miles-1), int64(10*r.Miles-1)
			}
			tn := newTurn(m, s, only(map[int]Orders{1: {PCActions: []PCAction{{Code: o.Code, Action: SellPC, Price: price}}}}), rand.New(rand.NewPCG(1, 1)))
			tn.privateCompanies() // offered
			i := slices.IndexFunc(s.Offers, func(x PCOffer) bool { return x.Code == o.Code })
			if i < 0 || s.Offers[i].Asking != want {
				t.Fatalf("offers %+v; want %s at $%d", s.Offers, o.Code, want)
			}
			tn = newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 2)))
			tn.privateCompanies() // nobody bids
			if sold := ownsPC(s.Player(1), o.Code) < 0; sold != tc.publicBuys {
				t.Errorf("offered at $%d (%d miles): sold to the public %v, want %v", want, r.Miles, sold, tc.publicBuys)
			}
		})
	}
	_ = s
}

// TestRailroadsOperateByNumber: every phase walks the railroads by number,
// so that a turn replays the same from the same seed: in operations the
// first luck drawn is the lowest-numbered railroad's.
func TestRailroadsOperateByNumber(t *testing.T) {
	m, s := scenario(t)
	s.Railroads = s.Railroads[:2]
	s.Railroads[0].Number, s.Railroads[1].Number = 2, 1 // the second listed runs first
	tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(4, 4)))
	luck := rand.New(rand.NewPCG(4, 4))
	want := map[string]int64{}
	for _, i := range []int{1, 0} {
		rr := &s.Railroads[i]
		tn.influence[rr.Abbr] = 1 // no political trouble, so luck is all that is drawn
		base, _, pct := grossRevenue(m, rr, tn.climate, nil)
		want[rr.Abbr] = base * (pct + int64(luck.IntN(21)-10)) / 100
	}
	tn.operations()
	for _, rr := range s.Railroads {
		if rr.Revenue != want[rr.Abbr] {
			t.Errorf("%s (number %d): revenue $%d, want $%d with the luck drawn in the order of numbers", rr.Abbr, rr.Number, rr.Revenue, want[rr.Abbr])
		}
	}
}
