package processor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	crtitle "github.com/railpost/railpost/titles/contrails"

	cr "github.com/railpost/railpost/games/contrails"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/mail/loopback"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
)

// gmGame is a Continental Rails game seated the way a GM seats one: all
// fifteen positions start with the computer, then players are handed
// theirs.
type gmGame struct {
	*harness
	title     *crtitle.ContinentalRails
	id        string
	passwords map[int]string
	msgs      int
}

const gmPassword = "gm-secret-pass"

func newGMGame(t *testing.T) *gmGame {
	t.Helper()
	title, err := crtitle.New()
	if err != nil {
		t.Fatal(err)
	}
	h := newLoopback(t, title)
	hash, err := HashPassword(gmPassword)
	if err != nil {
		t.Fatal(err)
	}
	var seats []store.Position
	_, most := title.Seats()
	for n := 1; n <= most; n++ {
		seats = append(seats, store.Position{Number: n})
	}
	g := store.Game{ID: "life", Title: title.Name(), Name: "Lifecycle", Seed: 99, Early: true, TimeZone: "America/Chicago",
		Schedule: "every Thursday 18:00", Remind: 24 * time.Hour, GMAddress: "gm-person@example.org", GMPasswordHash: hash}
	sc, _ := ParseSchedule(g.Schedule)
	g.Deadline = sc.Next(h.clock, Zone(g))
	if err := CreateGame(context.Background(), h.st, title, g, seats, h.clock); err != nil {
		t.Fatal(err)
	}
	return &gmGame{harness: h, title: title, id: g.ID, passwords: map[int]string{}}
}

func (h *gmGame) game() store.Game {
	h.t.Helper()
	g, err := h.st.Game(context.Background(), h.id)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// gm runs a command from the GM's command line.
func (h *gmGame) gm(line string) (string, error) {
	h.t.Helper()
	c, err := gmcmd.Parse(line)
	if err != nil {
		return "", err
	}
	return h.proc.GM(context.Background(), h.id, c, GMActor{Name: "cli"})
}

func (h *gmGame) mustGM(line string) string {
	h.t.Helper()
	said, err := h.gm(line)
	if err != nil {
		h.t.Fatalf("gm %s: %v", line, err)
	}
	return said
}

// gmMail sends commands by mail, signed with the GM password.
func (h *gmGame) gmMail(lines ...string) {
	h.t.Helper()
	h.msgs++
	h.deliver(fmt.Sprintf("From: gm-person@example.org\nTo: gm@railpost.test\nSubject: commands\nMessage-ID: <gm%d@example.org>\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\nGAME: %s\nGM: %s\n\n%s\n",
		h.msgs, h.id, gmPassword, strings.Join(lines, "\n")))
}

// latest is the newest mail to an address whose subject contains want.
func (h *gmGame) latest(addr, want string) (loopback.Received, *orders.Mail) {
	h.t.Helper()
	msgs := h.smtp.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		m, err := orders.ReadMail(msgs[i].Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			h.t.Fatal(err)
		}
		for _, to := range msgs[i].To {
			if to == addr && strings.Contains(m.Subject, want) {
				return msgs[i], m
			}
		}
	}
	h.t.Fatalf("no mail to %s about %q", addr, want)
	return loopback.Received{}, nil
}

var passwordRE = regexp.MustCompile(`Your password is: (\S+)`)

// seat hands a position to a player and reads the password from the
// welcome mail the next pass sends.
func (h *gmGame) seat(n int, addr string) {
	h.t.Helper()
	h.mustGM(fmt.Sprintf("HAND %d %s", n, addr))
	h.mustRun()
	rcv, m := h.latest(addr, "Welcome")
	pw := passwordRE.FindStringSubmatch(m.Text)
	if pw == nil {
		h.t.Fatalf("the welcome to %s has no password:\n%s", addr, m.Text)
	}
	h.passwords[n] = pw[1]
	if !strings.Contains(m.Text, "# CONTINENTAL RAILS II - TURNSHEET") {
		h.t.Fatalf("the welcome to %s has no turnsheet", addr)
	}
	// The players' guide goes with it, rather than a word to ask the GM.
	if !strings.Contains(string(rcv.Raw), "-guide.txt") || !strings.Contains(m.Text, "the one word HELP") {
		h.t.Fatalf("the welcome to %s carries no guide:\n%s", addr, m.Text)
	}
}

// sendOrders replies to the newest turnsheet a player received with the
// computer's choice for the position, or with the given tweak of it.
func (h *gmGame) sendOrders(n int, addr string, tweak func(*cr.Orders)) {
	h.t.Helper()
	got, m := h.latest(addr, "turnsheet for turn")
	s, _ := h.state()
	o := cr.ComputerOrders(h.title.Map(), s, n)
	if tweak != nil {
		tweak(&o)
	}
	filled, err := orders.FillContinentalRails(turnsheetOf(h.t, m.Text), o)
	if err != nil {
		h.t.Fatal(err)
	}
	h.msgs++
	raw := replyRaw(h.t, addr, got, fmt.Sprintf("<o%d@example.org>", h.msgs), filled, nil, h.clock)
	if err := h.imap.DeliverAt("INBOX", raw, h.clock); err != nil {
		h.t.Fatal(err)
	}
}

func (h *gmGame) state() (*cr.State, int) {
	return (&crHarness{harness: h.harness, game: store.Game{ID: h.id}}).state()
}

// TestGameMasterLifecycle drives a whole game from the GM's chair through
// the real pipe: create, seat three players, play turns by mail, miss
// orders, pause and resume, move a deadline, roll a turn back and play it
// again differently, hand a position on, end the game, and replay it.
func TestGameMasterLifecycle(t *testing.T) {
	h := newGMGame(t)
	ctx := context.Background()
	players := map[int]string{1: "ada@example.org", 2: "ben@example.org", 3: "cyd@example.org"}
	for n := 1; n <= 3; n++ {
		h.seat(n, players[n])
	}

	// Turn 1: everyone replies to the welcome's turnsheet; it resolves early.
	for n := 1; n <= 3; n++ {
		h.sendOrders(n, players[n], nil)
	}
	if sum := h.mustRun(); sum.Accepted != 3 || sum.Resolved != 1 {
		t.Fatalf("turn 1: %s", sum)
	}

	// Turn 2: Cyd is silent. A day before the deadline she is reminded,
	// once; at the deadline the computer plays her and she is told.
	for n := 1; n <= 2; n++ {
		h.sendOrders(n, players[n], nil)
	}
	h.mustRun()
	g := h.game()
	h.clock = g.Deadline.Add(-20 * time.Hour)
	if sum := h.mustRun(); sum.Reminded != 1 {
		t.Fatalf("reminders: %s", sum)
	}
	if sum := h.mustRun(); sum.Reminded != 0 {
		t.Fatalf("a second reminder went out: %s", sum)
	}
	if _, m := h.latest(players[3], "Reminder"); !strings.Contains(m.Text, "no orders from position 3") {
		t.Errorf("reminder: %s", m.Text)
	}
	h.clock = g.Deadline.Add(time.Minute)
	if sum := h.mustRun(); sum.Resolved != 1 {
		t.Fatalf("turn 2 at its deadline: %s", sum)
	}
	if _, m := h.latest(players[3], "Turn 2 results"); !strings.Contains(m.Text, "We had no orders from you for turn 2") {
		t.Errorf("Cyd was not told she missed turn 2:\n%s", m.Text)
	}

	// Pause by mail: the deadline passes and nothing resolves.
	h.gmMail("PAUSE a player is in hospital")
	h.mustRun()
	if g = h.game(); g.Status != "paused" {
		t.Fatalf("status %s after PAUSE", g.Status)
	}
	if _, m := h.latest(players[1], "paused"); !strings.Contains(m.Text, "a player is in hospital") {
		t.Errorf("pause notice: %s", m.Text)
	}
	h.clock = g.Deadline.Add(time.Hour)
	if sum := h.mustRun(); sum.Resolved != 0 {
		t.Fatalf("a paused game resolved: %s", sum)
	}
	// Resume from the command line: the turn gets at least a day.
	h.mustGM("RESUME")
	if g = h.game(); g.Status != "active" || g.Deadline.Sub(h.clock) < 24*time.Hour {
		t.Fatalf("after RESUME: %s, deadline %s (now %s)", g.Status, g.Deadline, h.clock)
	}
	// Move the deadline by mail, in the game's zone.
	h.gmMail("DEADLINE 2026-04-30 18:00", "NONSENSE 3")
	h.mustRun()
	if g = h.game(); ShowTime(g, g.Deadline) != "Thu 30 Apr 2026 18:00 CDT" {
		t.Fatalf("deadline %s after DEADLINE", ShowTime(g, g.Deadline))
	}
	_, reply := h.latest("gm-person@example.org", "GM commands: 1 done, 1 not done")
	if !strings.Contains(reply.Text, "line 5: NONSENSE 3") || !strings.Contains(reply.Text, "is not a GM command") {
		t.Errorf("GM reply:\n%s", reply.Text)
	}

	// Turn 3 by all three; then the GM rolls it back, and it is played
	// again with Ada bidding differently.
	for n := 1; n <= 3; n++ {
		h.sendOrders(n, players[n], nil)
	}
	h.mustRun()
	first, turn := h.state()
	if turn != 3 {
		t.Fatalf("turn 3 did not resolve: snapshot of turn %d", turn)
	}
	if _, err := h.gm("ROLLBACK 3"); err == nil {
		t.Fatal("ROLLBACK without a reason was taken")
	}
	h.mustGM("ROLLBACK 3 Ada's orders were misread")
	h.mustRun()
	if g = h.game(); g.Turn != 3 {
		t.Fatalf("after ROLLBACK 3 the game is at turn %d", g.Turn)
	}
	if _, m := h.latest(players[2], "Turn 2 results"); !strings.Contains(m.Text, "rolled the game back to turn 3") {
		t.Errorf("rollback notice:\n%.300s", m.Text)
	}
	h.sendOrders(1, players[1], func(o *cr.Orders) {
		o.Borrow, o.Stock, o.Prodigal, o.PCBids, o.Message = 0, nil, 0, nil, "Westward ho"
	})
	h.mustGM("PROCESS 3")
	h.mustRun()
	second, turn := h.state()
	if turn != 3 {
		t.Fatalf("turn 3 was not played again: snapshot of turn %d", turn)
	}
	a, b := mustJSON(t, first), mustJSON(t, second)
	if bytes.Equal(a, b) {
		t.Error("turn 3 played with different orders gave the same state")
	}
	if live, void, err := h.st.CountSnapshots(ctx, h.id, 3); err != nil || live != 1 || void != 1 {
		t.Errorf("turn 3 snapshots: %d followed, %d rolled back (%v); want one of each", live, void, err)
	}

	// Ada's message waits for the GM (10.1G); approved, it is news next turn.
	if _, err := h.gm("APPROVE 2"); err == nil {
		t.Error("a message Ben never sent was approved")
	}
	h.mustGM("APPROVE 1")
	if _, err := h.gm("APPROVE 1"); err == nil {
		t.Error("a message was approved twice")
	}

	// Ben leaves; Dave takes position 2 and plays turn 4 with his password.
	h.seat(2, "dave@example.org")
	if _, m := h.latest(players[2], "handed on"); m == nil {
		t.Error("Ben was not told")
	}
	h.msgs++
	h.deliver(orderMail("dave@example.org", fmt.Sprintf("d%d@example.org", h.msgs), "GAME: life\nPOSITION: 2\nPASSWORD: "+h.passwords[2]+"\nBORROW 0\n"))
	h.deliver(orderMail("ben@example.org", "ben-late@example.org", "GAME: life\nPOSITION: 2\nPASSWORD: alpha\nBORROW 0\n"))
	sum := h.mustRun()
	if sum.Accepted != 1 || sum.Rejected != 1 {
		t.Fatalf("Dave's orders and Ben's after leaving: %s", sum)
	}

	// A correction, with its reason, before turn 4 resolves. One without a
	// reason, of a derived figure, or not signed changes nothing.
	before, _ := h.state()
	for _, bad := range []string{"ADJUST 1 cash +50", "ADJUST 1 baron +5 a fair share", "ADJUST 1 cash fifty a refund", "ADJUST 9 cash -9999999 fine"} {
		if _, err := h.gm(bad); err == nil {
			t.Errorf("%q was carried out", bad)
		}
	}
	if now, _ := h.state(); !bytes.Equal(mustJSON(t, before), mustJSON(t, now)) {
		t.Error("a refused ADJUST changed the state")
	}
	h.gmMail("ADJUST 1 cash +$75 refund of a bid the processor misread")
	h.mustRun()
	if now, _ := h.state(); now.Player(1).Cash != before.Player(1).Cash+75 {
		t.Errorf("Ada's cash after ADJUST +$75: %d, was %d", now.Player(1).Cash, before.Player(1).Cash)
	}
	if _, m := h.latest(players[3], "adjusted"); !strings.Contains(m.Text, "refund of a bid the processor misread") {
		t.Errorf("the players' notice of the adjustment: %s", m.Text)
	}

	// "PROCESS 4" mailed twice, and passes racing: turn 4 resolves once.
	h.gmMail("PROCESS 4")
	h.gmMail("PROCESS 4")
	var wg sync.WaitGroup
	var mu sync.Mutex
	resolved := 0
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := h.proc.Run(ctx)
			if err != nil && !errors.Is(err, ErrBusy) {
				t.Errorf("pass: %v", err)
			}
			mu.Lock()
			resolved += s.Resolved
			mu.Unlock()
		}()
	}
	wg.Wait()
	resolved += h.mustRun().Resolved
	if g = h.game(); g.Turn != 5 || resolved != 1 {
		t.Fatalf("PROCESS 4 twice: game at turn %d, %d resolutions", g.Turn, resolved)
	}
	if _, m := h.latest("gm-person@example.org", "GM commands: 0 done"); !strings.Contains(m.Text, "turn 4 is already set to resolve") {
		t.Errorf("the second PROCESS 4 was not answered as done:\n%s", m.Text)
	}

	// The GM's news reached the players' headlines.
	_, rep := h.latest(players[1], "Turn 4 results")
	for _, want := range []string{"A new player takes over position 2.", "Westward ho", "adjusted Jay Gould (position 1)'s cash by +$75: refund"} {
		if !strings.Contains(rep.Text, want) {
			t.Errorf("turn 4 headlines lack %q:\n%s", want, rep.Text)
		}
	}

	// Cyd hands her position to the computer; she is told, and it is news.
	h.mustGM("HAND 3 COMPUTER")
	h.mustRun()
	if _, m := h.latest(players[3], "handed to the computer"); !strings.Contains(m.Text, "Thank you for playing") {
		t.Errorf("Cyd's notice: %s", m.Text)
	}
	if pos, _ := h.st.Position(ctx, h.id, 3); pos.Human || pos.Address != "" {
		t.Errorf("position 3 after HAND COMPUTER: %+v", pos)
	}

	// End the game, then replay it from the log.
	h.gmMail("END the season is over")
	h.mustRun()
	if g = h.game(); g.Status != "ended" {
		t.Fatalf("status %s after END", g.Status)
	}
	// The last word: the standings, and the records of 11.3 the players set.
	if _, m := h.latest(players[1], "ended the game"); !strings.Contains(m.Text, "Final standings after turn 4") ||
		!strings.Contains(m.Text, "Records across games (11.3)") || !strings.Contains(m.Text, "sets the first Robber Baron record") {
		t.Errorf("the END notice:\n%s", m.Text)
	}
	res, err := archive.Replay(ctx, h.st, h.proc.Titles, h.id)
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps != 4 || res.Adjustments != 1 || len(res.Mismatches) != 0 {
		t.Fatalf("replay: %+v", res)
	}

	// Export the archive, import it into another database, replay it there.
	dir := filepath.Join(t.TempDir(), "export")
	if _, err := archive.Export(ctx, h.st, h.proc.Titles, h.id, dir, archive.Options{Secrets: true}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "archive.json", "record.txt", "turns/000/state.json", "turns/004/state.json",
		"turns/004/events.txt", "turns/004/orders-position2.json", "turns/004/report-position2.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the export lacks %s", f)
		}
	}
	if rep := pdfFileText(t, filepath.Join(dir, "turns/004/report-position1.pdf")); !strings.Contains(rep, "turn 4 report for") {
		t.Errorf("the exported report of turn 4 does not read as one:\n%.200s", rep)
	}
	mails, _ := filepath.Glob(filepath.Join(dir, "mail/*/*.eml"))
	if len(mails) < 30 {
		t.Errorf("the export holds %d mails", len(mails))
	}
	record, _ := os.ReadFile(filepath.Join(dir, "record.txt"))
	if !strings.Contains(string(record), "ended after turn 4") || !strings.Contains(string(record), "Net worth") {
		t.Errorf("game record:\n%s", record)
	}
	other, err := backend.Open(ctx, filepath.Join(t.TempDir(), "other.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	id, err := archive.Import(ctx, other, dir, false)
	if err != nil || id != h.id {
		t.Fatalf("import: %q %v", id, err)
	}
	if _, err := archive.Import(ctx, other, dir, false); err == nil {
		t.Error("the same game imported twice")
	}
	res, err = archive.Replay(ctx, other, h.proc.Titles, h.id)
	if err != nil || res.Steps != 4 || len(res.Mismatches) != 0 {
		t.Fatalf("replay of the imported game: %+v %v", res, err)
	}
	orig, _ := h.st.ExportGame(ctx, h.id)
	again, _ := other.ExportGame(ctx, h.id)
	for table, rows := range orig.Tables {
		if len(again.Tables[table]) != len(rows) {
			t.Errorf("%s: %d rows exported, %d imported", table, len(rows), len(again.Tables[table]))
		}
	}
}

func pdfFileText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return pdfText(t, b)
}

func mustJSON(t *testing.T, s *cr.State) []byte {
	t.Helper()
	out, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
