package main

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/processor/store/sqldb"
	"github.com/railpost/railpost/processor/title"
)

// oldGames are the games of testdata/db-640e910/railpost.db, a database
// made by railpost as of commit 640e910 (its README.txt says how), with
// the action each waits for there.
var oldGames = []struct {
	id   string
	next int
}{{"o1870", 53}, {"o18ez", 33}, {"Old-CE", 10}}

// TestADatabaseFrom640e910PlaysOn: a database made before the 18xx core
// was rebuilt is refused by the read-only commands until `init` upgrades
// it; then every game replays clean, takes the next move the game master
// makes for the position to move, and replays clean again. The same
// database with one byte of one stored snapshot changed fails that game's
// replay, naming the action, and only that game's: a player's holding
// too, though the snapshots stored before certificates are compared with
// the rebuilt game written in their form.
func TestADatabaseFrom640e910PlaysOn(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("testdata", "db-640e910", "railpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		corrupt string // the game whose snapshot of action 20 has a digit changed
		at      string // the text the digit follows; "" for one in the snapshot's second half
	}{{"as made", "", ""}, {"a snapshot changed", "o1870", ""}, {"a holding changed", "o18ez", `"Shares":{"`}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "railpost.db")
			if err := os.WriteFile(db, fixture, 0o600); err != nil {
				t.Fatal(err)
			}
			if code, _, errOut := run(t, "replay", "--db", db, oldGames[0].id); code == 0 || !strings.Contains(errOut, "railpost init --db") {
				t.Fatalf("replay before the upgrade: exit %d, %s; want a refusal that says to run init", code, errOut)
			}
			code, out, errOut := run(t, "init", "--config", filepath.Join(dir, "railpost.toml"), "--db", db)
			if code != 0 || !strings.Contains(out, "schema version "+strconv.Itoa(sqldb.LatestSchemaVersion())) {
				t.Fatalf("init on the old database: %d %s%s", code, out, errOut)
			}
			if code, out, errOut := run(t, "outbox", "--db", db); code != 0 || strings.Count(out, "queued") != 11 {
				t.Errorf("outbox: %d, want the 11 mails queued by 640e910 listed\n%s%s", code, out, errOut)
			}
			if tc.corrupt != "" {
				corruptSnapshot(t, db, tc.corrupt, 20, tc.at)
			}
			for _, g := range oldGames {
				code, out, errOut := run(t, "replay", "--db", db, g.id)
				if g.id == tc.corrupt {
					if code != 1 || !strings.Contains(out, "differ") || !strings.Contains(out, "[20]") {
						t.Errorf("replay of %s with its snapshot of action 20 changed: exit %d, %s%s", g.id, code, out, errOut)
					}
					continue
				}
				if code != 0 || replayed(t, out) != g.next-1 {
					t.Fatalf("replay of %s: exit %d, %s%s; want %d actions, all identical", g.id, code, out, errOut, g.next-1)
				}
				pos, move := nextMove(t, db, g.id, g.next)
				t.Logf("%s action %d: MOVE %d %s", g.id, g.next, pos, move)
				if code, out, errOut := run(t, "gm", "--db", db, g.id, "MOVE", strconv.Itoa(pos), move); code != 0 {
					t.Fatalf("gm %s MOVE %d %s: exit %d, %s%s", g.id, pos, move, code, out, errOut)
				}
				code, out, errOut = run(t, "replay", "--db", db, g.id)
				if code != 0 || replayed(t, out) < g.next {
					t.Errorf("replay of %s after MOVE %d %s: exit %d, %s%s; want at least %d actions, all identical", g.id, pos, move, code, out, errOut, g.next)
				}
			}
		})
	}
}

// replayed is how many actions a clean replay says it rebuilt.
func replayed(t *testing.T, out string) int {
	t.Helper()
	m := regexp.MustCompile(`: (\d+) actions rebuilt from the log, every one identical`).FindStringSubmatch(out)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// nextMove is the position the game waits for and the move the computer
// would make for it, from the game as this code rebuilds it.
func nextMove(t *testing.T, db, id string, next int) (int, string) {
	t.Helper()
	ctx := context.Background()
	st, err := backend.OpenReadOnly(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := titles()
	if err != nil {
		t.Fatal(err)
	}
	r, err := gamelog.Load(ctx, st, ts, g)
	if err != nil {
		t.Fatalf("game %s does not load: %v", id, err)
	}
	acting := r.Eng.Acting()
	if r.Next() != next || len(acting) != 1 {
		t.Fatalf("game %s waits for action %d by seats %v, want action %d by one seat", id, r.Next(), acting, next)
	}
	return acting[0] + 1, r.Eng.Computer(acting[0], title.Rand(g.Seed, r.Next())).String()
}

// corruptSnapshot changes one digit of the state a game stored after an
// action, so that the state still reads but is not the one replayed: the
// first digit after at (`"Shares":{"`: a player's units of a company, in
// a snapshot stored before certificates), or one in the second half.
func corruptSnapshot(t *testing.T, db, game string, action int, at string) {
	t.Helper()
	h, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var id int64
	var state []byte
	if err := h.QueryRow(`SELECT id, state FROM snapshots WHERE game_id = ? AND turn = ? ORDER BY id DESC LIMIT 1`, game, action).Scan(&id, &state); err != nil {
		t.Fatal(err)
	}
	from := len(state) / 2
	if at != "" {
		from = bytes.Index(state, []byte(at)) + len(at)
	}
	i := bytes.IndexAny(state[from:], "123456789")
	if i < 0 || from < len(at) {
		t.Fatalf("the snapshot of %s action %d has no digit after %q", game, action, at)
	}
	i += from
	if state[i] == '9' {
		state[i] = '1'
	} else {
		state[i]++
	}
	if _, err := h.Exec(`UPDATE snapshots SET state = ? WHERE id = ?`, state, id); err != nil {
		t.Fatal(err)
	}
}
