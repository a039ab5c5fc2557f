package eighteen

import (
	"slices"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// TestBeginPhase: a phase scraps its trains, closes the privates but
// those the title keeps open, makes the title's events, and brings the
// companies over its limit down to it: asked in share price order, or
// trimmed of their smallest trains at once.
func TestBeginPhase(t *testing.T) {
	for _, ask := range []bool{true, false} {
		b := testBase(t)
		b.Trains = NewTrains([]TrainKind{{Size: 2, Cost: 80, Count: 2}, {Size: 4, Cost: 300, Count: 2}},
			[]Phase{{Train: 2, Limit: 4, Privates: true}, {Train: 4, Limit: 1, Rusts: 2, Events: []string{"ev"}}})
		b.Privates = []*Private{NewPrivate("X", "", 20, 5), NewPrivate("Y", "", 20, 5)}
		b.Corp("A").Trains, b.Corp("B").Trains, b.Corp("C").Trains = []int{2, 4, 3}, []int{4, 3}, []int{2}
		var asked, events []string
		ph := &Phasing[tcorp]{Notes: PhaseNotes{Begins: "phase %[1]d by the %[2]s", Rusted: "%s rusts", Closes: "%s closes", Trimmed: "%s over %d: its %s goes"},
			KeepsOpen: func(p *Private) bool { return p.Sym == "Y" }, Events: func(ev string) { events = append(events, ev) },
			Limit: func(*tcorp) int { return b.Current().Limit }}
		if ask {
			ph.Discard = func(c *tcorp) { asked = append(asked, c.Sym) }
		}
		b.Phase = 1
		b.BeginPhase(ph, 1)
		if !b.Private("X").Closed || b.Private("Y").Closed || !slices.Equal(events, []string{"ev"}) {
			t.Errorf("X closed %v, Y closed %v, events %v", b.Private("X").Closed, b.Private("Y").Closed, events)
		}
		if ask {
			if !slices.Equal(asked, []string{"A", "B"}) || !slices.Equal(b.Corp("A").Trains, []int{4, 3}) || len(b.PoolTrains) != 0 {
				t.Errorf("asked %v (want A then B, by price); A %v, pool %v", asked, b.Corp("A").Trains, b.PoolTrains)
			}
			continue
		}
		if !slices.Equal(b.Corp("A").Trains, []int{4}) || !slices.Equal(b.Corp("B").Trains, []int{4}) || !slices.Equal(b.PoolTrains, []int{3, 3}) {
			t.Errorf("trimmed: A %v, B %v, pool %v", b.Corp("A").Trains, b.Corp("B").Trains, b.PoolTrains)
		}
		want := []string{"phase 1 by the 4", "2 rusts", "X closes", "A over 1: its 3 goes", "B over 1: its 3 goes"}
		if !slices.Equal(b.Events, want) {
			t.Errorf("notes %q, want %q", b.Events, want)
		}
	}
}

// TestDiscardStep: the company asked gives up one of its trains to the
// open market, and is asked again until within its limit.
func TestDiscardStep(t *testing.T) {
	b := testBase(t)
	b.Trains = NewTrains([]TrainKind{{Size: 2, Cost: 80, Count: 2}, {Size: 3, Cost: 180, Count: 2}}, []Phase{{Train: 2, Limit: 1}})
	a := b.Corp("A")
	a.President, a.Trains = 1, []int{2, 3, 3}
	due := true
	s := b.DiscardStep(&Discarding[tcorp]{Rule: "r-discard", Limit: func(*tcorp) int { return 1 }, Note: "%s discards a %s",
		Due: func() *tcorp {
			if due {
				return a
			}
			return nil
		}, Done: func() { due = false }})
	r := Round{Name: "round", Steps: []Step{s}}
	if got := s.Acting(); !slices.Equal(got, []int{1}) {
		t.Errorf("waits for %v, want A's president", got)
	}
	if err := r.Apply(move.Action{Seat: 1, Verb: "DISCARD", Args: []string{"4"}}); err == nil {
		t.Error("a train A does not own discarded")
	}
	for _, size := range []string{"3", "2"} {
		if err := r.Apply(move.Action{Seat: 1, Verb: "DISCARD", Args: []string{size}}); err != nil {
			t.Fatal(err)
		}
	}
	if due || !slices.Equal(a.Trains, []int{3}) || !slices.Equal(b.PoolTrains, []int{3, 2}) {
		t.Errorf("still asked %v; A %v, pool %v", due, a.Trains, b.PoolTrains)
	}
}
