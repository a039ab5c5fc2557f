package eighteen

import "testing"

// TestStoredCertsEncoding: embedded last in a title's state, the
// certificates write as the state's own version and certs, after its
// other fields; left empty, they write nothing, the form before.
func TestStoredCertsEncoding(t *testing.T) {
	type state struct {
		Bank int
		StoredCerts
	}
	b := testBase(t)
	for _, tc := range []struct {
		current bool
		want    string
	}{
		{false, `{"Bank":5}`},
		{true, `{"Bank":5,"version":2}`},
	} {
		out, err := EncodeState("test", state{Bank: 5, StoredCerts: b.StoredCerts(tc.current, func(*tcorp) Holding { return Holding{} })})
		if err != nil || string(out) != tc.want {
			t.Errorf("current %v: %s, %v; want %s", tc.current, out, err, tc.want)
		}
	}
}
