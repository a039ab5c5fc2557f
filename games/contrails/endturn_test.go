package contrails

import (
	"math/rand/v2"
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
