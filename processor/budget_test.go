package processor

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/title"
)

// forgedSubjectMail is a mail forged as from, whose Subject holds words
// password-shaped words, folded ten to a line as a mail program would.
func forgedSubjectMail(from, msgID string, words int) string {
	var b strings.Builder
	for i := range words {
		if i > 0 && i%10 == 0 {
			b.WriteString("\n ")
		} else if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "pw%02d-%04d-x", i%97, i)
	}
	return "From: " + from + "\nTo: gm@railpost.test\nSubject: " + b.String() + "\nMessage-ID: <" + msgID + ">\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\nGAME: t1\nPOSITION: 1\nPICK 4\n"
}

// TestForgedSubjectIsSetAside: a mail forged as a player with a
// 10,000-word Subject, then another player's orders, in one pass with
// pass_timeout = 10s. The pass ends without running into its timeout,
// the orders are judged, and the forged mail is set aside unjudged and
// unanswered, listed for the game master, and not read again.
func TestForgedSubjectIsSetAside(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	h.proc.Config.PassTimeout = Duration{10 * time.Second}
	h.deliver(forgedSubjectMail("alice@example.org", "forged@example.org", 10000))
	h.deliver(orderMail("bob@example.org", "b1@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 3\n"))
	sum := h.mustRun()
	if sum.SetAside != 1 || sum.Accepted != 1 {
		t.Fatalf("pass: %s; want one mail set aside and Bob's accepted", sum)
	}
	cur, err := h.st.CurrentOrders(ctx, "t1", 1)
	if err != nil {
		t.Fatal(err)
	}
	if string(cur[2]) != `{"pick":3}` || cur[1] != nil {
		t.Errorf("standing orders %v", cur)
	}
	for _, m := range h.sent() {
		if m.To[0] == "alice@example.org" {
			t.Errorf("the forged mail was answered: %s", m.Subject)
		}
	}
	aside, err := h.st.SetAsideInbox(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(aside) != 1 || aside[0].MessageID != "<forged@example.org>" || !strings.Contains(aside[0].Outcome, "password-shaped words") {
		t.Fatalf("set aside: %+v", aside)
	}
	if sum := h.mustRun(); sum.SetAside != 0 || sum.Fetched != 0 {
		t.Errorf("the next pass: %s", sum)
	}
}

// TestMailOverItsTimeIsSetAside: a mail whose judgement takes longer than
// mail.budget (here far less than one bcrypt comparison) is set aside and
// the pass goes on; with the default budget the same mail is judged.
func TestMailOverItsTimeIsSetAside(t *testing.T) {
	for _, tc := range []struct {
		name     string
		budget   time.Duration
		setAside int
	}{
		{"a budget shorter than a password check", time.Millisecond, 1},
		{"the default budget", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.proc.Config.Mail.Budget = Duration{tc.budget}
			h.deliver(orderMail("alice@example.org", "a1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 7\n"))
			sum := h.mustRun()
			if sum.SetAside != tc.setAside || sum.Accepted != 1-tc.setAside {
				t.Fatalf("pass: %s", sum)
			}
			aside, err := h.st.SetAsideInbox(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(aside) != tc.setAside || (tc.setAside > 0 && !strings.Contains(aside[0].Outcome, "longer than 1ms")) {
				t.Errorf("set aside: %+v", aside)
			}
		})
	}
}

// TestAutoplayStopsWhenOutOfTime: the automatic moves stop, with what
// they made kept, once the pass is out of time; the next call makes the
// rest. The computer's seat comes after the second person's in nim.
func TestAutoplayStopsWhenOutOfTime(t *testing.T) {
	h := newNim(t)
	for i := 0; i < 10 && h.load().Eng.Acting()[0] != 1; i++ {
		r := h.load()
		h.play(r.Eng.Computer(r.Eng.Acting()[0], title.Rand(1, r.Next())).String())
	}
	r := h.load()
	if r.Eng.Acting()[0] != 1 {
		t.Fatal("the second seat never came to move")
	}
	if err := r.Apply(r.Eng.Computer(1, title.Rand(1, r.Next())), "player", 0, h.clock); err != nil {
		t.Fatal(err)
	}
	if r.Eng.Over() || r.Eng.Acting()[0] != 2 {
		t.Skip("the game did not come to the computer's seat")
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := r.Autoplay(done, h.clock); err != nil || r.Eng.Acting()[0] != 2 {
		t.Fatalf("out of time, the computer still moved (%v), or it failed: %v", r.Eng.Acting(), err)
	}
	if err := r.Autoplay(context.Background(), h.clock); err != nil || r.Eng.Acting()[0] == 2 {
		t.Fatalf("with time, the computer did not move (%v): %v", r.Eng.Acting(), err)
	}
}
