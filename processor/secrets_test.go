package processor

import (
	"context"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/store"
)

// TestNoReplyQuotesAPassword: a bottom-posted reply carries the old sheet
// and the new one, each with a PASSWORD line, so the header gives two
// different passwords; the GM's mail gives two GM lines. The refusal
// names the lines by number, and neither the reply sent, nor the outbox
// row, nor the stored copy of the mail holds either password.
func TestNoReplyQuotesAPassword(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		secrets    []string
	}{
		{"two PASSWORD lines", "GAME: t1\nPOSITION: 1\nPASSWORD: stale-pass-41\nPICK 2\n\nGAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 3\n",
			[]string{"stale-pass-41", "alpha-pass"}},
		{"two GM lines", "GAME: t1\nGM: gm-guess-one\nGM: gm-guess-two\nPAUSE\n", []string{"gm-guess-one", "gm-guess-two"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			h := newHarness(t)
			h.deliver(orderMail("alice@example.org", "twice@example.org", tc.body))
			h.mustRun()
			var replies int
			for _, m := range h.sent() {
				if !strings.Contains(string(m.Raw), "given twice") {
					continue
				}
				replies++
				for _, s := range tc.secrets {
					if strings.Contains(string(m.Raw), s) || strings.Contains(m.Text, s) {
						t.Errorf("the reply quotes %q:\n%s", s, m.Text)
					}
				}
			}
			if replies == 0 {
				t.Fatal("no reply said the line was given twice")
			}
			box, err := h.st.Outbox(ctx)
			if err != nil {
				t.Fatal(err)
			}
			in, err := h.st.InboxByID(ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			stored := []store.OutboxMail{{Subject: "inbox", Raw: in.Raw}}
			for _, m := range append(box, stored...) {
				for _, s := range tc.secrets {
					if strings.Contains(string(m.Raw), s) || strings.Contains(m.Subject, s) {
						t.Errorf("%s (%s) keeps %q", m.Subject, m.Kind, s)
					}
				}
			}
		})
	}
}

// TestPasswordLike: the net under the replies takes out what could be a
// password here, not a short plain word that our own wording uses.
func TestPasswordLike(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"abcd-efgh-2345", true}, {"alpha-pass", true}, {"Ohio-Valley-1841", true}, {"passwordword", true},
		{"pw-123", true}, {"wrong", false}, {"secret", false}, {"p", false}, {"a-b", false},
	} {
		if got := passwordLike(tc.s); got != tc.want {
			t.Errorf("passwordLike(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}
