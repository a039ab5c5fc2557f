package contrails

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// scenario is the 1841 game with every seat human, so that only the orders
// a test gives are played.
func scenario(t *testing.T) (*Map, *State) {
	t.Helper()
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	humans := map[int]bool{}
	for n := 1; n <= Positions; n++ {
		humans[n] = true
	}
	s, err := NewGame(m, Setup{Humans: humans}, rand.New(rand.NewPCG(9, 0)))
	if err != nil {
		t.Fatal(err)
	}
	return m, s
}

// only gives every position the orders listed and blank orders otherwise,
// so that no computer player acts in a scenario (a missing position would
// be played by the computer).
func only(orders map[int]Orders) map[int]Orders {
	out := map[int]Orders{}
	for n := 1; n <= Positions; n++ {
		out[n] = orders[n]
	}
	return out
}

func resolve(t *testing.T, m *Map, s *State, orders map[int]Orders) (*State, []Event) {
	t.Helper()
	next, events, err := Resolve(m, s, only(orders), rand.New(rand.NewPCG(9, uint64(s.Turn))))
	if err != nil {
		t.Fatal(err)
	}
	return next, events
}

func notesFor(events []Event, player int) string {
	var b strings.Builder
	for _, e := range events {
		if e.VisibleTo == player {
			b.WriteString(e.Text + "\n")
		}
	}
	return b.String()
}

func TestStartingPositionsAreIdentical(t *testing.T) {
	_, s := scenario(t)
	first := s.Players[0]
	names := map[string]bool{}
	for _, p := range s.Players {
		if p.Cash != StartCash || len(p.Shares) != len(first.Shares) {
			t.Fatalf("player %d starts with $%d and %d holdings", p.Number, p.Cash, len(p.Shares))
		}
		for abbr, n := range first.Shares {
			if p.Shares[abbr] != n {
				t.Fatalf("player %d holds %d %s, player 1 holds %d (3.3)", p.Number, p.Shares[abbr], abbr, n)
			}
		}
		if names[p.Name] {
			t.Fatalf("two players are called %s (3.2)", p.Name)
		}
		names[p.Name] = true
	}
	if len(s.Railroads) != 6 || len(s.Offers) < 18 {
		t.Fatalf("%d railroads and %d PCs on offer", len(s.Railroads), len(s.Offers))
	}
	for _, rr := range s.Railroads {
		if rr.President != 0 || len(rr.Directors) != 0 {
			t.Errorf("%s starts with President %d and Directors %v; at 3%% each nobody is a Director", rr.Abbr, rr.President, rr.Directors)
		}
	}
}

func TestChosenNamesAndDuplicates(t *testing.T) {
	m, _ := LoadMap()
	s, _ := NewGame(m, Setup{Names: map[int]string{1: "Commodore", 2: "Commodore", 3: "Jay Gould"}}, rand.New(rand.NewPCG(1, 0)))
	if s.Players[0].Name != "Commodore" || s.Players[1].Name == "Commodore" || s.Players[2].Name != "Jay Gould" {
		t.Fatalf("names %q %q %q: the first to choose a name keeps it (3.2)", s.Players[0].Name, s.Players[1].Name, s.Players[2].Name)
	}
	for _, p := range s.Players[3:] {
		if p.Name == "Jay Gould" {
			t.Fatal("a random name repeats a chosen one")
		}
	}
}

func TestProhibitedRoutes(t *testing.T) {
	m, _ := LoadMap()
	// Into a gateway city a railroad may have only one route (4.8 rule 2).
	into := m.RoutesAt("Chicago")
	if len(into) < 2 {
		t.Fatal("Chicago has fewer than two routes")
	}
	if why := m.Prohibited([]string{into[0]}, into[1]); !strings.Contains(why, "Chicago") {
		t.Errorf("a second route into Chicago is allowed: %q", why)
	}
	// Never both routes of a double route (4.8 rule 1).
	partner, ok := m.DoublePartner("C&AM")
	if !ok {
		t.Fatal("C&AM has no double partner")
	}
	if why := m.Prohibited([]string{"C&AM"}, partner); !strings.Contains(why, "double route") {
		t.Errorf("both routes of a double route allowed: %q", why)
	}
	if why := m.Prohibited([]string{"C&AM"}, "NYNH"); why != "" {
		t.Errorf("an ordinary extension is prohibited: %s", why)
	}
}

func TestPCBidsAreCutInReverseSequence(t *testing.T) {
	m, s := scenario(t)
	a, b := s.Offers[0], s.Offers[1]
	cash := s.Players[0].Cash
	first := cash - a.Asking/2 // leaves too little for the second bid
	first = max(first, a.Asking)
	orders := map[int]Orders{1: {PCBids: []PCBid{{Code: a.Code, Amount: first}, {Code: b.Code, Amount: b.Asking + 50}}}}
	next, events := resolve(t, m, s, orders)
	p := next.Players[0]
	if len(p.PCs) != 1 || p.PCs[0].Code != a.Code || p.PCs[0].Paid != first {
		t.Fatalf("holdings %+v: the first bid should stand whole (10.1B4)", p.PCs)
	}
	if !strings.Contains(notesFor(events, 1), "Bid for "+b.Code+" cut") {
		t.Errorf("no note of the cut:\n%s", notesFor(events, 1))
	}
}

func TestHighestPCBidWins(t *testing.T) {
	m, s := scenario(t)
	o := s.Offers[0]
	orders := map[int]Orders{
		1: {PCBids: []PCBid{{Code: o.Code, Amount: o.Asking + 10}}},
		2: {PCBids: []PCBid{{Code: o.Code, Amount: o.Asking + 20}}},
		3: {PCBids: []PCBid{{Code: o.Code, Amount: o.Asking - 1}}},
	}
	next, _ := resolve(t, m, s, orders)
	if len(next.Players[1].PCs) != 1 || len(next.Players[0].PCs) != 0 {
		t.Fatal("the highest bid did not win (2.4E)")
	}
	if next.Players[1].Cash != s.Players[1].Cash-(o.Asking+20)+CashInterest(s.Players[1].Cash-(o.Asking+20), Normal) {
		t.Errorf("winner paid wrongly: cash %d", next.Players[1].Cash)
	}
	for _, off := range next.Offers {
		if off.Code == o.Code {
			t.Error("a sold PC is still on offer")
		}
	}
}

func TestIncorporationIssuesStockAsRule43(t *testing.T) {
	m, s := scenario(t)
	o := s.Offers[0]
	s.Players[0].PCs = []OwnedPC{{Code: o.Code, Paid: o.Asking}}
	s.Offers = s.Offers[1:]
	s.transfer(playerAcct(1), bank, o.Asking, "test")
	next, _ := resolve(t, m, s, map[int]Orders{1: {PCActions: []PCAction{{Code: o.Code, Action: IncorporatePC}}, Control: [2]string{o.Code}}})
	rr := next.Railroad(o.Code)
	if rr == nil {
		t.Fatal("the PC did not incorporate")
	}
	r, _ := m.Route(o.Code)
	n := r.Miles * SharesPerMile
	if got := next.Players[0].Shares[o.Code]; got != r.Miles {
		t.Errorf("owner received %d shares, want 1 a mile, %d (10.1B3c)", got, r.Miles)
	}
	if rr.Treasury != n/10 || next.Issued(rr)+rr.Treasury != n {
		t.Errorf("treasury %d issued %d; want 10%% of %d in the treasury", rr.Treasury, next.Issued(rr), n)
	}
	if rr.Price < 10 || rr.Price > 18 {
		t.Errorf("start price $%d, want $10 to $18 (4.3A1)", rr.Price)
	}
	if rr.President != 1 {
		t.Errorf("the owner who asked for it is not President next turn (10.1B3d): %d", rr.President)
	}
	// The other PCs on offer stay on offer (in the construction phase:
	// at the end of the turn a PC no longer offered may be offered anew).
	tn := newTurn(m, s, only(map[int]Orders{1: {PCActions: []PCAction{{Code: o.Code, Action: IncorporatePC}}}}), rand.New(rand.NewPCG(1, 1)))
	offers := slices.Clone(s.Offers)
	tn.construction()
	if s.Railroad(o.Code) == nil || !slices.Equal(s.Offers, offers) {
		t.Errorf("offers after incorporating %s: %v, want %v", o.Code, s.Offers, offers)
	}
}

func TestTreasuryToPresidentAtHalfPrice(t *testing.T) {
	m, s := scenario(t)
	rr := &s.Railroads[0]
	// Make player 1 President: a Director with the most shares who asks.
	s.Players[0].Shares[rr.Abbr] = s.Issued(rr) / 5
	rr.Public -= s.Players[0].Shares[rr.Abbr] - 3*rr.Treasury/10
	s.Players[0].Slots[0] = rr.Abbr
	s.elect(m)
	if rr.President != 1 {
		t.Fatalf("setup: President is %d", rr.President)
	}
	price := rr.Price
	before, cash, treasury := s.Players[0].Shares[rr.Abbr], s.Players[0].Cash, rr.Treasury
	tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {TreasuryToPres: 20}}}}), rand.New(rand.NewPCG(1, 1)))
	tn.treasuryToPresident()
	if got := s.Players[0].Shares[rr.Abbr] - before; got != 20 || rr.Treasury != treasury-20 {
		t.Fatalf("bought %d treasury shares (treasury %d to %d), want 20", got, treasury, rr.Treasury)
	}
	if spent := cash - s.Players[0].Cash; spent != int64(20*(price/2)) {
		t.Errorf("paid $%d for 20 shares at half of $%d (10.2C2)", spent, price)
	}
	// He cannot buy more than the treasury holds or his cash pays for.
	tn = newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {TreasuryToPres: 100000}}}}), rand.New(rand.NewPCG(1, 1)))
	tn.treasuryToPresident()
	if rr.Treasury < 0 || s.Players[0].Cash < 0 {
		t.Fatalf("treasury %d, cash %d", rr.Treasury, s.Players[0].Cash)
	}
	if !strings.Contains(notesFor(tn.events, 1), "treasury purchase cut") {
		t.Error("no note of the cut")
	}
	if s.MoneySupply() != 0 {
		t.Error("money was not conserved")
	}
}

func TestBuildingIsStoppedByTheCivilWar(t *testing.T) {
	m, s := scenario(t)
	s.Turn = 11
	rr := &s.Railroads[0]
	row := ""
	for _, code := range m.RoutesAt(m.TownsOf(rr.Lines)[0]) {
		if r, _ := m.Route(code); r.Kind == RoW && s.ValidRoW(m, rr, code) == "" {
			row = code
			break
		}
	}
	if row == "" {
		t.Skip("no RoW next to the first railroad")
	}
	rr.RoW = row
	s.Players[0].Shares[rr.Abbr] = s.Issued(rr) / 4
	s.Players[0].Slots[0] = rr.Abbr
	s.elect(m)
	next, events := resolve(t, m, s, map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {Build: 400}}}})
	if after := next.Railroad(rr.Abbr); contains(after.Lines, row) || after.RoW != row {
		t.Fatalf("%s was built during the Civil War (8)", row)
	}
	if !strings.Contains(notesFor(events, 1), "Civil War") {
		t.Errorf("no note about the war:\n%s", notesFor(events, 1))
	}
	if next.Climate > Normal {
		t.Errorf("the climate fell to %s during the war (8)", next.Climate)
	}
}

func TestDividendIsLimitedByCash(t *testing.T) {
	m, s := scenario(t)
	rr := &s.Railroads[0]
	s.Players[0].Shares[rr.Abbr] = s.Issued(rr) / 4
	s.Players[0].Slots[0] = rr.Abbr
	s.elect(m)
	high := 99
	next, _ := resolve(t, m, s, map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {Dividend: &high}}}})
	after := next.Railroad(rr.Abbr)
	if after.Dividend != 99 {
		t.Fatalf("dividend rate %d, want the 99 ordered", after.Dividend)
	}
	if after.Cash < 0 {
		t.Fatalf("paying dividends drove cash to %d (4.12)", after.Cash)
	}
	// Blank leaves the rate unchanged (10.2H2).
	next2, _ := resolve(t, m, next, map[int]Orders{1: {}})
	if next2.Railroad(rr.Abbr).Dividend != 99 {
		t.Errorf("a blank dividend changed the rate to %d", next2.Railroad(rr.Abbr).Dividend)
	}
}

func TestMessagesAreCutAndHeld(t *testing.T) {
	m, s := scenario(t)
	long := strings.Repeat("x", 100)
	next, _ := resolve(t, m, s, map[int]Orders{4: {Message: long, SpyPlayer: 5, SpyRailroad: s.Railroads[0].Abbr}})
	if len(next.Pending) != 1 || len([]rune(next.Pending[0].Text)) != MessageLength || next.Pending[0].From != 4 {
		t.Fatalf("pending messages %+v", next.Pending)
	}
	if p := next.Players[3]; p.SpyPlayer != 5 || p.SpyRailroad != s.Railroads[0].Abbr {
		t.Errorf("spies not recorded: %d %q", p.SpyPlayer, p.SpyRailroad)
	}
}

func TestBorrowingIsLimitedByCredit(t *testing.T) {
	m, s := scenario(t)
	avail := AvailableCredit(s.Players[0].NetWorth, 0, Normal)
	next, events := resolve(t, m, s, map[int]Orders{1: {Borrow: avail + 5000}, 2: {Borrow: avail / 2}})
	if next.Players[0].Loan != avail || next.Players[1].Loan != avail/2 {
		t.Fatalf("loans %d and %d, want %d and %d (10.1A1)", next.Players[0].Loan, next.Players[1].Loan, avail, avail/2)
	}
	if !strings.Contains(notesFor(events, 1), "available credit") {
		t.Error("no note of the cut loan")
	}
}

// presideOver makes player n a Director and President of rr.
func presideOver(m *Map, s *State, n int, abbr string, slot int) {
	rr := s.Railroad(abbr)
	want := s.Issued(rr)/4 + 1
	take := want - s.Players[n-1].Shares[abbr]
	rr.Public -= take
	s.Players[n-1].Shares[abbr] += take
	s.Players[n-1].Slots[slot] = abbr
	s.elect(m)
}

func TestMergerDeletesTheParallelRoW(t *testing.T) {
	m, s := scenario(t)
	// A railroad on NY3, the RoW beside the C&AM between New York and
	// Philadelphia.
	s.Railroads = append(s.Railroads, Railroad{Abbr: "TST", Name: "Test Line", Number: 99, Lines: []string{"NY3"},
		Price: 30, Public: 450, Treasury: 50, Authorized: 500, Efficiency: 80, Loco: 1})
	s.transfer(bank, railroadAcct("TST"), 1000, "test")
	presideOver(m, s, 1, "C&AM", 0)
	presideOver(m, s, 1, "TST", 1)
	cam, tst := s.Railroad("C&AM"), s.Railroad("TST")
	if cam.President != 1 || tst.President != 1 {
		t.Fatalf("setup: presidents %d and %d", cam.President, tst.President)
	}
	camIssued, tstIssued := s.Issued(cam), s.Issued(tst)
	wantPrice := (cam.Price*camIssued + tst.Price*tstIssued) / (camIssued + tstIssued)
	p1 := s.Players[0].Shares["C&AM"] + s.Players[0].Shares["TST"]
	tn := newTurn(m, s, only(map[int]Orders{1: {Merge: &MergeOrder{From: "TST", Into: "C&AM"}}}), rand.New(rand.NewPCG(1, 1)))
	tn.mergers()
	cam = s.Railroad("C&AM")
	if s.Railroad("TST") != nil {
		t.Fatal("the merged railroad still exists")
	}
	if contains(cam.Lines, "NY3") || !contains(cam.Lines, "C&AM") {
		t.Fatalf("lines after merger %v: the parallel RoW should go, the PC stay (4.13A3)", cam.Lines)
	}
	if s.rowOwner("NY3") != nil {
		t.Error("the deleted RoW is not free for others")
	}
	if slices.ContainsFunc(s.Offers, func(o PCOffer) bool { return o.Code == "NY3" }) {
		t.Error("the deleted RoW is offered for sale as a PC")
	}
	if s.Players[0].Slots != [2]string{"C&AM", ""} {
		t.Errorf("player 1's slots %q: the merged railroad's slot is cleared, the survivor's kept", s.Players[0].Slots)
	}
	if got := s.Players[0].Shares["C&AM"]; got != p1 {
		t.Errorf("player 1 holds %d C&AM, want %d: shares trade 1 for 1 (4.3A4)", got, p1)
	}
	if cam.Price != wantPrice {
		t.Errorf("price $%d, want the average $%d (4.13C)", cam.Price, wantPrice)
	}
	if s.MoneySupply() != 0 {
		t.Error("money was not conserved")
	}
}

func TestRoWGoesToTheGreatestInfluence(t *testing.T) {
	m, s := scenario(t)
	// Find a RoW both READ and C&AM may bid for (they meet at Philadelphia).
	read, cam := s.Railroad("READ"), s.Railroad("C&AM")
	row := ""
	for _, code := range m.RoutesAt("Philadelphia") {
		if s.ValidRoW(m, read, code) == "" && s.ValidRoW(m, cam, code) == "" {
			row = code
			break
		}
	}
	if row == "" {
		t.Fatal("no RoW at Philadelphia open to both")
	}
	presideOver(m, s, 1, "READ", 0)
	presideOver(m, s, 2, "C&AM", 0)
	orders := map[int]Orders{
		1: {Railroads: map[string]RailroadOrders{"READ": {Bids: []string{row}}}},
		2: {Railroads: map[string]RailroadOrders{"C&AM": {Bids: []string{row}}}},
	}
	tn := newTurn(m, s, only(orders), rand.New(rand.NewPCG(1, 1)))
	tn.influence["READ"], tn.influence["C&AM"] = 2, 5
	tn.rightsOfWay()
	if s.Railroad("C&AM").RoW != row || s.Railroad("READ").RoW != "" {
		t.Fatalf("READ has %q, C&AM has %q; C&AM spent more influence (4.7G)", s.Railroad("READ").RoW, s.Railroad("C&AM").RoW)
	}
	// A tie is decided by lot, and both sides can win.
	winners := map[string]bool{}
	for seed := uint64(0); seed < 40 && len(winners) < 2; seed++ {
		_, s2 := scenario(t)
		presideOver(m, s2, 1, "READ", 0)
		presideOver(m, s2, 2, "C&AM", 0)
		tn := newTurn(m, s2, only(orders), rand.New(rand.NewPCG(seed, 1)))
		tn.influence["READ"], tn.influence["C&AM"] = 3, 3
		tn.rightsOfWay()
		for _, abbr := range []string{"READ", "C&AM"} {
			if s2.Railroad(abbr).RoW == row {
				winners[abbr] = true
			}
		}
	}
	if len(winners) != 2 {
		t.Errorf("ties always went to %v; they should go by lot (4.7G)", winners)
	}
}

func TestMagnatePoints(t *testing.T) {
	tests := []struct {
		regions []Region
		want    int
	}{
		{[]Region{Atlantic}, 1},
		{[]Region{Atlantic, Ohio}, 2},
		{[]Region{Atlantic, Central}, 2 + 2},
		{[]Region{Central, Gulf}, 2 + 2},
		{[]Region{Midwest, Pacific}, 2 + 3},
		{[]Region{Atlantic, Mississippi, Midwest, Pacific}, 4 + 2 + 3 + 5},
	}
	for _, tc := range tests {
		if got := magnatePoints(tc.regions); got != tc.want {
			t.Errorf("magnatePoints(%v) = %d, want %d", tc.regions, got, tc.want)
		}
	}
}

func TestBuilderPointsForNewRegionsAndFirstLinks(t *testing.T) {
	m, s := scenario(t)
	presideOver(m, s, 1, "B&O", 0)
	tn := newTurn(m, s, only(map[int]Orders{}), rand.New(rand.NewPCG(1, 1)))
	// The B&O reaches Pittsburgh (Ohio region) this turn, first of all.
	rr := s.Railroad("B&O")
	extension := ""
	for _, code := range m.RoutesAt("Cumberland") {
		if r, _ := m.Route(code); r.A == "Pittsburgh" || r.B == "Pittsburgh" {
			extension = code
		}
	}
	if extension == "" {
		t.Fatal("no route from Cumberland to Pittsburgh")
	}
	rr.Lines = append(rr.Lines, extension)
	for i := range s.Players {
		s.Players[i].VP = VP{}
	}
	tn.victoryPoints()
	if got := s.Players[0].VP.Builder; got != 4 {
		t.Errorf("Builder points %d, want 4: 2 for the Ohio region, doubled as the first link (1.2)", got)
	}
	if s.Links[Ohio] != "B&O" {
		t.Errorf("first link to Ohio recorded as %q", s.Links[Ohio])
	}
	if got := s.Players[0].VP.Magnate; got != 2 {
		t.Errorf("Magnate points %d, want 2 for Atlantic and Ohio", got)
	}
}

func TestLoanRecallCanBeRepaidBeforeItIsCompelled(t *testing.T) {
	m, s := scenario(t)
	shareCount := func(p *Player) int {
		n := 0
		for _, k := range p.Shares {
			n += k
		}
		return n
	}
	// Repaid in the Repay Loan step: nothing is seized.
	p := &s.Players[0]
	p.Loan = 2000
	s.transfer(bank, playerAcct(1), 2000, "test")
	p.Recall = 500
	shares := shareCount(p)
	tn := newTurn(m, s, only(map[int]Orders{1: {Borrow: -500}}), rand.New(rand.NewPCG(1, 1)))
	tn.bankLoans()
	if p.Recall != 0 || p.Loan != 1500 {
		t.Fatalf("recall %d, loan %d after repaying 500", p.Recall, p.Loan)
	}
	tn.finalFinance()
	if shareCount(p) != shares {
		t.Errorf("stock was seized although the recall was repaid")
	}
	// Ignored, with little cash: the rest comes from his stock (3.5C).
	_, s2 := scenario(t)
	q := &s2.Players[1]
	q.Loan = 2000
	s2.transfer(bank, playerAcct(2), 2000, "test")
	s2.transfer(playerAcct(2), bank, q.Cash-100, "test")
	q.Recall = 1500
	shares = shareCount(q)
	tn2 := newTurn(m, s2, only(map[int]Orders{}), rand.New(rand.NewPCG(1, 1)))
	tn2.finalFinance()
	if shareCount(q) >= shares {
		t.Errorf("shares %d -> %d: the unpaid recall was not taken from his stock", shares, shareCount(q))
	}
	if q.Loan > 2000-1500+LoanInterest(2000, Normal) {
		t.Errorf("loan %d: the recall of 1500 was not repaid", q.Loan)
	}
	if s2.MoneySupply() != 0 {
		t.Error("money was not conserved")
	}
}

func TestNewNameAfterBankruptcy(t *testing.T) {
	m, s := scenario(t)
	s.Turn = 5
	tn := newTurn(m, s, only(map[int]Orders{1: {Name: "The Erie Ring"}}), rand.New(rand.NewPCG(1, 1)))
	tn.bankLoans()
	if s.Players[0].Name == "The Erie Ring" {
		t.Fatal("renamed on turn 5 without a bankruptcy (3.2)")
	}
	s.Players[0].MayRename = true
	tn = newTurn(m, s, only(map[int]Orders{1: {Name: "The Erie Ring"}}), rand.New(rand.NewPCG(1, 1)))
	tn.bankLoans()
	if s.Players[0].Name != "The Erie Ring" || s.Players[0].MayRename {
		t.Fatalf("after a bankruptcy the name is %q", s.Players[0].Name)
	}
}

func TestBuildingBorrowsRatherThanSpendThePoliticalReserve(t *testing.T) {
	m, s := scenario(t)
	rr := &s.Railroads[0]
	presideOver(m, s, 1, rr.Abbr, 0)
	cash := rr.Cash
	tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {Political: cash}}}}), rand.New(rand.NewPCG(1, 1)))
	tn.finance(rr, 2*cash, tn.rrOrders(rr).Political)
	if rr.Cash != cash {
		t.Fatalf("cash %d -> %d: the political reserve was spent on building (4.9C)", cash, rr.Cash)
	}
	if rr.Bonds != cash || rr.Loans != cash {
		t.Errorf("bonds %d and loans %d, want half of $%d each (4.6E)", rr.Bonds, rr.Loans, 2*cash)
	}
	tn.finance(rr, 1000, 0)
	if rr.Cash != cash-500 {
		t.Errorf("without a reserve, cash pays the half not raised by bonds: %d", rr.Cash)
	}
}

func TestElectionsAndTheFallbackSlot(t *testing.T) {
	m, s := scenario(t)
	camIssued := s.Issued(s.Railroad("C&AM"))
	// Player 1 runs C&AM; player 2 holds more of it but does not ask.
	presideOver(m, s, 1, "C&AM", 0)
	give := func(n int, abbr string, shares int) {
		rr := s.Railroad(abbr)
		rr.Public -= shares - s.Players[n-1].Shares[abbr]
		s.Players[n-1].Shares[abbr] = shares
	}
	give(2, "C&AM", camIssued/3)
	s.elect(m)
	cam := s.Railroad("C&AM")
	if cam.President != 1 || cam.Chairman != 2 {
		t.Fatalf("President %d Chairman %d; the Chairman has the most stock, the President is the biggest Director who asks (4.14B, C)", cam.President, cam.Chairman)
	}
	// Player 1 now seeks READ in slot 1 but is no Director there: he falls
	// back to C&AM (10.1D4).
	tn := newTurn(m, s, only(map[int]Orders{1: {Control: [2]string{"READ"}}}), rand.New(rand.NewPCG(1, 1)))
	tn.elections()
	if s.Railroad("C&AM").President != 1 || s.Players[0].Slots[0] != "C&AM" || s.Railroad("READ").President == 1 {
		t.Fatalf("after a failed bid for READ: C&AM President %d, READ President %d, slot %q", s.Railroad("C&AM").President, s.Railroad("READ").President, s.Players[0].Slots[0])
	}
	// Once the biggest Director of READ he wins it, and C&AM, which nobody
	// asks for, is not kept for him as well.
	give(1, "READ", s.Issued(s.Railroad("READ"))/2)
	tn = newTurn(m, s, only(map[int]Orders{1: {Control: [2]string{"READ"}}}), rand.New(rand.NewPCG(1, 1)))
	tn.elections()
	if s.Railroad("READ").President != 1 || s.Players[0].Slots[0] != "READ" || s.Railroad("C&AM").President == 1 {
		t.Fatalf("after a won bid for READ: READ President %d, C&AM President %d, slot %q", s.Railroad("READ").President, s.Railroad("C&AM").President, s.Players[0].Slots[0])
	}
	// Resigning is absolute (10.1D).
	tn = newTurn(m, s, only(map[int]Orders{1: {Resign: []string{"READ"}}}), rand.New(rand.NewPCG(1, 1)))
	tn.elections()
	if s.Railroad("READ").President == 1 {
		t.Fatal("a resigned President kept his railroad")
	}
}

func TestPCAskingPriceLimits(t *testing.T) {
	m, s := scenario(t)
	o := s.Offers[0]
	r, _ := m.Route(o.Code)
	s.Offers = s.Offers[1:]
	s.Players[0].PCs = []OwnedPC{{Code: o.Code, Paid: int64(r.Miles * 5)}}
	s.transfer(playerAcct(1), bank, int64(r.Miles*5), "test")
	sell := func(price int64) int64 {
		tn := newTurn(m, s, only(map[int]Orders{1: {PCActions: []PCAction{{Code: o.Code, Action: SellPC, Price: price}}}}), rand.New(rand.NewPCG(1, 1)))
		tn.privateCompanies()
		return s.Players[0].PCs[0].Asking
	}
	// Paid $5 a mile: he may still ask $10 a mile, not more (10.1B1b).
	if got := sell(int64(r.Miles * 50)); got != int64(r.Miles*10) {
		t.Errorf("first asking price %d, want $10 a mile = %d", got, r.Miles*10)
	}
	// A later change: lower freely, or up to 20% higher (10.1B1d).
	if got := sell(int64(r.Miles * 100)); got != int64(r.Miles*10)*12/10 {
		t.Errorf("raised asking price %d, want 20%% over %d", got, r.Miles*10)
	}
	if got := sell(1); got != int64(r.Miles) {
		t.Errorf("asking price %d, want at least $1 a mile (10.1B1a)", got)
	}
}

func TestRobberBaronAndBaronPoints(t *testing.T) {
	m, s := scenario(t)
	for i := range s.Players {
		s.Players[i].VP = VP{}
		s.Players[i].NetWorth = int64(1000 * (i + 1))
	}
	s.Players[2].NetWorth = 2_000_000
	tn := newTurn(m, s, only(map[int]Orders{}), rand.New(rand.NewPCG(1, 1)))
	tn.bankruptPlayers[15] = true
	tn.victoryPoints()
	rb := func(n int) int { return s.Players[n-1].VP.RobberBaron }
	// Player 3 is richest and the first millionaire: 5 + 5. Then 14, 13, 12
	// get 4, 3, 2; the bankrupt 15 gets nothing; the rest 1 (1.2).
	if rb(3) != 10 || rb(14) != 4 || rb(13) != 3 || rb(12) != 2 || rb(1) != 1 || rb(15) != 0 {
		t.Fatalf("Robber Baron points: 3:%d 14:%d 13:%d 12:%d 1:%d 15:%d", rb(3), rb(14), rb(13), rb(12), rb(1), rb(15))
	}
	// Baron: 100 for leading a category, the share of the leader otherwise.
	if got := s.Players[2].VP.Baron; got < 100 {
		t.Errorf("the leader's Baron points %d, want at least 100", got)
	}
	if got := s.Players[13].VP.Baron; got != 40 {
		t.Errorf("Baron points %d for 4 of the leader's 10, want 40", got)
	}
	// A second millionaire later gets no bonus.
	s.Players[4].NetWorth = 3_000_000
	tn = newTurn(m, s, only(map[int]Orders{}), rand.New(rand.NewPCG(1, 2)))
	tn.victoryPoints()
	if s.Players[4].VP.Millionaire {
		t.Error("the millionaire bonus went to a second player on a later turn")
	}
}

// TestStockSplits: a price over $100 at the end of the turn splits by the
// smallest ratio that brings it to $100 or below, rounded down, and every
// holding is multiplied alike (6.5; ruling CR21).
func TestStockSplits(t *testing.T) {
	for _, tc := range []struct{ price, ratio, after int }{
		{100, 1, 100}, {101, 2, 50}, {150, 2, 75}, {200, 2, 100}, {201, 3, 67}, {300, 3, 100},
	} {
		m, s := scenario(t)
		rr := &s.Railroads[0]
		rr.Price = tc.price
		s.Players[0].Shares[rr.Abbr] = 7
		auth, public, treasury := rr.Authorized, rr.Public, rr.Treasury
		tn := newTurn(m, s, only(map[int]Orders{}), rand.New(rand.NewPCG(1, 1)))
		tn.priceEnd()
		if rr.Price != tc.after || s.Players[0].Shares[rr.Abbr] != 7*tc.ratio || rr.Authorized != auth*tc.ratio ||
			rr.Public != public*tc.ratio || rr.Treasury != treasury*tc.ratio {
			t.Errorf("$%d: price %d, 7 shares became %d, authorized %d of %d, public %d of %d, treasury %d of %d; want %d for 1 to $%d",
				tc.price, rr.Price, s.Players[0].Shares[rr.Abbr], rr.Authorized, auth, rr.Public, public, rr.Treasury, treasury, tc.ratio, tc.after)
		}
	}
}

// TestPublicBuysCheapPC: a PC its owner offers under $10 a mile that no
// player buys goes to the Public at the asking price, paid to the owner,
// and the Bank offers it again at $5 a mile (10.1B1c; ruling CR22).
func TestPublicBuysCheapPC(t *testing.T) {
	m, s := scenario(t)
	o := s.Offers[0]
	r, _ := m.Route(o.Code)
	s.Offers = s.Offers[1:]
	s.Players[0].PCs = []OwnedPC{{Code: o.Code, Paid: int64(r.Miles * 5)}}
	s.transfer(playerAcct(1), bank, int64(r.Miles*5), "test")
	asking := int64(r.Miles*10 - 1)
	cash := s.Players[0].Cash
	tn := newTurn(m, s, only(map[int]Orders{1: {PCActions: []PCAction{{Code: o.Code, Action: SellPC, Price: asking}}}}), rand.New(rand.NewPCG(1, 1)))
	tn.privateCompanies() // offered this turn
	tn = newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 2)))
	tn.privateCompanies() // no one bids the next turn
	if ownsPC(&s.Players[0], o.Code) >= 0 || s.Players[0].Cash-cash != asking {
		t.Fatalf("the owner still holds %s or was paid $%d; want it sold to the Public for $%d", o.Code, s.Players[0].Cash-cash, asking)
	}
	i := slices.IndexFunc(s.Offers, func(x PCOffer) bool { return x.Code == o.Code })
	if i < 0 || s.Offers[i].Seller != 0 || s.Offers[i].Asking != int64(r.Miles*PCPricePerMile) {
		t.Errorf("after the Public bought it, %s is not offered by the Bank at $%d a mile: %+v", o.Code, PCPricePerMile, s.Offers)
	}
	if s.MoneySupply() != 0 {
		t.Error("money was not conserved")
	}
}

func TestBankFailuresTakeAtMostAThird(t *testing.T) {
	m, s := scenario(t)
	s.Climate = Panic
	for seed := uint64(0); seed < 50; seed++ {
		_, s := scenario(t)
		s.Climate = Panic
		before := make([]int64, len(s.Players))
		for i, p := range s.Players {
			before[i] = p.Cash
		}
		tn := newTurn(m, s, only(map[int]Orders{}), rand.New(rand.NewPCG(seed, 1)))
		tn.tycoonFinance()
		for i, p := range s.Players {
			withInterest := before[i] + CashInterest(before[i], Panic)
			if p.Cash < withInterest*2/3 {
				t.Fatalf("seed %d: player %d kept %d of %d (11.1 caps losses at 33%%)", seed, p.Number, p.Cash, withInterest)
			}
		}
	}
	_ = s
}

// TestDirectorBonusAtHalfTheStartPrice: new stock for a RoW gives each
// Director 10% at half the start-of-turn price, paid by automatic loan
// (4.3B), and the public's at 10% under the start price (4.3C), however
// far the market moved the price in the turn (ruling CR15).
func TestDirectorBonusAtHalfTheStartPrice(t *testing.T) {
	m, s := scenario(t)
	presideOver(m, s, 1, s.Railroads[0].Abbr, 0)
	rr := &s.Railroads[0]
	if len(rr.Directors) != 1 || rr.Directors[0] != 1 {
		t.Fatalf("setup: Directors %v", rr.Directors)
	}
	start := rr.Price
	tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
	rr.Price = start * 3 // the market's doing, after the start of the turn
	loan, shares, cash := s.Players[0].Loan, s.Players[0].Shares[rr.Abbr], rr.Cash
	const miles = 20 // 100 new shares: 10 to the treasury, 10 to the Director, 80 to the public
	tn.issueStock(rr, miles, 0)
	if got := s.Players[0].Shares[rr.Abbr] - shares; got != 10 {
		t.Fatalf("the Director received %d shares, want 10%% of 100 (4.3B)", got)
	}
	if got, want := s.Players[0].Loan-loan, int64(10*start/2); got != want {
		t.Errorf("the Director's automatic loan grew by $%d, want 10 shares at half the start price $%d: $%d (4.3B)", got, start, want)
	}
	if got, want := rr.Cash-cash, int64(10*start/2)+int64(80*start*9/10); got != want {
		t.Errorf("the railroad took in $%d, want $%d: the Director's $%d and the public's 80 shares at 90%% of $%d (4.3C)", got, want, 10*start/2, start)
	}
	if s.MoneySupply() != 0 {
		t.Error("money was not conserved")
	}
}

// TestDoubleTrackRevenue works 4.15 by hand on a one-line railroad between
// a size-5 and a size-4 town: $60 a mile and $300 times each town's value
// (size squared: 25 and 16) make its base; double-tracked, the line earns
// (25 + 16)% = 41% more, its end towns' revenue included. The climate and
// luck then scale both alike, so the test draws the same luck for each.
func TestDoubleTrackRevenue(t *testing.T) {
	m, s := scenario(t)
	var line Route
	for _, r := range m.Routes {
		a, _ := m.Town(r.A)
		b, _ := m.Town(r.B)
		if a.Size*b.Size == 20 && m.Prohibited(nil, r.Code) == "" {
			line = r
			break
		}
	}
	if line.Code == "" {
		t.Fatal("no route between a size-5 and a size-4 town")
	}
	rr := &Railroad{Abbr: "TST", Lines: []string{line.Code}}
	base := int64(60*line.Miles + 300*(25+16))
	for _, tc := range []struct {
		name    string
		doubled []string
		want    int64 // before the climate and luck
	}{
		{"single track", nil, base},
		{"double track: 41% more", []string{line.Code}, base + base*41/100},
	} {
		rr.Doubled = tc.doubled
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(5, 5)))
		luck := rand.New(rand.NewPCG(5, 5)).IntN(21) - 10
		pct := int64(100 + Climates[tn.climate].Revenue + luck)
		if got, _ := tn.revenue(rr, nil); got != tc.want*pct/100 {
			want := tc.want * pct / 100
			t.Errorf("%s on %s (%d miles): revenue $%d, want $%d (base $%d at %d%%)", tc.name, line.Code, line.Miles, got, want, tc.want, pct)
		}
	}
}

// TestBankruptcyGrace: 4.11's cases where the engine applies them. A
// railroad insolvent all turn goes bankrupt and has one more turn; a
// bankrupt one insolvent all that turn is reorganized; one solvent at any
// point of the turn (after the market, say) is not bankrupt, even when its
// cash is negative again at the end, and so has a new grace turn if it
// stays insolvent.
func TestBankruptcyGrace(t *testing.T) {
	for _, tc := range []struct {
		name                           string
		wasBankrupt, insolvent, solved bool
		cash                           int64
		bankrupt, reorganized          bool
	}{
		{"solvent all along", false, false, false, 100, false, false},
		{"insolvent all turn: bankrupt, one more turn", false, true, false, -100, true, false},
		{"bankrupt and insolvent all turn: reorganized", true, true, false, -100, false, true},
		{"bankrupt, solvent after the market, negative again at the end", true, true, true, -100, false, false},
		{"bankrupt and solvent at the end", true, true, true, 100, false, false},
		{"insolvent, solvent after the market, negative again", false, true, true, -100, false, false},
		{"bankrupt, solvent at the start, $0 at the end", true, false, false, 0, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			rr := &s.Railroads[0]
			holder := s.Players[1].Number
			s.Players[1].Shares[rr.Abbr] = 10
			rr.Public -= 10
			tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
			rr.Bankrupt = tc.wasBankrupt
			tn.insolvent[rr.Abbr], tn.solvent[rr.Abbr] = tc.insolvent, tc.solved
			s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash-tc.cash, "test")
			rr.Bonds, rr.Loans, rr.PresDebt, rr.Dividend = 1001, 500, 300, 4
			tn.reorganize(rr)
			reorganized := s.Player(holder).Shares[rr.Abbr] == 0
			if rr.Bankrupt != tc.bankrupt || reorganized != tc.reorganized {
				t.Errorf("bankrupt %v, reorganized %v; want %v, %v (4.11)", rr.Bankrupt, reorganized, tc.bankrupt, tc.reorganized)
			}
			// Reorganized: 5 shares a mile to the creditors, the public; half
			// the bonds kept, the loans, the President's debt and the
			// overdraft gone (4.11C; rulings CR15).
			shares := m.Miles(rr.Lines) * SharesPerMile
			if tc.reorganized && (rr.Public != shares || rr.Authorized != shares || rr.Treasury != 0 || s.Issued(rr) != shares ||
				rr.Bonds != 500 || rr.Loans != 0 || rr.PresDebt != 0 || rr.Cash != 0 || rr.Dividend != 0) {
				t.Errorf("reorganized to public %d, authorized %d, treasury %d, issued %d, bonds $%d, loans $%d, owed the President $%d, cash $%d, dividend $%d; want %d shares, all public, $500 of bonds, nothing else",
					rr.Public, rr.Authorized, rr.Treasury, s.Issued(rr), rr.Bonds, rr.Loans, rr.PresDebt, rr.Cash, rr.Dividend, shares)
			}
		})
	}
}

// TestOfferedPCCannotBeWithdrawn: a PC offered for sale, this turn or
// before, cannot be incorporated or merged instead (10.1B1d): order
// checking says so when the orders arrive, and the turn does not carry
// the order out.
func TestOfferedPCCannotBeWithdrawn(t *testing.T) {
	for _, tc := range []struct {
		name    string
		before  int64 // asking price standing from an earlier turn, or 0
		actions []PCAction
	}{
		{"offered last turn, incorporated now", 1, []PCAction{{Action: IncorporatePC}}},
		{"offered last turn, merged now", 1, []PCAction{{Action: MergePC}}},
		{"offered and incorporated in one turn", 0, []PCAction{{Action: SellPC, Price: 1}, {Action: IncorporatePC}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			// an offered PC that touches a railroad, which it could merge into
			o, into := s.Offers[0], ""
			for _, off := range s.Offers {
				for _, rr := range s.Railroads {
					if into == "" && m.Touches(rr.Lines, off.Code) && m.Prohibited(rr.holdings(), off.Code) == "" {
						o, into = off, rr.Abbr
					}
				}
			}
			presideOver(m, s, 1, into, 1)
			r, _ := m.Route(o.Code)
			// priced over $10 a mile, so that the public does not buy it
			// (10.1B1c) and no one else bids in a scenario
			tc.before *= int64(12 * r.Miles)
			for i := range tc.actions {
				tc.actions[i].Price *= int64(12 * r.Miles)
			}
			s.Players[0].PCs = []OwnedPC{{Code: o.Code, Paid: int64(10 * r.Miles), Asking: tc.before}}
			s.Offers = slices.DeleteFunc(s.Offers, func(x PCOffer) bool { return x.Code == o.Code })
			if tc.before > 0 {
				s.offerPC(PCOffer{Code: o.Code, Seller: 1, Asking: tc.before})
			}
			s.transfer(playerAcct(1), bank, o.Asking, "test")
			var acts []PCAction
			for _, a := range tc.actions {
				a.Code = o.Code
				if a.Action == MergePC {
					a.Into = into
				}
				acts = append(acts, a)
			}
			orders := Orders{PCActions: acts, Control: [2]string{o.Code}}
			if notes := strings.Join(Check(m, s, 1, orders), "\n"); !strings.Contains(notes, "10.1B1d") {
				t.Errorf("order checking says nothing of 10.1B1d:\n%s", notes)
			}
			next, events := resolve(t, m, s, map[int]Orders{1: orders})
			if next.Railroad(o.Code) != nil || ownsPC(next.Player(1), o.Code) < 0 {
				t.Errorf("the offered PC %s was incorporated or merged", o.Code)
			}
			if !strings.Contains(notesFor(events, 1), "10.1B1d") {
				t.Errorf("the turn's notes say nothing of 10.1B1d:\n%s", notesFor(events, 1))
			}
		})
	}
}

// TestTechnologyChoice: the president buys the technology he names from
// those come available that the railroad lacks, one a turn, $10 a mile
// from cash, the Grand Station $10,000 and only beside a size 4 or 5
// town; with X and no letter the first on offer that the cash pays for
// (4.18; ruling CR25).
func TestTechnologyChoice(t *testing.T) {
	for _, tc := range []struct {
		name   string
		owned  TechSet
		orders RailroadOrders
		cash   int64
		want   TechSet
		grand  bool
		note   string
	}{
		{"X buys the first on offer", 0, RailroadOrders{Technology: true}, 5000, upTo(2), false, ""},
		{"a letter buys that one, past others", 0, RailroadOrders{Technology: true, TechChoice: "D"}, 5000, TechSet(0).With(3), false, ""},
		{"X skips what it owns", upTo(3), RailroadOrders{Technology: true}, 5000, upTo(4), false, ""},
		{"not yet available", 0, RailroadOrders{Technology: true, TechChoice: "F"}, 5000, 0, false, "not on offer"},
		{"already owned", upTo(3), RailroadOrders{Technology: true, TechChoice: "C"}, 5000, upTo(3), false, "not on offer"},
		{"cash short", 0, RailroadOrders{Technology: true, TechChoice: "B"}, 10, 0, false, "needs $"},
		// cash -1: just $10 a mile; -2: a dollar short of it
		{"X with the cash just enough", 0, RailroadOrders{Technology: true}, -1, upTo(2), false, ""},
		{"a letter with the cash just enough", 0, RailroadOrders{Technology: true, TechChoice: "C"}, -1, TechSet(0).With(2), false, ""},
		{"X a dollar short", 0, RailroadOrders{Technology: true}, -2, 0, false, "needs $"},
		{"the Grand Station", 0, RailroadOrders{Technology: true, TechChoice: "A"}, 12000, 0, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			s.Techs = 5 // A to E have come available
			rr := &s.Railroads[0]
			presideOver(m, s, 1, rr.Abbr, 0)
			rr.Techs = tc.owned
			if tc.cash < 0 {
				tc.cash = int64(10*m.Miles(rr.Lines)) + tc.cash + 1
			}
			s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash-tc.cash, "test")
			if tc.grand && !bigTown(m, rr) {
				t.Skip("the first railroad serves no size 4 or 5 town")
			}
			tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: tc.orders}}}), rand.New(rand.NewPCG(1, 1)))
			tn.capitalExpenses()
			if rr.Techs != tc.want || rr.Grand != tc.grand {
				t.Errorf("owns %q, grand station %v; want %q, %v", rr.Techs, rr.Grand, tc.want, tc.grand)
			}
			spent := tc.cash - rr.Cash
			switch {
			case tc.grand && spent != GrandStationCost:
				t.Errorf("the Grand Station cost $%d, want $%d", spent, GrandStationCost)
			case !tc.grand && tc.want != tc.owned && spent != int64(10*m.Miles(rr.Lines)):
				t.Errorf("the technology cost $%d, want $10 a mile: $%d", spent, 10*m.Miles(rr.Lines))
			case tc.want == tc.owned && !tc.grand && spent != 0:
				t.Errorf("nothing bought, yet $%d spent", spent)
			}
			if tc.note != "" && !strings.Contains(notesFor(tn.events, 1), tc.note) {
				t.Errorf("no note %q: %s", tc.note, notesFor(tn.events, 1))
			}
		})
	}
}
