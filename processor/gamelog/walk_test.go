package gamelog

import "testing"

// TestDiffersComparesInTheStoredForm: a snapshot stored in an older form
// is compared byte for byte with the rebuilt position written in that
// form (Former), and a changed one still differs; without an older form
// the state is compared as it is.
func TestDiffersComparesInTheStoredForm(t *testing.T) {
	now := []byte(`{"Shares":{"A":2},"version":2,"certs":{"A":{"seats":{"0":["A_0"]}}}}`)
	old := []byte(`{"Shares":{"A":2}}`)
	for _, tc := range []struct {
		name                  string
		state, stored, former []byte
		want                  bool
	}{
		{"today's form, as stored", now, now, nil, false},
		{"an old snapshot, its form rebuilt", now, old, old, false},
		{"an old snapshot changed", now, []byte(`{"Shares":{"A":3}}`), old, true},
		{"an old snapshot, compared with today's form", now, old, nil, true},
		{"nothing stored", now, nil, nil, false},
	} {
		s := Step{Kind: StepTurn, State: tc.state, Stored: tc.stored, Former: tc.former}
		if got := s.Differs(); got != tc.want {
			t.Errorf("%s: differs %v, want %v", tc.name, got, tc.want)
		}
	}
}
