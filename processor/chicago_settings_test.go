package processor

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	cetitle "github.com/railpost/railpost/titles/chicagoexpress"
)

// TestMoveMailSettings drives a Chicago Express game by mail through the
// lines players and the game master send besides their moves: a move out
// of turn, two moves in one mail, AUTOPASS AUCTIONS, AWAY, DIGEST, and the
// GM's UNDO and MOVE. Each is checked in the mail and in the move log.
func TestMoveMailSettings(t *testing.T) {
	ctx := context.Background()
	h := newMoveHarness(t, cetitle.Title{}, "ce-demo", 4, 4)
	// Every mail to a seat, oldest first, and the newest "your move".
	mailsTo := func(p moveSeat) []*orders.Mail {
		var out []*orders.Mail
		for _, m := range h.sent() {
			if slices.Contains(m.To, p.address) {
				out = append(out, m.Mail)
			}
		}
		return out
	}
	last := func(p moveSeat) *orders.Mail { ms := mailsTo(p); return ms[len(ms)-1] }
	yourMove := func(p moveSeat) *orders.Mail {
		ms := mailsTo(p)
		for i := len(ms) - 1; i >= 0; i-- {
			if strings.Contains(ms[i].Subject, "Your move") {
				return ms[i]
			}
		}
		t.Fatalf("no your-move mail to %s", p.address)
		return nil
	}
	// send replies to one of our mails as a mail program does, quoting
	// it, and returns the processor's reply.
	send := func(p moveSeat, to *orders.Mail, text string) *orders.Mail {
		t.Helper()
		h.clock = h.clock.Add(time.Minute)
		h.sentMails++
		var quoted strings.Builder
		for _, l := range strings.Split(to.Text, "\n") {
			quoted.WriteString("> " + l + "\n")
		}
		h.deliver(fmt.Sprintf("From: %s\nTo: gm@railpost.test\nSubject: Re: %s\nMessage-ID: <set%d@example.org>\nIn-Reply-To: %s\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\n%s\n\nOn Mon, 2 Mar 2026, Railpost wrote:\n%s",
			p.address, to.Subject, h.sentMails, to.MessageID, text, quoted.String()))
		h.mustRun()
		ms := mailsTo(p)
		for i := len(ms) - 1; i >= 0; i-- {
			if strings.Contains(ms[i].Subject, "Accepted") || strings.Contains(ms[i].Subject, "not accepted") {
				return ms[i]
			}
		}
		t.Fatalf("no reply to %s", p.address)
		return nil
	}
	moves := func() []store.Move {
		ms, err := h.st.Moves(ctx, h.id)
		if err != nil {
			t.Fatal(err)
		}
		return ms
	}
	engine := func() (title.MoveGame, []move.Action) {
		r := h.load()
		return r.Eng, r.Standing
	}
	eng, _ := engine()
	s0 := eng.Acting()[0]
	mover, x, y, z := h.seats[s0], h.seats[(s0+1)%4], h.seats[(s0+2)%4], h.seats[(s0+3)%4]

	if got := send(x, last(x), "BID 7"); !strings.Contains(got.Text, "it is not your move") || len(moves()) != 0 {
		t.Fatalf("a move out of turn: %q; %d moves logged", got.Text, len(moves()))
	}
	if got := send(mover, yourMove(mover), "BID 7\nPASS"); !strings.Contains(got.Text, "are both moves") || len(moves()) != 0 {
		t.Fatalf("two moves in one mail: %q", got.Text)
	}
	if got := send(x, last(x), "PASSWORD: "+h.passwords[x.number]+"\nAUTOPASS AUCTIONS"); !strings.Contains(got.Subject, "Accepted") {
		t.Fatalf("AUTOPASS: %s %q", got.Subject, got.Text)
	}
	if got := send(z, last(z), "PASSWORD: "+h.passwords[z.number]+"\nAWAY 2026-03-01 2026-03-31"); !strings.Contains(got.Text, "You are away") {
		t.Fatalf("AWAY: %q", got.Text)
	}
	if got := send(y, last(y), "PASSWORD: "+h.passwords[y.number]+"\nDIGEST ON"); !strings.Contains(got.Text, "digest") {
		t.Fatalf("DIGEST: %q", got.Text)
	}
	// The mover bids; the auto-passer passes at once; after the digest
	// reader passes, so does the player away.
	if got := send(mover, yourMove(mover), "BID 7"); !strings.Contains(got.Subject, "Accepted") {
		t.Fatalf("BID 7: %q", got.Text)
	}
	if got := send(y, yourMove(y), "PASS"); !strings.Contains(got.Subject, "Accepted") {
		t.Fatalf("PASS: %q", got.Text)
	}
	sources := map[string]bool{}
	for _, m := range moves() {
		sources[m.Source] = true
	}
	if !sources["autopass"] || !sources["away"] {
		t.Fatalf("want moves by autopass and away in the log: %+v", moves())
	}
	// The game master takes the game back to one standing move, then moves
	// for whoever the game waits on.
	before := len(moves())
	if _, err := h.proc.GM(ctx, h.id, gmcmd.Command{Verb: "UNDO", Rest: "1 testing"}, GMActor{Name: "cli"}); err != nil {
		t.Fatal(err)
	}
	ms := moves()
	undo := ms[before]
	if undo.Line != "UNDO 1" || undo.Source != "gm" || undo.Position != 0 {
		t.Fatalf("the GM's undo is logged as %+v", undo)
	}
	eng, standing := engine()
	seat := eng.Acting()[0]
	if _, err := h.proc.GM(ctx, h.id, gmcmd.Command{Verb: "MOVE", Rest: "9 PASS"}, GMActor{Name: "cli"}); err == nil {
		t.Error("MOVE for a position the game does not have was taken")
	}
	if _, err := h.proc.GM(ctx, h.id, gmcmd.Command{Verb: "MOVE", Rest: itoa(seat+1) + " PASS"}, GMActor{Name: "cli"}); err != nil {
		t.Fatal(err)
	}
	if _, after := engine(); len(after) <= len(standing) {
		t.Errorf("the GM's MOVE did not stand: %d then %d", len(standing), len(after))
	}
	if !slices.ContainsFunc(moves(), func(m store.Move) bool { return m.Source == "gm" && m.Line == "PASS" }) {
		t.Errorf("the GM's MOVE is not in the log")
	}
	// The digest reader got no per-move mail, and gets a digest a day on.
	for _, m := range mailsTo(y) {
		if strings.Contains(m.Subject, "What happened") {
			t.Fatalf("a digest reader was sent %q", m.Subject)
		}
	}
	h.clock = h.clock.Add(25 * time.Hour)
	h.mustRun()
	if got := last(y); !strings.Contains(got.Subject, "Daily digest") || !strings.Contains(got.Text, "BID 7") {
		t.Fatalf("no digest: %s\n%s", got.Subject, got.Text)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
