package eighteen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/move"
)

// Step is one part of a round: a stock turn, an auction, a company's
// track, its dividend, a question put to a president. It declares the
// verbs it takes and computes its own legal moves. The round asks its
// steps and nothing else, so the move menu, the computer player and the
// rule check all read the one list.
type Step interface {
	// Name is how players know the step ("stock turn", "track").
	Name() string
	// Verbs are the moves the step takes.
	Verbs() []string
	// Blocking tells whether the round waits on this step now. A step
	// that does not block may still list moves, taken alongside the
	// blocking one (a company's private powers in its turn).
	Blocking() bool
	// Acting are the seats the step waits for while it blocks.
	Acting() []int
	// Options are a seat's legal moves in the step now, narrowed by q.
	Options(seat int, q move.Query) []move.Option
	// Why names the rule that refuses a move of the step's verbs that
	// its options do not list. It explains a refusal; it never permits.
	Why(a move.Action) error
	// Do makes a move its options list.
	Do(a move.Action) error
}

// Round is a kind of round as a title builds it: its name and its steps
// in order. The steps open now are those before the first blocking step
// and that step itself; the first blocking step is the one the game
// waits on.
type Round struct {
	Name  string
	Steps []Step
}

// open are the steps that take moves now.
func (r Round) open() []Step {
	var out []Step
	for _, s := range r.Steps {
		out = append(out, s)
		if s.Blocking() {
			return out
		}
	}
	return out
}

// Current is the step the round waits on, or nil when it waits on no
// one (play carries on by itself).
func (r Round) Current() Step {
	for _, s := range r.Steps {
		if s.Blocking() {
			return s
		}
	}
	return nil
}

// Acting are the seats the round waits for.
func (r Round) Acting() []int {
	if s := r.Current(); s != nil {
		return s.Acting()
	}
	return nil
}

// Options are a seat's legal moves now, from every open step.
func (r Round) Options(seat int, q move.Query) []move.Option {
	if !slices.Contains(r.Acting(), seat) {
		return nil
	}
	var out []move.Option
	for _, s := range r.open() {
		if q.Verb != "" && !takes(s, q.Verb) {
			continue
		}
		for _, o := range s.Options(seat, q) {
			if (!o.Ranged || o.Min <= o.Max) && q.Wants(o.Verb, o.Args...) {
				out = append(out, o)
			}
		}
	}
	return out
}

// Apply makes a move if an open step lists it, and only then. A refused
// move changes nothing; its error is the step's reason, with the rule.
func (r Round) Apply(a move.Action) error {
	q := move.Query{Verb: a.Verb, Args: a.Args}
	var owner Step
	for _, s := range r.open() {
		if !takes(s, a.Verb) {
			continue
		}
		if owner == nil {
			owner = s
		}
		for _, o := range s.Options(a.Seat, q) {
			if (!o.Ranged || o.Min <= o.Max) && o.Allows(a) {
				return s.Do(a)
			}
		}
	}
	if owner == nil {
		for _, s := range r.Steps {
			if takes(s, a.Verb) {
				owner = s
				break
			}
		}
	}
	if owner == nil {
		return fmt.Errorf("%s is not a move in the %s; the moves open now are %s", a.Verb, r.Name, r.verbList(a.Seat))
	}
	if err := owner.Why(a); err != nil {
		return err
	}
	return fmt.Errorf("%s is not among the moves open now: %s", a, r.verbList(a.Seat))
}

// verbList names the verbs a seat may use now.
func (r Round) verbList(seat int) string {
	var verbs []string
	for _, o := range r.Options(seat, move.Query{}) {
		if !slices.Contains(verbs, o.Verb) {
			verbs = append(verbs, o.Verb)
		}
	}
	if len(verbs) == 0 {
		return "none"
	}
	return strings.Join(verbs, ", ")
}

func takes(s Step, verb string) bool {
	return slices.ContainsFunc(s.Verbs(), func(v string) bool { return strings.EqualFold(v, verb) })
}

// Move is one verb of a step: Check is the one statement of its rules,
// judging a move as written and naming the rule that refuses it; Do makes
// a move the step's options list.
type Move struct {
	Check func(move.Action) error
	Do    func(move.Action) error
}

// Table is a step built from plain parts, as most steps of most titles
// are: its moves by verb, when it blocks, whom it waits for, and the
// candidates it offers. Each candidate is put to its verb's Check, so the
// options and the rule check cannot differ; verbs in Judged list
// candidates already judged by that same check as they were found (every
// lay of every tile), which are not judged twice. A table offers moves
// only while it blocks, unless Alongside: then also while an earlier step
// of the round is open.
type Table struct {
	Title     string
	Moves     map[string]Move
	Judged    []string
	Alongside bool
	Blocks    func() bool
	Waiting   func() []int
	Candidate func(seat int, q move.Query) []move.Option
}

// Name is the step's title.
func (t *Table) Name() string { return t.Title }

// Verbs are the verbs of its moves, in order.
func (t *Table) Verbs() []string {
	out := make([]string, 0, len(t.Moves))
	for v := range t.Moves {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

// Blocking tells whether the round waits on the step.
func (t *Table) Blocking() bool { return t.Blocks() }

// Acting are the seats it waits for.
func (t *Table) Acting() []int {
	if t.Waiting == nil {
		return nil
	}
	return t.Waiting()
}

// Options are the candidates that pass their verb's check.
func (t *Table) Options(seat int, q move.Query) []move.Option {
	if t.Candidate == nil || (!t.Alongside && !t.Blocks()) {
		return nil
	}
	var out []move.Option
	for _, o := range t.Candidate(seat, q) {
		m, ok := t.Moves[o.Verb]
		if !ok || (o.Ranged && o.Min > o.Max) {
			continue
		}
		if slices.Contains(t.Judged, o.Verb) || m.Check(o.Action(o.Min)) == nil {
			out = append(out, o)
		}
	}
	return out
}

// Why is the verb's check on the move.
func (t *Table) Why(a move.Action) error {
	m, ok := t.Moves[strings.ToUpper(a.Verb)]
	if !ok {
		return fmt.Errorf("%s is not a move of the %s", a.Verb, t.Title)
	}
	return m.Check(a)
}

// Do makes the move.
func (t *Table) Do(a move.Action) error {
	m, ok := t.Moves[strings.ToUpper(a.Verb)]
	if !ok {
		return fmt.Errorf("%s is not a move of the %s", a.Verb, t.Title)
	}
	return m.Do(a)
}

// Offer is a deal that needs a second player's word: the move one seat
// proposes (a private bought from its owner, a train from another
// president's company) and the seat that must accept or decline it.
// While it is open the game waits on that seat and on nothing else.
type Offer struct {
	Move move.Action `json:"move"`
	To   int         `json:"to"`
}

// Clone is a copy of the offer, nil for none, that shares nothing with
// it: a game's copy may answer it.
func (o *Offer) Clone() *Offer {
	if o == nil {
		return nil
	}
	c := *o
	c.Move.Args = slices.Clone(o.Move.Args)
	return &c
}

// The answers to an offer.
const (
	Accept  = "ACCEPT"
	Decline = "DECLINE"
)

// ConsentStep asks the other side of an open offer: ACCEPT makes the
// proposed move by the title's close, DECLINE drops it and play returns
// to the proposer. open is the offer waiting, or nil.
func ConsentStep(open func() *Offer, closeDeal, drop func(Offer) error) Step {
	asked := func(move.Action) error {
		if open() == nil {
			return fmt.Errorf("no offer waits for an answer")
		}
		return nil
	}
	return &Table{Title: "offer", Moves: map[string]Move{
		Accept:  {Check: asked, Do: func(move.Action) error { return closeDeal(*open()) }},
		Decline: {Check: asked, Do: func(move.Action) error { return drop(*open()) }},
	}, Blocks: func() bool { return open() != nil }, Waiting: func() []int { return []int{open().To} },
		Candidate: func(seat int, _ move.Query) []move.Option {
			return []move.Option{{Seat: seat, Verb: Accept}, {Seat: seat, Verb: Decline}}
		}}
}
