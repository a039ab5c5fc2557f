package contrails

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestThe1841ScenarioByHand works the 1841 start out by hand (3.3, 4.3;
// rulings CR9): each railroad of turn 0, numbered in the order of its
// code, authorizes 5 shares a mile; each of the 15 players holds 3% of it,
// the treasury 10% and the public the rest, bought through the broker at
// 10% under the start price of $10 plus a fifth of its towns' values, at
// most $18, which is the railroad's cash (4.3A1, C); the PCs of turn 1 are
// on offer from the Bank at $5 a mile (2.4D), in the order of their codes.
func TestThe1841ScenarioByHand(t *testing.T) {
	m, s := scenario(t)
	var founders, offered []string
	for _, r := range m.Routes {
		switch {
		case r.Kind == PC && r.Turn == 0:
			founders = append(founders, r.Code)
		case r.Kind == PC && r.Turn == 1:
			offered = append(offered, r.Code)
		}
	}
	slices.Sort(founders)
	slices.Sort(offered)
	if len(s.Railroads) != len(founders) || s.NextNumber != len(founders)+1 {
		t.Fatalf("%d railroads, next number %d; want %d and %d", len(s.Railroads), s.NextNumber, len(founders), len(founders)+1)
	}
	for i, code := range founders {
		rr := s.Railroads[i]
		r, _ := m.Route(code)
		a, _ := m.Town(r.A)
		b, _ := m.Town(r.B)
		auth := 5 * r.Miles
		each, treasury := auth*3/100, auth/10
		public := auth - treasury - 15*each
		price := min(10+(a.Value()+b.Value())/5, 18)
		if rr.Abbr != code || rr.Number != i+1 || rr.Authorized != auth || rr.Treasury != treasury || rr.Public != public ||
			rr.Price != price || rr.Cash != int64(public*price*9/10) || rr.Efficiency != 80 || rr.Loco != 1 || rr.Founded != 0 {
			t.Errorf("%s: number %d, authorized %d, treasury %d, public %d, price $%d, cash $%d, efficiency %d, engines %d; want %s number %d, %d, %d, %d, $%d, $%d, 80, 1",
				rr.Abbr, rr.Number, rr.Authorized, rr.Treasury, rr.Public, rr.Price, rr.Cash, rr.Efficiency, rr.Loco, code, i+1, auth, treasury, public, price, public*price*9/10)
		}
		for _, p := range s.Players {
			if p.Shares[code] != each {
				t.Errorf("player %d holds %d %s, want 3%%: %d", p.Number, p.Shares[code], code, each)
			}
		}
	}
	var codes []string
	for _, o := range s.Offers {
		r, _ := m.Route(o.Code)
		if o.Seller != 0 || o.Asking != int64(5*r.Miles) {
			t.Errorf("%s offered by %d at $%d, want the Bank at $5 a mile", o.Code, o.Seller, o.Asking)
		}
		codes = append(codes, o.Code)
	}
	if !slices.Equal(codes, offered) {
		t.Errorf("offers %v, want %v", codes, offered)
	}
	for i, p := range s.Players {
		if p.Number != i+1 || p.Cash != StartCash {
			t.Errorf("seat %d: player %d with $%d, want player %d with $%d", i, p.Number, p.Cash, i+1, StartCash)
		}
	}
	if len(s.Players) != Positions {
		t.Errorf("%d players, want %d (3.1)", len(s.Players), Positions)
	}
	if s.MoneySupply() != 0 || s.Turn != 1 || s.Climate != Normal || s.Techs != 1 || s.Locomotive != 1 {
		t.Errorf("money supply $%d, turn %d, climate %s, technologies %d, engines %d", s.MoneySupply(), s.Turn, s.Climate, s.Techs, s.Locomotive)
	}
}

// TestChosenNamesFillTheRest: names chosen are kept, the first claim
// winning a name asked twice; the rest are historical names, none twice
// (3.2).
func TestChosenNamesFillTheRest(t *testing.T) {
	m, _ := LoadMap()
	chosen := map[int]string{2: "Commodore", 5: "Commodore", 7: characterNames[0], 15: characterNames[1]}
	for seed := range uint64(20) {
		s, _ := NewGame(m, Setup{Names: chosen}, rand.New(rand.NewPCG(seed, 0)))
		seen := map[string]bool{}
		for _, p := range s.Players {
			if seen[p.Name] || p.Name == "" {
				t.Fatalf("seed %d: player %d named %q twice or not at all", seed, p.Number, p.Name)
			}
			seen[p.Name] = true
			if want := chosen[p.Number]; want != "" && p.Number != 5 && p.Name != want {
				t.Errorf("seed %d: player %d is %q, chose %q", seed, p.Number, p.Name, want)
			}
			if p.Number != 2 && !slices.Contains(characterNames, p.Name) {
				t.Errorf("seed %d: player %d is %q, no historical name", seed, p.Number, p.Name)
			}
		}
	}
}
