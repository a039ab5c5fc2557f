package sqldb

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/store"
)

// fillGame writes a game with rows in every table an archive holds, each
// reference pointing at another of its rows, as play leaves them. n tells
// games apart: it numbers their mail and adds to their events.
func fillGame(t testing.TB, s *Store, id string, n int) {
	t.Helper()
	ctx := context.Background()
	if err := s.CreateGame(ctx, Game{ID: id, Title: "t", Name: "Game " + id, Seed: int64(n), Created: t0}); err != nil {
		t.Fatal(err)
	}
	err := s.update(ctx, func(tx *Tx) error {
		var last int64
		exec := func(query string, args ...any) {
			if t.Failed() {
				return
			}
			var err error
			if table := strings.Fields(query)[2]; pgKeys[table[:strings.Index(table+"(", "(")]] != "" {
				_, err = tx.q.ExecContext(ctx, query, args...)
			} else {
				err = tx.q.QueryRowContext(ctx, query+" RETURNING id", args...).Scan(&last)
			}
			if err != nil {
				t.Fatalf("%s: %v", query, err)
			}
		}
		at := fmtTime(t0)
		exec(`INSERT INTO positions(game_id, number, name, address, password_hash, controller) VALUES (?, 1, 'Ann', 'ann@x', x'0102', 'human')`, id)
		exec(`INSERT INTO positions(game_id, number) VALUES (?, 2)`, id)
		exec(`INSERT INTO inbox(mailbox, uid_validity, uid, message_id, sha256, raw, size, arrived_at, received_at, status, game_id, position)
			VALUES ('INBOX', 1, ?, ?, 'h', x'6869', 2, ?, ?, 'accepted', ?, 1)`, n, "<"+id+"@x>", at, at, id)
		inbox := last
		exec(`INSERT INTO gm_actions(game_id, turn, verb, actor, inbox_id, once_key, created_at) VALUES (?, 1, 'process', 'gm@x', ?, ?, ?)`, id, inbox, id+" process 1", at)
		gm := last
		exec(`INSERT INTO orders(game_id, turn, position, inbox_id, body, created_at, rolled_back) VALUES (?, 1, 1, ?, x'7b7d', ?, ?)`, id, inbox, at, gm)
		exec(`INSERT INTO orders(game_id, turn, position, body, created_at) VALUES (?, 2, 1, x'7b7d', ?)`, id, at)
		exec(`INSERT INTO snapshots(game_id, turn, state, seed, created_at, rolled_back) VALUES (?, 0, x'7b7d', 1, ?, ?)`, id, at, gm)
		for i := 0; i < n; i++ {
			exec(`INSERT INTO events(game_id, turn, seq, kind, visible_to, text) VALUES (?, 1, ?, 'k', NULL, 'an event')`, id, i)
		}
		exec(`INSERT INTO outbox(message_id, kind, game_id, position, inbox_id, sender, recipients, subject, raw, next_attempt_at, created_at)
			VALUES (?, 'reply', ?, 1, ?, 'gm@x', 'ann@x', 's', x'6869', ?, ?)`, "<out-"+id+"@x>", id, inbox, at, at)
		exec(`INSERT INTO outbox_attempts(outbox_id, at, ok, answer) VALUES (?, ?, 1, '250 ok')`, last, at)
		exec(`INSERT INTO reminders(game_id, turn, position, sent_at) VALUES (?, 1, 1, ?)`, id, at)
		exec(`INSERT INTO final_scores(game_id, title, position, player, human, category, points, turn, ended_at, rolled_back) VALUES (?, 't', 1, 'Ann', 1, 'c', 7, 1, ?, ?)`, id, at, gm)
		exec(`INSERT INTO moves(game_id, n, position, line, source, inbox_id, created_at) VALUES (?, 1, 1, 'PASS', 'player', ?, ?)`, id, inbox, at)
		exec(`INSERT INTO seat_prefs(game_id, position) VALUES (?, 1)`, id)
		exec(`INSERT INTO failure_notices(game_id, day, sent_at) VALUES (?, '2026-11-21', ?)`, id, at)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// dump is every row of every table, each as its values printed with
// their types, so that two dumps are equal only if the databases are.
func dump(t testing.TB, q querier) map[string][]string {
	t.Helper()
	ctx := context.Background()
	d := q.(rewriter).d
	list := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
	if d == postgres {
		list = `SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() AND table_name <> 'railpost_schema' ORDER BY 1`
	}
	rows, err := q.QueryContext(ctx, list)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	out := map[string][]string{}
	for _, name := range tables {
		rows, err := q.QueryContext(ctx, `SELECT * FROM "`+name+`" ORDER BY `+d.rowOrder(name))
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out[name] = append(out[name], fmt.Sprintf("%#v", vals))
		}
		rows.Close()
	}
	return out
}

// lostRows lists the rows of before that after lacks.
func lostRows(before, after map[string][]string) []string {
	var lost []string
	for table, rows := range before {
		left := map[string]int{}
		for _, r := range after[table] {
			left[r]++
		}
		for _, r := range rows {
			if left[r] == 0 {
				lost = append(lost, table+": "+r)
			}
			left[r]--
		}
	}
	return lost
}

// exported is a game's archive.json as export writes it.
func exported(t testing.TB, s *Store, id string) []byte {
	t.Helper()
	a, err := s.ExportGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func decoded(t testing.TB, b []byte) *Archive {
	t.Helper()
	a, err := store.DecodeArchive(bytes.NewReader(b), store.MaxArchiveBytes)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func text(s string) Cell   { return Cell{Text: &s} }
func integer(n int64) Cell { return Cell{Int: &n} }

// TestImportRefusesHostileArchives: an archive that names a column the
// schema lacks, a row of another game, a reference that is not one of
// its rows, and the like is refused with an error that says which, and
// the database is left as it was, even with --replace of a game there.
func testImportRefusesHostileArchives(t *testing.T, b backend) {
	ctx := context.Background()
	src := b.open(t)
	fillGame(t, src, "cr-1", 3)
	real := exported(t, src, "cr-1")
	dst := b.open(t)
	fillGame(t, dst, "other", 2)
	fillGame(t, dst, "cr-1", 1) // an older copy, which --replace would replace
	const injection = `id) VALUES (1); UPDATE games SET name='pwned' WHERE id='other'; --`
	tests := []struct {
		name   string
		change func(a *Archive)
		want   string
	}{
		{"a column key that writes SQL, and a row of another game", func(a *Archive) {
			a.Tables["games"][0][injection] = integer(1)
			a.Tables["positions"][0]["game_id"] = text("other")
		}, `games row 0: "id) VALUES (1); UPDATE games SET name='p..." is not a column of games`},
		{"a column key that writes SQL in a later table", func(a *Archive) { a.Tables["events"][2][injection] = Cell{Null: true} }, "events row 2: \"id) VALUES"},
		{"a row of another game", func(a *Archive) { a.Tables["events"][1]["game_id"] = text("other") }, `events row 1: game_id is "other", not the archive's game cr-1`},
		{"a row of no game", func(a *Archive) { delete(a.Tables["seat_prefs"][0], "game_id") }, "seat_prefs row 0: game_id is missing"},
		{"a null game", func(a *Archive) { a.Tables["inbox"][0]["game_id"] = Cell{Null: true} }, "inbox row 0: game_id is null"},
		{"a game id as a number", func(a *Archive) { a.Tables["moves"][0]["game_id"] = integer(1) }, "moves row 0: game_id is 1"},
		{"the games row of another game", func(a *Archive) { a.Tables["games"][0]["id"] = text("other") }, `games row 0: id is "other"`},
		{"two games rows", func(a *Archive) { a.Tables["games"] = append(a.Tables["games"], a.Tables["games"][0]) }, "2 games rows"},
		{"a table that is not a game's", func(a *Archive) { a.Tables["settings"] = []Record{{"key": text("secret")}} }, `a table "settings"`},
		{"a reference as text", func(a *Archive) { a.Tables["orders"][0]["inbox_id"] = text("1") }, `orders row 0: inbox_id is "1", not the id of a inbox row`},
		{"a reference as a blob", func(a *Archive) { a.Tables["moves"][0]["inbox_id"] = Cell{Blob: []byte{1}} }, "moves row 0: inbox_id is 1 bytes"},
		{"a reference to a row the archive lacks", func(a *Archive) { a.Tables["events"][0]["rolled_back"] = integer(999) }, "events row 0: rolled_back points at gm_actions 999, which the archive lacks"},
		{"an attempt at mail the archive lacks", func(a *Archive) { a.Tables["outbox_attempts"][0]["outbox_id"] = integer(2) }, "outbox_attempts row 0: outbox_id points at outbox 2, which the archive lacks"},
		{"an attempt at no mail", func(a *Archive) { a.Tables["outbox_attempts"][0]["outbox_id"] = Cell{Null: true} }, "outbox_attempts row 0: the row is not tied to the game: outbox_id is null"},
		{"a cell of two values", func(a *Archive) {
			c := a.Tables["snapshots"][0]["state"]
			c.Text = new(string)
			a.Tables["snapshots"][0]["state"] = c
		}, "snapshots row 0: state: the cell holds more than one value"},
		{"null and a value", func(a *Archive) { a.Tables["games"][0]["seed"] = Cell{Int: new(int64), Null: true} }, "games row 0: seed: the cell holds more than one value"},
		{"an id as text", func(a *Archive) { a.Tables["inbox"][0]["id"] = text("1") }, `inbox row 0: id is "1", not an integer`},
		{"two rows under one id", func(a *Archive) {
			a.Tables["orders"][1]["id"] = a.Tables["orders"][0]["id"]
		}, "orders row 1: id"},
		{"a mailbox as a blob", func(a *Archive) { a.Tables["inbox"][0]["mailbox"] = Cell{Blob: []byte("x")} }, "inbox row 0: mailbox is 1 bytes, not text"},
		{"a game id that is a path", func(a *Archive) { a.GameID = "../cr-1" }, `game id "../cr-1"`},
		{"an empty game id", func(a *Archive) { a.GameID = "" }, `game id ""`},
		{"a game id too long", func(a *Archive) { a.GameID = strings.Repeat("a", 65) }, "game id"},
		{"an unknown format", func(a *Archive) { a.Format = 2 }, "archive format 2"},
		{"a schema no railpost wrote", func(a *Archive) { a.Schema = 0 }, "schema 0"},
		{"a newer schema", func(a *Archive) { a.Schema = 99 }, "install a newer one"},
		// Checked only as the rows go in, after the older copy is deleted.
		{"a value the schema's CHECK refuses", func(a *Archive) { a.Tables["games"][0]["status"] = text("bogus") }, "CHECK constraint"},
	}
	before := dump(t, dst.q)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := decoded(t, real)
			tc.change(a)
			err := dst.update(ctx, func(tx *Tx) error { return tx.ImportGame(ctx, a, true) })
			if err == nil || !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(tc.want)) {
				t.Errorf("import: %v, want an error saying %q", err, tc.want)
			}
			if after := dump(t, dst.q); !reflect.DeepEqual(before, after) {
				t.Errorf("a refused import changed the database; lost %q", lostRows(before, after))
			}
		})
	}
}

func TestImportRefusesHostileArchives(t *testing.T) { onBoth(t, testImportRefusesHostileArchives) }

// TestImportReplace: a game already in the database is refused, and
// with --replace its rows give way to the archive's, no other game's.
func testImportReplace(t *testing.T, b backend) {
	ctx := context.Background()
	src := b.open(t)
	fillGame(t, src, "cr-1", 3)
	real := exported(t, src, "cr-1")
	dst := b.open(t)
	fillGame(t, dst, "other", 2)
	fillGame(t, dst, "cr-1", 1)
	before := dump(t, dst.q)
	err := dst.update(ctx, func(tx *Tx) error { return tx.ImportGame(ctx, decoded(t, real), false) })
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("an import over a game there: %v", err)
	}
	if !reflect.DeepEqual(before, dump(t, dst.q)) {
		t.Fatal("a refused import changed the database")
	}
	alone := b.open(t)
	fillGame(t, alone, "other", 2)
	otherRows := dump(t, alone.q)
	if err := dst.update(ctx, func(tx *Tx) error { return tx.ImportGame(ctx, decoded(t, real), true) }); err != nil {
		t.Fatal(err)
	}
	if lost := lostRows(otherRows, dump(t, dst.q)); len(lost) > 0 {
		t.Errorf("--replace lost another game's rows: %q", lost)
	}
	if got, want := normalized(t, decoded(t, exported(t, dst, "cr-1"))), normalized(t, decoded(t, real)); !reflect.DeepEqual(got, want) {
		t.Errorf("after --replace the game reads\n%v\nwant\n%v", got, want)
	}
}

func TestImportReplace(t *testing.T) { onBoth(t, testImportReplace) }

// TestImportRoundTrip: a game exported and imported into a fresh database
// is the same rows, but for their ids and the mailbox its mail is filed
// under.
func testImportRoundTrip(t *testing.T, b backend) {
	ctx := context.Background()
	src := b.open(t)
	fillGame(t, src, "skip", 1) // so that the ids differ between the two
	fillGame(t, src, "cr-1", 3)
	real := exported(t, src, "cr-1")
	dst := b.open(t)
	if err := dst.update(ctx, func(tx *Tx) error { return tx.ImportGame(ctx, decoded(t, real), false) }); err != nil {
		t.Fatal(err)
	}
	again := decoded(t, exported(t, dst, "cr-1"))
	if got, want := normalized(t, again), normalized(t, decoded(t, real)); !reflect.DeepEqual(got, want) {
		t.Errorf("imported:\n%v\nwant\n%v", got, want)
	}
	if got := *again.Tables["inbox"][0]["mailbox"].Text; got != "archive:INBOX" {
		t.Errorf("imported mail is filed under %q", got)
	}
}

func TestImportRoundTrip(t *testing.T) { onBoth(t, testImportRoundTrip) }

// normalized is an archive's rows with each id replaced by the row's
// place in its table, each reference by the place of the row it points
// at, and the mailbox without the "archive:" an import adds.
func normalized(t *testing.T, a *Archive) map[string][]string {
	t.Helper()
	place := map[string]map[int64]int{}
	for _, tb := range archiveTables {
		place[tb.name] = map[int64]int{}
		for i, rec := range a.Tables[tb.name] {
			if c, ok := rec["id"]; ok && c.Int != nil {
				place[tb.name][*c.Int] = i
			}
		}
	}
	out := map[string][]string{}
	for _, tb := range archiveTables {
		for _, rec := range a.Tables[tb.name] {
			var cells []string
			for _, k := range sortedNames(rec) {
				v := describe(rec[k])
				switch ref, isRef := tb.refs[k]; {
				case k == "id" && rec[k].Int != nil:
					v = fmt.Sprint("#", place[tb.name][*rec[k].Int])
				case isRef && rec[k].Int != nil:
					v = fmt.Sprint("#", place[ref][*rec[k].Int])
				case k == "mailbox":
					v = strings.TrimPrefix(*rec[k].Text, "archive:")
				case rec[k].Blob != nil:
					v = fmt.Sprintf("%x", rec[k].Blob)
				}
				cells = append(cells, k+"="+v)
			}
			out[tb.name] = append(out[tb.name], strings.Join(cells, " "))
		}
	}
	return out
}

// TestArchiveTablesAreTiedToTheGame: every archived table says how its
// rows are the game's, so that the import can check each row.
func testArchiveTablesAreTiedToTheGame(t *testing.T, b backend) {
	s := b.open(t)
	for _, tb := range archiveTables {
		cols, err := s.columns(context.Background(), tb.name)
		if err != nil {
			t.Fatal(err)
		}
		hasGame := false
		for _, c := range cols {
			hasGame = hasGame || c.name == "game_id"
		}
		if tied := hasGame || tb.name == "games" || tb.refs[tb.parent] != ""; !tied {
			t.Errorf("%s has no game_id and no parent reference", tb.name)
		}
	}
}

func TestArchiveTablesAreTiedToTheGame(t *testing.T) { onBoth(t, testArchiveTablesAreTiedToTheGame) }

// TestDecodeArchive: the file is read strictly and only so far.
func TestDecodeArchive(t *testing.T) {
	tests := []struct {
		name, in string
		limit    int64
		want     string // "" for no error
	}{
		{"an archive", `{"format": 1, "schema": 1, "game_id": "g", "tables": {}}` + "\n", 100, ""},
		{"a field no archive has", `{"format": 1, "evil": 1}`, 100, `unknown field "evil"`},
		{"a cell field no archive has", `{"tables": {"games": [{"id": {"x": 1}}]}}`, 100, `unknown field "x"`},
		{"a second archive after it", `{"format": 1} {"format": 1}`, 100, "something follows the archive"},
		{"too long", `{"format": 1}` + strings.Repeat(" ", 100), 100, "over 100 bytes"},
		{"just as long as allowed", `{"format": 1}` + strings.Repeat(" ", 87), 100, ""},
		{"cut short", `{"format": 1, "tables": {`, 100, "unexpected EOF"},
		{"not JSON", `format = 1`, 100, "invalid character"},
	}
	for _, tc := range tests {
		_, err := store.DecodeArchive(strings.NewReader(tc.in), tc.limit)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// FuzzImport imports any archive.json into a database that holds another
// game and an older copy of the archive's. It must never panic; a refused
// import must leave the database as it was, and one that goes in must
// leave the other game's rows alone and add none to them.
// Each input runs in a transaction rolled back at the end, and the dump
// after it must equal the first one: the database every input meets is
// the same as a fresh one, without the cost of making one per input.
// Give -fuzzminimizetime=2s: an archive is kilobytes, and minimizing each
// new input for the default minute leaves a short run no time to fuzz.
func FuzzImport(f *testing.F) {
	ctx := context.Background()
	src := openTemp(f)
	fillGame(f, src, "cr-1", 2)
	fillGame(f, src, "cr-2", 4)
	real := exported(f, src, "cr-1")
	fresh := exported(f, src, "cr-2") // a game not in dst
	dst := openTemp(f)
	fillGame(f, dst, "other", 1)
	fillGame(f, dst, "cr-1", 3) // an older copy, which only --replace replaces
	base := dump(f, dst.q)
	otherGame, err := dst.ExportGame(ctx, "other")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(real, false)
	f.Add(real, true)
	f.Add(exported(f, dst, "other"), true)
	f.Add(fresh, false)
	for _, mutant := range [][2]string{
		{`"game_id":{"s":"cr-2"}`, `"game_id":{"s":"other"}`},
		{`"name":`, `"id) VALUES (1); UPDATE games SET name='pwned' WHERE id='other'; --":{"i":1},"name":`},
		{`"inbox_id":{"i":1}`, `"inbox_id":{"s":"1"}`},
		{`"outbox_id":{"i":1}`, `"outbox_id":{"null":true}`},
	} {
		f.Add(bytes.Replace(fresh, []byte(mutant[0]), []byte(mutant[1]), 1), false)
	}
	errRollBack := errors.New("checked: roll back")
	f.Fuzz(func(t *testing.T, b []byte, replace bool) {
		a, err := store.DecodeArchive(bytes.NewReader(b), 1<<20)
		if err != nil {
			return
		}
		err = dst.update(ctx, func(tx *Tx) error {
			if err := tx.ImportGame(ctx, a, replace); err != nil {
				return err
			}
			// Only --replace imports a game that is there, and only its rows go.
			if a.GameID != "other" {
				if now, err := tx.ExportGame(ctx, "other"); err != nil || !reflect.DeepEqual(now, otherGame) {
					t.Errorf("an import of %q changed another game's rows: %v", a.GameID, err)
				}
			}
			if lost := lostRows(base, dump(t, tx.q)); len(lost) > 0 && !replace {
				t.Errorf("an import of %q lost rows: %q", a.GameID, lost)
			}
			return errRollBack
		})
		if err == nil {
			t.Fatal("the transaction was not rolled back")
		}
		if after := dump(t, dst.q); !reflect.DeepEqual(base, after) {
			t.Fatalf("the database changed (%v): lost %q", err, lostRows(base, after))
		}
	})
}
