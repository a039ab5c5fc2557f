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
