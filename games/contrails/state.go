package contrails

import (
	"sort"
	"strconv"
)

// Positions is the number of tycoons in a game (3.1).
const Positions = 15

// State is a whole game between turns. It is plain data: encoding it with
// encoding/json gives the same bytes for the same game every time.
type State struct {
	Turn       int        `json:"turn"` // the turn whose orders are awaited
	Climate    Climate    `json:"climate"`
	Over       bool       `json:"over,omitempty"`
	Bank       int64      `json:"bank"`         // the Bank's cash; with every other account it sums to zero
	Locomotive int        `json:"locomotive"`   // best locomotive available, 1 to 9 (4.17)
	Techs      int        `json:"technologies"` // technologies available, A.. (1 = A only) (4.18)
	Players    []Player   `json:"players"`
	Railroads  []Railroad `json:"railroads"`
	Offers     []PCOffer  `json:"offers"` // PCs for sale, by the Bank or a player (2.4D, 10.1B)
	// Eligible counts, for each PC eligible but not yet offered, the turns
	// it has waited; its chance to appear grows with it (2.4C).
	Eligible map[string]int `json:"eligible,omitempty"`
	// Links records the first railroad to reach each region, and FirstBonus
	// each Builder bonus already won first (1.2).
	Links      map[Region]string `json:"links,omitempty"`
	FirstBonus map[string]bool   `json:"first_bonus,omitempty"`
	NextNumber int               `json:"next_number"` // the next railroad number (10)
	// Pending are this turn's player messages, awaiting the GM (10.1G).
	Pending []Message `json:"pending_messages,omitempty"`
	// Climates is the climate each turn so far was played in, for the
	// report's chart; Climate is the one to come.
	Climates []Climate `json:"climates,omitempty"`
	// Record is what the last turn did with money and stock (9.4, 9.6).
	Record *TurnRecord `json:"last_turn,omitempty"`
	// Adjustments are the game master's corrections since the last turn,
	// for the next turn's cash flow.
	Adjustments []Adjustment `json:"adjustments,omitempty"`

	rec *recorder // while a turn resolves
}

// Player is one of the 15 tycoons.
type Player struct {
	Number   int            `json:"number"`
	Name     string         `json:"name"`
	Human    bool           `json:"human,omitempty"`
	Style    Style          `json:"style"` // the computer player's personality
	Cash     int64          `json:"cash"`
	Loan     int64          `json:"loan"`
	Shares   map[string]int `json:"shares,omitempty"`
	PCs      []OwnedPC      `json:"pcs,omitempty"`
	Slots    [2]string      `json:"slots"` // RR1 and RR2 (10.1D)
	VP       VP             `json:"vp"`
	NetWorth int64          `json:"net_worth"`
	Credit   int64          `json:"credit_limit"`
	Bankrupt int            `json:"bankruptcies,omitempty"`
	// Recall is the loan recall announced at the end of the last turn: what
	// is not repaid this turn is compelled at its end (3.5C).
	Recall int64 `json:"recall,omitempty"`
	// MayRename: bankrupt last turn, so a new name may be chosen (3.2).
	MayRename bool `json:"may_rename,omitempty"`
	// This turn's Pinkertons (10.1F), for the report.
	SpyPlayer   int    `json:"spy_player,omitempty"`
	SpyRailroad string `json:"spy_railroad,omitempty"`
}

// Message is a player's one-line message to all (10.1G).
type Message struct {
	From int    `json:"from"`
	Text string `json:"text"`
}

// OwnedPC is a Private Company a player holds.
type OwnedPC struct {
	Code   string `json:"code"`
	Paid   int64  `json:"paid"`
	Asking int64  `json:"asking,omitempty"` // 0: not offered for sale
}

// VP are a player's victory points (1.2).
type VP struct {
	RobberBaron int        `json:"robber_baron"`
	Mogul       int        `json:"mogul"`
	MogulSaved  MilliPoint `json:"mogul_saved"`
	Builder     int        `json:"builder"`
	Magnate     int        `json:"magnate"`
	Prodigal    int        `json:"prodigal"`
	Baron       int        `json:"baron"` // recomputed each turn
	Millionaire bool       `json:"millionaire,omitempty"`
	Bonuses     []string   `json:"bonuses,omitempty"` // Builder bonuses won
}

// Total is the sum of the six categories: the score that wins (1.2).
func (v VP) Total() int {
	return v.RobberBaron + v.Mogul + v.Builder + v.Magnate + v.Prodigal + v.Baron
}

// PCOffer is a Private Company anyone may bid for this turn.
type PCOffer struct {
	Code   string `json:"code"`
	Seller int    `json:"seller,omitempty"` // 0: the Bank
	Asking int64  `json:"asking"`
}

// Railroad is an active railroad (4.1).
type Railroad struct {
	Abbr       string   `json:"abbr"`
	Name       string   `json:"name"`
	Number     int      `json:"number"`
	Founded    int      `json:"founded"`
	Lines      []string `json:"lines"`
	Doubled    []string `json:"doubled,omitempty"`
	RoW        string   `json:"row,omitempty"` // the unbuilt RoW it owns (4.7A)
	RoWGrant   int      `json:"row_grant,omitempty"`
	Land       int      `json:"land,omitempty"` // sections of granted land unsold (7)
	Cash       int64    `json:"cash"`
	Bonds      int64    `json:"bonds"`
	Loans      int64    `json:"loans"`
	PresDebt   int64    `json:"president_debt,omitempty"`
	Price      int      `json:"price"`
	Authorized int      `json:"authorized"` // issued plus treasury (4.2)
	Public     int      `json:"public"`
	Treasury   int      `json:"treasury"`
	Efficiency int      `json:"efficiency"`
	Loco       int      `json:"locomotive"`
	Techs      TechSet  `json:"technologies"` // technologies B.. owned
	Grand      bool     `json:"grand_station,omitempty"`
	Dividend   int      `json:"dividend"`
	President  int      `json:"president,omitempty"` // 0: an anonymous president
	Chairman   int      `json:"chairman,omitempty"`
	Directors  []int    `json:"directors,omitempty"`
	Insolvent  bool     `json:"insolvent,omitempty"`
	Bankrupt   bool     `json:"bankrupt,omitempty"`
	// Last turn's figures, for the report and for the public's appetite.
	Revenue  int64 `json:"revenue"`
	Expenses int64 `json:"expenses"`
	Profit   int64 `json:"profit"`
	// Prices is the end price of each turn since it was founded, for the
	// report's chart.
	Prices []int `json:"prices,omitempty"`
}

// holdings are a railroad's lines and its unbuilt RoW: everything 4.8
// forbids it to hold twice.
func (rr *Railroad) holdings() []string {
	if rr.RoW == "" {
		return rr.Lines
	}
	return append(append([]string(nil), rr.Lines...), rr.RoW)
}

// Issued is the stock held by players and the public (4.2).
func (s *State) Issued(rr *Railroad) int {
	n := rr.Public
	for i := range s.Players {
		n += s.Players[i].Shares[rr.Abbr]
	}
	return n
}

// Railroad finds a railroad by abbreviation or number (10).
func (s *State) Railroad(key string) *Railroad {
	for i := range s.Railroads {
		if s.Railroads[i].Abbr == key {
			return &s.Railroads[i]
		}
	}
	if n, err := strconv.Atoi(key); err == nil {
		for i := range s.Railroads {
			if s.Railroads[i].Number == n {
				return &s.Railroads[i]
			}
		}
	}
	return nil
}

// Player returns the player at a position (1 to 15).
func (s *State) Player(n int) *Player {
	if n < 1 || n > len(s.Players) {
		return nil
	}
	return &s.Players[n-1]
}

// Miles is a railroad's length of built track.
func (m *Map) Miles(lines []string) int {
	total := 0
	for _, c := range lines {
		if r, ok := m.Route(c); ok {
			total += r.Miles
		}
	}
	return total
}

// Clone deep-copies a state, so that Resolve never changes its input.
func (s *State) Clone() (*State, error) {
	out := *s
	out.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		p.Shares = cloneMap(p.Shares)
		p.PCs = append([]OwnedPC(nil), p.PCs...)
		p.VP.Bonuses = append([]string(nil), p.VP.Bonuses...)
		out.Players[i] = p
	}
	out.Railroads = make([]Railroad, len(s.Railroads))
	for i, rr := range s.Railroads {
		rr.Lines = append([]string(nil), rr.Lines...)
		rr.Doubled = append([]string(nil), rr.Doubled...)
		rr.Directors = append([]int(nil), rr.Directors...)
		rr.Prices = append([]int(nil), rr.Prices...)
		out.Railroads[i] = rr
	}
	out.Offers = append([]PCOffer(nil), s.Offers...)
	out.Eligible = cloneMap(s.Eligible)
	out.Links = cloneMap(s.Links)
	out.FirstBonus = cloneMap(s.FirstBonus)
	out.Pending = append([]Message(nil), s.Pending...)
	out.Climates = append([]Climate(nil), s.Climates...)
	out.Adjustments = append([]Adjustment(nil), s.Adjustments...)
	out.Record, out.rec = nil, nil
	out.fillMaps()
	return &out, nil
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// fillMaps restores the maps JSON leaves out when they are empty.
func (s *State) fillMaps() {
	if s.Eligible == nil {
		s.Eligible = map[string]int{}
	}
	if s.Links == nil {
		s.Links = map[Region]string{}
	}
	if s.FirstBonus == nil {
		s.FirstBonus = map[string]bool{}
	}
	for i := range s.Players {
		if s.Players[i].Shares == nil {
			s.Players[i].Shares = map[string]int{}
		}
	}
}

// account is somewhere money can be: a player, a railroad, or the Bank,
// which stands for the public and the economy too.
type account struct {
	player   int    // 1..15
	railroad string // abbreviation
}

var bank = account{}

func playerAcct(n int) account         { return account{player: n} }
func railroadAcct(abbr string) account { return account{railroad: abbr} }

func (s *State) balance(a account) *int64 {
	switch {
	case a.player > 0:
		return &s.Players[a.player-1].Cash
	case a.railroad != "":
		if rr := s.Railroad(a.railroad); rr != nil {
			return &rr.Cash
		}
	}
	return &s.Bank
}

// transfer moves money between accounts. Every change of cash in the engine
// goes through it, so money is conserved by construction, and the turn's
// cash flows (9.6) are recorded under item while a turn resolves.
func (s *State) transfer(from, to account, amount int64, item string) {
	if amount == 0 || from == to {
		return
	}
	*s.balance(from) -= amount
	*s.balance(to) += amount
	s.rec.flow(from, item, -amount)
	s.rec.flow(to, item, amount)
}

// MoneySupply is the sum of every account; it is zero in a consistent game.
func (s *State) MoneySupply() int64 {
	total := s.Bank
	for _, p := range s.Players {
		total += p.Cash
	}
	for _, rr := range s.Railroads {
		total += rr.Cash
	}
	return total
}

// sortedKeys returns a map's keys in order, for deterministic iteration.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// sortStable is an insertion sort: stable, allocation-free, and quick for
// the short lists the engine sorts (railroads, bids, offers, players).
func sortStable[T any](s []T, less func(i, j int) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(j, j-1); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
