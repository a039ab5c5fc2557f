package processor

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/mail/loopback"
)

// TestAStalledServerNeverHoldsTheLock points a pass at IMAP servers that
// stop answering, once bounded by the server timeout and once only by the
// pass's own limit. Each pass returns, fails, and leaves the lock free,
// so the next cron pass runs rather than exiting "busy".
func TestAStalledServerNeverHoldsTheLock(t *testing.T) {
	for _, c := range []struct {
		name          string
		start         func() (*loopback.StallServer, error)
		server, whole time.Duration
		want          string
	}{
		{"silent, server timeout", loopback.StartSilent, 200 * time.Millisecond, time.Hour, "greeting"},
		{"frozen mid-session, server timeout", loopback.StartFrozenIMAP, 200 * time.Millisecond, time.Hour, "imap search"},
		{"frozen mid-session, pass timeout", loopback.StartFrozenIMAP, time.Hour, 300 * time.Millisecond, "pass_timeout"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			srv, err := c.start()
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			h.proc.Config.IMAP.Address = srv.Addr
			h.proc.Config.IMAP.Timeout = Duration{c.server}
			h.proc.Config.PassTimeout = Duration{c.whole}
			for pass := 1; pass <= 2; pass++ {
				_, err := h.run()
				if err == nil || errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), c.want) {
					t.Fatalf("pass %d: %v; want a failure that says %q, and never busy", pass, err, c.want)
				}
			}
		})
	}
}

// TestAStalledServerHoldsAPassOneTimeout stalls an IMAP server at each
// stage of the session (the greeting, the login, the select, the search,
// the fetch): each pass must fail within imap.timeout and a little slack,
// not the four timeouts a decoder reading again after the first error
// used to make of one stall.
func TestAStalledServerHoldsAPassOneTimeout(t *testing.T) {
	const timeout, slack = 2 * time.Second, 3 * time.Second
	for _, c := range []struct{ stage, want string }{
		{"GREETING", "imap greeting"},
		{"LOGIN", "imap login"},
		{"SELECT", "imap select"},
		{"SEARCH", "imap search"},
		{"FETCH", "imap fetch"},
	} {
		t.Run(c.stage, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			srv, err := loopback.StartIMAPStalledAt(c.stage)
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			h.proc.Config.IMAP.Address = srv.Addr
			h.proc.Config.IMAP.Timeout = Duration{timeout}
			start := time.Now()
			_, err = h.run()
			if elapsed := time.Since(start); elapsed >= timeout+slack {
				t.Errorf("the pass took %s against imap.timeout %s", elapsed, timeout)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v; want a failure that says %q", err, c.want)
			}
		})
	}
}
