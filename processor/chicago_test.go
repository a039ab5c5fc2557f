package processor

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/processor/title"
	cetitle "github.com/railpost/railpost/titles/chicagoexpress"
)

// importAndReplay imports an exported game into a fresh database and
// replays it there, which must be clean; it returns that database.
func importAndReplay(t *testing.T, dir string, ts title.Set, id string) store.Store {
	t.Helper()
	ctx := context.Background()
	other, err := backend.Open(ctx, filepath.Join(t.TempDir(), "other.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	if _, err := archive.Import(ctx, other, dir, false); err != nil {
		t.Fatal(err)
	}
	if res, err := archive.Replay(ctx, other, ts, id); err != nil || len(res.Mismatches) != 0 || res.Steps == 0 {
		t.Fatalf("replay of the imported game: %+v %v", res, err)
	}
	return other
}

// playOwn has whoever is to move play the computer's choice, by mail, for
// up to n actions or the end.
func (h *moveHarness) playOwn(n int) {
	h.t.Helper()
	for i := 0; i < n; i++ {
		r := h.load()
		if r.Eng.Over() {
			return
		}
		seat := r.Eng.Acting()[0]
		h.play(r.Eng.Computer(seat, title.Rand(99, r.Next())).String())
	}
}

// gmCLI gives a command as `railpost gm` does, then runs a pass to send
// what it queued.
func (h *moveHarness) gmCLI(line string) string {
	h.t.Helper()
	c, err := gmcmd.Parse(line)
	if err != nil {
		h.t.Fatal(err)
	}
	said, err := h.proc.GM(context.Background(), h.id, c, GMActor{Name: "cli"})
	if err != nil {
		h.t.Fatalf("%s: %v", line, err)
	}
	h.mustRun()
	return said
}

// TestChicagoExpressLifecycle plays Chicago Express by mail with the game
// master's PAUSE, RESUME, ROLLBACK and HAND by mail and by the command
// line, to the end; then replays it, exports it, imports it elsewhere,
// replays it there, and renders a report as of one action in both.
func TestChicagoExpressLifecycle(t *testing.T) {
	ctx := context.Background()
	h := newMoveHarness(t, cetitle.Title{}, "ce1", 2, 3)
	h.playOwn(12)
	for _, by := range []string{"mail", "cli"} {
		do := func(line string) {
			if by == "mail" {
				h.gmMail(line)
			} else {
				h.gmCLI(line)
			}
		}
		do("PAUSE lunch")
		if g, _ := h.st.Game(ctx, h.id); g.Status != "paused" {
			t.Fatalf("PAUSE by %s: %s", by, g.Status)
		}
		at := h.load().Next()
		if r := h.load(); r.Position(r.Eng.Acting()[0]).Human {
			h.play("PASS")
			if h.load().Next() != at {
				t.Fatalf("a move was made in a game paused by %s", by)
			}
		}
		do("RESUME")
		h.playOwn(4)
		r := h.load()
		target := r.Next() - 3
		standing, err := r.StandingBefore(target)
		if err != nil {
			t.Fatal(err)
		}
		do("ROLLBACK " + strconv.Itoa(target) + " rethink")
		r = h.load()
		if last := r.Log[len(r.Log)-1]; last.Line != "UNDO "+strconv.Itoa(standing) || last.Source != "gm" {
			t.Fatalf("ROLLBACK by %s logged %+v, want UNDO %d", by, last, standing)
		}
	}
	h.gmMail("HAND 2 COMPUTER")
	if h.load().Position(1).Human {
		t.Fatal("HAND 2 COMPUTER by mail left the seat to a person")
	}
	said := h.gmCLI("HAND 2 carol@example.org Carol")
	if !strings.Contains(said, "handed to carol@example.org") || !h.load().Position(1).Human {
		t.Fatalf("HAND by the command line: %s", said)
	}
	if m := h.lastTo("carol@example.org", ""); !strings.Contains(m.Text, "Your password is") {
		t.Errorf("Carol's welcome:\n%s", m.Text)
	}
	// Carol's seat plays on as the computer would have; the game master
	// hands it back to the computer to finish.
	h.gmCLI("HAND 2 COMPUTER")
	h.playOwn(1000)
	if g, _ := h.st.Game(ctx, h.id); g.Status != "ended" {
		t.Fatalf("the game did not end: %s at action %d", g.Status, g.Turn)
	}

	res, err := archive.Replay(ctx, h.st, h.proc.Titles, h.id)
	if err != nil || len(res.Mismatches) != 0 || res.Unchecked != 0 || res.Steps != len(h.load().Log) {
		t.Fatalf("replay: %+v %v", res, err)
	}
	dir := filepath.Join(t.TempDir(), "export")
	if _, err := archive.Export(ctx, h.st, h.proc.Titles, h.id, dir, archive.Options{Secrets: true}); err != nil {
		t.Fatal(err)
	}
	other := importAndReplay(t, dir, h.proc.Titles, h.id)
	here, err := archive.Report(ctx, h.st, h.proc.Titles, h.id, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	there, err := archive.Report(ctx, other, h.proc.Titles, h.id, 10, 1)
	if err != nil || !bytes.Equal(here, there) {
		t.Fatalf("the report as of action 10 differs after import (%v)", err)
	}
	if text := pdfText(t, here); !strings.Contains(text, "Chicago Express") {
		t.Errorf("the report as of action 10 does not read as one:\n%.300s", text)
	}
}

// TestABareReplyIsMatchedByItsThread: a player who answers a "your move"
// mail with the move alone, no header block and no quote, as phone
// clients do, is matched to the game, the seat and the action by the
// thread, and authenticated by the token the mail's Message-ID carries.
// A forged thread is not matched, and an old one is stale.
func TestABareReplyIsMatchedByItsThread(t *testing.T) {
	h := newMoveHarness(t, cetitle.Title{}, "ce1", 2, 3)
	bare := func(p moveSeat, inReplyTo, move string) sentMail {
		t.Helper()
		h.sentMails++
		h.deliver(fmt.Sprintf("From: %s\nTo: gm@railpost.test\nSubject: Re: your move\nMessage-ID: <bare%d@example.org>\nIn-Reply-To: %s\nReferences: %s\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\n%s\n",
			p.address, h.sentMails, inReplyTo, inReplyTo, move))
		h.clock = h.clock.Add(time.Minute)
		h.mustRun()
		return h.lastTo(p.address, "ccepted")
	}
	r := h.load()
	seat := r.Eng.Acting()[0]
	p := h.seats[seat]
	asked := h.lastTo(p.address, fmt.Sprintf("Your move (action %d)", r.Next()))
	move := r.Eng.Computer(seat, title.Rand(1, r.Next())).String()
	got := bare(p, asked.MessageID, move)
	if !strings.Contains(got.Subject, "Accepted") || h.load().Next() == r.Next() {
		t.Fatalf("a bare reply to %s: %s\n%s", asked.MessageID, got.Subject, got.Text)
	}
	// The same thread again: that action is played, so the move is stale.
	if got := bare(p, asked.MessageID, move); !strings.Contains(got.Text, "already been played") {
		t.Errorf("a bare reply to an old action: %s", got.Text)
	}
	// A thread whose token is forged matches nothing.
	forged := threadID.ReplaceAllString(asked.MessageID, ".a1-aaaaaaaaaaaa@")
	before := h.load().Next()
	h.sentMails++
	h.deliver(fmt.Sprintf("From: %s\nTo: gm@railpost.test\nSubject: Re: your move\nMessage-ID: <forged@example.org>\nIn-Reply-To: %s\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\nPASS\n", p.address, forged))
	h.mustRun()
	if h.load().Next() != before {
		t.Error("a forged thread moved the game")
	}
	if got := h.lastTo(p.address, "not accepted"); !strings.Contains(got.Text, "your move") || strings.Contains(got.Text, "turnsheet") {
		t.Errorf("the refusal of an unmatched bare reply is not worded for a game played by mail:\n%s", got.Text)
	}
}

// TestSeatsTakeTheirPlayersNames: a game by mail created with unnamed
// seats takes the names its players are seated under, in every mail and
// event, while it has not begun; a player seated later plays under the
// seat's name, since every position is rebuilt from the setup.
func TestSeatsTakeTheirPlayersNames(t *testing.T) {
	ctx := context.Background()
	h := newLoopback(t, cetitle.Title{})
	g := store.Game{ID: "ce9", Title: cetitle.Name, Name: "Names", Seed: 3, TimeZone: "UTC", TimeoutPolicy: "pass"}
	if err := CreateGame(ctx, h.st, cetitle.Title{}, g, []store.Position{{Number: 1}, {Number: 2}, {Number: 3}}, h.clock); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"HAND 1 ann@example.org Ann Archer", "HAND 2 bob@example.org Bob"} {
		c, _ := gmcmd.Parse(line)
		if _, err := h.proc.GM(ctx, "ce9", c, GMActor{Name: "cli"}); err != nil {
			t.Fatal(err)
		}
	}
	h.mustRun()
	// A first move is made; then the third player is seated.
	r, err := gamelog.Load(ctx, h.st, h.proc.Titles, mustGame(t, h, "ce9"))
	if err != nil {
		t.Fatal(err)
	}
	seat := r.Eng.Acting()[0]
	move, _ := gmcmd.Parse(fmt.Sprintf("MOVE %d %s", seat+1, r.Eng.Computer(seat, title.Rand(1, 1))))
	if _, err := h.proc.GM(ctx, "ce9", move, GMActor{Name: "cli"}); err != nil {
		t.Fatal(err)
	}
	c, _ := gmcmd.Parse("HAND 3 cyd@example.org Cyd")
	if _, err := h.proc.GM(ctx, "ce9", c, GMActor{Name: "cli"}); err != nil {
		t.Fatal(err)
	}
	if r, err = gamelog.Load(ctx, h.st, h.proc.Titles, mustGame(t, h, "ce9")); err != nil {
		t.Fatal(err)
	}
	if got := r.Setup.Players; got[0] != "Ann Archer" || got[1] != "Bob" || got[2] != "Player 3" {
		t.Errorf("seat names %q; want the first two players' names, and the third seat's own once the game had begun", got)
	}
	var welcomed bool
	for _, m := range h.sent() {
		if slices.Contains(m.To, "ann@example.org") && strings.Contains(m.Text, "Ann Archer") {
			welcomed = true
		}
	}
	if !welcomed {
		t.Error("Ann's mail does not call her by her name")
	}
	if res, err := archive.Replay(ctx, h.st, h.proc.Titles, "ce9"); err != nil || len(res.Mismatches) > 0 {
		t.Errorf("replay after naming the seats: %+v %v", res, err)
	}
}

func mustGame(t *testing.T, h *harness, id string) store.Game {
	t.Helper()
	g, err := h.st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
