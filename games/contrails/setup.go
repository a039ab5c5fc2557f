package contrails

import (
	"math/rand/v2"
)

// The 1841 scenario (3.3, Appendix C). Rulings CR9 give the reasons.
const (
	StartCash       = 1500 // each player's cash
	StartPercent    = 3    // each player's share of each railroad's stock, in per cent
	TreasuryPercent = 10   // kept by each railroad (4.3A)
	StartEfficiency = 80   // "good" (4.5A)
	SharesPerMile   = 5    // stock authorized a mile of line (4.3A)
	PCPricePerMile  = 5    // the Bank's asking price for a new PC (2.4D)
)

// Style is a computer player's personality.
type Style string

// The computer player's personalities.
const (
	Cautious Style = "cautious"
	Raider   Style = "raider"
	Builder  Style = "builder"
)

var styles = []Style{Cautious, Raider, Builder}

// characterNames are the historical names handed out when a player picks
// none (3.2).
var characterNames = []string{
	"Cornelius Vanderbilt", "Jay Gould", "Jim Fisk", "Daniel Drew", "Collis Huntington",
	"Leland Stanford", "James J. Hill", "Edward Harriman", "J. P. Morgan", "Thomas Scott",
	"John W. Garrett", "Henry Villard", "Russell Sage", "Mark Hopkins", "Charles Crocker",
	"Thomas Durant", "Erastus Corning", "John Murray Forbes", "Grenville Dodge", "Cyrus Holliday",
	"William Palmer", "Jay Cooke", "George Pullman", "Henry Flagler", "Tom Scott Jr.",
}

// Setup describes a new game.
type Setup struct {
	// Names are the character names players chose, by position; a missing
	// or duplicate name is replaced by a random historical one (3.2).
	Names map[int]string
	// Humans are the positions people hold; the rest the computer plays.
	Humans map[int]bool
}

// NewGame makes the state before turn 1.
func NewGame(m *Map, setup Setup, rng *rand.Rand) (*State, error) {
	s := &State{Turn: 1, Climate: Normal, Locomotive: 1, Techs: 1, Eligible: map[string]int{},
		Links: map[Region]string{}, FirstBonus: map[string]bool{}, NextNumber: 1}
	names := append([]string(nil), characterNames...)
	rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	taken := map[string]bool{}
	for n := 1; n <= Positions; n++ {
		if nm := setup.Names[n]; nm != "" && !taken[nm] {
			taken[nm] = true
		}
	}
	next := 0
	for n := 1; n <= Positions; n++ {
		name := setup.Names[n]
		if name == "" || (taken[name] && !firstClaim(setup.Names, n)) {
			for taken[names[next]] {
				next++
			}
			name = names[next]
			next++
			taken[name] = true
		}
		s.Players = append(s.Players, Player{Number: n, Name: name, Human: setup.Humans[n],
			Style: styles[rng.IntN(len(styles))], Shares: map[string]int{}})
		s.transfer(bank, playerAcct(n), StartCash, "")
	}

	var founders []Route
	for _, r := range m.Routes {
		if r.Kind != PC {
			continue
		}
		switch r.Turn {
		case 0:
			founders = append(founders, r)
		case 1:
			s.Offers = append(s.Offers, PCOffer{Code: r.Code, Asking: int64(r.Miles * PCPricePerMile)})
		}
	}
	sortStable(founders, func(i, j int) bool { return founders[i].Code < founders[j].Code })
	for _, r := range founders {
		authorized := r.Miles * SharesPerMile
		rr := Railroad{Abbr: r.Code, Name: r.Name, Number: s.NextNumber, Founded: 0, Lines: []string{r.Code},
			Price: startPrice(m, r), Efficiency: StartEfficiency, Loco: 1, Dividend: 2}
		s.NextNumber++
		rr.Authorized = authorized
		each := authorized * StartPercent / 100
		rr.Treasury = authorized * TreasuryPercent / 100
		rr.Public = authorized - rr.Treasury - each*Positions
		s.Railroads = append(s.Railroads, rr)
		for i := range s.Players {
			s.Players[i].Shares[r.Code] = each
		}
		// The public bought its shares through a broker at 10% below the
		// price (4.3C); that is the railroad's starting cash.
		s.transfer(bank, railroadAcct(r.Code), int64(rr.Public)*int64(rr.Price)*9/10, itemStockIssue)
	}
	sortOffers(s.Offers)
	s.elect(m)
	s.valuePlayers(m)
	return s, nil
}

func firstClaim(names map[int]string, n int) bool {
	for k := 1; k < n; k++ {
		if names[k] == names[n] {
			return false
		}
	}
	return true
}

// startPrice is a new railroad's first price, $10 to $18 (4.3A1): richer
// routes start dearer.
func startPrice(m *Map, r Route) int {
	a, _ := m.Town(r.A)
	b, _ := m.Town(r.B)
	return min(10+(a.Value()+b.Value())/5, 18)
}

func sortOffers(o []PCOffer) {
	sortStable(o, func(i, j int) bool { return o[i].Code < o[j].Code })
}

// Event is something that happened, for the headlines (9.1) or for one
// player's eyes only.
type Event struct {
	Kind      string `json:"kind"`
	VisibleTo int    `json:"visible_to,omitempty"` // 0: everyone
	Text      string `json:"text"`
}
