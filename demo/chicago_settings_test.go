package demo

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
)

// TestMoveMailSettings drives a Chicago Express game by mail through the
// lines players and the game master send besides their moves: a move out
// of turn, two moves in one mail, AUTOPASS AUCTIONS, AWAY, DIGEST, and the
// GM's UNDO and MOVE. Each is checked in the mail and in the move log.
func TestMoveMailSettings(t *testing.T) {
	ctx := context.Background()
	r := &ceRun{o: Options{Dir: t.TempDir(), Seed: 5, Log: slog.New(slog.NewTextHandler(io.Discard, nil))},
		clock: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC), latest: map[string]*orders.Mail{}, mails: map[string][]*orders.Mail{}}
	defer r.close()
	if err := r.setUp(ctx); err != nil {
		t.Fatal(err)
	}
	last := func(p *player) *orders.Mail { ms := r.mails[p.address]; return ms[len(ms)-1] }
	send := func(p *player, to *orders.Mail, text string) *orders.Mail {
		t.Helper()
		r.clock = r.clock.Add(time.Minute)
		if err := r.reply(p, to, text); err != nil {
			t.Fatal(err)
		}
		if err := r.pass(ctx); err != nil {
			t.Fatal(err)
		}
		return r.lastReply(p)
	}
	moves := func() []store.Move {
		ms, err := r.st.Moves(ctx, ChicagoGameID)
		if err != nil {
			t.Fatal(err)
		}
		return ms
	}
	eng, _, err := r.engine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s0 := eng.Acting()[0]
	mover, x, y, z := r.players[s0], r.players[(s0+1)%4], r.players[(s0+2)%4], r.players[(s0+3)%4]

	if got := send(x, last(x), "BID 7"); !strings.Contains(got.Text, "it is not your move") || len(moves()) != 0 {
		t.Fatalf("a move out of turn: %q; %d moves logged", got.Text, len(moves()))
	}
	if got := send(mover, r.latest[mover.address], "BID 7\nPASS"); !strings.Contains(got.Text, "are both moves") || len(moves()) != 0 {
		t.Fatalf("two moves in one mail: %q", got.Text)
	}
	if got := send(x, last(x), "AUTOPASS AUCTIONS"); !strings.Contains(got.Subject, "Accepted") {
		t.Fatalf("AUTOPASS: %s %q", got.Subject, got.Text)
	}
	if got := send(z, last(z), "AWAY 2026-01-01 2026-01-31"); !strings.Contains(got.Text, "You are away") {
		t.Fatalf("AWAY: %q", got.Text)
	}
	if got := send(y, last(y), "DIGEST ON"); !strings.Contains(got.Text, "digest") {
		t.Fatalf("DIGEST: %q", got.Text)
	}
	// The mover bids; the auto-passer passes at once; after the digest
	// reader passes, so does the player away.
	if got := send(mover, r.latest[mover.address], "BID 7"); !strings.Contains(got.Subject, "Accepted") {
		t.Fatalf("BID 7: %q", got.Text)
	}
	if got := send(y, r.latest[y.address], "PASS"); !strings.Contains(got.Subject, "Accepted") {
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
	if _, err := r.proc.GM(ctx, ChicagoGameID, gmcmd.Command{Verb: "UNDO", Rest: "1 testing"}, processor.GMActor{Name: "cli"}); err != nil {
		t.Fatal(err)
	}
	ms := moves()
	undo := ms[before]
	if undo.Line != "UNDO 1" || undo.Source != "gm" || undo.Position != 0 {
		t.Fatalf("the GM's undo is logged as %+v", undo)
	}
	eng, standing, err := r.engine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seat := eng.Acting()[0]
	if _, err := r.proc.GM(ctx, ChicagoGameID, gmcmd.Command{Verb: "MOVE", Rest: "9 PASS"}, processor.GMActor{Name: "cli"}); err == nil {
		t.Error("MOVE for a position the game does not have was taken")
	}
	if _, err := r.proc.GM(ctx, ChicagoGameID, gmcmd.Command{Verb: "MOVE", Rest: itoa(seat+1) + " PASS"}, processor.GMActor{Name: "cli"}); err != nil {
		t.Fatal(err)
	}
	if _, after, _ := r.engine(ctx); len(after) <= len(standing) {
		t.Errorf("the GM's MOVE did not stand: %d then %d", len(standing), len(after))
	}
	if !slices.ContainsFunc(moves(), func(m store.Move) bool { return m.Source == "gm" && m.Line == "PASS" }) {
		t.Errorf("the GM's MOVE is not in the log")
	}
	// The digest reader got no per-move mail, and gets a digest a day on.
	for _, m := range r.mails[y.address] {
		if strings.Contains(m.Subject, "What happened") {
			t.Fatalf("a digest reader was sent %q", m.Subject)
		}
	}
	r.clock = r.clock.Add(25 * time.Hour)
	if err := r.pass(ctx); err != nil {
		t.Fatal(err)
	}
	if got := last(y); !strings.Contains(got.Subject, "Daily digest") || !strings.Contains(got.Text, "BID 7") {
		t.Fatalf("no digest: %s\n%s", got.Subject, got.Text)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
