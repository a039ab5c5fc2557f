package processor

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// moveHarness is a game played by mail through the real pipe: two players,
// whom the game master seats, and the computer.
type moveHarness struct {
	*harness
	id        string
	sentMails int
	seats     []moveSeat // the people, by seat; the rest are the computer's
	passwords map[int]string
}

// moveSeat is one person's position and address.
type moveSeat struct {
	number  int
	address string
}

// moveAddresses are the people's addresses, seat by seat.
var moveAddresses = []string{"alice@example.org", "bob@example.org", "dora@example.org", "eddie@example.org"}

func newNim(t *testing.T) *moveHarness { return newMoveHarness(t, nim{}, "n1", 2, 3) }

// newMoveHarness creates a game of positions seats, the first humans of
// them seated by the game master, the rest the computer's.
func newMoveHarness(t *testing.T, mt title.MoveTitle, id string, humans, positions int) *moveHarness {
	t.Helper()
	h := newLoopback(t, mt)
	hash, err := HashPassword(gmPassword)
	if err != nil {
		t.Fatal(err)
	}
	var pos []store.Position
	for n := 1; n <= positions; n++ {
		pos = append(pos, store.Position{Number: n, Name: fmt.Sprintf("P%d", n)})
	}
	g := store.Game{ID: id, Title: mt.Name(), Name: "Test " + mt.Name(), Seed: 7, TimeZone: "UTC", Remind: 24 * time.Hour, MoveTimeout: 48 * time.Hour,
		TimeoutPolicy: "pass", GMAddress: "gm-person@example.org", GMPasswordHash: hash}
	if err := CreateGame(context.Background(), h.st, mt, g, pos, h.clock); err != nil {
		t.Fatal(err)
	}
	n := &moveHarness{harness: h, id: id, passwords: map[int]string{}}
	for i := range humans {
		n.seats = append(n.seats, moveSeat{number: i + 1, address: moveAddresses[i]})
	}
	// The clock moves on a second each time the processor reads it, as a
	// real one would within a pass.
	h.proc.Now = func() time.Time { h.clock = h.clock.Add(time.Second); return h.clock }
	// The game master seats the players as a GM would; each is mailed a
	// password.
	for _, p := range n.seats {
		c, err := gmcmd.Parse(fmt.Sprintf("HAND %d %s", p.number, p.address))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.proc.GM(context.Background(), id, c, GMActor{Name: "cli"}); err != nil {
			t.Fatal(err)
		}
	}
	h.mustRun()
	for _, p := range n.seats {
		welcome := n.lastTo(p.address, "")
		for _, m := range h.sent() {
			if slices.Contains(m.To, p.address) && strings.Contains(m.Text, "Your password is") {
				welcome = m
			}
		}
		m := regexp.MustCompile(`Your password is (\S+)\.`).FindStringSubmatch(welcome.Text)
		if m == nil {
			t.Fatalf("no password in the welcome:\n%s", welcome.Text)
		}
		n.passwords[p.number] = m[1]
	}
	return n
}

// load is the game as the pass would see it.
func (h *moveHarness) load() *gamelog.Moves {
	h.t.Helper()
	g, err := h.st.Game(context.Background(), h.id)
	if err != nil {
		h.t.Fatal(err)
	}
	r, err := gamelog.Load(context.Background(), h.st, h.proc.Titles, g)
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

// play mails the move of whichever person is to move, and runs a pass.
func (h *moveHarness) play(move string) {
	h.t.Helper()
	r := h.load()
	seat := r.Eng.Acting()[0]
	if seat >= len(h.seats) || !r.Position(seat).Human {
		h.t.Fatalf("seat %d is the computer's", seat)
	}
	p := h.seats[seat]
	h.sentMails++
	h.deliver(moveMail(h.id, p.address, h.passwords[p.number], fmt.Sprintf("move%d@example.org", h.sentMails), p.number, r.Next(), move))
	h.clock = h.clock.Add(time.Minute)
	h.mustRun()
}

func (h *moveHarness) gmMail(lines ...string) {
	h.t.Helper()
	h.sentMails++
	h.deliver(fmt.Sprintf("From: gm-person@example.org\nTo: gm@railpost.test\nSubject: commands\nMessage-ID: <gm%d@example.org>\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\nGAME: %s\nGM: %s\n\n%s\n",
		h.sentMails, h.id, gmPassword, strings.Join(lines, "\n")))
	h.clock = h.clock.Add(time.Minute)
	h.mustRun()
}

// lastTo is the newest mail to an address whose subject holds want.
func (h *moveHarness) lastTo(addr, want string) sentMail {
	h.t.Helper()
	all := h.sent()
	for i := len(all) - 1; i >= 0; i-- {
		if slices.Contains(all[i].To, addr) && strings.Contains(all[i].Subject, want) {
			return all[i]
		}
	}
	h.t.Fatalf("no mail to %s about %q", addr, want)
	return sentMail{}
}

// TestTitleOfItsOwn plays a title that exists only in this test by mail
// through the pipe, with the game master's commands by mail and by the
// command line, then replays, exports, imports and reports it: the one
// lifecycle, for a title the processor knows only as a value.
func TestTitleOfItsOwn(t *testing.T) {
	ctx := context.Background()
	h := newNim(t)
	if r := h.load(); r.Next() != 1 || r.Eng.Acting()[0] != 0 {
		t.Fatalf("the game should wait for P1's first move, not action %d of seat %v", r.Next(), r.Eng.Acting())
	}
	if m := h.lastTo(moveAddresses[0], "Your move (action 1)"); !strings.Contains(m.Text, "TAKE <1 to 3>") {
		t.Fatalf("your-move mail:\n%s", m.Text)
	}
	h.play("TAKE 2") // P1: 19; P2 to move
	h.play("TAKE 1") // P2: 18; the computer takes 2: 16
	if r := h.load(); r.Eng.(*nimGame).Pile != 16 || r.Next() != 4 {
		t.Fatalf("after three moves: pile %d, action %d", r.Eng.(*nimGame).Pile, r.Next())
	}

	// PAUSE by mail: a move is refused and changes nothing.
	h.gmMail("PAUSE a holiday")
	h.play("TAKE 1")
	if m := h.lastTo(moveAddresses[0], "Move not accepted"); !strings.Contains(m.Text, "paused") {
		t.Errorf("a move while paused:\n%s", m.Text)
	}
	if r := h.load(); r.Next() != 4 {
		t.Fatalf("a paused game moved to action %d", r.Next())
	}
	// A pause stops the clock: three days pass and nothing times out.
	h.clock = h.clock.Add(72 * time.Hour)
	h.mustRun()
	if r := h.load(); r.Next() != 4 {
		t.Fatalf("the timeout acted on a paused game: action %d", r.Next())
	}
	h.gmMail("RESUME")
	h.mustRun()
	if r := h.load(); r.Next() != 4 {
		t.Fatalf("the timeout counted the pause: action %d", r.Next())
	}
	h.play("TAKE 1") // P1: 15
	h.play("TAKE 3") // P2: 12; the computer takes 4? no: 12%4=0, so 1: 11

	// PREVIEW by the command line shows whom the game waits for.
	said, err := h.proc.GM(ctx, "n1", gmcmd.Command{Verb: "PREVIEW"}, GMActor{Name: "cli"})
	if err != nil || !strings.Contains(said, "waits for P1 (position 1) to make action 7") {
		t.Fatalf("preview: %v\n%s", err, said)
	}
	// ROLLBACK by the command line to action 5: P2's TAKE 3 and the
	// computer's move are undone, as one logged entry.
	before := h.load()
	said, err = h.proc.GM(ctx, "n1", gmcmd.Command{Verb: "ROLLBACK", Args: []string{"5", "misclick"}, Rest: "5 misclick"}, GMActor{Name: "cli"})
	if err != nil {
		t.Fatal(err)
	}
	h.mustRun() // the pass sends what the command queued
	after := h.load()
	if after.Eng.(*nimGame).Pile != 15 || after.Next() != before.Next()+1 || after.Log[len(after.Log)-1].Line != "UNDO 4" {
		t.Fatalf("after ROLLBACK 5 (%s): pile %d, action %d, last entry %q", said, after.Eng.(*nimGame).Pile, after.Next(), after.Log[len(after.Log)-1].Line)
	}
	if m := h.lastTo(moveAddresses[1], "Your move"); !strings.Contains(m.Text, "undoes 2 move(s)") {
		t.Errorf("P2 is not told of the rollback:\n%s", m.Text)
	}
	// RESEND and ANNOUNCE by mail.
	h.gmMail("RESEND 2", "ANNOUNCE Play on: the game is back.")
	if m := h.lastTo(moveAddresses[1], "Your move"); !strings.Contains(m.Text, "game master asked for this to be sent to you again") {
		t.Errorf("RESEND 2:\n%s", m.Text)
	}
	if m := h.lastTo(moveAddresses[0], "Play on"); !strings.Contains(m.Text, "the game is back") {
		t.Errorf("ANNOUNCE:\n%s", m.Text)
	}
	// ADJUST is refused: a game by mail is its moves.
	if _, err := h.proc.GM(ctx, "n1", gmcmd.Command{Verb: "ADJUST", Args: []string{"1", "cash", "+5", "x"}, Rest: "1 cash +5 x"}, GMActor{Name: "cli"}); err == nil || !strings.Contains(err.Error(), "cannot be adjusted") {
		t.Errorf("ADJUST on a game by mail: %v", err)
	}
	// HAND by mail: P2's seat goes to the computer, which plays it at once.
	h.gmMail("HAND 2 COMPUTER")
	if r := h.load(); r.Position(1).Human || r.Eng.Acting()[0] != 0 {
		t.Fatalf("after HAND 2 COMPUTER: human %v, acting %v", r.Position(1).Human, r.Eng.Acting())
	}
	for !h.load().Eng.Over() {
		h.play("TAKE 1")
	}
	if m := h.lastTo(moveAddresses[0], "Game over"); !strings.Contains(m.Text, "wins") {
		t.Errorf("the last mail:\n%s", m.Text)
	}

	// Replay is clean, and finds a stored snapshot that was tampered with.
	res, err := archive.Replay(ctx, h.st, h.proc.Titles, "n1")
	if err != nil || len(res.Mismatches) != 0 || res.Unit != "action" || res.Steps != len(h.load().Log) || res.Unchecked != 0 {
		t.Fatalf("replay: %+v %v", res, err)
	}
	db, err := sql.Open("sqlite", h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `UPDATE snapshots SET state = '{}' WHERE game_id = 'n1' AND turn = 5`); err != nil {
		t.Fatal(err)
	}
	if res, err := archive.Replay(ctx, h.st, h.proc.Titles, "n1"); err != nil || !slices.Equal(res.Mismatches, []int{5}) {
		t.Fatalf("replay of a tampered game: %+v %v", res, err)
	}
	if _, err := db.ExecContext(ctx, `UPDATE events SET text = text || ' (changed)' WHERE game_id = 'n1' AND turn = 1 AND kind = 'move'`); err != nil {
		t.Fatal(err)
	}
	if res, err := archive.Replay(ctx, h.st, h.proc.Titles, "n1"); err != nil || !slices.Equal(res.Mismatches, []int{1, 5}) {
		t.Fatalf("replay of a game whose told lines were changed: %+v %v", res, err)
	}
}

// TestMoveReportsAreTheMailedFiles checks that the archive renders every
// PDF report the players were mailed byte for byte, at the action it was
// mailed after, and that export, import and replay round-trip.
func TestMoveReportsAreTheMailedFiles(t *testing.T) {
	ctx := context.Background()
	h := newNim(t)
	for !h.load().Eng.Over() {
		h.play("TAKE 1")
	}
	dir := filepath.Join(t.TempDir(), "export")
	left, err := archive.Export(ctx, h.st, h.proc.Titles, "n1", dir, archive.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Fit to publish: no password hash, no turnsheet token anywhere.
	if left.Hashes != 3 || left.Tokens == 0 {
		t.Errorf("the publishable export left out %+v; want 3 hashes (two players and the GM) and the tokens", left)
	}
	token := regexp.MustCompile(`TOKEN: [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}`)
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".pdf") {
			return err
		}
		b, _ := os.ReadFile(path)
		if token.Match(b) {
			t.Errorf("%s keeps a turnsheet token", path)
		}
		if strings.HasSuffix(path, ".eml") {
			mm, err := orders.ReadMail(b, orders.Identity{}, orders.DefaultLimits)
			atts, _ := mail.ReadAttachments(b)
			text := ""
			for _, a := range atts {
				text += string(a.Data)
			}
			if err != nil || token.MatchString(mm.Text+text) {
				t.Errorf("%s keeps a token in its text (%v)", path, err)
			}
		}
		return nil
	})
	var dump store.Archive
	if b, err := os.ReadFile(filepath.Join(dir, "archive.json")); err != nil || json.Unmarshal(b, &dump) != nil {
		t.Fatal("archive.json does not read")
	}
	for _, rec := range append(dump.Tables["positions"], dump.Tables["games"]...) {
		for _, col := range []string{"password_hash", "gm_password_hash"} {
			if c, ok := rec[col]; ok && len(c.Blob) > 0 {
				t.Errorf("archive.json keeps a %s", col)
			}
		}
	}
	mailed := 0
	for _, m := range h.sent() {
		atts, err := mail.ReadAttachments(m.Raw)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range atts {
			if a.ContentType != "application/pdf" || !strings.HasPrefix(a.Name, "n1-action") {
				continue
			}
			mailed++
			var action, position int
			if _, err := fmt.Sscanf(a.Name, "n1-action%d-position%d.pdf", &action, &position); err != nil {
				t.Fatal(err)
			}
			exported, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("actions/%04d/report-position%d.pdf", action, position)))
			if err != nil || !bytes.Equal(exported, a.Data) {
				t.Errorf("%s: the archive's copy differs from the one mailed (%v)", a.Name, err)
			}
			again, err := archive.Report(ctx, h.st, h.proc.Titles, "n1", action, position)
			if err != nil || !bytes.Equal(again, a.Data) {
				t.Errorf("%s: railpost report renders another file (%v)", a.Name, err)
			}
		}
	}
	if mailed < 4 { // two milestones and the end, to two players
		t.Fatalf("%d PDF reports mailed", mailed)
	}
	for _, f := range []string{"index.html", "archive.json", "record.txt", "actions/0000/state.json", "actions/0001/events.txt", "mail/in/000001.eml"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the export lacks %s", f)
		}
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !strings.Contains(string(index), "P1: TAKE 1") || !strings.Contains(string(index), "ended after action") {
		t.Errorf("index:\n%s", index)
	}
	importAndReplay(t, dir, title.Set{"nim": nim{}}, "n1")
	if _, err := archive.Report(ctx, h.st, h.proc.Titles, "n1", 999, 1); err == nil {
		t.Error("a report of an action never made")
	}
}
