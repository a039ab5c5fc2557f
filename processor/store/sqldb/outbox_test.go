package sqldb

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// upTo is the migration set of an older binary that knew versions up to
// and including last.
func upTo(t *testing.T, last int) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	for v := 1; v <= last; v++ {
		names, err := fs.Glob(migrations, fmt.Sprintf("migrations/%04d_*.sql", v))
		if err != nil || len(names) != 1 {
			t.Fatalf("migration %d: %v %v", v, names, err)
		}
		b, err := fs.ReadFile(migrations, names[0])
		if err != nil {
			t.Fatal(err)
		}
		out[names[0]] = &fstest.MapFile{Data: b}
	}
	return out
}

// TestTheUpgradeCountsADailyNoticeAsTold: a file from before each failure
// was told once keeps quiet about the failed mail a daily notice already
// listed (its last attempt no later than the notice), and tells the rest.
func TestTheUpgradeCountsADailyNoticeAsTold(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "old.db")
	old, err := openWith(ctx, file, upTo(t, 8))
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := old.q.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO games(id, title, name, seed, created_at) VALUES ('told', 'test', 'Told', 7, ?), ('quiet', 'test', 'Quiet', 7, ?)`, fmtTime(t0), fmtTime(t0))
	exec(`INSERT INTO failure_notices(game_id, day, sent_at) VALUES ('told', '2026-11-21', ?)`, fmtTime(t0.Add(time.Hour)))
	for _, row := range []struct {
		id     int64
		game   string
		status string
		last   time.Duration // the last attempt, after t0
	}{
		{1, "told", "failed", 0},             // listed by the notice an hour later
		{2, "told", "failed", 2 * time.Hour}, // failed after the notice
		{3, "quiet", "failed", 0},            // a game no notice was sent for
		{4, "told", "sent", 0},               // not failed at all
		{5, "told", "failed", time.Hour},     // failed as the notice was sent
	} {
		exec(`INSERT INTO outbox(id, message_id, kind, game_id, sender, recipients, subject, raw, status, next_attempt_at, created_at) VALUES (?, ?, 'notice', ?, 'gm@x', 'p@x', 's', x'00', ?, ?, ?)`,
			row.id, fmt.Sprintf("<m%d@x>", row.id), row.game, row.status, fmtTime(t0), fmtTime(t0))
		exec(`INSERT INTO outbox_attempts(outbox_id, at, ok, answer) VALUES (?, ?, 0, '550 no')`, row.id, fmtTime(t0.Add(row.last)))
	}
	old.Close()

	s, err := testOpen(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	untold, err := s.UntoldFailures(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, m := range untold {
		ids = append(ids, m.ID)
	}
	if want := []int64{2, 3}; !slices.Equal(ids, want) {
		t.Errorf("untold after the upgrade: %v, want %v", ids, want)
	}
}

// TestAFailureIsToldOnceUntilRequeued: noting a failure told takes it off
// the untold list for good, a second note counts nothing, and a requeue
// that fails again puts it back.
func testAFailureIsToldOnceUntilRequeued(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	if _, err := s.q.ExecContext(ctx, `INSERT INTO games(id, title, name, seed, created_at) VALUES ('g1', 'test', 'G', 7, ?)`, fmtTime(t0)); err != nil {
		t.Fatal(err)
	}
	var id int64
	fail := func() {
		t.Helper()
		if err := s.RecordAttempt(ctx, id, Attempt{At: t0, Answer: "550 no such mailbox"}); err != nil {
			t.Fatal(err)
		}
	}
	untold := func() int {
		t.Helper()
		ms, err := s.UntoldFailures(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return len(ms)
	}
	var err error
	if id, err = s.QueueMail(ctx, OutboxMail{MessageID: "<a@x>", Kind: "notice", GameID: "g1", Sender: "gm@x", Recipients: []string{"p@x"}, Subject: "s", Raw: []byte("x")}, t0); err != nil {
		t.Fatal(err)
	}
	if n := untold(); n != 0 {
		t.Fatalf("%d untold failures before any failed", n)
	}
	fail()
	for _, step := range []struct {
		name       string
		do         func() (int, error)
		fresh, was int // what the step returns, and the untold failures after it
	}{
		{"told", func() (int, error) { return s.NoteFailuresTold(ctx, []int64{id}, t0) }, 1, 0},
		{"told again", func() (int, error) { return s.NoteFailuresTold(ctx, []int64{id}, t0) }, 0, 0},
		{"requeued", func() (int, error) { return s.Requeue(ctx, id, t0) }, 1, 0},
		{"failed again", func() (int, error) { fail(); return 0, nil }, 0, 1},
		{"told of the second failure", func() (int, error) { return s.NoteFailuresTold(ctx, []int64{id}, t0) }, 1, 0},
	} {
		got, err := step.do()
		if err != nil || got != step.fresh {
			t.Fatalf("%s: %d, %v; want %d", step.name, got, err, step.fresh)
		}
		if n := untold(); n != step.was {
			t.Fatalf("%s: %d untold failures, want %d", step.name, n, step.was)
		}
	}
}

func TestAFailureIsToldOnceUntilRequeued(t *testing.T) {
	onBoth(t, testAFailureIsToldOnceUntilRequeued)
}

// testOutboxClaims: a judge claims due rows, another judge sees only the
// rest until the claim expires (on SQLite, one judge at a time, a claim
// left behind is a dead pass's and is taken over at once), and an attempt
// is recorded only by the claim's holder.
func testOutboxClaims(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	for i := 1; i <= 3; i++ {
		if _, err := s.QueueMail(ctx, OutboxMail{MessageID: fmt.Sprintf("<c%d@x>", i), Kind: "reply", Sender: "gm@x", Recipients: []string{"a@x"}, Raw: []byte("x")}, t0); err != nil {
			t.Fatal(err)
		}
	}
	wall := t0.Add(time.Hour)
	claim := func(judge string, at time.Time, limit int) []int64 {
		t.Helper()
		got, err := s.ClaimMail(ctx, store.MailClaim{Judge: judge, Due: t0, At: at, Until: at.Add(time.Minute), Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, m := range got {
			ids = append(ids, m.ID)
		}
		return ids
	}
	if got := claim("a", wall, 2); !slices.Equal(got, []int64{1, 2}) {
		t.Fatalf("judge a claimed %v, want [1 2]", got)
	}
	want := []int64{3}
	if b.name == "sqlite" {
		want = []int64{1, 2, 3}
	}
	if got := claim("b", wall, 5); !slices.Equal(got, want) {
		t.Fatalf("judge b claimed %v, want %v", got, want)
	}
	if b.name == "sqlite" {
		return
	}
	for id, judge := range map[int64]string{1: "a", 3: "b"} {
		if err := s.RecordAttempt(ctx, id, Attempt{At: t0, OK: true, Answer: "250 ok", Judge: judge}); err != nil {
			t.Fatal(err)
		}
	}
	if got := claim("c", wall.Add(2*time.Minute), 5); !slices.Equal(got, []int64{2}) {
		t.Fatalf("judge c claimed %v once a's claim expired, want [2]", got)
	}
	if err := s.RecordAttempt(ctx, 2, Attempt{At: t0, OK: true, Answer: "250 ok", Judge: "a"}); !errors.Is(err, store.ErrClaimLost) {
		t.Fatalf("a recorded on a row c took over: %v", err)
	}
	var answers int
	s.q.QueryRowContext(ctx, "SELECT COUNT(*) FROM outbox_attempts WHERE outbox_id = 2").Scan(&answers)
	if answers != 0 {
		t.Errorf("%d attempts recorded under a lost claim", answers)
	}
}

func TestOutboxClaims(t *testing.T) { onBoth(t, testOutboxClaims) }

// TestJudgesClaimingAtOnceTakeEachRowOnce: judges claiming at the same
// moment on PostgreSQL each take other rows (FOR UPDATE SKIP LOCKED), so
// every row is claimed once.
func TestJudgesClaimingAtOnceTakeEachRowOnce(t *testing.T) {
	ctx := context.Background()
	s := openPostgresTemp(t)
	const rows = 60
	for i := 1; i <= rows; i++ {
		if _, err := s.QueueMail(ctx, OutboxMail{MessageID: fmt.Sprintf("<r%d@x>", i), Kind: "reply", Sender: "gm@x", Recipients: []string{"a@x"}, Raw: []byte("x")}, t0); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	claimed := map[int64]int{}
	var wg sync.WaitGroup
	for j := range 4 {
		wg.Go(func() {
			for {
				got, err := s.ClaimMail(ctx, store.MailClaim{Judge: fmt.Sprint("judge ", j), Due: t0, At: t0, Until: t0.Add(time.Hour), Limit: 3})
				if err != nil {
					t.Error(err)
					return
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				for _, m := range got {
					claimed[m.ID]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for id, n := range claimed {
		if n != 1 {
			t.Errorf("row %d claimed %d times", id, n)
		}
	}
	if len(claimed) != rows {
		t.Errorf("%d rows claimed, want %d", len(claimed), rows)
	}
}
