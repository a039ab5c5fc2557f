package processor

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	cetitle "github.com/railpost/railpost/titles/chicagoexpress"
)

// replyBare is a reply with nothing but text, threaded under inReplyTo, as
// a phone client sends it.
func (h *moveHarness) replyBare(from, inReplyTo, text string) {
	h.t.Helper()
	h.sentMails++
	h.deliver(fmt.Sprintf("From: %s\nTo: gm@railpost.test\nSubject: Re: your move\nMessage-ID: <scope%d@example.org>\nIn-Reply-To: %s\nReferences: %s\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\n%s\n",
		from, h.sentMails, inReplyTo, inReplyTo, text))
	h.clock = h.clock.Add(time.Minute)
	h.mustRun()
}

// TestBareReplyFromAnotherAddress: a stranger holding a "your move" mail
// (a forward, a published archive) answers it with the move alone. The
// move is refused and the game does not move; the stranger is told to add
// the password, and the seat's registered address is told who wrote. The
// same reply from the registered address is the seat's move.
func TestBareReplyFromAnotherAddress(t *testing.T) {
	h := newMoveHarness(t, cetitle.Title{}, "ce1", 2, 3)
	r := h.load()
	seat := r.Eng.Acting()[0]
	p := h.seats[seat]
	asked := h.lastTo(p.address, fmt.Sprintf("Your move (action %d)", r.Next()))
	move := r.Eng.Computer(seat, title.Rand(1, r.Next())).String()

	h.replyBare("mallory@example.net", asked.MessageID, move)
	if h.load().Next() != r.Next() {
		t.Fatal("a stranger's bare reply moved the game")
	}
	refusal := h.lastTo("mallory@example.net", "not accepted")
	if !strings.Contains(refusal.Text, "PASSWORD: <your password>") || strings.Contains(refusal.Text, p.address) {
		t.Errorf("the stranger's refusal does not say to add the password, or names the seat's address:\n%s", refusal.Text)
	}
	told := h.lastTo(p.address, "came from another address")
	if !strings.Contains(told.Text, "mallory@example.net") || !strings.Contains(told.Text, "nothing in the game changed") {
		t.Errorf("the seat's player is not told who wrote:\n%s", told.Text)
	}
	for _, m := range h.sent() {
		if m.To[0] == "mallory@example.net" && strings.Contains(m.Text, "TOKEN:") {
			t.Errorf("the stranger was sent a token:\n%s", m.Text)
		}
	}

	h.replyBare(p.address, asked.MessageID, move)
	if h.load().Next() == r.Next() {
		t.Fatalf("the seat's own bare reply was not taken:\n%s", h.lastTo(p.address, "ccepted").Text)
	}
}

// TestTokenSignsOnlyMoves: the token of a move mail, in the thread or on
// its TOKEN line, signs the move of its action and nothing else. AWAY,
// DIGEST and AUTOPASS signed by it alone are refused whole, nothing set
// and the game unmoved; with the password above them they are taken. A
// token beside an ACTION line for a later action does not move there.
func TestTokenSignsOnlyMoves(t *testing.T) {
	ctx := context.Background()
	h := newMoveHarness(t, cetitle.Title{}, "ce1", 2, 3)
	r := h.load()
	seat := r.Eng.Acting()[0]
	p, other := h.seats[seat], h.seats[1-seat]
	asked := h.lastTo(p.address, fmt.Sprintf("Your move (action %d)", r.Next()))
	for _, line := range []string{"AWAY 2026-11-28 2027-11-28", "DIGEST ON", "AUTOPASS AUCTIONS"} {
		h.replyBare(p.address, asked.MessageID, line)
		refusal := h.lastTo(p.address, "not accepted")
		if !strings.Contains(refusal.Text, "only your password may do") {
			t.Errorf("%s signed by the thread: %s\n%s", line, refusal.Subject, refusal.Text)
		}
		prefs, err := h.st.Prefs(ctx, h.id, p.number)
		if err != nil {
			t.Fatal(err)
		}
		if prefs != (store.SeatPrefs{}) || h.load().Next() != r.Next() {
			t.Fatalf("%s signed by a token changed the seat: %+v, game at action %d", line, prefs, h.load().Next())
		}
	}
	// The TOKEN line of the other seat's mail, with an ACTION line for a
	// later action: it signs nothing but its own action's move.
	waits := h.lastTo(other.address, "")
	tok := ""
	for _, l := range strings.Split(waits.Text, "\n") {
		if strings.HasPrefix(l, "TOKEN: ") {
			tok = strings.TrimPrefix(l, "TOKEN: ")
		}
	}
	if tok == "" {
		t.Fatalf("no TOKEN line in the mail to the waiting seat:\n%s", waits.Text)
	}
	h.sentMails++
	h.deliver(fmt.Sprintf("From: %s\nTo: gm@railpost.test\nSubject: settings\nMessage-ID: <tok%d@example.org>\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\nGAME: %s\nPOSITION: %d\nTOKEN: %s\n\nAWAY 2026-11-28 2027-11-28\n",
		other.address, h.sentMails, h.id, other.number, tok))
	h.mustRun()
	if prefs, _ := h.st.Prefs(ctx, h.id, other.number); prefs != (store.SeatPrefs{}) {
		t.Errorf("AWAY on a TOKEN line set %+v", prefs)
	}
	// The thread's token of action N beside an ACTION line for a later
	// action at which the seat moves again: the move is N's, so stale.
	first := r.Next()
	h.play(r.Eng.Computer(seat, title.Rand(1, first)).String())
	for i := 0; i < 20 && h.load().Eng.Acting()[0] != seat; i++ {
		n := h.load()
		h.play(n.Eng.Computer(n.Eng.Acting()[0], title.Rand(1, n.Next())).String())
	}
	later := h.load()
	if later.Eng.Acting()[0] != seat {
		t.Fatal("the seat did not come to move again")
	}
	h.sentMails++
	h.deliver(fmt.Sprintf("From: %s\nTo: gm@railpost.test\nSubject: move\nMessage-ID: <tok%d@example.org>\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\nGAME: %s\nPOSITION: %d\nACTION: %d\nTOKEN: %s\n\n%s\n",
		p.address, h.sentMails, h.id, p.number, later.Next(), moveToken(t, h, p.number, first),
		later.Eng.Computer(seat, title.Rand(1, later.Next())).String()))
	h.mustRun()
	if h.load().Next() != later.Next() {
		t.Error("the token of an earlier action moved at a later one")
	}
	if got := h.lastTo(p.address, "not accepted"); !strings.Contains(got.Text, "already been played") {
		t.Errorf("the old token's move was not called stale:\n%s", got.Text)
	}
	// With the password, the setting is the player's.
	h.replyBare(p.address, asked.MessageID, "PASSWORD: "+h.passwords[p.number]+"\nDIGEST ON")
	if prefs, _ := h.st.Prefs(ctx, h.id, p.number); !prefs.Digest {
		t.Errorf("DIGEST ON with the password was not set:\n%s", h.lastTo(p.address, "ccepted").Text)
	}
}

// moveToken is the token of a seat's move mail for an action.
func moveToken(t *testing.T, h *moveHarness, position, action int) string {
	t.Helper()
	secret, err := h.st.Secret(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return TurnsheetToken(secret, h.id, position, action)
}
