package contrails

import (
	"encoding/json"
	"testing"
)

// TestTechSetJSON: a railroad's technologies are written as their letters,
// and a position stored when they were a count of B.. owned in order
// reads as that many from B (ruling CR25).
func TestTechSetJSON(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want TechSet
		out  string
	}{
		{`0`, 0, `""`},
		{`3`, upTo(4), `"BCD"`},
		{`"BDF"`, TechSet(0).With(1).With(3).With(5), `"BDF"`},
		{`""`, 0, `""`},
	} {
		var ts TechSet
		if err := json.Unmarshal([]byte(tc.in), &ts); err != nil || ts != tc.want {
			t.Errorf("%s read as %q (%v), want %q", tc.in, ts, err, tc.want)
		}
		if b, _ := json.Marshal(ts); string(b) != tc.out {
			t.Errorf("%s written as %s, want %s", tc.in, b, tc.out)
		}
	}
	for _, bad := range []string{`"A"`, `"BX"`, `true`} {
		var ts TechSet
		if err := json.Unmarshal([]byte(bad), &ts); err == nil {
			t.Errorf("%s read without error", bad)
		}
	}
}
