package sqldb

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/railpost/railpost/processor/store"
)

var t0 = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func openTemp(t testing.TB) *Store {
	t.Helper()
	s, err := testOpen(context.Background(), filepath.Join(t.TempDir(), "railpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestPathsWithURICharacters(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "game #2?x=1 100%")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "rail post.db")
	s, err := testOpen(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(file); err != nil {
		t.Fatalf("database not at %s: %v", file, err)
	}
}

func TestPragmas(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	for _, tc := range []struct{ pragma, want string }{
		{"journal_mode", "wal"},
		{"foreign_keys", "1"},
		{"busy_timeout", "10000"},
	} {
		var got string
		if err := s.db.QueryRowContext(ctx, "PRAGMA "+tc.pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("PRAGMA %s = %q, want %q", tc.pragma, got, tc.want)
		}
	}
	// Foreign keys are enforced, not just switched on.
	err := s.AddPosition(ctx, Position{GameID: "nosuch", Number: 1})
	if err == nil {
		t.Error("a position in a missing game was accepted")
	}
}

// onlyFirst is the migration set of an older binary that knew only version 1.
func onlyFirst(t *testing.T) fs.FS {
	t.Helper()
	b, err := fs.ReadFile(migrations, "migrations/0001_init.sql")
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{"migrations/0001_init.sql": {Data: b}}
}

func TestNewerBinaryUpgradesOlderFile(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "old.db")
	old, err := openWith(ctx, file, onlyFirst(t))
	if err != nil {
		t.Fatal(err)
	}
	// The old binary wrote its games with the columns version 1 had.
	if _, err := old.q.ExecContext(ctx, `INSERT INTO games(id, title, name, seed, created_at) VALUES ('g1', 'test', 'Old game', 7, ?)`, fmtTime(t0)); err != nil {
		t.Fatal(err)
	}
	if v, _ := old.SchemaVersion(ctx); v != 1 {
		t.Fatalf("old file at version %d, want 1", v)
	}
	if _, err := old.NoteSenderReply(ctx, "x@example.org", t0); err == nil {
		t.Fatal("version 1 already has sender_replies; the upgrade test proves nothing")
	}
	old.Close()

	s, err := testOpen(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, _ := s.SchemaVersion(ctx); v != LatestSchemaVersion() || v < 2 {
		t.Fatalf("upgraded file at version %d, want %d", v, LatestSchemaVersion())
	}
	g, err := s.Game(ctx, "g1")
	if err != nil || g.Name != "Old game" || g.Missed != "computer" {
		t.Fatalf("game lost in upgrade: %+v %v", g, err)
	}
	if ok, err := s.NoteSenderReply(ctx, "x@example.org", t0); err != nil || !ok {
		t.Fatalf("new table unusable after upgrade: %v %v", ok, err)
	}
}

func TestOlderBinaryRefusesNewerFile(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "new.db")
	s, err := testOpen(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = openWith(ctx, file, onlyFirst(t))
	if err == nil || !strings.Contains(err.Error(), "install a newer railpost") {
		t.Fatalf("older binary opened a newer file: %v", err)
	}
}

func testIngestExactlyOnce(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	raw := []byte("Message-ID: <a@x>\r\n\r\nhello\r\n")
	tests := []struct {
		name      string
		msg       InboxMessage
		wantFresh bool
		wantCur   MailboxCursor
	}{
		{"first sight", InboxMessage{Mailbox: "INBOX", UIDValidity: 5, UID: 10, MessageID: "<a@x>", Raw: raw}, true, MailboxCursor{UIDValidity: 5, LastUID: 10}},
		{"same UID again", InboxMessage{Mailbox: "INBOX", UIDValidity: 5, UID: 10, MessageID: "<a@x>", Raw: raw}, false, MailboxCursor{UIDValidity: 5, LastUID: 10}},
		{"renumbered after UIDVALIDITY change", InboxMessage{Mailbox: "INBOX", UIDValidity: 6, UID: 1, MessageID: "<a@x>", Raw: raw}, false, MailboxCursor{UIDValidity: 6, LastUID: 1}},
		{"same Message-ID, other bytes", InboxMessage{Mailbox: "INBOX", UIDValidity: 6, UID: 2, MessageID: "<a@x>", Raw: []byte("other")}, true, MailboxCursor{UIDValidity: 6, LastUID: 2}},
		{"older UID does not move the cursor back", InboxMessage{Mailbox: "INBOX", UIDValidity: 6, UID: 2, MessageID: "<b@x>", Raw: []byte("b")}, false, MailboxCursor{UIDValidity: 6, LastUID: 2}},
	}
	for _, tc := range tests {
		_, fresh, err := s.IngestMessage(ctx, tc.msg, t0)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if fresh != tc.wantFresh {
			t.Errorf("%s: fresh = %v, want %v", tc.name, fresh, tc.wantFresh)
		}
		cur, _, _ := s.Cursor(ctx, "INBOX")
		if cur != tc.wantCur {
			t.Errorf("%s: cursor = %+v, want %+v", tc.name, cur, tc.wantCur)
		}
	}
	pending, _ := s.PendingInbox(ctx)
	if len(pending) != 2 {
		t.Fatalf("%d pending messages, want 2", len(pending))
	}
	if err := s.FinishInbox(ctx, pending[0].ID, store.InboxAccepted, "", 0, "ok", t0); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishInbox(ctx, pending[0].ID, store.InboxRejected, "", 0, "again", t0); err == nil {
		t.Error("a message was finished twice")
	}
}

func TestIngestExactlyOnce(t *testing.T) { onBoth(t, testIngestExactlyOnce) }

func testOrdersSupersede(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	if err := s.CreateGame(ctx, Game{ID: "g", Title: "t", Name: "G", Seed: 1, Created: t0}); err != nil {
		t.Fatal(err)
	}
	for i, body := range []string{"first", "second"} {
		if err := s.SaveOrders(ctx, "g", 1, 3, 0, []byte(body), body, t0.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SaveOrders(ctx, "g", 1, 4, 0, []byte("other"), "", t0); err != nil {
		t.Fatal(err)
	}
	got, err := s.CurrentOrders(ctx, "g", 1)
	if err != nil {
		t.Fatal(err)
	}
	if string(got[3]) != "second" || string(got[4]) != "other" || len(got) != 2 {
		t.Fatalf("current orders = %v", got)
	}
	var kept int
	s.q.QueryRowContext(ctx, "SELECT COUNT(*) FROM orders").Scan(&kept)
	if kept != 3 {
		t.Errorf("%d order rows kept, want all 3", kept)
	}
}

func TestOrdersSupersede(t *testing.T) { onBoth(t, testOrdersSupersede) }

func testOutboxAttempts(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	id, err := s.QueueMail(ctx, OutboxMail{MessageID: "<m1@x>", Kind: "reply", Sender: "gm@x", Recipients: []string{"a@x", "b@x"}, Subject: "s", Raw: []byte("raw")}, t0)
	if err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueMail(ctx, t0); len(due) != 1 || len(due[0].Recipients) != 2 {
		t.Fatalf("due = %+v", due)
	}
	if err := s.RecordAttempt(ctx, id, Attempt{At: t0, Answer: "451 try later", Next: t0.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueMail(ctx, t0.Add(30*time.Second)); len(due) != 0 {
		t.Fatal("mail due again before its backoff ran out")
	}
	if err := s.RecordAttempt(ctx, id, Attempt{At: t0.Add(time.Minute), OK: true, Answer: "250 queued as 123"}); err != nil {
		t.Fatal(err)
	}
	all, _ := s.Outbox(ctx)
	if all[0].Status != store.OutboxSent || all[0].Attempts != 2 || all[0].LastAnswer != "250 queued as 123" {
		t.Fatalf("outbox row = %+v", all[0])
	}
	var answers int
	s.q.QueryRowContext(ctx, "SELECT COUNT(*) FROM outbox_attempts WHERE outbox_id = ?", id).Scan(&answers)
	if answers != 2 {
		t.Errorf("%d answers recorded, want 2", answers)
	}
	if _, err := s.QueueMail(ctx, OutboxMail{MessageID: "<m1@x>", Kind: "reply", Sender: "gm@x", Recipients: []string{"a@x"}, Raw: []byte("x")}, t0); err == nil {
		t.Error("two outbox rows share a Message-ID")
	}
}

func TestOutboxAttempts(t *testing.T) { onBoth(t, testOutboxAttempts) }

func testSenderReplyOncePerDay(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	for _, tc := range []struct {
		addr string
		at   time.Time
		want bool
	}{
		{"Stranger@Example.org", t0, true},
		{"stranger@example.org", t0.Add(time.Hour), false},
		{"stranger@example.org", t0.Add(24 * time.Hour), true},
		{"other@example.org", t0, true},
	} {
		got, err := s.NoteSenderReply(ctx, tc.addr, tc.at)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("NoteSenderReply(%s, %s) = %v, want %v", tc.addr, tc.at, got, tc.want)
		}
	}
}

func TestSenderReplyOncePerDay(t *testing.T) { onBoth(t, testSenderReplyOncePerDay) }

func testPassLogMarksAbandoned(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	if _, err := s.BeginPass(ctx, t0); err != nil {
		t.Fatal(err)
	}
	// On SQLite a pass of this process that is not running is abandoned;
	// on PostgreSQL, where judges on other hosts run passes side by side,
	// one is abandoned only once it is an hour old.
	later := time.Minute
	if b.name == "postgres" {
		later = 2 * time.Hour
	}
	id2, err := s.BeginPass(ctx, t0.Add(later))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.FinishPass(ctx, id2, store.PassOK, "fine", t0); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Passes(ctx)
	if len(got) != 2 || got[0].Status != store.PassAbandoned || got[1].Status != store.PassOK {
		t.Fatalf("passes = %+v", got)
	}
	if _, err := s.Game(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("missing game: %v", err)
	}
}

func TestPassLogMarksAbandoned(t *testing.T) { onBoth(t, testPassLogMarksAbandoned) }

// TestStoredSecretOnlyReads: the secret is nil before any pass made one,
// and the one made afterwards, on a database opened read-only too.
func testStoredSecretOnlyReads(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	if got, err := s.StoredSecret(ctx); err != nil || got != nil {
		t.Fatalf("before any secret: %x %v", got, err)
	}
	if got, err := s.StoredSecret(ctx); err != nil || got != nil {
		t.Fatalf("asking made a secret: %x %v", got, err)
	}
	made, err := s.Secret(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ro, err := testOpenReadOnly(ctx, s.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	for name, st := range map[string]*Store{"read-write": s, "read-only": ro} {
		if got, err := st.StoredSecret(ctx); err != nil || string(got) != string(made) || len(got) == 0 {
			t.Errorf("%s: %x %v, want %x", name, got, err, made)
		}
	}
}

func TestStoredSecretOnlyReads(t *testing.T) { onBoth(t, testStoredSecretOnlyReads) }

// TestGameIsFoundRegardlessOfCase: an exact id wins; an id no game has
// exactly finds the one game it matches regardless of case, by that
// game's own spelling; two games that differ only in case are not
// guessed between.
func testGameIsFoundRegardlessOfCase(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	for _, id := range []string{"Cr-1", "cr-2", "AB-3", "ab-3"} {
		if _, err := s.q.ExecContext(ctx, `INSERT INTO games(id, title, name, seed, created_at) VALUES (?, 'test', ?, 7, ?)`, id, "game "+id, fmtTime(t0)); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ ask, want string }{
		{"Cr-1", "Cr-1"}, {"cr-1", "Cr-1"}, {"CR-1", "Cr-1"},
		{"cr-2", "cr-2"}, {"CR-2", "cr-2"},
		{"ab-3", "ab-3"}, {"AB-3", "AB-3"}, {"Ab-3", ""},
		{"cr-9", ""},
	} {
		g, err := s.Game(ctx, c.ask)
		if c.want == "" {
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("Game(%q) = %q, %v; want store.ErrNotFound", c.ask, g.ID, err)
			}
			continue
		}
		if err != nil || g.ID != c.want || g.Name != "game "+c.want {
			t.Errorf("Game(%q) = %q (%s), %v; want %q", c.ask, g.ID, g.Name, err, c.want)
		}
	}
}

func TestGameIsFoundRegardlessOfCase(t *testing.T) { onBoth(t, testGameIsFoundRegardlessOfCase) }
