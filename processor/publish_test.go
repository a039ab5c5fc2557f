package processor

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
)

// TestOneBadRecipientDoesNotHoldUpTheRest: a relay that drops the
// connection at one recipient costs that mail a retry on its own
// schedule, and every other mail still goes out in the same pass.
func TestOneBadRecipientDoesNotHoldUpTheRest(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	to := []string{"first@example.org", "poison@example.org", "third@example.org", "fourth@example.org"}
	err := h.st.Update(ctx, func(tx store.Tx) error {
		for _, addr := range to {
			m, err := h.proc.compose(composeArgs{kind: "notice", to: []string{addr}, subject: "note " + addr, text: "hello", gameID: "t1"})
			if err != nil {
				return err
			}
			if _, err := tx.QueueMail(ctx, m, h.clock); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	h.smtp.DropOn("poison@example.org")
	sum, _ := h.run()
	var got []string
	for _, m := range h.smtp.Messages() {
		got = append(got, m.To...)
	}
	for _, addr := range []string{"first@example.org", "third@example.org", "fourth@example.org"} {
		if !slices.Contains(got, addr) {
			t.Errorf("%s was not sent in the pass where the relay dropped on another recipient (sent %v; %s)", addr, got, sum)
		}
	}
	box, err := h.st.Outbox(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range box {
		if slices.Contains(m.Recipients, "poison@example.org") && (m.Status != "queued" || m.Attempts != 1 || !strings.Contains(m.LastAnswer, "RCPT")) {
			t.Errorf("the poisoned mail: %s after %d attempts, %q; want queued for a retry", m.Status, m.Attempts, m.LastAnswer)
		}
	}
	// Once the relay is well, the retry goes out at its time.
	h.smtp.DropOn("")
	h.clock = h.clock.Add(2 * time.Hour)
	h.mustRun()
	if n := len(h.smtp.Messages()); n != len(to) {
		t.Errorf("%d mails sent after the retry, want %d", n, len(to))
	}
}

// TestTheGMHearsOfEachGivenUpMailOnceAtTheNextPass: mail the relay
// refuses for good is listed to the game's game master, with the server's
// answer, at the next pass; every failure not yet told goes in one notice
// a pass; none is told twice, a day later or ever, unless it is requeued
// and fails again.
func TestTheGMHearsOfEachGivenUpMailOnceAtTheNextPass(t *testing.T) {
	h := newHarness(t, func(g *store.Game) { g.GMAddress = "gm-person@example.org" })
	ctx := context.Background()
	queue := func(to ...string) {
		t.Helper()
		err := h.st.Update(ctx, func(tx store.Tx) error {
			for _, addr := range to {
				m, err := h.proc.compose(composeArgs{kind: "notice", to: []string{addr}, subject: "your turn", text: "hello", gameID: "t1"})
				if err != nil {
					return err
				}
				if _, err = tx.QueueMail(ctx, m, h.clock); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	h.smtp.Refuse(func(_ string, to []string) error {
		if strings.HasPrefix(to[0], "gone") {
			return &smtp.SMTPError{Code: 550, Message: "no such mailbox"}
		}
		return nil
	})
	told := 0 // notices seen so far
	for _, step := range []struct {
		name    string
		before  func()
		listed  []string // the addresses the pass's notice lists; nil: no notice
		notList []string
	}{
		{"the pass the mail fails in", func() { queue("gone-1@example.org") }, nil, nil},
		{"the next pass", nil, []string{"gone-1@example.org", "550", "railpost outbox requeue"}, nil},
		{"the pass after", nil, nil, nil},
		{"two more fail", func() { queue("gone-2@example.org", "gone-3@example.org") }, nil, nil},
		{"the pass after they failed", nil, []string{"gone-2@example.org", "gone-3@example.org"}, []string{"gone-1@example.org"}},
		{"a day later", func() { h.clock = h.clock.Add(24 * time.Hour) }, nil, nil},
		{"the first requeued and failed again", func() {
			box, err := h.st.Outbox(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range box {
				if slices.Contains(m.Recipients, "gone-1@example.org") {
					if n, err := h.st.Requeue(ctx, m.ID, h.clock); err != nil || n != 1 {
						t.Fatalf("requeue: %d, %v", n, err)
					}
				}
			}
		}, nil, nil},
		{"the pass after it failed again", nil, []string{"gone-1@example.org"}, []string{"gone-2@example.org"}},
	} {
		if step.before != nil {
			step.before()
		}
		h.clock = h.clock.Add(time.Hour)
		h.run()
		var notices []sentMail
		for _, m := range h.sent() {
			if slices.Contains(m.To, "gm-person@example.org") && strings.Contains(m.Subject, "could not be delivered") {
				notices = append(notices, m)
			}
		}
		fresh := notices[told:]
		told = len(notices)
		if step.listed == nil {
			if len(fresh) != 0 {
				t.Fatalf("%s: %d notices, want none:\n%s", step.name, len(fresh), fresh[0].Text)
			}
			continue
		}
		if len(fresh) != 1 {
			t.Fatalf("%s: %d notices, want one", step.name, len(fresh))
		}
		for _, want := range step.listed {
			if !strings.Contains(fresh[0].Text, want) {
				t.Errorf("%s: the notice does not say %q:\n%s", step.name, want, fresh[0].Text)
			}
		}
		for _, not := range step.notList {
			if strings.Contains(fresh[0].Text, not) {
				t.Errorf("%s: the notice tells again of %s:\n%s", step.name, not, fresh[0].Text)
			}
		}
	}
}

// TestARefusedGMIsNotToldOfItsOwnNotices: a notice the game master's own
// address refuses is not told of to that address, which would refuse
// that notice too, and so on, one mail a pass for ever.
func TestARefusedGMIsNotToldOfItsOwnNotices(t *testing.T) {
	h := newHarness(t, func(g *store.Game) { g.GMAddress = "gone-gm@example.org" })
	ctx := context.Background()
	err := h.st.Update(ctx, func(tx store.Tx) error {
		m, err := h.proc.compose(composeArgs{kind: "notice", to: []string{"gone-player@example.org"}, subject: "your turn", text: "hello", gameID: "t1"})
		if err != nil {
			return err
		}
		_, err = tx.QueueMail(ctx, m, h.clock)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	h.smtp.Refuse(func(_ string, to []string) error {
		if strings.HasPrefix(to[0], "gone") {
			return &smtp.SMTPError{Code: 550, Message: "no such mailbox"}
		}
		return nil
	})
	for range 4 {
		h.clock = h.clock.Add(time.Hour)
		h.run()
	}
	box, err := h.st.Outbox(ctx)
	if err != nil {
		t.Fatal(err)
	}
	toGM := 0
	for _, m := range box {
		if slices.Contains(m.Recipients, "gone-gm@example.org") {
			toGM++
		}
	}
	if toGM != 1 {
		t.Errorf("%d mails to the refused game master in four passes, want the one notice of the player's mail", toGM)
	}
}

// TestARefusedSenderDoesNotSilenceTheRegisteredAddress: orders sent from
// an address other than the player's are answered to the registered
// address and, separately, to the sender; a relay that refuses the
// sender still delivers the player's notice.
func TestARefusedSenderDoesNotSilenceTheRegisteredAddress(t *testing.T) {
	h := newHarness(t)
	h.smtp.Refuse(func(_ string, to []string) error {
		if slices.Contains(to, "mallory@elsewhere.example") {
			return &smtp.SMTPError{Code: 550, Message: "relay refuses this address"}
		}
		return nil
	})
	h.deliver(orderMail("mallory@elsewhere.example", "other-1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 5\n"))
	h.run()
	var toAlice []sentMail
	for _, m := range h.sent() {
		if slices.Contains(m.To, "alice@example.org") {
			toAlice = append(toAlice, m)
		}
	}
	if len(toAlice) != 1 || !strings.Contains(toAlice[0].Text, "came from mallory@elsewhere.example") {
		t.Fatalf("the registered player heard %d times of orders sent from another address", len(toAlice))
	}
}

// TestABrokenMailFromAPlayerIsAnswered: a mail whose header cannot be read
// is answered when its From line names a player, and ignored when it
// names nobody, or nothing that is an address.
func TestABrokenMailFromAPlayerIsAnswered(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	// Stored as a real server hands them over (the loopback IMAP server
	// cannot hold a mail with a broken header).
	for i, raw := range []string{
		"From: alice@example.org\r\nTo: gm@railpost.test\r\nThis line is not a header\r\nSubject: orders\r\n\r\nGAME: t1\r\nPOSITION: 1\r\nPASSWORD: alpha-pass\r\nPICK 3\r\n",
		"From: stranger@example.net\r\nThis line is not a header\r\n\r\nPICK 3\r\n",
		"From: alice@example.org <no good\r\nTo: gm@railpost.test\r\nSubject: orders\r\nMessage-ID: <bad-from@x>\r\n\r\nGAME: t1\r\nPOSITION: 1\r\nPASSWORD: alpha-pass\r\nPICK 3\r\n",
	} {
		if _, _, err := h.st.IngestMessage(ctx, store.InboxMessage{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(i + 1), Raw: []byte(raw), Arrived: h.clock}, h.clock); err != nil {
			t.Fatal(err)
		}
	}
	sum := h.mustRun()
	sent := h.sent()
	if len(sent) != 1 || sent[0].To[0] != "alice@example.org" || !strings.Contains(sent[0].Text, "header is broken") {
		t.Fatalf("%d replies (%s); want one to alice about the broken header", len(sent), sum)
	}
	if sum.Ignored != 2 {
		t.Errorf("%d ignored, want the stranger's broken mail and the mail whose From is no address: %s", sum.Ignored, sum)
	}
}

// TestGMMailFromElsewhereIsToldToTheGM: a GM mail from an address that is
// not the game master's runs only with the GM password, and the
// registered address hears of it in a mail of its own.
func TestGMMailFromElsewhereIsToldToTheGM(t *testing.T) {
	hash, err := HashPassword("gm-very-secret")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(g *store.Game) { g.GMAddress = "gm-person@example.org"; g.GMPasswordHash = hash })
	h.deliver(orderMail("laptop@elsewhere.example", "gm-away-1@example.org", "GAME: t1\nGM: wrong-password\n\nPAUSE\n"))
	h.deliver(orderMail("laptop@elsewhere.example", "gm-away-2@example.org", "GAME: t1\nGM: gm-very-secret\n\nANNOUNCE back soon\n"))
	h.mustRun()
	var toGM, toLaptop []sentMail
	for _, m := range h.sent() {
		switch {
		case slices.Contains(m.To, "gm-person@example.org") && strings.Contains(m.Subject, "GM commands"):
			toGM = append(toGM, m)
		case slices.Contains(m.To, "laptop@elsewhere.example"):
			toLaptop = append(toLaptop, m)
		}
	}
	if g, _ := h.st.Game(context.Background(), "t1"); g.Status != "active" {
		t.Error("a GM mail with the wrong password paused the game")
	}
	if len(toGM) != 1 || !strings.Contains(toGM[0].Text, "came from laptop@elsewhere.example") || !strings.Contains(toGM[0].Text, "done") {
		t.Fatalf("the registered GM address got %d mails about the GM mail from elsewhere", len(toGM))
	}
	if len(toLaptop) != 2 {
		t.Errorf("the sender got %d answers, want 2 (the refusal and the carried-out commands)", len(toLaptop))
	}
}

// TestNoReminderWithTheWelcome: a player seated when the deadline is
// already within the reminder time gets the welcome with the turnsheet,
// and no reminder of the same turn in the same pass.
func TestNoReminderWithTheWelcome(t *testing.T) {
	h := newHarness(t, func(g *store.Game) { g.Deadline = testStart.Add(12 * time.Hour); g.Remind = 24 * time.Hour })
	c, _ := gmcmd.Parse("HAND 3 carol@example.org Carol")
	if _, err := h.proc.GM(context.Background(), "t1", c, GMActor{Name: "cli"}); err != nil {
		t.Fatal(err)
	}
	h.mustRun()
	var toCarol []string
	for _, m := range h.sent() {
		if slices.Contains(m.To, "carol@example.org") {
			toCarol = append(toCarol, m.Subject)
		}
	}
	if len(toCarol) != 1 || !strings.Contains(toCarol[0], "Welcome") {
		t.Errorf("Carol was sent %q; want the welcome alone", toCarol)
	}
}

// TestAQuotedWrongPasswordSaysWhatWasCompared: when a password pasted in
// quotes still fails, the reply says the quotes were taken off before the
// comparison, and does not echo the password.
func TestAQuotedWrongPasswordSaysWhatWasCompared(t *testing.T) {
	h := newHarness(t)
	h.deliver(orderMail("alice@example.org", "quoted-1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: \u201cnot-my-pass\u201d\nPICK 3\n"))
	h.mustRun()
	sent := h.sent()
	if len(sent) != 1 || !strings.Contains(sent[0].Text, "quotes or brackets around it were taken off") || strings.Contains(sent[0].Text, "not-my-pass") {
		t.Fatalf("the reply to a quoted wrong password:\n%v", sent)
	}
}
