package move

import "testing"

func TestClosest(t *testing.T) {
	opts := []Option{
		{Verb: "LAY", Args: []string{"H17", "57", "2"}},
		{Verb: "LAY", Args: []string{"H17", "57", "5"}},
		{Verb: "BUY", Args: []string{"SSW", "IPO"}},
		{Verb: "BID", Args: []string{"MRBC"}, Ranged: true, Min: 45, Max: 525},
		{Verb: "PASS"},
	}
	tests := []struct {
		line, want string
		ok         bool
	}{
		{"LAY H17 57 1", "LAY H17 57 2", true}, // a rotation off by one
		{"lay h71 57 2", "LAY H17 57 2", true}, // a hex's digits swapped
		{"BUY SWS IPO", "BUY SSW IPO", true},   // a misspelled company
		{"BID MRBC 600", "BID MRBC 525", true}, // over the range: its top
		{"BIDD MRBC 40", "BID MRBC 45", true},  // a slip and under the range
		{"PASS", "", false},                    // legal as written: nothing nearer
		{"SELL ATSF 3 NOW", "", false},         // nothing like it
		{"", "", false},
	}
	for _, tc := range tests {
		got, ok := Closest(tc.line, opts)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Closest(%q) = %q, %v; want %q, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}
