package demo

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/railpost/railpost/orders"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store/backend"
	t1870 "github.com/railpost/railpost/titles/g1870"
)

// Test1870ByMail plays the opening of a 4-player game of 1870 by mail
// through loopback IMAP and SMTP and a real SQLite file, far enough for
// every set piece of its demo: an illegal move answered with "did you
// mean", a stale move, an undo, a deal offered and accepted, a timeout,
// and a run the president names by hand. (The whole game is CI's:
// railpost demo --title 1870.) Every move mail carries the board as an
// inline PNG.
func Test1870ByMail(t *testing.T) {
	dir := t.TempDir()
	res, err := Run(context.Background(), t1870.Title{}, Options{Dir: dir, Seed: 3, Limit: 95})
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(res.Notes, "\n")
	for _, want := range []string{"Did you mean BUY GRSC?", "A stale move was answered", "An undo:", "A deal offered:", "wrote ACCEPT: ", "A timeout:", "A run named by hand:"} {
		if !strings.Contains(notes, want) {
			t.Errorf("the moment %q did not happen:\n%s", want, notes)
		}
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
	seats, err := st.Positions(context.Background(), res.GameID)
	if err != nil || len(seats) != 4 {
		t.Fatalf("positions %v: %v", seats, err)
	}
	players := map[int]string{}
	for _, p := range seats {
		players[p.Number] = p.Name
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
		// The holdings row marked (you) is the addressee's own: the
		// position mailed is the seat that moves (ruling G14).
		got, err := orders.ReadMail(m.Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		name := players[m.Position]
		for _, line := range strings.Split(got.Text, "\n") {
			if strings.Contains(line, "(you)") && !strings.HasPrefix(line, name) {
				t.Fatalf("%q to %s (position %d) marks another player's row as theirs: %q", m.Subject, name, m.Position, line)
			}
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
