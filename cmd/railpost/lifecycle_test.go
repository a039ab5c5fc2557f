package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
			if code, out, errOut := run(t, "archive", "export", "--db", db, "--out", export, id); code != 0 {
				t.Fatalf("archive export: %s%s", out, errOut)
			}
			other := filepath.Join(t.TempDir(), "other.db")
			if code, out, errOut := run(t, "init", "--config", filepath.Join(t.TempDir(), "railpost.toml"), "--db", other); code != 0 {
				t.Fatalf("init: %s%s", out, errOut)
			}
			if code, out, errOut := run(t, "archive", "import", "--db", other, export); code != 0 {
				t.Fatalf("archive import: %s%s", out, errOut)
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
