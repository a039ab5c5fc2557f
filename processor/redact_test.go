package processor

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// TestNoPasswordIsKeptInClear plays mails through the pipe and then reads
// every stored byte: a player's PASSWORD, the game master's GM password,
// and the password a welcome told (which the player did receive) are in
// no stored mail, in or out; the orders the mails gave still stand.
func TestNoPasswordIsKeptInClear(t *testing.T) {
	ctx := context.Background()
	hash, err := HashPassword("gm-very-secret")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(g *store.Game) { g.GMAddress = "gm-person@example.org"; g.GMPasswordHash = hash })
	h.deliver(orderMail("alice@example.org", "pw-1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 4\n"))
	h.deliver(orderMail("gm-person@example.org", "pw-2@example.org", "GAME: t1\nGM: gm-very-secret\n\nANNOUNCE hello all\n"))
	c, _ := gmcmd.Parse("HAND 3 carol@example.org Carol")
	if _, err := h.proc.GM(ctx, "t1", c, GMActor{Name: "cli"}); err != nil {
		t.Fatal(err)
	}
	h.mustRun()
	told := ""
	for _, m := range h.sent() {
		if i := strings.Index(m.Text, "Your password: "); i >= 0 && strings.Contains(m.To[0], "carol") {
			told = strings.Fields(m.Text[i+len("Your password: "):])[0]
		}
	}
	if told == "" {
		t.Fatal("Carol's welcome, with her password, did not reach her")
	}
	if standing, _ := h.st.CurrentOrders(ctx, "t1", 1); standing[1] == nil {
		t.Fatal("alice's orders do not stand")
	}
	db, err := sql.Open("sqlite", h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, table := range []string{"inbox", "outbox"} {
		rows, err := db.Query(`SELECT id, raw FROM ` + table)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id int64
			var raw []byte
			if err := rows.Scan(&id, &raw); err != nil {
				t.Fatal(err)
			}
			for _, secret := range []string{"alpha-pass", "gm-very-secret", told} {
				if strings.Contains(string(raw), secret) {
					t.Errorf("%s %d keeps %q in clear", table, id, secret)
				}
			}
		}
		rows.Close()
	}
}

// TestNoPasswordIsKeptFromOddlyShapedMail: mail with lone CR line ends, and
// a turnsheet attached as application/octet-stream, are read like any
// other, and so their stored copies lose the password like any other.
func TestNoPasswordIsKeptFromOddlyShapedMail(t *testing.T) {
	h := newHarness(t)
	for _, f := range []string{"34-octet-stream-sheet.eml", "37-bare-cr.eml"} {
		raw, err := os.ReadFile(filepath.Join("..", "testdata", "mail", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := h.imap.DeliverAt("INBOX", raw, h.clock); err != nil {
			t.Fatal(err)
		}
	}
	h.mustRun()
	db, err := sql.Open("sqlite", h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT id, raw, status FROM inbox`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id int64
		var raw []byte
		var status string
		if err := rows.Scan(&id, &raw, &status); err != nil {
			t.Fatal(err)
		}
		n++
		atts, _ := mail.ReadAttachments(raw)
		text := string(raw)
		for _, a := range atts {
			text += string(a.Data)
		}
		for _, secret := range []string{"alpha-pass", "bravo-pass"} {
			if strings.Contains(text, secret) {
				t.Errorf("inbox %d (%s) keeps %q", id, status, secret)
			}
		}
	}
	if n != 2 {
		t.Fatalf("%d mails stored, want 2", n)
	}
}

// TestAPasswordInTheSubjectIsWarnedOfAndNotKept: a player who puts their
// password in the Subject gets their orders taken, a mail of its own that
// says to change the password, and a stored copy without it.
func TestAPasswordInTheSubjectIsWarnedOfAndNotKept(t *testing.T) {
	h := newHarness(t)
	h.deliver("From: alice@example.org\nTo: gm@railpost.test\nSubject: orders, password alpha-pass\nMessage-ID: <subj-1@example.org>\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\nGAME: t1\nPOSITION: 1\nTOKEN: " + h.token(1, 1) + "\nPICK 6\n")
	sum := h.mustRun()
	if sum.Accepted != 1 {
		t.Fatalf("the orders were not taken: %s", sum)
	}
	warned := false
	for _, m := range h.sent() {
		if strings.Contains(m.Subject, "password was in the Subject") && strings.Contains(m.Text, "RESET 1") && !strings.Contains(m.Text, "alpha-pass") {
			warned = true
		}
	}
	if !warned {
		t.Error("the player was not told that their password was in the Subject")
	}
	db, err := sql.Open("sqlite", h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var raw []byte
	if err := db.QueryRow(`SELECT raw FROM inbox`).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "alpha-pass") {
		t.Errorf("the stored mail keeps the password:\n%s", raw)
	}
}
