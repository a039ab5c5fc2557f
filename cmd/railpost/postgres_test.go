package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/store/pgtest"
)

// pg is this test binary's throwaway PostgreSQL, started by the first
// test that needs one.
var pg pgtest.Shared

func TestMain(m *testing.M) {
	if config := os.Getenv("RAILPOST_JUDGE_CONFIG"); config != "" {
		os.Exit(judgeChild(config))
	}
	code := m.Run()
	pg.Stop()
	os.Exit(code)
}

// TestGamesMoveBetweenSQLiteAndPostgres moves a game of every title from
// SQLite into PostgreSQL and back with the commands a GM types (init,
// archive export, archive import), and replays it clean at each stop.
func TestGamesMoveBetweenSQLiteAndPostgres(t *testing.T) {
	code, list, errOut := run(t, "demo", "--list")
	if code != 0 || len(strings.Fields(list)) < 2 {
		t.Fatalf("demo --list: %d %q %s", code, list, errOut)
	}
	for _, name := range strings.Fields(list) {
		t.Run(name, func(t *testing.T) {
			// A database of its own: the demos' mail has the same UIDs,
			// which one database keeps apart only per mailbox.
			url := pg.Database(t)
			if code, out, errOut := run(t, "init", "--config", filepath.Join(t.TempDir(), "railpost.toml"), "--db", url); code != 0 {
				t.Fatalf("init on PostgreSQL: %s%s", out, errOut)
			}
			dir := t.TempDir()
			if code, out, errOut := run(t, "demo", "--title", name, "--out", dir, "--turns", "4", "--seed", "6"); code != 0 {
				t.Fatalf("demo: %d\n%s%s", code, out, errOut)
			}
			db := filepath.Join(dir, "railpost.db")
			code, out, errOut := run(t, "game", "list", "--db", db)
			if code != 0 {
				t.Fatalf("game list: %s%s", out, errOut)
			}
			rows := strings.Split(strings.TrimSpace(out), "\n")
			id := strings.Fields(rows[len(rows)-1])[0]
			back := filepath.Join(t.TempDir(), "back.db")
			if code, out, errOut := run(t, "init", "--config", filepath.Join(t.TempDir(), "railpost.toml"), "--db", back); code != 0 {
				t.Fatalf("init: %s%s", out, errOut)
			}
			for _, hop := range []struct{ from, to string }{{db, url}, {url, back}} {
				export := filepath.Join(t.TempDir(), "export")
				if code, out, errOut := run(t, "archive", "export", id, "--out", export, "--db", hop.from); code != 0 {
					t.Fatalf("archive export from %s: %s%s", hop.from, out, errOut)
				}
				if code, out, errOut := run(t, "archive", "import", "--db", hop.to, export); code != 0 {
					t.Fatalf("archive import into %s: %s%s", hop.to, out, errOut)
				}
				if code, out, errOut := run(t, "replay", "--db", hop.to, id); code != 0 || !strings.Contains(out, "identical") {
					t.Fatalf("replay on %s: %d %s%s", hop.to, code, out, errOut)
				}
			}
		})
	}
}
