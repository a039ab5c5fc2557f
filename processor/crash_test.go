package processor

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/processor/title"
)

// TestMain lets the test binary act as a `railpost run` child process, so
// that a pass can be killed for real at any point.
func TestMain(m *testing.M) {
	if cfg := os.Getenv("RAILPOST_CHILD_CONFIG"); cfg != "" {
		os.Exit(childPass(cfg))
	}
	code := m.Run()
	pg.Stop()
	os.Exit(code)
}

// childPass runs one pass as `railpost run` would, with the tally title.
// RAILPOST_CRASH_AT=point:n kills the process with SIGKILL the n-th time it
// reaches the point; RAILPOST_PAUSE_AT=point:file waits there until file
// exists.
func childPass(cfgPath string) int {
	cfg, err := LoadConfig(cfgPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	clock, err := time.Parse(time.RFC3339, os.Getenv("RAILPOST_CLOCK"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "RAILPOST_CLOCK:", err)
		return 1
	}
	st, err := backend.Open(context.Background(), cfg.Database)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer st.Close()
	crashPoint, crashN := "", 0
	if v := os.Getenv("RAILPOST_CRASH_AT"); v != "" {
		p, n, _ := strings.Cut(v, ":")
		crashPoint, crashN = p, atoi(n)
	}
	pausePoint, pauseFile, _ := strings.Cut(os.Getenv("RAILPOST_PAUSE_AT"), ":")
	seen := map[string]int{}
	p := &Processor{
		Store: st, Config: cfg, Titles: map[string]title.Title{"tally": tally{}, "nim": nim{}},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return clock },
		Fault: func(point string) {
			seen[point]++
			if point == crashPoint && seen[point] == crashN {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
				select {} // never reached
			}
			if point == pausePoint {
				fmt.Println("paused at", point)
				for {
					if _, err := os.Stat(pauseFile); err == nil {
						return
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
		},
	}
	_, err = p.Run(context.Background())
	if errors.Is(err, ErrBusy) {
		fmt.Println("busy: another pass holds the lock")
		return 0
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// child starts the test binary as a pass over h's database.
func (h *harness) child(env ...string) *exec.Cmd {
	h.t.Helper()
	cfgPath := filepath.Join(h.dir, "railpost.toml")
	c := h.proc.Config
	toml := fmt.Sprintf(`database = %q
domain = %q
[mail]
from = %q
[imap]
address = %q
security = "plain"
username = %q
password = %q
[smtp]
address = %q
security = "plain"
username = %q
password = %q
timeout = %q
`, c.Database, c.Domain, c.Mail.From, c.IMAP.Address, c.IMAP.Username, c.IMAP.Password, c.SMTP.Address, c.SMTP.Username, c.SMTP.Password, cmp.Or(c.SMTP.Timeout.Duration, 30*time.Second).String())
	if err := os.WriteFile(cfgPath, []byte(toml), 0o600); err != nil {
		h.t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "RAILPOST_CHILD_CONFIG="+cfgPath, "RAILPOST_CLOCK="+h.clock.Format(time.RFC3339))
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

// TestCrashAtEveryStepLosesAndRepeatsNothing kills a pass at each fault
// point (and at the second occurrence of the points a pass reaches more
// than once), reruns it, and checks that every message was processed once,
// the turn resolved once, and every reply reached the SMTP server.
func TestCrashAtEveryStepLosesAndRepeatsNothing(t *testing.T) {
	for _, point := range FaultPoints {
		for _, nth := range []int{1, 2} {
			if nth == 2 && (point == FaultLocked || point == FaultResolveTx || point == FaultResolved || point == FaultIngestMarked || point == FaultIngestDurable) {
				continue // reached once per pass
			}
			t.Run(fmt.Sprintf("%s#%d", point, nth), func(t *testing.T) {
				h := newHarness(t)
				h.deliver(orderMail("alice@example.org", "a1@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 7\n"))
				h.deliver(orderMail("bob@example.org", "b1@x", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 3\n"))
				h.deliver(orderMail("stranger@nowhere.example", "s1@x", "hello\n"))

				crash := h.child("RAILPOST_CRASH_AT=" + point + ":" + strconv.Itoa(nth))
				out, err := crash.CombinedOutput()
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
					t.Fatalf("the pass was not killed at %s#%d: %v\n%s", point, nth, err, out)
				}
				for i := 0; i < 2; i++ {
					if out, err := h.child().CombinedOutput(); err != nil {
						t.Fatalf("rerun %d: %v\n%s", i+1, err, out)
					}
				}
				checkExactlyOnce(t, h, point == FaultSent)
			})
		}
	}
}

func checkExactlyOnce(t *testing.T, h *harness, mayResend bool) {
	t.Helper()
	ctx := context.Background()
	counts, _ := h.st.InboxCounts(ctx)
	if counts[store.InboxAccepted] != 2 || counts[store.InboxRejected] != 1 || counts[store.InboxNew] != 0 {
		t.Errorf("inbox: %v, want 2 accepted and 1 rejected", counts)
	}
	if left, _ := h.st.UnmarkedUIDs(ctx, "INBOX", 1); len(left) != 0 {
		t.Errorf("UIDs never marked on the server: %v", left)
	}
	g, _ := h.st.Game(ctx, "t1")
	if g.Turn != 2 {
		t.Errorf("game at turn %d, want 2: the turn resolved %d times", g.Turn, g.Turn-1)
	}
	snap, _ := h.st.LatestSnapshot(ctx, "t1")
	if snap.Turn != 1 {
		t.Errorf("latest snapshot for turn %d", snap.Turn)
	}
	events, _ := h.st.Events(ctx, "t1", 1)
	if len(events) != 3 {
		t.Errorf("%d events for turn 1, want 3", len(events))
	}
	outbox, _ := h.st.Outbox(ctx)
	if len(outbox) != 5 {
		t.Errorf("%d outbox rows, want 3 replies and 2 reports", len(outbox))
	}
	got := map[string]int{}
	for _, r := range h.smtp.Messages() {
		m, err := orders.ReadMail(r.Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		got[m.MessageID]++
	}
	for _, o := range outbox {
		if o.Status != store.OutboxSent {
			t.Errorf("outbox %d (%s) is %s", o.ID, o.Subject, o.Status)
		}
		switch n := got[o.MessageID]; {
		case n == 0:
			t.Errorf("mail %q to %v was lost", o.Subject, o.Recipients)
		case n > 1 && !mayResend:
			t.Errorf("mail %q to %v was sent %d times", o.Subject, o.Recipients, n)
		case n > 2:
			t.Errorf("mail %q was sent %d times", o.Subject, n)
		}
	}
	if len(got) != len(outbox) {
		t.Errorf("the SMTP server got %d distinct messages, the outbox has %d", len(got), len(outbox))
	}
}

// TestTwoConcurrentPassesDoNotBothWork runs two real processes on one
// database: the first holds the lock mid-pass, the second must exit 0 at
// once without touching anything.
func TestTwoConcurrentPassesDoNotBothWork(t *testing.T) {
	h := newHarness(t)
	h.deliver(orderMail("alice@example.org", "a1@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 7\n"))
	release := filepath.Join(h.dir, "release")
	first := h.child("RAILPOST_PAUSE_AT=" + FaultLocked + ":" + release)
	var firstOut bytes.Buffer
	first.Stdout, first.Stderr = &firstOut, &firstOut
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; !strings.Contains(firstOut.String(), "paused at"); i++ {
		if i > 1000 {
			first.Process.Kill()
			t.Fatalf("first pass never paused:\n%s", firstOut.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	out, err := h.child().CombinedOutput()
	if err != nil || !strings.Contains(string(out), "busy") {
		t.Fatalf("second pass: %v\n%s", err, out)
	}
	if passes, _ := h.st.Passes(context.Background()); len(passes) != 1 {
		t.Fatalf("%d pass rows, want only the first pass's", len(passes))
	}
	if pending, _ := h.st.PendingInbox(context.Background()); len(pending) != 0 {
		t.Fatal("the second pass ingested mail")
	}
	os.WriteFile(release, nil, 0o644)
	if err := first.Wait(); err != nil {
		t.Fatalf("first pass: %v\n%s", err, firstOut.String())
	}
	if counts, _ := h.st.InboxCounts(context.Background()); counts[store.InboxAccepted] != 1 {
		t.Fatalf("inbox after the first pass: %v", counts)
	}
}
