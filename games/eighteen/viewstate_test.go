package eighteen

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// viewBase is the Base of testBase wired to be viewed: Ann presides A
// with 30% (the president's 20% and a 10%) and holds 10% of B, Bob holds
// 20% of B, not floated, and the minor C whole; 20% of A is in the pool, 50% in the
// initial offering; a 2 and a 3 in the bank, a 2 in the open market; a
// stock round waits on Bob.
func viewBase(t *testing.T) *Base[tcorp, *tcorp] {
	t.Helper()
	b := testBase(t)
	r := &RoundState{Kind: 0, Seat: 1}
	step := &Table{Title: "stock", Moves: map[string]Move{}, Blocks: func() bool { return true },
		Waiting: func() []int { return []int{r.Seat} }, Candidate: func(int, move.Query) []move.Option { return nil }}
	b.Wire(Hooks{Rounds: map[int]Round{0: {Name: "stock round", Steps: []Step{step}}, 1: {Name: "operating round"}},
		State: r, Operating: 1, Limit: func() int { return 12 },
		Shares: ShareRules{PresidentUnits: 2, WholeKinds: []string{"minor"}}, ParBeforeFloat: true,
		Worth: Worth{Valued: func(c *Corporation) bool { return c.Started }}})
	b.Trains = NewTrains([]TrainKind{{Size: 2, Cost: 80, Count: 1}, {Size: 3, Cost: 180, Count: -1}},
		[]Phase{{Train: 2, Limit: 4, KindLimits: map[string]int{"minor": 2}, Colours: 2, ORs: 1, OffBoard: 1}})
	b.PoolTrains = []int{2}
	a, c := b.Corp("A"), b.Corp("C")
	a.Issue(Charter("A", 20, 10, 8))
	a.President, a.Cash, a.Trains, a.Stations, a.TokenCosts = 0, 300, []int{2, 3}, 1, []int{0, 40}
	b.DealPresident(a.Core(), &a.IPO, 0) // A_0
	b.Deal(a.Core(), &a.IPO, 0, 1)       // A_1
	b.Transfer(a.Core(), InIPO, InPool, 2)
	c.Kind, c.President = "minor", 1
	bc := b.Corp("B")
	bc.Issue(Charter("B", 20, 10, 8))
	b.DealPresident(bc.Core(), &bc.IPO, 1) // B_0
	b.Deal(bc.Core(), &bc.IPO, 0, 1)       // B_1
	bc.President, bc.Floated = 1, false
	return b
}

var viewWords = ViewWords{Company: "Company", Companies: "Companies", Price: "Price", Tokens: "Tokens", OffBoards: "off-boards",
	OffBoardColours: []string{"yellow", "brown"}, Rounds: map[int]string{0: "Stock round"}, EndRule: "14",
	KindLimits: map[string]string{"minor": "minors"}}

// TestViewHoldsWhatEachReaderSees: the view gives each seat's holdings
// as percentages and certificates (the president's first, a company
// held whole with none), each company's shares in the offering and the
// pool as percentages, the market's piles of the companies on it (not
// one valued at par before it floats) and whose turn it is; it encodes
// as JSON, so a web page may take it without the engine.
func TestViewHoldsWhatEachReaderSees(t *testing.T) {
	b := viewBase(t)
	v := b.View(ViewSpec{Words: viewWords})
	ann, bob := v.Players[0], v.Players[1]
	if want := []ViewHolding{
		{Corp: "A", Percent: 30, President: true, Certs: []ViewCert{{ID: "A_0", Percent: 20, President: true}, {ID: "A_1", Percent: 10}}},
		{Corp: "B", Percent: 10, Certs: []ViewCert{{ID: "B_1", Percent: 10}}},
	}; !equalHoldings(ann.Holdings, want) {
		t.Errorf("Ann's holdings %+v, want %+v", ann.Holdings, want)
	}
	if want := []ViewHolding{
		{Corp: "B", Percent: 20, President: true, Certs: []ViewCert{{ID: "B_0", Percent: 20, President: true}}},
		{Corp: "C", President: true, Whole: true},
	}; !equalHoldings(bob.Holdings, want) {
		t.Errorf("Bob's holdings %+v, want %+v", bob.Holdings, want)
	}
	a, c := v.Corps[0], v.Corps[2]
	if a.IPO != 50 || a.Pool != 20 || a.Price != 120 || a.PresidentName != "Ann" || a.TokenText() != "1/2" || !slices.Equal(a.Trains, []string{"2", "3"}) {
		t.Errorf("A in the view: %+v", a)
	}
	if c.Shares || c.OnMarket {
		t.Errorf("the minor C has shares or a place on the market: %+v", c)
	}
	var piles []string
	for _, p := range v.Market.Piles {
		piles = append(piles, strings.Join(p.Corps, "+"))
	}
	if !slices.Equal(piles, []string{"A"}) {
		t.Errorf("the market's piles %q, want A's alone (B, not floated, is valued at par; C has no shares)", piles)
	}
	if b := v.Corps[1]; b.Price != 50 || b.OnMarket {
		t.Errorf("B, not floated, in the view: %+v; want valued at its par, off the market", b)
	}
	if v.Turn.Who != "Bob" || v.Turn.Now != "Stock round: Bob's turn." || !slices.Equal(v.Turn.Acting, []int{1}) {
		t.Errorf("the turn %+v, want Bob's in the stock round", v.Turn)
	}
	if v.Phase.OffBoard != "brown" || v.Phase.LimitText() != "4 (minors 2)" || !slices.Equal(v.Phase.Tiles, []string{"yellow", "green"}) {
		t.Errorf("the phase %+v", v.Phase)
	}
	if !slices.Equal(v.Trains.Pool, []string{"2"}) || v.Trains.Next != "a 2 for $80 (1 left)" || !slices.Equal(v.Trains.Depot, []ViewTrain{{"2", 80, 1}, {"3", 180, -1}}) {
		t.Errorf("the trains %+v", v.Trains)
	}
	if _, err := json.Marshal(v); err != nil {
		t.Errorf("the view does not encode: %v", err)
	}
}

func equalHoldings(a, b []ViewHolding) bool {
	return slices.EqualFunc(a, b, func(x, y ViewHolding) bool {
		return x.Corp == y.Corp && x.Percent == y.Percent && x.President == y.President && x.Whole == y.Whole && slices.Equal(x.Certs, y.Certs)
	})
}

// TestViewText: the status a mail carries, read from the view: each
// line a player relies on, holdings as percentages with the president
// marked, the reader's row marked, and what the game waits for, in turn
// an offer, the title's own sentence, an operating turn and the end.
func TestViewText(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(b *Base[tcorp, *tcorp], s *ViewSpec)
		seat  int
		want  []string
		not   []string
	}{
		{"stock round", func(*Base[tcorp, *tcorp], *ViewSpec) {}, 0, []string{
			"Phase 0: yellow, green tiles; off-boards pay their brown value; train limit 4 (minors 2). Bank $400. Certificate limit 12.\n",
			"Company  Price  Cash  Trains   Tokens    IPO Pool  President\n",
			"A         $120  $300  2,3      1/2       50%  20%  Ann\n",
			"C            -    $0  -        0           -    -  Bob\n",
			"Ann           $300   3/12  A 30% P, B 10% (you)\n",
			"Bob           $300   2/12  B 20% P, C\n",
			"Trains in the open market: 2.\nNext train from the bank: a 2 for $80 (1 left).\n",
			"\nStock round: Bob's turn.\n"}, nil},
		{"the game master's copy", func(*Base[tcorp, *tcorp], *ViewSpec) {}, -1, []string{"A 30% P, B 10%\n"}, []string{"(you)"}},
		{"an offer", func(b *Base[tcorp, *tcorp], _ *ViewSpec) {
			b.hooks.State.Offer = &Offer{Move: move.Action{Seat: 0, Verb: "BUY", Args: []string{"A"}}, To: 1}
		}, 0, []string{"Bob is asked to ACCEPT or DECLINE: BUY A.\n"}, nil},
		{"the title's own step", func(_ *Base[tcorp, *tcorp], s *ViewSpec) {
			s.Special = func(who string) string { return who + " bids." }
		}, 0, []string{"\nBob bids.\n"}, nil},
		{"an operating turn", func(b *Base[tcorp, *tcorp], s *ViewSpec) {
			b.hooks.State.Kind, b.hooks.State.Corp, b.hooks.State.OR, b.hooks.State.Step = 1, "A", 1, StepRun
			s.Set, s.Words.Steps = 2, map[int]string{StepRun: "run"}
		}, 0, []string{"Operating round 1 of 2: A operates (run), no one deciding.\n"}, nil},
		{"a closed company and the end", func(b *Base[tcorp, *tcorp], _ *ViewSpec) {
			b.Corp("B").Closed, b.Ended = true, true
		}, 0, []string{"B        closed\n", "The game is over (14): Ann $710, Bob $400\n"}, []string{"Stock round"}},
		{"a last run", func(b *Base[tcorp, *tcorp], _ *ViewSpec) {
			b.LastRun = &Run{Corp: "A", Trains: []int{2}, Total: 40, Routes: []Route{{Revenue: 40}}}
		}, 0, []string{"Last run: A earned $40: 2-train  $40.\n"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := viewBase(t)
			s := ViewSpec{Words: viewWords}
			s.Words.Steps = nil
			tc.setup(b, &s)
			got := b.View(s).Text(tc.seat)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("the status lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(got, w) {
					t.Errorf("the status has %q:\n%s", w, got)
				}
			}
		})
	}
}
