package eighteen

import (
	"slices"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// TestATurnsTrackStep: the track step blocks only at the track and waits
// on the president; it offers SKIP always and the lays only when the
// query wants them, so a menu for another verb does not list every lay.
func TestATurnsTrackStep(t *testing.T) {
	at, asked := StepTrack, 0
	turn := Turn{At: func(step int) bool { return step == at }, President: func() []int { return []int{1} }}
	ok := func(move.Action) error { return nil }
	s := turn.Track(Pair(ok, ok), Pair(ok, ok), func(seat int, q move.Query) []move.Option {
		asked++
		return []move.Option{move.Opt(seat, "LAY", "D5", "57", "1")}
	})
	if !s.Blocking() || !slices.Equal(s.Acting(), []int{1}) {
		t.Fatalf("at the track the step blocks %v and waits on %v, want true and [1]", s.Blocking(), s.Acting())
	}
	if got := s.Options(1, move.Query{}); len(got) != 2 || got[0].Verb != "SKIP" || got[1].Verb != "LAY" {
		t.Errorf("options %v, want SKIP and the lay", got)
	}
	if got := s.Options(1, move.Query{Verb: "SKIP"}); len(got) != 1 || asked != 1 {
		t.Errorf("options for SKIP %v with the lays asked %d times, want SKIP alone and the lays asked once", got, asked)
	}
	at = StepToken
	if s.Blocking() || len(s.Options(1, move.Query{})) != 0 {
		t.Error("past the track the step still blocks or offers moves")
	}
}

// TestTheOperatingCompany: the company operating is the one the round
// names only in the title's operating round; the turn is at its step only
// while no offer waits first, and its president decides.
func TestTheOperatingCompany(t *testing.T) {
	b := testBase(t)
	r := RoundState{Kind: 2, Corp: "B", Step: StepRun}
	b.Wire(Hooks{State: &r, Operating: 1})
	if b.Operating() != nil || b.President() != nil {
		t.Fatal("a company operates outside the operating round")
	}
	r.Kind, b.Corp("B").President = 1, 1
	if b.Operating() != b.Corp("B") || !slices.Equal(b.President(), []int{1}) || !b.OperatingNow(StepRun) || b.OperatingNow(StepTrack) {
		t.Fatalf("operating %v, president %v, want B at its run and Bob deciding", b.Operating(), b.President())
	}
	r.Offer = &Offer{To: 0}
	if b.Turn().At(StepRun) {
		t.Error("the turn is at its run while an offer waits")
	}
	r.Offer, r.Corp = nil, ""
	if b.Operating() != nil || b.President() != nil {
		t.Error("a company operates between turns")
	}
}
