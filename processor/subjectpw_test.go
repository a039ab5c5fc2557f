package processor

import (
	"testing"

	"github.com/railpost/railpost/processor/store"
)

// TestSubjectPasswordSkipsTheGameID: the game's own id in a subject
// ("[1870-12]") is no password and costs no bcrypt comparison; a
// password beside it is still found, even one equal in shape.
func TestSubjectPasswordSkipsTheGameID(t *testing.T) {
	hash, err := HashPassword("abcd-efgh-2345")
	if err != nil {
		t.Fatal(err)
	}
	idHash, err := HashPassword("1870-12")
	if err != nil {
		t.Fatal(err)
	}
	known := []store.Position{{GameID: "1870-12", Number: 1, PasswordHash: hash}, {GameID: "1870-12", Number: 2, PasswordHash: idHash}}
	for _, tc := range []struct{ subject, want string }{
		{"Re: [1870-12] Your move (action 4)", ""},
		{"Re: [1870-12] Your move abcd-efgh-2345", "abcd-efgh-2345"},
		{"orders", ""},
	} {
		if got, _ := subjectPassword(tc.subject, known); got != tc.want {
			t.Errorf("%q: found %q, want %q", tc.subject, got, tc.want)
		}
	}
}
