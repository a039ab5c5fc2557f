package eighteen

import (
	"errors"
	"testing"
)

// TestRecite: a title's Cite map renames the rules a track error closes
// with; without one, or for a rule it does not name, they stand.
func TestRecite(t *testing.T) {
	for _, tc := range []struct {
		cite    map[string]string
		in, out string
	}{
		{nil, "no track (6.1, 6.2)", "no track (6.1, 6.2)"},
		{map[string]string{"6.1": "2.3", "6.2": "2.4"}, "no track (6.1, 6.2)", "no track (2.3, 2.4)"},
		{map[string]string{"6.3": "2.3", "6.4": "2.3"}, "bad (6.3, 6.4)", "bad (2.3)"},
		{map[string]string{"6.1": "2.3"}, "kept (9.9)", "kept (9.9)"},
		{map[string]string{"6.1": "2.3"}, "no rule here", "no rule here"},
	} {
		l := &Layout{Cite: tc.cite}
		if got := l.recite(errors.New(tc.in)).Error(); got != tc.out {
			t.Errorf("%q with %v: %q, want %q", tc.in, tc.cite, got, tc.out)
		}
	}
}
