package contrails

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestPresidentChangeCancelsTheDebt: when a railroad's President changes,
// its debt to him is cancelled and up to all of it looted from the
// treasury (4.4D); a President who stays keeps the debt owed, and a
// railroad without debt has nothing to cancel.
func TestPresidentChangeCancelsTheDebt(t *testing.T) {
	for _, tc := range []struct {
		name      string
		resign    bool
		debt      int64
		wantDebt  int64
		cancelled bool
	}{
		{"a new President: the debt is cancelled", true, 1000, 0, true},
		{"a new President, no debt", true, 0, 0, false},
		{"the same President keeps it owed", false, 1000, 1000, false},
	} {
		m, s := scenario(t)
		presideOver(m, s, 1, "C&AM", 0)
		rr := s.Railroad("C&AM")
		rr.PresDebt = tc.debt
		var o Orders
		if tc.resign {
			o.Resign = []string{"C&AM"}
		}
		tn := newTurn(m, s, only(map[int]Orders{1: o}), rand.New(rand.NewPCG(1, 1)))
		tn.elections()
		cancelled := strings.Contains(newsText(tn.events), "to its President is cancelled")
		if rr.PresDebt != tc.wantDebt || cancelled != tc.cancelled {
			t.Errorf("%s: debt $%d, cancelled in the news %v; want $%d, %v", tc.name, rr.PresDebt, cancelled, tc.wantDebt, tc.cancelled)
		}
	}
}

// TestControlSlotNoteNamesTheSlot: a control slot ordered to a railroad
// that does not exist is noted by its number, RR1 or RR2 (10.1D).
func TestControlSlotNoteNamesTheSlot(t *testing.T) {
	for k, want := range []string{"Control slot RR1:", "Control slot RR2:"} {
		m, s := scenario(t)
		var o Orders
		o.Control[k] = "NOPE"
		tn := newTurn(m, s, only(map[int]Orders{1: o}), rand.New(rand.NewPCG(1, 1)))
		tn.elections()
		if notes := notesFor(tn.events, 1); !strings.Contains(notes, want) {
			t.Errorf("slot %d: notes %q, want %q", k+1, notes, want)
		}
	}
}

// TestCorneredWhenDirectorsHoldOverHalf: the news reports a railroad's
// stock cornered when its Directors hold more than half of it, not half
// (6.4).
func TestCorneredWhenDirectorsHoldOverHalf(t *testing.T) {
	for _, tc := range []struct {
		name     string
		extra    int // shares over half the issued stock player 1 holds
		cornered bool
	}{
		{"half", 0, false},
		{"a share over half", 1, true},
	} {
		m, s := scenario(t)
		rr := s.Railroad("C&AM")
		for i := range s.Players {
			rr.Public += s.Players[i].Shares["C&AM"]
			s.Players[i].Shares["C&AM"] = 0
		}
		if rr.Public%2 == 1 { // an even number issued, to hold exactly half
			rr.Public--
			rr.Treasury++
		}
		issued := s.Issued(rr)
		take := issued/2 + tc.extra
		rr.Public -= take
		s.Players[0].Shares["C&AM"] = take
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		tn.elections()
		if got := strings.Contains(newsText(tn.events), "C&AM stock is cornered"); got != tc.cornered {
			t.Errorf("%s: %d of %d held by Directors, cornered %v; want %v", tc.name, take, issued, got, tc.cornered)
		}
	}
}

// TestGameEndsAtRandomFromTurn21: after turn 20 the game ends after each
// turn with chance 1 in 4, never before (1.3).
func TestGameEndsAtRandomFromTurn21(t *testing.T) {
	const rounds = 400
	for _, tc := range []struct {
		turn   int
		lo, hi int // ends in rounds; 1 in 4 is 100, sd 8.7
	}{
		{EndTurn - 1, 0, 0},
		{EndTurn, 75, 125},
	} {
		m, s := scenario(t)
		s.Turn = tc.turn
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		ends := 0
		for round := range rounds {
			s.Over = false
			tn.rng = rand.New(rand.NewPCG(3, uint64(round)))
			tn.victoryPoints()
			if s.Over {
				ends++
			}
		}
		if ends < tc.lo || ends > tc.hi {
			t.Errorf("turn %d: the game ended in %d of %d rounds, want %d to %d", tc.turn, ends, rounds, tc.lo, tc.hi)
		}
	}
}

// TestBuilderBonusToThePresident: a President whose railroad first links
// the Atlantic with the Central region wins the Atlantic-Central bonus, 5
// points doubled as the first to win it, on top of the region's 2 doubled
// as its first link (1.2).
func TestBuilderBonusToThePresident(t *testing.T) {
	m, s := scenario(t)
	presideOver(m, s, 1, "B&O", 0)
	tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
	rr := s.Railroad("B&O")
	if got := tn.regions["B&O"]; len(got) != 1 || got[0] != Atlantic || s.Links[Central] != "" {
		t.Fatalf("setup: the B&O is in %v, Central first linked by %q", got, s.Links[Central])
	}
	rr.Lines = append(rr.Lines, m.RoutesAt("Chicago")[0]) // Central's town
	if !slices.Contains(m.RegionsOf(rr.Lines), Central) {
		t.Fatalf("setup: %v does not reach the Central region", rr.Lines)
	}
	s.Players[0].VP = VP{}
	tn.railBuilder()
	if got := s.Players[0].VP; got.Builder != 2*2+5*2 || !contains(got.Bonuses, builderBonuses[0].name) {
		t.Errorf("Builder points %d, bonuses %v; want 14 and the %s bonus", got.Builder, got.Bonuses, builderBonuses[0].name)
	}
}

// TestEquipmentArrivesOnItsTurn: type 2 locomotives come on turn 4 and
// technology B on turn 5, announced the turn before and only then (4.17,
// 4.18).
func TestEquipmentArrivesOnItsTurn(t *testing.T) {
	for _, tc := range []struct {
		turn        int // the turn ending
		loco, techs int
		news        int // announcements
	}{
		{2, 1, 1, 0},
		{3, 2, 1, 1},
		{4, 2, 2, 1},
	} {
		m, s := scenario(t)
		s.Turn, s.Locomotive, s.Techs = tc.turn, availableBy(locomotiveTurns, tc.turn), availableBy(technologyTurns, tc.turn)
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		tn.newPCs()
		news := 0
		for _, e := range tn.events {
			if e.Kind == "invention" {
				news++
			}
		}
		if s.Locomotive != tc.loco || s.Techs != tc.techs || news != tc.news {
			t.Errorf("after turn %d: locomotive type %d, %d technologies, %d announced; want %d, %d, %d", tc.turn, s.Locomotive, s.Techs, news, tc.loco, tc.techs, tc.news)
		}
	}
}

// TestFirstMillionaireIsOverAMillion: the Robber Baron bonus goes to the
// first tycoon worth over $1,000,000, not at it (1.2).
func TestFirstMillionaireIsOverAMillion(t *testing.T) {
	for _, tc := range []struct {
		worth int64
		want  bool
	}{
		{1_000_000, false},
		{1_000_001, true},
	} {
		m, s := scenario(t)
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		s.Players[0].NetWorth = tc.worth
		tn.robberBaron()
		if got := s.Players[0].VP.Millionaire; got != tc.want {
			t.Errorf("worth $%d: millionaire %v, want %v", tc.worth, got, tc.want)
		}
	}
}

// TestPCsAppearWhenEligible replays the rolls of the PCs' appearance: a
// PC neither on offer, owned nor built appears from its turn on, each turn
// with chance 30% plus 20% for each turn it has waited, offered at its
// price a mile; one that does not appear has waited a turn more (2.4C).
func TestPCsAppearWhenEligible(t *testing.T) {
	m, base := scenario(t)
	base.Turn = 9 // readying turn 10
	for i, r := range m.Routes {
		base.Eligible[r.Code] = i % 4
	}
	// A PC of the first turn taken off the market, to appear again.
	for _, o := range base.Offers {
		if r, _ := m.Route(o.Code); r.Turn == 1 {
			base.withdrawOffer(o.Code)
			break
		}
	}
	for seed := range uint64(20) {
		s, err := base.Clone()
		if err != nil {
			t.Fatal(err)
		}
		used := map[string]bool{}
		for _, o := range s.Offers {
			used[o.Code] = true
		}
		for _, p := range s.Players {
			for _, pc := range p.PCs {
				used[pc.Code] = true
			}
		}
		for _, rr := range s.Railroads {
			for _, c := range rr.Lines {
				used[c] = true
			}
		}
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(seed, 7)))
		rolls := rand.New(rand.NewPCG(seed, 7))
		tn.newPCs()
		news := newsText(tn.events)
		for i, r := range m.Routes {
			waited := i % 4
			eligible := r.Kind == PC && r.Turn >= 1 && r.Turn <= 10 && !used[r.Code]
			appears := eligible && rolls.IntN(100) < 30+20*waited
			offered := false
			for _, o := range s.Offers {
				if o.Code == r.Code && !used[r.Code] {
					offered = true
					if want := int64(r.Miles * PCPricePerMile); o.Asking != want || !strings.Contains(news, fmt.Sprintf("(%s) is offered for sale at $%d.", r.Code, want)) {
						t.Errorf("seed %d: %s offered at $%d, want $%d, in the news", seed, r.Code, o.Asking, want)
					}
				}
			}
			wantWaited := waited
			switch {
			case appears:
				wantWaited = 0
			case eligible:
				wantWaited = waited + 1
			}
			if offered != appears || s.Eligible[r.Code] != wantWaited {
				t.Fatalf("seed %d: %s (turn %d, %s, waited %d, used %v): offered %v, waited %d; want %v, %d",
					seed, r.Code, r.Turn, r.Kind, waited, used[r.Code], offered, s.Eligible[r.Code], appears, wantWaited)
			}
		}
	}
}

// TestLootIsUpToTheDebt: a cancelled debt to the old President loots 0%
// to 100% of the debt, or of the cash if less, from the treasury, half on
// average (4.4D).
func TestLootIsUpToTheDebt(t *testing.T) {
	m, base := scenario(t)
	presideOver(m, base, 1, "C&AM", 0)
	base.Railroad("C&AM").PresDebt = 1000
	total := int64(0)
	const rounds = 60
	for seed := range uint64(rounds) {
		s, err := base.Clone()
		if err != nil {
			t.Fatal(err)
		}
		rr := s.Railroad("C&AM")
		cash := rr.Cash
		if cash < 1000 {
			t.Fatalf("setup: C&AM has $%d, less than its debt", cash)
		}
		tn := newTurn(m, s, only(map[int]Orders{1: {Resign: []string{"C&AM"}}}), rand.New(rand.NewPCG(seed, 6)))
		tn.elections()
		loot := cash - rr.Cash
		if loot < 0 || loot > 1000 {
			t.Fatalf("seed %d: $%d looted for a debt of $1000", seed, loot)
		}
		total += loot
	}
	if mean := total / rounds; mean < 350 || mean > 650 {
		t.Errorf("$%d looted on average for a debt of $1000, want about $500", mean)
	}
}
