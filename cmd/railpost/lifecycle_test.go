package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
)

// TestEveryTitleLivesTheSameLife plays each listed title's demo with the
// command a user types, then uses the commands every game has on it:
// replay, archive export, import into a fresh database, replay there,
// and a report as of a point in the game. None of them names a title.
func TestEveryTitleLivesTheSameLife(t *testing.T) {
	code, list, errOut := run(t, "demo", "--list")
	if code != 0 || len(strings.Fields(list)) < 2 {
		t.Fatalf("demo --list: %d %q %s", code, list, errOut)
	}
	for _, name := range strings.Fields(list) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if code, out, errOut := run(t, "demo", "--title", name, "--out", dir, "--turns", "6", "--seed", "4"); code != 0 {
				t.Fatalf("demo: %d\n%s%s", code, out, errOut)
			}
			db := filepath.Join(dir, "railpost.db")
			code, out, errOut := run(t, "game", "list", "--db", db)
			if code != 0 {
				t.Fatalf("game list: %s%s", out, errOut)
			}
			rows := strings.Split(strings.TrimSpace(out), "\n")
			id := strings.Fields(rows[len(rows)-1])[0]
			if code, out, errOut := run(t, "replay", "--db", db, id); code != 0 || !strings.Contains(out, "identical") {
				t.Fatalf("replay %s: %d %s%s", id, code, out, errOut)
			}
			export := filepath.Join(t.TempDir(), "export")
			// As the guide writes it: the flags after the game.
			if code, out, errOut := run(t, "archive", "export", id, "--out", export, "--db", db); code != 0 || !strings.Contains(out, "fit to publish") {
				t.Fatalf("archive export: %s%s", out, errOut)
			}
			if _, err := os.Stat(filepath.Join(export, "index.html")); err != nil {
				t.Fatalf("archive export GAME --out DIR wrote no %s/index.html: %v", export, err)
			}
			other := filepath.Join(t.TempDir(), "other.db")
			if code, out, errOut := run(t, "init", "--config", filepath.Join(t.TempDir(), "railpost.toml"), "--db", other); code != 0 {
				t.Fatalf("init: %s%s", out, errOut)
			}
			if code, out, errOut := run(t, "archive", "import", "--db", other, export); code != 0 {
				t.Fatalf("archive import: %s%s", out, errOut)
			}
			if code, _, errOut := run(t, "archive", "import", "--db", other, export); code != 1 || !strings.Contains(errOut, "already exists") || !strings.Contains(errOut, "--replace") {
				t.Fatalf("a second import of %s without --replace: %d %s", id, code, errOut)
			}
			if code, out, errOut := run(t, "archive", "import", export, "--db", other, "--replace"); code != 0 {
				t.Fatalf("archive import --replace: %s%s", out, errOut)
			}
			code, replayed, errOut := run(t, "replay", "--db", other, id)
			if code != 0 || !strings.Contains(replayed, "identical") {
				t.Fatalf("replay after import: %d %s%s", code, replayed, errOut)
			}
			point := "--turn"
			if strings.Contains(replayed, " actions ") {
				point = "--move"
			}
			pdf := filepath.Join(t.TempDir(), "r.pdf")
			if code, out, errOut := run(t, "report", "--db", other, "--game", id, point, "5", "--position", "1", "--out", pdf); code != 0 {
				t.Fatalf("report %s 5: %s%s", point, out, errOut)
			}
			if _, err := exec.LookPath("pdftotext"); err != nil {
				t.Skip("pdftotext (poppler-utils) is not installed; .ci/run installs it")
			}
			if text, err := exec.Command("pdftotext", pdf, "-").Output(); err != nil || len(strings.TrimSpace(string(text))) < 100 {
				t.Errorf("the report does not read back: %v\n%s", err, text)
			}
			wrong := map[string]string{"--turn": "--move", "--move": "--turn"}[point]
			if code, _, errOut := run(t, "report", "--db", other, "--game", id, wrong, "5", "--position", "1", "--out", pdf); code == 0 || !strings.Contains(errOut, point) {
				t.Errorf("report %s on a game that counts %s: %d %s", wrong, point, code, errOut)
			}
		})
	}
}

// TestOnlyInitCreatesADatabase: every other command refuses a database
// that is not there, naming the path it tried, and creates nothing, so a
// mistyped --db never swallows real mail into a fresh empty database.
func TestOnlyInitCreatesADatabase(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "typo.db")
	for _, args := range [][]string{
		{"run", "--db", missing}, {"game", "list", "--db", missing}, {"game", "new", "--name", "x", "--db", missing},
		{"gm", "--db", missing, "cr-1", "PAUSE"}, {"replay", "--db", missing, "cr-1"}, {"records", "--db", missing},
		{"report", "--game", "cr-1", "--position", "1", "--db", missing}, {"archive", "import", "--db", missing, t.TempDir()},
	} {
		code, out, errOut := run(t, args...)
		if code == 0 || !strings.Contains(errOut, missing) {
			t.Errorf("%v on a missing database: exit %d, %s%s", args, code, out, errOut)
		}
		if _, err := os.Stat(missing); err == nil {
			t.Fatalf("%v created %s", args, missing)
		}
	}
	if code, out, errOut := run(t, "init", "--config", filepath.Join(t.TempDir(), "railpost.toml"), "--db", missing); code != 0 {
		t.Fatalf("init: %s%s", out, errOut)
	}
	if code, out, errOut := run(t, "game", "list", "--db", missing); code != 0 {
		t.Errorf("game list after init: %s%s", out, errOut)
	}
}

// TestOutboxShowsAndRequeuesFailedMail: `railpost outbox` lists the mail
// given up on with the server's answer, `requeue` makes it due again, and
// `game show` counts it.
func TestOutboxShowsAndRequeuesFailedMail(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "railpost.db")
	if code, out, errOut := run(t, "init", "--config", filepath.Join(dir, "railpost.toml"), "--db", db); code != 0 {
		t.Fatalf("init: %s%s", out, errOut)
	}
	if code, out, errOut := run(t, "game", "new", "--db", db, "--name", "Mail"); code != 0 {
		t.Fatalf("game new: %s%s", out, errOut)
	}
	ctx := context.Background()
	st, err := backend.OpenExisting(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	err = st.Update(ctx, func(tx store.Tx) error {
		id, err := tx.QueueMail(ctx, store.OutboxMail{MessageID: "<x@y>", Kind: "notice", GameID: "cr-1", Sender: "gm@example.org",
			Recipients: []string{"gone@example.org"}, Subject: "[cr-1] hello", Raw: []byte("Subject: hello\r\n\r\nhi\r\n")}, now)
		if err != nil {
			return err
		}
		_ = id
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	box, err := st.Outbox(ctx)
	if err != nil || len(box) != 1 {
		t.Fatalf("the outbox holds %d mails (%v), want the one queued", len(box), err)
	}
	if err := st.RecordAttempt(ctx, box[0].ID, store.Attempt{At: now, Answer: "RCPT TO gone@example.org: 550 no such mailbox"}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	code, out, errOut := run(t, "outbox", "--db", db)
	if code != 0 || !strings.Contains(out, "failed") || !strings.Contains(out, "550 no such mailbox") || !strings.Contains(out, "gone@example.org") {
		t.Fatalf("outbox: %d\n%s%s", code, out, errOut)
	}
	if _, out, _ := run(t, "game", "show", "--db", db, "cr-1"); !strings.Contains(out, "0 waiting, 1 given up") {
		t.Errorf("game show does not count the failed mail:\n%s", out)
	}
	if code, _, errOut := run(t, "outbox", "--db", db, "requeue", "99"); code == 0 {
		t.Errorf("requeue of a mail that is not there: %s", errOut)
	}
	if code, out, errOut := run(t, "outbox", "--db", db, "requeue", "all"); code != 0 || !strings.Contains(out, "1 mail(s) queued again") {
		t.Fatalf("requeue all: %d %s%s", code, out, errOut)
	}
	if _, out, _ := run(t, "outbox", "--db", db); !strings.Contains(out, "queued") || strings.Contains(out, "failed") {
		t.Errorf("after requeue:\n%s", out)
	}
}

// TestReadingCommandsWorkOnReadOnlyStorage mounts a copy of a demo's
// database read-only and runs every command that only reads on it.
func TestReadingCommandsWorkOnReadOnlyStorage(t *testing.T) {
	dir := t.TempDir()
	if code, out, errOut := run(t, "demo", "--out", dir, "--turns", "2", "--humans", "1"); code != 0 {
		t.Fatalf("demo: %s%s", out, errOut)
	}
	ro := t.TempDir()
	if out, err := exec.Command("mount", "--bind", dir, ro).CombinedOutput(); err != nil {
		t.Skipf("cannot make a read-only mount here: %v %s", err, out)
	}
	defer exec.Command("umount", ro).Run()
	if out, err := exec.Command("mount", "-o", "remount,ro,bind", ro).CombinedOutput(); err != nil {
		t.Skipf("cannot make a read-only mount here: %v %s", err, out)
	}
	if err := os.WriteFile(filepath.Join(ro, "probe"), nil, 0o644); err == nil {
		t.Skip("the mount is not read-only")
	}
	db := filepath.Join(ro, "railpost.db")
	for _, args := range [][]string{
		{"game", "list", "--db", db}, {"game", "show", "--db", db, "demo"}, {"replay", "--db", db, "demo"}, {"records", "--db", db},
		{"outbox", "--db", db}, {"report", "--db", db, "--game", "demo", "--turn", "1", "--position", "1", "--out", filepath.Join(t.TempDir(), "r.pdf")},
		{"archive", "export", "--db", db, "--out", filepath.Join(t.TempDir(), "a"), "demo"},
	} {
		if code, out, errOut := run(t, args...); code != 0 {
			t.Errorf("%v on a read-only database: %d %s%s", args, code, out, errOut)
		}
	}
}
