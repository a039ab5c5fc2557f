package demo

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store/backend"
	t18ez "github.com/railpost/railpost/titles/g18ez"
)

// Test18EZByMail plays the opening of a 4-player game of 18EZ by mail
// (three scripted players, the computer in the fourth seat) through
// loopback IMAP and SMTP and a real SQLite file, far enough for every set
// piece of its demo: an illegal move answered with "did you mean", two
// bids on one item and its special auction, a stale move, an undo, a
// deal offered and answered, OPTIONS <hex>
// answered with the lays there, and a timeout. (The
// whole game is CI's: railpost demo --title 18ez.) Every move mail
// carries the board as an inline PNG, and the replay matches.
func Test18EZByMail(t *testing.T) {
	dir := t.TempDir()
	res, err := Run(context.Background(), t18ez.Title{}, Options{Dir: dir, Seed: 3, Limit: 110})
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(res.Notes, "\n")
	for _, want := range []string{"Did you mean BUY SL?", "bid on OBS before it came up", "Special auction for OBS (1.4)",
		"A stale move was answered", "An undo:", "A deal offered:", "and answered:", "A timeout:", "OPTIONS: "} {
		if !strings.Contains(notes, want) {
			t.Errorf("the moment %q did not happen:\n%s", want, notes)
		}
	}
	if res.Replayed < 100 {
		t.Errorf("the replay rebuilt %d actions", res.Replayed)
	}
	st, err := backend.OpenExisting(context.Background(), res.Database)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	outbox, err := st.Outbox(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	pictures := 0
	for _, m := range outbox {
		if !strings.Contains(m.Subject, "Your move") {
			continue
		}
		atts, err := mail.ReadAttachments(m.Raw)
		if err != nil || len(atts) != 1 || !atts[0].Inline || atts[0].ContentType != "image/png" || !strings.HasPrefix(string(atts[0].Data), "\x89PNG") {
			t.Fatalf("a move mail (%q) without its board: %v %+v", m.Subject, err, atts)
		}
		if len(m.Raw) > 250_000 {
			t.Errorf("a move mail of %d bytes, over 250 KB", len(m.Raw))
		}
		if m.Position == 4 {
			t.Errorf("the computer's seat was mailed %q", m.Subject)
		}
		pictures++
	}
	if pictures == 0 {
		t.Error("no move mails")
	}
	if _, err := os.Stat(filepath.Join(res.Archive, "index.html")); err != nil {
		t.Error("no archive")
	}
}
