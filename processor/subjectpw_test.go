package processor

import (
	"context"
	"errors"
	"fmt"
	"strings"
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
		if got, _, err := subjectPassword(context.Background(), tc.subject, known); err != nil || got != tc.want {
			t.Errorf("%q: found %q, want %q", tc.subject, got, tc.want)
		}
	}
}

// TestSubjectPasswordIsBounded: the check tries only the likeliest word,
// once for each position, and gives up on a Subject with more
// password-shaped words than a person writes (the mail is set aside); a
// context that has run out stops it before a comparison.
func TestSubjectPasswordIsBounded(t *testing.T) {
	hash, err := HashPassword("abcd-efgh-2345")
	if err != nil {
		t.Fatal(err)
	}
	known := []store.Position{{GameID: "g1", Number: 1, PasswordHash: hash}, {GameID: "g2", Number: 3, PasswordHash: hash}}
	words := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "word-%04d ", i)
		}
		return b.String()
	}
	many := words(subjectCandidates) + "abcd-efgh-2345"
	for _, tc := range []struct {
		name, subject string
		want          string
		positions     int
		overBudget    bool
	}{
		{"the likeliest of a few words", "Re: 2026-11-28 abcd-efgh-2345 x-1", "abcd-efgh-2345", 2, false},
		{"as many words as allowed", words(subjectCandidates-1) + "abcd-efgh-2345", "abcd-efgh-2345", 2, false},
		{"one word too many", many, "", 0, true},
		{"the same word repeated counts once", strings.Repeat("abcd-efgh-2345 ", 50), "abcd-efgh-2345", 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, of, err := subjectPassword(context.Background(), tc.subject, known)
			if errors.Is(err, errOverBudget) != tc.overBudget {
				t.Fatalf("error %v, want over budget %v", err, tc.overBudget)
			}
			if got != tc.want || len(of) != tc.positions {
				t.Errorf("found %q in %d positions, want %q in %d", got, len(of), tc.want, tc.positions)
			}
		})
	}
	if _, _, err := subjectPassword(context.Background(), many, nil); err != nil {
		t.Errorf("a sender with no position was checked: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := subjectPassword(ctx, "abcd-efgh-2345", known); err == nil {
		t.Error("a spent context still ran the comparisons")
	}
}
