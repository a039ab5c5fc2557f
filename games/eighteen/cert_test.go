package eighteen

import (
	"encoding/json"
	"slices"
	"testing"
)

// certBase is testBase with company A issued from a charter of a
// president's certificate of pres percent and n shares of share percent,
// its price $120 a share unit.
func certBase(t *testing.T, pres, share, n int) (*Base[tcorp, *tcorp], *Corporation) {
	t.Helper()
	b := testBase(t)
	a := b.Corp("A").Core()
	a.Issue(Charter("A", pres, share, n))
	b.Wire(Hooks{Shares: ShareRules{PresidentUnits: pres / share, HoldLimit: 60 / share, PoolLimit: 50 / share},
		PresidentMark: " P", Worth: Worth{Valued: func(*Corporation) bool { return true }}})
	return b, a
}

// TestCharterIDs: ids are the symbol and the index, the president's 0,
// as 18xx.games writes a share's id; units are in the ordinary share.
func TestCharterIDs(t *testing.T) {
	certs := Charter("ATSF", 20, 10, 8)
	if len(certs) != 9 || certs[0].ID != "ATSF_0" || !certs[0].President || certs[0].Units != 2 || certs[8].ID != "ATSF_8" || certs[8].Units != 1 {
		t.Errorf("charter %v", Holding(certs).IDs())
	}
	if h := Holding(Charter("S", 10, 5, 18)); h.Units() != 20 || h.Percent() != 100 || h[0].Units != 2 {
		t.Errorf("a 10%% president's certificate and eighteen 5%% shares: %d units, %d%%", h.Units(), h.Percent())
	}
}

// TestTransfersPickByTheRule: a purchase takes the first certificate of
// the initial offering or the open market, a sale the seller's ordinary
// certificates first come, and a named transfer those named.
func TestTransfersPickByTheRule(t *testing.T) {
	b, a := certBase(t, 20, 10, 8)
	a.President = 0
	b.DealPresident(a, &a.IPO, 0)
	b.Transfer(a, InIPO, Hand(0), 2)
	b.Transfer(a, InIPO, Hand(1), 1)
	b.Transfer(a, Hand(0), InPool, 1)
	b.Transfer(a, InIPO, Hand(1), 1)
	b.Transfer(a, Hand(1), InPool, 1)
	for _, tc := range []struct {
		at   Place
		want []string
	}{
		{Hand(0), []string{"A_0", "A_2"}},
		{Hand(1), []string{"A_4"}},
		{InPool, []string{"A_1", "A_3"}},
		{InIPO, []string{"A_5", "A_6", "A_7", "A_8"}},
	} {
		if got := b.holding(a, tc.at).IDs(); !slices.Equal(got, tc.want) {
			t.Errorf("place %d holds %v, want %v", tc.at, got, tc.want)
		}
	}
	b.Transfer(a, InPool, Hand(1), 1)
	if got := b.Players[1].Shares["A"].IDs(); !slices.Equal(got, []string{"A_4", "A_1"}) {
		t.Errorf("bought from the open market: %v, want its first, A_1, last in the hand", got)
	}
	if err := b.TransferNamed(a, InIPO, InTreasury, "A_7"); err != nil || !slices.Equal(a.Treasury.IDs(), []string{"A_7"}) {
		t.Errorf("named A_7 to the treasury: %v, treasury %v", err, a.Treasury.IDs())
	}
	if err := b.TransferNamed(a, InIPO, InTreasury, "A_7"); err == nil {
		t.Error("A_7 moved again from the initial offering, which no longer holds it")
	}
	if b.Transfer(a, Hand(1), InPool, 3) {
		t.Error("Bob sold 3 units holding 2")
	}
}

// TestPresidentSwap: a president selling past his certificate hands it to
// the player who will preside, taking ordinary certificates of its units
// first, so the open market gets ordinary ones; a buyer who passes the
// president takes it the same way. Units never change in a swap.
func TestPresidentSwap(t *testing.T) {
	b, a := certBase(t, 20, 10, 8)
	a.President = 0
	b.DealPresident(a, &a.IPO, 0)
	b.Transfer(a, InIPO, Hand(0), 1)
	b.Transfer(a, InIPO, Hand(1), 2)
	b.Transfer(a, Hand(0), InPool, 2)
	if h0, h1 := b.Players[0].Shares["A"], b.Players[1].Shares["A"]; h0.Units() != 1 || h1.President() == nil || h1.Units() != 2 || b.Pool["A"].President() != nil || b.PoolUnits("A") != 2 {
		t.Errorf("after Ann sells 2 of 3: Ann %v, Bob %v, pool %v", h0.IDs(), h1.IDs(), b.Pool["A"].IDs())
	}
	b.Reelect(b.Corp("A"))
	if a.President != 1 {
		t.Errorf("president %d, want Bob", a.President)
	}
	b.Transfer(a, InIPO, Hand(0), 2)
	b.Reelect(b.Corp("A"))
	if h0, h1 := b.Players[0].Shares["A"], b.Players[1].Shares["A"]; a.President != 0 || h0.President() == nil || h0.Units() != 3 || h1.Units() != 2 || h1.President() != nil {
		t.Errorf("after Ann buys to 3 against 2: president %d, Ann %v, Bob %v", a.President, h0.IDs(), h1.IDs())
	}
}

// TestFivePercentCertificates: a company of 5% shares, with a 20% or a
// 10% president's certificate, counts each certificate once against the
// limit, pays a dividend divided among its twenty units and rounded as
// the title says, values a holding at its units, and prints its
// percentages from the certificates.
func TestFivePercentCertificates(t *testing.T) {
	for _, tc := range []struct {
		pres, n           int
		annCerts, bobHold int // Ann holds the president's certificate and 3 shares
		annPct            string
	}{
		{20, 16, 4, 6, "A 35% P"},
		{10, 18, 4, 6, "A 25% P"},
	} {
		b, a := certBase(t, tc.pres, 5, tc.n)
		a.President = 0
		b.DealPresident(a, &a.IPO, 0)
		b.Transfer(a, InIPO, Hand(0), 3)
		b.Transfer(a, InIPO, Hand(1), tc.bobHold)
		if got := b.Certs(0); got != tc.annCerts {
			t.Errorf("%d%% president: Ann counts %d certificates, want %d", tc.pres, got, tc.annCerts)
		}
		if got := b.Certs(1); got != tc.bobHold {
			t.Errorf("%d%% president: Bob counts %d certificates, want %d", tc.pres, got, tc.bobHold)
		}
		if got := b.Holdings(0); len(got) == 0 || got[0] != tc.annPct {
			t.Errorf("%d%% president: Ann's holdings %q, want %q first", tc.pres, got, tc.annPct)
		}
		ann := b.Players[0].Units("A")
		if got, want := b.Score(0), 300+ann*120; got != want {
			t.Errorf("%d%% president: Ann's worth $%d, want $%d (%d units at $120)", tc.pres, got, want, ann)
		}
		for _, r := range []struct {
			rounding Rounding
			per      int
		}{{RoundDown, 7}, {RoundUp, 8}} { // $150 among 20 units: $7.50 each
			per := r.rounding.PerShare(150, a.Shares())
			paid := map[*int]int{}
			PayOut(a, b.Players, per, func(n int, to *int) { paid[to] += n })
			if per != r.per || paid[&b.Players[0].Cash] != ann*r.per || paid[&a.Cash] != a.IPO.Units()*r.per {
				t.Errorf("%d%% president, $150 paid out: $%d a unit (want $%d), Ann $%d, the company $%d", tc.pres, per, r.per, paid[&b.Players[0].Cash], paid[&a.Cash])
			}
		}
		if err := b.hooks.Shares.SaleError(a, b.Players, b.PoolUnits("A"), 1, tc.bobHold+1); err == nil || err.Error() != "you hold 30% of A (5.3.3)" {
			t.Errorf("%d%% president: Bob selling more than he holds: %v", tc.pres, err)
		}
	}
}

// TestSaleOfFivePercentPresidency: with 5% shares and a 20% president's
// certificate, the president selling down past it swaps it for four
// shares of the player who takes over.
func TestSaleOfFivePercentPresidency(t *testing.T) {
	b, a := certBase(t, 20, 5, 16)
	a.President = 0
	b.DealPresident(a, &a.IPO, 0)
	b.Transfer(a, InIPO, Hand(0), 3)
	b.Transfer(a, InIPO, Hand(1), 3)
	r := ShareRules{PresidentUnits: 2, PoolLimit: 10} // a title's 10% rule: the charter's 20% is four units here
	if err := r.SaleError(a, b.Players, 0, 0, 5); err == nil || err.Error() != "the president's certificate of A may be sold only when another player holds 20% to take it over (5.6)" {
		t.Errorf("Ann sells past her certificate with Bob at 15%%: %v", err)
	}
	b.Transfer(a, InIPO, Hand(1), 3)
	if err := r.SaleError(a, b.Players, 0, 0, 5); err != nil {
		t.Errorf("Ann sells past her certificate with Bob at 30%%: %v", err)
	}
	b.Transfer(a, Hand(0), InPool, 5)
	b.Reelect(b.Corp("A"))
	ann, bob := b.Players[0].Shares["A"], b.Players[1].Shares["A"]
	if a.President != 1 || bob.President() == nil || ann.Units() != 2 || bob.Units() != 6 || b.Certs(0) != 2 || b.Certs(1) != 3 || len(b.Pool["A"]) != 5 {
		t.Errorf("president %d; Ann %v, Bob %v, pool %v", a.President, ann.IDs(), bob.IDs(), b.Pool["A"].IDs())
	}
}

// TestCertificatesWritten: a holding is written as its units where it
// stands, the certificates apart by place; a company with none is left
// out, and a hand that held a company lists it with 0 units.
func TestCertificatesWritten(t *testing.T) {
	b, a := certBase(t, 20, 10, 8)
	a.President = 0
	b.DealPresident(a, &a.IPO, 0)
	b.Transfer(a, InIPO, Hand(1), 1)
	b.Transfer(a, Hand(1), InPool, 1)
	out, err := json.Marshal(struct {
		Players []*Player
		Pool    map[string]Holding
		Certs   map[string]CertPlaces
	}{b.Players, b.Pool, b.CertsPlaced(nil)})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Players":[{"Name":"Ann","Cash":300,"Shares":{"A":2},"Sold":{}},{"Name":"Bob","Cash":300,"Shares":{"A":0},"Sold":{}}],` +
		`"Pool":{"A":1},"Certs":{"A":{"ipo":["A_2","A_3","A_4","A_5","A_6","A_7","A_8"],"pool":["A_1"],"seats":{"0":["A_0"]}}}}`
	if string(out) != want {
		t.Errorf("written\n%s\nwant\n%s", out, want)
	}
}

// TestUncountedCertificate: a certificate that counts toward no limit
// adds nothing to its holder's count, in any zone.
func TestUncountedCertificate(t *testing.T) {
	b, a := certBase(t, 20, 10, 8)
	a.Charter[8].Uncounted = true
	b.Transfer(a, InIPO, Hand(1), 8)
	if got := b.Certs(1); got != 7 {
		t.Errorf("Bob holds eight certificates, one uncounted: counts %d, want 7", got)
	}
}
