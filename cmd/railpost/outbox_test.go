package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// TestSetAsideListing: the mail set aside unjudged is listed for the game
// master with its From, its Subject cut short and why; none, nothing.
func TestSetAsideListing(t *testing.T) {
	long := strings.Repeat("pw12-3456-x ", 1000)
	raw := "From: Alice <alice@example.org>\r\nSubject: " + long + "\r\nMessage-ID: <f@x>\r\n\r\nGAME: t1\r\n"
	var out bytes.Buffer
	listSetAside(&out, []store.InboxMessage{{ID: 7, Raw: []byte(raw), Arrived: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC),
		Outcome: "set aside unjudged for the game master: over the per-mail budget: its Subject holds more than 8 password-shaped words"}})
	got := out.String()
	for _, want := range []string{"1 mail(s) set aside unjudged", "7 ", "2026-11-28 09:00", "alice@example.org", "(11999 characters)", "password-shaped words"} {
		if !strings.Contains(got, want) {
			t.Errorf("listing lacks %q:\n%s", want, got)
		}
	}
	if len(got) > 1000 {
		t.Errorf("the Subject was not cut short: %d bytes", len(got))
	}
	out.Reset()
	listSetAside(&out, nil)
	if out.Len() != 0 {
		t.Errorf("nothing set aside, yet: %q", out.String())
	}
}
