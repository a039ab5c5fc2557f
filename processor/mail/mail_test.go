package mail_test

import (
	"context"
	"errors"
	nmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/mail/loopback"
)

var at = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func TestBuildThreadsAndAttaches(t *testing.T) {
	id, err := mail.NewMessageID("railpost.test", at)
	if err != nil {
		t.Fatal(err)
	}
	pdf := []byte("%PDF-1.4 fake but binary \x00\x01\x02")
	raw, err := mail.Build(mail.Outgoing{
		MessageID: id, From: &nmail.Address{Name: "Railpost GM", Address: "gm@railpost.test"},
		To: []*nmail.Address{{Address: "alice@example.org"}}, Cc: []*nmail.Address{{Address: "alice@work.example"}},
		Subject: "[t1] Turn 3 report — Grüße", Date: at,
		InReplyTo: "<orig@example.org>", References: []string{"<first@x>", "<orig@example.org>"},
		Text: "Your cash: $1,000\nLine two with ünïcode\n", AutoSubmitted: "auto-generated", LoopID: "gm@railpost.test",
		Attachments: []mail.Attachment{{Name: "t1-turn3.pdf", ContentType: "application/pdf", Data: pdf}},
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := orders.ReadMail(raw, orders.Identity{}, orders.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if m.MessageID != id || m.InReplyTo != "<orig@example.org>" || strings.Join(m.References, " ") != "<first@x> <orig@example.org>" {
		t.Errorf("threading: id %q in-reply-to %q refs %q", m.MessageID, m.InReplyTo, m.References)
	}
	if m.Subject != "[t1] Turn 3 report — Grüße" || !strings.Contains(m.Text, "ünïcode") {
		t.Errorf("subject %q text %q", m.Subject, m.Text)
	}
	// Our own reader must see our mail as automatic, so it is never answered.
	own, _ := orders.ReadMail(raw, orders.Identity{LoopID: "gm@railpost.test"}, orders.DefaultLimits)
	if own.Automatic == "" {
		t.Error("our own mail is not recognised as automatic")
	}
	atts, err := mail.ReadAttachments(raw)
	if err != nil || len(atts) != 1 || atts[0].Name != "t1-turn3.pdf" || string(atts[0].Data) != string(pdf) || atts[0].ContentType != "application/pdf" {
		t.Fatalf("attachment round trip: %+v %v", atts, err)
	}
	for _, line := range strings.Split(string(raw), "\r\n") {
		if len(line) > 998 {
			t.Fatalf("a line of %d characters breaks RFC 5322", len(line))
		}
	}
	if _, err := mail.Build(mail.Outgoing{Subject: "x"}); err == nil {
		t.Error("a message without Message-ID, From and To was built")
	}
}

func TestMessageIDsAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id, err := mail.NewMessageID("railpost.test", at)
		if err != nil {
			t.Fatal(err)
		}
		if seen[id] || !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@railpost.test>") {
			t.Fatalf("bad or repeated id %q", id)
		}
		seen[id] = true
	}
}

func TestSMTPSendRecordsAnswers(t *testing.T) {
	srv, err := loopback.StartSMTP("gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx := context.Background()
	if _, err := mail.DialSMTP(ctx, mail.SMTPConfig{Address: srv.Addr, Username: "gm", Password: "bad"}); err == nil {
		t.Fatal("wrong SMTP password accepted")
	}
	c, err := mail.DialSMTP(ctx, mail.SMTPConfig{Address: srv.Addr, Username: "gm", Password: "pw"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tests := []struct {
		name      string
		refuse    error
		wantCode  int
		permanent bool
		answer    string
	}{
		{"accepted", nil, 0, false, "250 2.0.0 OK queued as 1"},
		{"temporary", &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "mailbox full"}, 452, false, "452 mailbox full"},
		{"permanent", &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "rejected as spam"}, 554, true, "554 rejected as spam"},
		{"accepted after refusals", nil, 0, false, "250 2.0.0 OK queued as 2"},
	}
	for _, tc := range tests {
		srv.Refuse(func(string, []string) error { return tc.refuse })
		answer, err := c.Send("gm@railpost.test", []string{"a@example.org"}, []byte("Subject: x\r\n\r\nhi\r\n"))
		if tc.refuse == nil {
			if err != nil || answer != tc.answer {
				t.Errorf("%s: answer %q err %v", tc.name, answer, err)
			}
			continue
		}
		var se *mail.SendError
		if !errors.As(err, &se) || se.Code != tc.wantCode || se.Permanent != tc.permanent || !strings.Contains(se.Answer, tc.answer) {
			t.Errorf("%s: %#v", tc.name, err)
		}
	}
}

func TestIMAPUIDsAfterIgnoresTheStarQuirk(t *testing.T) {
	srv, err := loopback.StartIMAP("u", "p")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for i := 0; i < 3; i++ {
		srv.Deliver("INBOX", []byte("Subject: x\r\n\r\nx\r\n"))
	}
	ctx := context.Background()
	if _, err := mail.DialIMAP(ctx, mail.IMAPConfig{Address: srv.Addr, Username: "u", Password: "wrong"}); err == nil {
		t.Fatal("wrong IMAP password accepted")
	}
	c, err := mail.DialIMAP(ctx, mail.IMAPConfig{Address: srv.Addr, Username: "u", Password: "p"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Select("INBOX"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		after uint32
		want  int
	}{{0, 3}, {1, 2}, {3, 0}, {99, 0}} {
		got, err := c.UIDsAfter(tc.after)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tc.want {
			t.Errorf("UIDsAfter(%d) = %v, want %d UIDs", tc.after, got, tc.want)
		}
	}
	var fetched []mail.Fetched
	uids, _ := c.UIDsAfter(0)
	if err := c.FetchRaw(uids, 8, func(f mail.Fetched) error { fetched = append(fetched, f); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(fetched) != 3 || !fetched[0].Truncated || len(fetched[0].Raw) != 8 || fetched[0].Size <= 8 {
		t.Fatalf("fetch with a size cap: %+v", fetched[0])
	}
}

func TestParseSecurity(t *testing.T) {
	for in, want := range map[string]mail.Security{"TLS": mail.SecurityTLS, " starttls ": mail.SecuritySTARTTLS, "plain": mail.SecurityPlain, "": mail.SecurityPlain} {
		if got, err := mail.ParseSecurity(in); err != nil || got != want {
			t.Errorf("ParseSecurity(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := mail.ParseSecurity("ssl3"); err == nil {
		t.Error("ssl3 accepted")
	}
}
