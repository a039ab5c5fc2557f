package eighteen

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// toySpec is a title's data on a board of three hexes: two companies,
// one with its home in the data and one printed on the board, a private,
// two trains and two phases, and 18MW's certificate limits with the
// mergers of its chart A4.0 for three and four players.
const toySpec = `{
  "title": "Toy", "players": [3, 5], "players_rule": "1.1",
  "bank": 12000, "capital": 1800, "cash": {"3": 650, "4": 550},
  "companies": [
    {"sym": "AA", "name": "Alpha", "home": "A2", "tokens": [0, 40], "float": 6},
    {"sym": "BB", "name": "Beta", "kind": "minor", "tokens": [0], "price": 100}
  ],
  "privates": [{"sym": "P1", "name": "One", "cost": 40, "revenue": 10}],
  "trains": [{"Size": 2, "Cost": 80, "Count": 3}, {"Size": 3, "Cost": 180, "Count": 2}],
  "first_phase": 1,
  "phases": [{"Train": 2, "Limit": 4, "Colours": 1, "ORs": 1}, {"Train": 3, "Limit": 3, "Colours": 2, "ORs": 2}],
  "variants": {"short": {"trains": [{"Size": 2, "Cost": 80, "Count": 1}], "phases": [{}, {"Train": 2, "Limit": 2}]}},
  "limits": {"3": [20, 19, 18, 17, 16], "4": [16, 15, 14, 13, 12]}
}`

func toyPrinted() Printed {
	return Printed{Title: "Toy", Board: "A2 | city | - | - | - | - | -\nA4 | city | - | - | - | - | home=BB\nB3 | plain | - | - | - | - | -\n",
		Manifest: "7 2\n", Market: "100p 110 120\n90 100"}
}

// TestCertLimitsByEvents: the limit by players, one less a merger as
// 18MW's chart gives it, the last holding beyond the chart.
func TestCertLimitsByEvents(t *testing.T) {
	s, err := ParseSpec(toyPrinted(), []byte(toySpec))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ players, events, want int }{
		{3, 0, 20}, {3, 1, 19}, {3, 4, 16}, {3, 9, 16}, {4, 2, 14}, {4, -1, 16}, {6, 0, 0},
	} {
		if got := s.Limits.At(tc.players, tc.events); got != tc.want {
			t.Errorf("%d players after %d events: limit %d, want %d", tc.players, tc.events, got, tc.want)
		}
	}
}

// TestDealFromSpec: players paid by the count playing or sharing the
// capital, the bank's money kept, companies made with their homes from
// the data or the board, privates unsold, the trains in the first phase,
// and a variant's trains in place of the title's.
func TestDealFromSpec(t *testing.T) {
	s, err := ParseSpec(toyPrinted(), []byte(toySpec))
	if err != nil {
		t.Fatal(err)
	}
	var made []string
	mk := func(core Corporation, f CompanySpec) *tcorp {
		made = append(made, f.Sym)
		return &tcorp{Corporation: core, Own: f.Price}
	}
	b, err := Deal[tcorp](s, []string{"Ann", "Bob", "Cal"}, mk)
	if err != nil {
		t.Fatal(err)
	}
	if b.Players[0].Cash != 650 || b.Bank != 12000-3*650 || b.Money() != 12000 || b.Spec() != s {
		t.Errorf("three players: $%d each, bank $%d", b.Players[0].Cash, b.Bank)
	}
	aa, bb := b.Corp("AA"), b.Corp("BB")
	if !slices.Equal(made, []string{"AA", "BB"}) || aa.Home.String() != "A2" || bb.Home.String() != "A4" || bb.Own != 100 ||
		aa.FloatAt != 6 || aa.President != -1 || !slices.Equal(aa.TokenCosts, []int{0, 40}) || bb.Kind != "minor" {
		t.Errorf("companies %+v, %+v", aa, bb)
	}
	if p := b.Private("P1"); p == nil || p.Owner != -1 || p.Cost != 40 || p.Revenue != 10 {
		t.Errorf("private %+v", p)
	}
	if b.Trains.Phase != 1 || !slices.Equal(b.Depot, []int{3, 2}) || s.Company("BB").Price != 100 || s.Company("ZZ") != nil {
		t.Errorf("trains %v in phase %d", b.Depot, b.Trains.Phase)
	}
	b, err = Deal[tcorp](s.With("short"), []string{"Ann", "Bob", "Cal", "Dee", "Eve"}, mk)
	if err != nil {
		t.Fatal(err)
	}
	if b.Players[0].Cash != 1800/5 || !slices.Equal(b.Depot, []int{1}) || b.Trains.Current().Limit != 2 || len(s.Trains) != 2 {
		t.Errorf("five players on the short variant: $%d each, trains %v; the spec's own trains %d kinds", b.Players[0].Cash, b.Depot, len(s.Trains))
	}
	for _, players := range [][]string{{"Ann", "Bob"}, {"A", "B", "C", "D", "E", "F"}} {
		want := fmt.Sprintf("Toy is for 3 to 5 players, not %d (1.1)", len(players))
		if _, err := Deal[tcorp](s, players, mk); err == nil || err.Error() != want {
			t.Errorf("%d players: %v", len(players), err)
		}
	}
}

// TestParseSpecErrors: data that does not read, a hex that is not one,
// a first phase not among the phases.
func TestParseSpecErrors(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{`{"title": `, "Toy's data"},
		{strings.Replace(toySpec, `"home": "A2"`, `"home": "2A"`, 1), "company AA"},
		{strings.Replace(toySpec, `"first_phase": 1`, `"first_phase": 2`, 1), "first phase"},
		{strings.Replace(toySpec, `"first_phase": 1`, `"first_phase": -1`, 1), "first phase"},
		{strings.Replace(toySpec, `"phases": [{}, {"Train": 2, "Limit": 2}]`, `"phases": [{}]`, 1), "variant short"},
		{strings.Replace(toySpec, `"trains": [{"Size": 2`, `"trainz": [{"Size": 2`, 1), "no trains"},
	} {
		if _, err := ParseSpec(toyPrinted(), []byte(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.30q: %v, want an error saying %q", tc.data, err, tc.want)
		}
	}
}
