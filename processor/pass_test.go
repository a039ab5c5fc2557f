package processor

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/sqlite"
)

func TestTurnEndToEndOnLoopback(t *testing.T) {
	h := newHarness(t)
	h.deliver(orderMail("Alice <alice@example.org>", "a1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\n\nPICK 7\n"))
	sum := h.mustRun()
	if sum.Accepted != 1 || sum.Resolved != 0 || sum.Sent != 1 {
		t.Fatalf("after Alice: %s", sum)
	}
	got := h.sent()
	if len(got) != 1 || got[0].To[0] != "alice@example.org" {
		t.Fatalf("replies: %+v", got)
	}
	conf := got[0]
	for _, want := range []string{"accepted", "PICK 7", "turn 1"} {
		if !strings.Contains(conf.Text, want) {
			t.Errorf("confirmation lacks %q:\n%s", want, conf.Text)
		}
	}
	if conf.InReplyTo != "<a1@example.org>" || !strings.Contains(strings.Join(conf.References, " "), "<a1@example.org>") {
		t.Errorf("confirmation not threaded: In-Reply-To %q References %q", conf.InReplyTo, conf.References)
	}
	if !strings.HasSuffix(conf.MessageID, "@railpost.test>") {
		t.Errorf("Message-ID %q not in our domain", conf.MessageID)
	}

	// Bob is the last human in: the game resolves early in the same pass.
	h.deliver(orderMail("bob@example.org", "b1@example.org", "GAME: t1\nPOSITION: 2\nTOKEN: "+h.token(2, 1)+"\nPICK 3\n"))
	sum = h.mustRun()
	if sum.Accepted != 1 || sum.Resolved != 1 || sum.Sent != 3 {
		t.Fatalf("after Bob: %s", sum)
	}
	g, _ := h.st.Game(context.Background(), "t1")
	if g.Turn != 2 {
		t.Fatalf("game at turn %d, want 2", g.Turn)
	}
	reports := 0
	for _, m := range h.sent()[1:] {
		if !strings.Contains(m.Subject, "Turn 1 report") {
			continue
		}
		reports++
		pdf := attachment(t, m.Raw, "application/pdf")
		text := pdfText(t, pdf)
		if !strings.Contains(text, "Tally report: game t1, turn 1") {
			t.Errorf("report PDF for %v reads %q", m.To, text)
		}
	}
	if reports != 2 {
		t.Fatalf("%d reports sent, want one to each human", reports)
	}
	events, _ := h.st.Events(context.Background(), "t1", 1)
	if len(events) != 3 || events[0].Text != "position 1 picked 7" || events[1].Text != "position 2 picked 3" {
		t.Errorf("events: %+v", events)
	}

	// A second pass with nothing new does nothing and sends nothing.
	sum = h.mustRun()
	if sum.Fetched != 0 || sum.Sent != 0 || sum.Resolved != 0 {
		t.Errorf("idle pass did work: %s", sum)
	}
}

func TestLaterTurnsheetReplacesEarlier(t *testing.T) {
	h := newHarness(t)
	h.deliver(orderMail("alice@example.org", "a1@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 2\n"))
	h.deliver(orderMail("alice@example.org", "a2@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 9\n"))
	h.mustRun()
	cur, _ := h.st.CurrentOrders(context.Background(), "t1", 1)
	if string(cur[1]) != `{"pick":9}` {
		t.Fatalf("standing orders %s, want the later PICK 9", cur[1])
	}
	last := h.sent()[1]
	if !strings.Contains(last.Text, "replace the orders you sent earlier") {
		t.Errorf("second confirmation does not say it replaces the first:\n%s", last.Text)
	}
}

func TestDeadlineResolvesAndLateOrdersAreRefused(t *testing.T) {
	h := newHarness(t)
	h.deliver(orderMail("alice@example.org", "a1@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 5\n"))
	h.mustRun()
	// A week later the deadline has passed with Bob silent.
	h.clock = testStart.Add(7*24*time.Hour + time.Minute)
	sum := h.mustRun()
	if sum.Resolved != 1 {
		t.Fatalf("deadline did not resolve the turn: %s", sum)
	}
	g, _ := h.st.Game(context.Background(), "t1")
	wantNext := testStart.Add(14 * 24 * time.Hour)
	if g.Turn != 2 || !g.Deadline.Equal(wantNext) {
		t.Fatalf("game at turn %d deadline %s, want turn 2 deadline %s", g.Turn, g.Deadline, wantNext)
	}
	// Bob's turn 1 turnsheet, token and all, now arrives: late.
	h.deliver(orderMail("bob@example.org", "b1@x", "GAME: t1\nPOSITION: 2\nTOKEN: "+h.token(2, 1)+"\nPICK 3\n"))
	sum = h.mustRun()
	if sum.Rejected != 1 {
		t.Fatalf("late turnsheet not refused: %s", sum)
	}
	cur, _ := h.st.CurrentOrders(context.Background(), "t1", 2)
	if len(cur) != 0 {
		t.Fatalf("late orders changed state: %v", cur)
	}
	last := h.sent()[len(h.sent())-1]
	if !strings.Contains(last.Text, "this turnsheet is for turn 1") || !strings.Contains(last.Text, "send orders for turn 2") {
		t.Errorf("late reply does not explain:\n%s", last.Text)
	}
}

func TestNextDeadlineKeepsWallClockAcrossDST(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	tests := []struct {
		name     string
		deadline time.Time
		period   time.Duration
		now      time.Time
		want     time.Time
	}{
		{"weekly across spring forward", time.Date(2026, 3, 2, 18, 0, 0, 0, chicago), 7 * 24 * time.Hour,
			time.Date(2026, 3, 3, 0, 0, 0, 0, chicago), time.Date(2026, 3, 9, 18, 0, 0, 0, chicago)},
		{"weekly across fall back", time.Date(2026, 10, 26, 18, 0, 0, 0, chicago), 7 * 24 * time.Hour,
			time.Date(2026, 10, 27, 0, 0, 0, 0, chicago), time.Date(2026, 11, 2, 18, 0, 0, 0, chicago)},
		{"skips missed deadlines", time.Date(2026, 3, 2, 18, 0, 0, 0, chicago), 24 * time.Hour,
			time.Date(2026, 3, 10, 12, 0, 0, 0, chicago), time.Date(2026, 3, 10, 18, 0, 0, 0, chicago)},
		{"hourly period is plain duration", time.Date(2026, 3, 8, 1, 0, 0, 0, chicago), 12 * time.Hour,
			time.Date(2026, 3, 8, 1, 30, 0, 0, chicago), time.Date(2026, 3, 8, 1, 0, 0, 0, chicago).Add(12 * time.Hour)},
	}
	for _, tc := range tests {
		g := store.Game{Deadline: tc.deadline.UTC(), Period: tc.period, TimeZone: "America/Chicago"}
		got := NextDeadline(g, tc.now.UTC())
		if !got.Equal(tc.want) {
			t.Errorf("%s: next = %s, want %s", tc.name, got.In(chicago), tc.want)
		}
	}
}

func TestIMAPOutageStillPublishesAndResumes(t *testing.T) {
	h := newHarness(t)
	h.deliver(orderMail("alice@example.org", "a1@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 5\n"))
	h.mustRun()
	// The deadline passes while the IMAP server is down: the turn still
	// resolves and reports still go out, but the pass fails.
	good := h.proc.Config.IMAP.Address
	h.proc.Config.IMAP.Address = closedPort(t)
	h.clock = testStart.Add(8 * 24 * time.Hour)
	sum, err := h.run()
	if err == nil || !strings.Contains(err.Error(), "ingest") {
		t.Fatalf("outage not reported: %v", err)
	}
	if sum.Resolved != 1 || sum.Sent != 2 {
		t.Fatalf("pass did not do what it still could: %s", sum)
	}
	passes, _ := h.st.Passes(context.Background())
	if last := passes[len(passes)-1]; last.Status != store.PassFailed || !strings.Contains(last.Summary, "ingest") {
		t.Errorf("pass log: %+v", last)
	}
	h.proc.Config.IMAP.Address = good
	h.deliver(orderMail("bob@example.org", "b2@x", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 1\n"))
	if sum := h.mustRun(); sum.Accepted != 1 {
		t.Fatalf("next pass did not resume: %s", sum)
	}
}

func TestSMTPOutageAndRefusal(t *testing.T) {
	h := newHarness(t)
	h.deliver(orderMail("alice@example.org", "a1@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 5\n"))
	good := h.proc.Config.SMTP.Address
	h.proc.Config.SMTP.Address = closedPort(t)
	sum, err := h.run()
	if err == nil || !strings.Contains(err.Error(), "publish") || sum.Accepted != 1 {
		t.Fatalf("SMTP outage: err %v, %s", err, sum)
	}
	all, _ := h.st.Outbox(context.Background())
	if len(all) != 1 || all[0].Status != store.OutboxQueued {
		t.Fatalf("reply lost in outage: %+v", all)
	}

	// The server comes back but refuses with a temporary error: the answer
	// is recorded and the mail waits for its backoff.
	h.proc.Config.SMTP.Address = good
	h.smtp.Refuse(func(string, []string) error {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	})
	if _, err := h.run(); err == nil {
		t.Fatal("a refused mail did not fail the pass")
	}
	all, _ = h.st.Outbox(context.Background())
	if all[0].Status != store.OutboxQueued || all[0].Attempts != 1 || !strings.Contains(all[0].LastAnswer, "451") {
		t.Fatalf("after 451: %+v", all[0])
	}
	h.smtp.Refuse(nil)
	if sum := h.mustRun(); sum.Sent != 0 {
		t.Fatal("mail retried before its backoff")
	}
	h.clock = h.clock.Add(2 * time.Minute)
	if sum := h.mustRun(); sum.Sent != 1 {
		t.Fatalf("mail not retried after backoff: %s", sum)
	}
	all, _ = h.st.Outbox(context.Background())
	if all[0].Status != store.OutboxSent || !strings.Contains(all[0].LastAnswer, "queued as") {
		t.Fatalf("after retry: %+v", all[0])
	}

	// A permanent refusal fails the row at once.
	h.smtp.Refuse(func(string, []string) error {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	})
	h.deliver(orderMail("bob@example.org", "b1@x", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 5\n"))
	h.run()
	all, _ = h.st.Outbox(context.Background())
	failed := 0
	for _, m := range all {
		if m.Status == store.OutboxFailed && strings.Contains(m.LastAnswer, "550") {
			failed++
		}
	}
	if failed == 0 {
		t.Fatalf("550 did not fail the mail: %+v", all)
	}
}

func TestBackoff(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want time.Duration
	}{{0, time.Minute}, {1, 2 * time.Minute}, {3, 8 * time.Minute}, {20, time.Hour}} {
		if got := Backoff(tc.n, time.Minute, time.Hour); got != tc.want {
			t.Errorf("Backoff(%d) = %s, want %s", tc.n, got, tc.want)
		}
	}
}

func TestUIDValidityChangeDoesNotReprocess(t *testing.T) {
	h := newHarness(t)
	a := orderMail("alice@example.org", "a1@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 5\n")
	h.deliver(a)
	h.mustRun()
	// The server is restored from backup: same message, new UIDVALIDITY,
	// plus one new message.
	b := orderMail("bob@example.org", "b1@x", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 4\n")
	crlf := func(s string) []byte {
		return []byte(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n"))
	}
	if err := h.imap.Renumber("INBOX", [][]byte{crlf(a), crlf(b)}, h.clock); err != nil {
		t.Fatal(err)
	}
	sum := h.mustRun()
	if sum.Fetched != 2 || sum.Stored != 1 || sum.Accepted != 1 {
		t.Fatalf("after renumbering: %s", sum)
	}
	if n := len(h.sent()); n != 2+2 {
		t.Fatalf("%d mails sent, want 2 confirmations and 2 reports", n)
	}
}

func TestSecondPassWhileOneRunsExitsQuietly(t *testing.T) {
	h := newHarness(t)
	lock, err := sqlite.LockFile(h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	h.deliver(orderMail("alice@example.org", "a1@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 5\n"))
	if _, err := h.run(); !errors.Is(err, ErrBusy) {
		t.Fatalf("second pass: %v, want ErrBusy", err)
	}
	if passes, _ := h.st.Passes(context.Background()); len(passes) != 0 {
		t.Fatalf("a locked-out pass wrote to the pass log: %+v", passes)
	}
}

func closedPort(t *testing.T) string {
	t.Helper()
	// Port 1 on loopback is never served here; connecting is refused at once.
	return "127.0.0.1:1"
}

// attachment returns the first part of the given type in a raw message.
func attachment(t *testing.T, raw []byte, contentType string) []byte {
	t.Helper()
	atts, err := mail.ReadAttachments(raw)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range atts {
		if a.ContentType == contentType {
			return a.Data
		}
	}
	t.Fatalf("no %s attachment among %d", contentType, len(atts))
	return nil
}

// pdfText reads a PDF back with poppler's pdftotext.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed; .ci/run installs it")
	}
	f := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", f, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func TestReadsEveryConfiguredMailbox(t *testing.T) {
	h := newHarness(t)
	if err := h.imap.Create("Orders"); err != nil {
		t.Fatal(err)
	}
	h.proc.Config.IMAP.Mailboxes = []string{"INBOX", "Orders"}
	h.deliver(orderMail("alice@example.org", "a1@x", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 7\n"))
	if err := h.imap.DeliverAt("Orders", []byte("From: bob@example.org\r\nMessage-ID: <b1@x>\r\n\r\nGAME: t1\r\nPOSITION: 2\r\nPASSWORD: bravo-pass\r\nPICK 2\r\n"), h.clock); err != nil {
		t.Fatal(err)
	}
	sum := h.mustRun()
	if sum.Fetched != 2 || sum.Accepted != 2 || sum.Resolved != 1 {
		t.Fatalf("two mailboxes: %s", sum)
	}
	for _, mb := range []string{"INBOX", "Orders"} {
		if cur, ok, _ := h.st.Cursor(context.Background(), mb); !ok || cur.LastUID != 1 {
			t.Errorf("cursor of %s: %+v %v", mb, cur, ok)
		}
	}
}
