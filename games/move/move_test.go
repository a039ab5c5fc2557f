package move

import (
	"fmt"
	"strings"
	"testing"
)

// tally is the least engine there is: seat 0 adds numbers from 1 to 3.
type tally struct{ sum []string }

func (t *tally) Acting() []int           { return []int{0} }
func (t *tally) Legal(seat int) []Option { return []Option{RangedOpt(seat, "ADD", 1, 3)} }
func (t *tally) Over() bool              { return false }
func (t *tally) Apply(a Action) error {
	if !t.Legal(a.Seat)[0].Allows(a) {
		return fmt.Errorf("%s is not a move", a)
	}
	t.sum = append(t.sum, a.Args[0])
	return nil
}

func TestReplayWindsBackAtUndo(t *testing.T) {
	var log []Action
	for _, line := range []string{"add 1", "ADD 2", "UNDO 1", "ADD 3", "ADD $2"} {
		a, err := ParseAction(0, line)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, a)
	}
	g, standing, err := Replay(func() (Engine, error) { return &tally{}, nil }, log)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(g.(*tally).sum, " "); got != "1 3 $2" || len(standing) != 3 {
		t.Errorf("after the log: %q, %d standing", got, len(standing))
	}
	if _, _, err := Replay(func() (Engine, error) { return &tally{}, nil }, []Action{{Verb: Undo, Args: []string{"1"}}}); err == nil {
		t.Error("an undo past the start replayed")
	}
	if _, _, err := Replay(func() (Engine, error) { return &tally{}, nil }, []Action{{Verb: "ADD", Args: []string{"4"}}}); err == nil {
		t.Error("a move out of range replayed")
	}
}

func TestOptionsAndQueries(t *testing.T) {
	o := RangedOpt(1, "BID", 45, 525, "MRBC")
	if o.String() != "BID MRBC <45 to 525>" || Opt(1, "PASS").String() != "PASS" {
		t.Errorf("options print as %q and %q", o, Opt(1, "PASS"))
	}
	for line, want := range map[string]bool{"bid mrbc 45": true, "BID MRBC $525": true, "BID MRBC 526": false, "BID MRBC": false, "BID SSW 50": false} {
		a, _ := ParseAction(1, line)
		if o.Allows(a) != want {
			t.Errorf("Allows(%q) = %v", line, !want)
		}
	}
	q := Query{Verb: "lay", Args: []string{"H17"}}
	if !q.Wants("LAY", "h17", "57") || q.Wants("LAY", "H19") || q.Wants("BID") || !(Query{}).Wants("BID") {
		t.Error("a query narrows wrongly")
	}
}
