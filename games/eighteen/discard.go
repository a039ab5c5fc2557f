package eighteen

import (
	"slices"

	"github.com/railpost/railpost/games/move"
)

// Phasing is what a title does as a phase begins, beyond the phase's
// own data (its limit, colours, the size it scraps, whether privates
// stay open): its words, the privates it keeps open, its own events, and
// how a company over a lowered train limit comes down to it. T is the
// title's company.
type Phasing[T any] struct {
	Notes PhaseNotes
	// KeepsOpen tells whether a private stays open when the privates
	// close (18EZ's Obsidian, 2.12); nil for none.
	KeepsOpen func(*Private) bool
	// Events makes the title's own changes of the phase, by the names
	// its phases list; nil for none.
	Events func(ev string)
	// Limit is a company's train limit now.
	Limit func(c *T) int
	// Discard asks a company over its limit which train it gives up
	// (1870 10.2.1), in share price order; nil puts its smallest trains
	// in the open market at once (18EZ, rulings EZ8).
	Discard func(c *T)
}

// PhaseNotes are the title's words as a phase begins: Begins of the
// phase's number and the train that began it (by explicit index), Rusted
// of the train scrapped, and for closing privates either one note
// (Closed) or one a private (Closes, of its symbol); Trimmed of a
// company, its limit and the train it puts in the open market.
type PhaseNotes struct {
	Begins, Rusted, Closed, Closes, Trimmed string
}

// BeginPhase makes what comes with a phase: trains scrapped, the
// privates closed where the phase says so, the title's events, and
// companies over the new limit brought down to it.
func (b *Base[T, P]) BeginPhase(ph *Phasing[T], p int) {
	f := b.Phases[p]
	b.Note(ph.Notes.Begins, p, b.Name(f.Train))
	if f.Rusts > 0 && b.RustAll(f.Rusts) {
		b.Note(ph.Notes.Rusted, b.Name(f.Rusts))
	}
	if ph.Events != nil {
		for _, ev := range f.Events {
			ph.Events(ev)
		}
	}
	if !f.Privates {
		for _, pr := range b.Privates {
			if pr.Closed || (ph.KeepsOpen != nil && ph.KeepsOpen(pr)) {
				continue
			}
			pr.Closed = true
			if ph.Notes.Closes != "" {
				b.Note(ph.Notes.Closes, pr.Sym)
			}
		}
		if ph.Notes.Closed != "" {
			b.Note("%s", ph.Notes.Closed)
		}
	}
	if ph.Discard == nil {
		b.Trim(ph)
		return
	}
	for _, c := range b.Ordered(func(c *T) bool { return len(P(c).Core().Trains) > ph.Limit(c) }) {
		ph.Discard(c)
	}
}

// Trim puts each open company's smallest trains over its limit in the
// open market (18EZ, rulings EZ8).
func (b *Base[T, P]) Trim(ph *Phasing[T]) {
	for _, c := range b.Corps {
		core, limit := P(c).Core(), ph.Limit(c)
		for len(core.Trains) > limit && !core.Closed {
			slices.Sort(core.Trains)
			b.PoolTrains = append(b.PoolTrains, core.Trains[0])
			b.Note(ph.Notes.Trimmed, core.Sym, limit, b.Name(core.Trains[0]))
			core.Trains = core.Trains[1:]
		}
	}
}

// Discarding is a title's question to a company over its train limit:
// which train it puts in the open market (1870 10.2.1). Due is the
// company asked now, or nil; Done is called once it is within its limit.
type Discarding[T any] struct {
	Rule  string
	Limit func(c *T) int
	Due   func() *T
	Done  func()
	Note  string // of the company and the train
}

// DiscardStep asks the company Due which train it gives up: DISCARD and
// one of its trains, until it is within its limit.
func (b *Base[T, P]) DiscardStep(d *Discarding[T]) Step {
	check := func(a move.Action) error {
		c := d.Due()
		if c == nil {
			return RuleError(d.Rule, "DISCARD is for a company over its train limit")
		}
		core := P(c).Core()
		size, ok := 0, len(a.Args) == 1
		if ok {
			size, ok = b.SizeOf(a.Args[0])
		}
		if !ok || !slices.Contains(core.Trains, size) {
			return RuleError(d.Rule, "write DISCARD and the size of one of %s's trains %v", core.Sym, core.Trains)
		}
		return nil
	}
	do := func(a move.Action) error {
		c := d.Due()
		core := P(c).Core()
		size, _ := b.SizeOf(a.Args[0])
		i := slices.Index(core.Trains, size)
		core.Trains = slices.Delete(core.Trains, i, i+1)
		b.PoolTrains = append(b.PoolTrains, size)
		b.Note(d.Note, core.Sym, b.Name(size))
		if len(core.Trains) <= d.Limit(c) {
			d.Done()
		}
		return nil
	}
	return &Table{Title: "train limit", Moves: map[string]Move{"DISCARD": {Check: check, Do: do}},
		Blocks: func() bool { return d.Due() != nil }, Waiting: func() []int { return []int{P(d.Due()).Core().President} },
		Candidate: func(seat int, _ move.Query) []move.Option {
			var out []move.Option
			for _, t := range Sizes(P(d.Due()).Core().Trains) {
				out = append(out, move.Opt(seat, "DISCARD", b.Name(t)))
			}
			return out
		}}
}
