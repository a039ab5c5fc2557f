package enginetest

import (
	"bytes"
	"testing"
)

// Reformed is a game whose state has a form before certificates.
type Reformed interface {
	State() ([]byte, error)
	FormerState(stored []byte) ([]byte, bool, error)
}

// FormerIsStateWithoutCertificates checks a game's two forms of state:
// today's is the former with its version and certificates added at the
// end, a snapshot of today's form is compared as it is, and one with no
// version (or one that is no state) in the former form.
func FormerIsStateWithoutCertificates(t *testing.T, g Reformed) {
	t.Helper()
	now, err := g.State()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := g.FormerState(now); ok || err != nil {
		t.Errorf("a snapshot of today's form is given a former form (%v)", err)
	}
	if _, ok, _ := g.FormerState([]byte("not a state")); ok {
		t.Error("a damaged snapshot is given a former form, not compared as it is")
	}
	old, ok, err := g.FormerState([]byte(`{"Left":{}}`))
	if !ok || err != nil {
		t.Fatalf("a snapshot with no version has no former form (%v)", err)
	}
	cut := len(old) - 1 // its closing brace
	if !bytes.Equal(now[:cut], old[:cut]) || !bytes.HasPrefix(now[cut:], []byte(`,"version":2,"certs":{"`)) || bytes.Contains(old, []byte(`"version"`)) {
		t.Errorf("today's state is not the former one with its version and certificates added:\n%s\n%s", now, old)
	}
}
