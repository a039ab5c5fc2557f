package processor

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/pgtest"
	"github.com/railpost/railpost/processor/title"
)

// long plays the three-judge tests at full size (CI runs it); by default
// they play their small version, as under -short, to keep go test ./...
// within a few minutes.
var long = flag.Bool("long", false, "play the three-judge tests at full size")

// pg is this test binary's throwaway PostgreSQL, started by the first
// test that needs one.
var pg pgtest.Shared

// TestThreeJudgesShareOnePostgres runs three judges, each a process that
// runs passes one after another, on one PostgreSQL database and one IMAP
// mailbox, and kills judges with SIGKILL at random moments. Half the
// games are played in turns (tally) and half one move per mail (nim), so
// both ways of play are judged. Mail arrives in waves: in each, one order
// from one player of each turn game (a turn resolves every second wave)
// and the next move of each move game. At the end every mail must have
// been stored once, accepted and answered once, every turn resolved and
// every move applied once, no mail sent twice but after a kill between
// the SMTP server's acceptance and its record (README), and every game
// must replay clean. -short plays fewer games and waves.
func TestThreeJudgesShareOnePostgres(t *testing.T) {
	games, waves := 10, 10 // of each kind: 200 mails
	if testing.Short() || !*long {
		games, waves = 2, 4
	}
	h := newLoopbackOn(t, pg.Database(t), tally{}, nim{})
	// A judge killed mid-send leaves its claim for ten times this.
	h.proc.Config.SMTP.Timeout.Duration = time.Second
	now := time.Now().UTC().Truncate(time.Second)
	h.clock = now
	ctx := context.Background()
	for i := 1; i <= games; i++ {
		createJudged(t, h, store.Game{ID: fmt.Sprintf("t%d", i), Title: "tally", Name: "Judged", Seed: int64(i), Early: true, TimeZone: "UTC",
			Deadline: now.Add(7 * 24 * time.Hour), Period: 7 * 24 * time.Hour}, tally{})
		createJudged(t, h, store.Game{ID: fmt.Sprintf("nim%d", i), Title: "nim", Name: "Judged", Seed: int64(i), TimeZone: "UTC"}, nim{})
	}
	j := &judges{h: h, rng: rand.New(rand.NewPCG(uint64(now.UnixNano()), 7))}
	mails := 0
	for w := range waves {
		p := players[w%2]
		for i := 1; i <= games; i++ {
			mails += 2
			h.deliver(orderMail(p.address, fmt.Sprintf("w%d-t%d@example.org", w, i),
				fmt.Sprintf("GAME: t%d\nPOSITION: %d\nPASSWORD: %s\nPICK %d\n", i, p.number, p.password, 1+(w+i)%10)))
			h.deliver(moveMail(fmt.Sprintf("nim%d", i), p.address, p.password, fmt.Sprintf("w%d-nim%d@example.org", w, i), p.number, w+1, "TAKE 1"))
		}
		j.runUntil(t, func(c counter) bool {
			return c.count(`SELECT COUNT(*) FROM inbox WHERE status <> 'new'`) == mails &&
				c.count(fmt.Sprintf(`SELECT COUNT(*) FROM games WHERE title = 'tally' AND turn = %d`, 1+(w+1)/2)) == games &&
				c.count(fmt.Sprintf(`SELECT COUNT(*) FROM games WHERE title = 'nim' AND turn = %d`, w+2)) == games
		})
	}
	j.runUntil(t, func(c counter) bool { return c.count(`SELECT COUNT(*) FROM outbox WHERE status = 'queued'`) == 0 })
	j.check(t, mails, games*waves/2, games*waves)
	ts := title.Set{"tally": tally{}, "nim": nim{}}
	for i := 1; i <= games; i++ {
		for id, steps := range map[string]int{fmt.Sprintf("t%d", i): waves / 2, fmt.Sprintf("nim%d", i): waves} {
			res, err := archive.Replay(ctx, h.st, ts, id)
			if err != nil || len(res.Mismatches) > 0 || res.Steps != steps {
				t.Errorf("replay %s: %d steps, want %d; mismatches %v, %v", id, res.Steps, steps, res.Mismatches, err)
			}
		}
	}
}

// createJudged creates a game whose two first seats are the test players.
func createJudged(t *testing.T, h *harness, g store.Game, ti title.Title) {
	t.Helper()
	var pos []store.Position
	for _, p := range players {
		if g.Title == "nim" && !p.human {
			continue
		}
		pos = append(pos, store.Position{Number: p.number, Address: p.address, PasswordHash: passwordHash(t, p.password), Human: p.human, Name: fmt.Sprintf("Player %d", p.number)})
	}
	if err := CreateGame(context.Background(), h.st, ti, g, pos, h.clock); err != nil {
		t.Fatal(err)
	}
}

// judges are the judge processes of TestThreeJudgesShareOnePostgres.
type judges struct {
	h      *harness
	rng    *rand.Rand
	kills  int
	passes int
}

type counter func(q string) int

func (c counter) count(q string) int { return c(q) }

// runUntil keeps three judges running passes, killing one now and then,
// until done holds (checked between passes), for at most two minutes.
func (j *judges) runUntil(t *testing.T, done func(counter) bool) {
	t.Helper()
	db, err := sql.Open("pgx", j.h.db)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c := counter(func(q string) int {
		var n int
		if err := db.QueryRow(q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	})
	deadline := time.Now().Add(2 * time.Minute)
	for !done(c) {
		if time.Now().After(deadline) {
			t.Fatalf("the judges did not finish in two minutes (%d passes, %d kills)", j.passes, j.kills)
		}
		j.round(t)
	}
}

// round starts three judges at once and waits for them, killing one of
// them at a random moment in two rounds of three.
func (j *judges) round(t *testing.T) {
	var cmds []*exec.Cmd
	for range 3 {
		c := j.h.child()
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, c)
	}
	var wg sync.WaitGroup
	if j.rng.IntN(3) > 0 {
		victim := cmds[j.rng.IntN(len(cmds))]
		wait := time.Duration(j.rng.IntN(250)) * time.Millisecond
		wg.Go(func() {
			time.Sleep(wait)
			if victim.Process.Signal(syscall.SIGKILL) == nil {
				j.kills++
			}
		})
	}
	for _, c := range cmds {
		c.Wait()
		j.passes++
	}
	wg.Wait()
}

// check counts what was lost and what was done twice.
func (j *judges) check(t *testing.T, mails, wantTurns, wantMoves int) {
	t.Helper()
	db, err := sql.Open("pgx", j.h.db)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	count := func(q string) int {
		var n int
		if err := db.QueryRow(q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	stored := count(`SELECT COUNT(DISTINCT message_id) FROM inbox`)
	rows := count(`SELECT COUNT(*) FROM inbox`)
	accepted := count(`SELECT COUNT(*) FROM inbox WHERE status = 'accepted'`)
	replies := count(`SELECT COUNT(*) FROM outbox WHERE kind = 'reply'`)
	repliedTwice := count(`SELECT COUNT(*) FROM (SELECT inbox_id FROM outbox WHERE kind = 'reply' GROUP BY inbox_id HAVING COUNT(*) > 1) x`)
	turns := count(`SELECT COUNT(*) FROM snapshots s JOIN games g ON g.id = s.game_id WHERE g.title = 'tally' AND s.turn > 0`)
	moves := count(`SELECT COUNT(*) FROM moves`)
	turnsTwice := count(`SELECT COUNT(*) FROM (SELECT game_id, turn FROM snapshots GROUP BY game_id, turn HAVING COUNT(*) > 1) x`)
	sentTwice := count(`SELECT COUNT(*) FROM (SELECT outbox_id FROM outbox_attempts WHERE ok = 1 GROUP BY outbox_id HAVING COUNT(*) > 1) x`)
	queued := count(`SELECT COUNT(*) FROM outbox`)
	delivered := map[string]int{}
	for _, m := range j.h.sent() {
		delivered[m.Mail.MessageID]++
	}
	deliveredTwice := 0
	for _, n := range delivered {
		if n > 1 {
			deliveredTwice++
		}
	}
	t.Logf("3 judges, %d passes, %d killed; %d mails: %d stored (%d rows), %d accepted, %d replies (%d twice); %d turns resolved (%d twice), %d moves applied; %d mails queued, %d delivered, %d delivered twice (the same Message-ID), %d recorded as sent twice",
		j.passes, j.kills, mails, stored, rows, accepted, replies, repliedTwice, turns, turnsTwice, moves, queued, len(delivered), deliveredTwice, sentTwice)
	if stored != mails || rows != mails || accepted != mails || replies != mails || repliedTwice != 0 {
		t.Errorf("mail was lost, repeated or refused")
	}
	if turns != wantTurns || turnsTwice != 0 || moves != wantMoves {
		t.Errorf("%d turns resolved (%d twice), want %d once each; %d moves, want %d", turns, turnsTwice, wantTurns, moves, wantMoves)
	}
	if len(delivered) != queued || sentTwice != 0 || deliveredTwice > j.kills {
		t.Errorf("mail went out twice or not at all")
	}
}
