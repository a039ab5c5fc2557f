package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// CreateGame inserts a new game.
func (o ops) CreateGame(ctx context.Context, g Game) error {
	if g.Status == "" {
		g.Status = "active"
	}
	if g.Turn == 0 {
		g.Turn = 1
	}
	g = withDefaults(g)
	_, err := o.q.ExecContext(ctx, `INSERT INTO games(id, title, name, status, turn, seed, deadline, period, time_zone, early, created_at,
		schedule, grace, remind, missed, gm_address, gm_password_hash, move_timeout, timeout_policy)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Title, g.Name, g.Status, g.Turn, g.Seed, nullTime(g.Deadline), nullDuration(g.Period), g.TimeZone, g.Early, fmtTime(g.Created),
		g.Schedule, nullDuration(g.Grace), nullDuration(g.Remind), g.Missed, nullString(store.NormalizeAddress(g.GMAddress)), g.GMPasswordHash,
		nullDuration(g.MoveTimeout), g.TimeoutPolicy)
	if err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	return nil
}

func withDefaults(g Game) Game {
	if g.TimeZone == "" {
		g.TimeZone = "UTC"
	}
	if g.Missed == "" {
		g.Missed = "computer"
	}
	if g.TimeoutPolicy == "" {
		g.TimeoutPolicy = "pass"
	}
	return g
}

// UpdateGame writes a game's settings: everything but its id, title, seed,
// turn and creation, which only the pass changes.
func (o ops) UpdateGame(ctx context.Context, g Game) error {
	g = withDefaults(g)
	res, err := o.q.ExecContext(ctx, `UPDATE games SET name = ?, status = ?, deadline = ?, period = ?, time_zone = ?, early = ?,
		schedule = ?, grace = ?, remind = ?, missed = ?, gm_address = ?, gm_password_hash = ?, move_timeout = ?, timeout_policy = ? WHERE id = ?`,
		g.Name, g.Status, nullTime(g.Deadline), nullDuration(g.Period), g.TimeZone, g.Early,
		g.Schedule, nullDuration(g.Grace), nullDuration(g.Remind), g.Missed, nullString(store.NormalizeAddress(g.GMAddress)), g.GMPasswordHash,
		nullDuration(g.MoveTimeout), g.TimeoutPolicy, g.ID)
	if err != nil {
		return fmt.Errorf("update game %s: %w", g.ID, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("update game %s: %w", g.ID, store.ErrNotFound)
	}
	return nil
}

func nullDuration(d time.Duration) any {
	if d <= 0 {
		return nil
	}
	return d.String()
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

const gameColumns = `id, title, name, status, turn, seed, deadline, period, time_zone, early, created_at,
	schedule, grace, remind, missed, gm_address, gm_password_hash, move_timeout, timeout_policy`

func scanGame(row interface{ Scan(...any) error }) (Game, error) {
	var g Game
	var deadline, period, grace, remind, gmAddr, timeout sql.NullString
	var created string
	if err := row.Scan(&g.ID, &g.Title, &g.Name, &g.Status, &g.Turn, &g.Seed, &deadline, &period, &g.TimeZone, &g.Early, &created,
		&g.Schedule, &grace, &remind, &g.Missed, &gmAddr, &g.GMPasswordHash, &timeout, &g.TimeoutPolicy); err != nil {
		return g, err
	}
	g.GMAddress = gmAddr.String
	var err error
	if g.Deadline, err = scanNullTime(deadline); err != nil {
		return g, fmt.Errorf("game %s deadline: %w", g.ID, err)
	}
	for _, d := range []struct {
		into *time.Duration
		from sql.NullString
		name string
	}{{&g.Period, period, "period"}, {&g.Grace, grace, "grace"}, {&g.Remind, remind, "remind"}, {&g.MoveTimeout, timeout, "move_timeout"}} {
		if d.from.Valid && d.from.String != "" {
			if *d.into, err = time.ParseDuration(d.from.String); err != nil {
				return g, fmt.Errorf("game %s %s: %w", g.ID, d.name, err)
			}
		}
	}
	if g.Created, err = parseTime(created); err != nil {
		return g, fmt.Errorf("game %s created_at: %w", g.ID, err)
	}
	return g, nil
}

// Game returns the game with the given id, or store.ErrNotFound. An id no game
// has exactly is looked up again regardless of case, and the one game it
// matches is returned, with its own spelling in ID: `game new` makes ids
// lower case, but a game made before it did may have capitals, and a
// player writes the GAME line of a mail as they please. Two games whose
// ids differ only in case are not guessed between: store.ErrNotFound.
func (o ops) Game(ctx context.Context, id string) (Game, error) {
	g, err := scanGame(o.q.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if !errors.Is(err, sql.ErrNoRows) {
		return g, err
	}
	key, err := o.gameKey(ctx, id)
	if err != nil {
		return g, err
	}
	return scanGame(o.q.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, key))
}

// gameIDAsStored is id as the games table spells it, for the writes that
// take a game id as a mail wrote it (orders, the inbox row, the outbox
// row of a reply): the mail reader keeps the GAME line's spelling, and
// the row must name the game Game found for it, or the foreign key
// refuses it. An id no game matches is returned unchanged.
func (o ops) gameIDAsStored(ctx context.Context, id string) (string, error) {
	if id == "" {
		return id, nil
	}
	var key string
	err := o.q.QueryRowContext(ctx, `SELECT id FROM games WHERE id = ?`, id).Scan(&key)
	if err == nil {
		return key, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return id, fmt.Errorf("game %q: %w", id, err)
	}
	key, err = o.gameKey(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return id, nil
	}
	return key, err
}

// gameKey is the id, as stored, of the one game whose id is id regardless
// of case; store.ErrNotFound if no game's is, or more than one's.
func (o ops) gameKey(ctx context.Context, id string) (string, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT id FROM games WHERE lower(id) = lower(?) ORDER BY id LIMIT 2`, id)
	if err != nil {
		return "", fmt.Errorf("game %q: %w", id, err)
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return "", fmt.Errorf("game %q: %w", id, err)
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("game %q: %w", id, err)
	}
	switch len(keys) {
	case 0:
		return "", fmt.Errorf("game %q: %w", id, store.ErrNotFound)
	case 1:
		return keys[0], nil
	}
	return "", fmt.Errorf("game %q: games %s and %s differ from it only in case, and neither is guessed: %w", id, keys[0], keys[1], store.ErrNotFound)
}

// Games lists every game, oldest first.
func (o ops) Games(ctx context.Context) ([]Game, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT `+gameColumns+` FROM games ORDER BY created_at, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// AdvanceTurn moves a game to its next turn and deadline. It checks the turn
// it expects, so that a stale caller cannot advance a game twice.
func (o ops) AdvanceTurn(ctx context.Context, gameID string, from int, deadline time.Time) error {
	res, err := o.q.ExecContext(ctx, `UPDATE games SET turn = turn + 1, deadline = ? WHERE id = ? AND turn = ?`,
		nullTime(deadline), gameID, from)
	if err != nil {
		return fmt.Errorf("advance %s from turn %d: %w", gameID, from, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("advance %s from turn %d: the game is no longer at that turn", gameID, from)
	}
	return nil
}

// AddPosition registers a seat.
func (o ops) AddPosition(ctx context.Context, p Position) error {
	_, err := o.q.ExecContext(ctx, `INSERT INTO positions(game_id, number, name, address, password_hash, controller) VALUES (?, ?, ?, ?, ?, ?)`,
		p.GameID, p.Number, p.Name, nullString(store.NormalizeAddress(p.Address)), p.PasswordHash, controller(p))
	if err != nil {
		return fmt.Errorf("add position %s/%d: %w", p.GameID, p.Number, err)
	}
	return nil
}

func scanPosition(row interface{ Scan(...any) error }) (Position, error) {
	var p Position
	var addr sql.NullString
	var controller string
	err := row.Scan(&p.GameID, &p.Number, &p.Name, &addr, &p.PasswordHash, &controller)
	p.Address = addr.String
	p.Human = controller == "human"
	return p, err
}

const positionColumns = `game_id, number, name, address, password_hash, controller`

// Position returns one seat, or store.ErrNotFound.
func (o ops) Position(ctx context.Context, gameID string, number int) (Position, error) {
	p, err := scanPosition(o.q.QueryRowContext(ctx, `SELECT `+positionColumns+` FROM positions WHERE game_id = ? AND number = ?`, gameID, number))
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("position %s/%d: %w", gameID, number, store.ErrNotFound)
	}
	return p, err
}

// Positions lists a game's seats in number order.
func (o ops) Positions(ctx context.Context, gameID string) ([]Position, error) {
	return o.positions(ctx, `SELECT `+positionColumns+` FROM positions WHERE game_id = ? ORDER BY number`, gameID)
}

// PositionsByAddress lists every seat registered to an address, in any game.
func (o ops) PositionsByAddress(ctx context.Context, address string) ([]Position, error) {
	return o.positions(ctx, `SELECT `+positionColumns+` FROM positions WHERE address = ? ORDER BY game_id, number`, store.NormalizeAddress(address))
}

func (o ops) positions(ctx context.Context, query string, arg any) ([]Position, error) {
	rows, err := o.q.QueryContext(ctx, query, arg)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Position
	for rows.Next() {
		p, err := scanPosition(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// SaveOrders stores a position's orders for a turn, superseding any earlier
// ones for the same turn.
func (o ops) SaveOrders(ctx context.Context, gameID string, turn, position int, inboxID int64, body []byte, echo string, at time.Time) error {
	gameID, err := o.gameIDAsStored(ctx, gameID)
	if err != nil {
		return fmt.Errorf("save orders: %w", err)
	}
	if _, err := o.q.ExecContext(ctx, `UPDATE orders SET superseded = 1 WHERE game_id = ? AND turn = ? AND position = ? AND superseded = 0 AND rolled_back IS NULL`,
		gameID, turn, position); err != nil {
		return fmt.Errorf("supersede orders %s/%d turn %d: %w", gameID, position, turn, err)
	}
	var inbox any
	if inboxID > 0 {
		inbox = inboxID
	}
	if _, err := o.q.ExecContext(ctx, `INSERT INTO orders(game_id, turn, position, inbox_id, body, echo, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		gameID, turn, position, inbox, body, echo, fmtTime(at)); err != nil {
		return fmt.Errorf("save orders %s/%d turn %d: %w", gameID, position, turn, err)
	}
	return nil
}

// MarkRefused records on a position's standing orders for a turn how
// many of the turnsheet's lines were refused: such orders do not count
// as in for early resolution until confirmed (ruling P21).
func (o ops) MarkRefused(ctx context.Context, gameID string, turn, position, refused int) error {
	gameID, err := o.gameIDAsStored(ctx, gameID)
	if err != nil {
		return fmt.Errorf("mark refused lines: %w", err)
	}
	if _, err := o.q.ExecContext(ctx, `UPDATE orders SET refused = ? WHERE game_id = ? AND turn = ? AND position = ? AND superseded = 0 AND rolled_back IS NULL`,
		refused, gameID, turn, position); err != nil {
		return fmt.Errorf("mark refused lines of %s/%d turn %d: %w", gameID, position, turn, err)
	}
	return nil
}

// ConfirmOrders is a player's CONFIRM: the standing orders count as in
// despite their refused lines. It returns how many refused lines were
// confirmed, and store.ErrNotFound when the position has no standing orders.
func (o ops) ConfirmOrders(ctx context.Context, gameID string, turn, position int) (int, error) {
	var id int64
	var refused int
	err := o.q.QueryRowContext(ctx, `SELECT id, refused FROM orders WHERE game_id = ? AND turn = ? AND position = ? AND superseded = 0 AND rolled_back IS NULL`,
		gameID, turn, position).Scan(&id, &refused)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, store.ErrNotFound
	} else if err != nil {
		return 0, fmt.Errorf("orders of %s/%d turn %d: %w", gameID, position, turn, err)
	}
	if refused == 0 {
		return 0, nil
	}
	if _, err := o.q.ExecContext(ctx, `UPDATE orders SET refused = 0 WHERE id = ?`, id); err != nil {
		return 0, fmt.Errorf("confirm orders of %s/%d turn %d: %w", gameID, position, turn, err)
	}
	return refused, nil
}

// UnconfirmedOrders are the positions whose standing orders for a turn
// had lines refused and are not yet confirmed, with how many.
func (o ops) UnconfirmedOrders(ctx context.Context, gameID string, turn int) (map[int]int, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT position, refused FROM orders WHERE game_id = ? AND turn = ? AND superseded = 0 AND rolled_back IS NULL AND refused > 0`, gameID, turn)
	if err != nil {
		return nil, fmt.Errorf("unconfirmed orders %s turn %d: %w", gameID, turn, err)
	}
	defer rows.Close()
	out := map[int]int{}
	for rows.Next() {
		var p, n int
		if err := rows.Scan(&p, &n); err != nil {
			return nil, err
		}
		out[p] = n
	}
	return out, rows.Err()
}

// CurrentOrders returns the standing orders of each position for a turn.
func (o ops) CurrentOrders(ctx context.Context, gameID string, turn int) (map[int][]byte, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT position, body FROM orders WHERE game_id = ? AND turn = ? AND superseded = 0 AND rolled_back IS NULL`, gameID, turn)
	if err != nil {
		return nil, fmt.Errorf("orders %s turn %d: %w", gameID, turn, err)
	}
	defer rows.Close()
	out := map[int][]byte{}
	for rows.Next() {
		var p int
		var b []byte
		if err := rows.Scan(&p, &b); err != nil {
			return nil, err
		}
		out[p] = b
	}
	return out, rows.Err()
}

// SaveSnapshot stores the state a turn's resolution produced.
func (o ops) SaveSnapshot(ctx context.Context, s Snapshot, at time.Time) error {
	_, err := o.q.ExecContext(ctx, `INSERT INTO snapshots(game_id, turn, state, seed, inputs, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		s.GameID, s.Turn, s.State, s.Seed, string(s.Inputs), fmtTime(at))
	if err != nil {
		return fmt.Errorf("save snapshot %s turn %d: %w", s.GameID, s.Turn, err)
	}
	return nil
}

// ReplaceSetup rewrites a game's setup (snapshot 0). It is for a game by
// mail that has not begun: its log is empty, so no later state rests on
// the setup yet.
func (o ops) ReplaceSetup(ctx context.Context, gameID string, state []byte) error {
	res, err := o.q.ExecContext(ctx, `UPDATE snapshots SET state = ? WHERE game_id = ? AND turn = 0 AND NOT EXISTS (SELECT 1 FROM moves WHERE game_id = ?)`, state, gameID, gameID)
	if err != nil {
		return fmt.Errorf("replace the setup of %s: %w", gameID, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("replace the setup of %s: the game has begun", gameID)
	}
	return nil
}

// LatestSnapshot returns the newest snapshot of a game, or store.ErrNotFound.
func (o ops) LatestSnapshot(ctx context.Context, gameID string) (Snapshot, error) {
	return o.snapshot(ctx, gameID, `SELECT turn, state, seed, inputs, created_at FROM snapshots WHERE game_id = ? AND rolled_back IS NULL ORDER BY id DESC LIMIT 1`, gameID)
}

// SnapshotAt returns the state a turn's resolution produced (the first of
// the turn's snapshots the game follows; a game master's adjustments come
// after it), or store.ErrNotFound. Turn 0 is the setup.
func (o ops) SnapshotAt(ctx context.Context, gameID string, turn int) (Snapshot, error) {
	return o.snapshot(ctx, gameID, `SELECT turn, state, seed, inputs, created_at FROM snapshots WHERE game_id = ? AND turn = ? AND rolled_back IS NULL ORDER BY id LIMIT 1`, gameID, turn)
}

func (o ops) snapshot(ctx context.Context, gameID, query string, args ...any) (Snapshot, error) {
	s := Snapshot{GameID: gameID}
	var created, inputs string
	err := o.q.QueryRowContext(ctx, query, args...).Scan(&s.Turn, &s.State, &s.Seed, &inputs, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return s, fmt.Errorf("snapshot of %s: %w", gameID, store.ErrNotFound)
	}
	if err != nil {
		return s, fmt.Errorf("snapshot of %s: %w", gameID, err)
	}
	if s.Created, err = parseTime(created); err != nil {
		return s, fmt.Errorf("snapshot of %s: %w", gameID, err)
	}
	s.Inputs = []byte(inputs)
	return s, nil
}

// AddEvents appends a turn's events in order.
func (o ops) AddEvents(ctx context.Context, gameID string, turn int, events []Event) error {
	for i, e := range events {
		var vis any
		if e.VisibleTo > 0 {
			vis = e.VisibleTo
		}
		if _, err := o.q.ExecContext(ctx, `INSERT INTO events(game_id, turn, seq, kind, visible_to, text) VALUES (?, ?, ?, ?, ?, ?)`,
			gameID, turn, i+1, e.Kind, vis, e.Text); err != nil {
			return fmt.Errorf("add event %s turn %d: %w", gameID, turn, err)
		}
	}
	return nil
}

// Events returns a turn's events in order.
func (o ops) Events(ctx context.Context, gameID string, turn int) ([]Event, error) {
	return o.events(ctx, `SELECT kind, visible_to, text FROM events WHERE game_id = ? AND turn = ? AND rolled_back IS NULL ORDER BY seq`, gameID, turn)
}

func (o ops) events(ctx context.Context, query string, args ...any) ([]Event, error) {
	rows, err := o.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		var vis sql.NullInt64
		if err := rows.Scan(&e.Kind, &vis, &e.Text); err != nil {
			return nil, err
		}
		e.VisibleTo = int(vis.Int64)
		out = append(out, e)
	}
	return out, rows.Err()
}

// SetGameStatus moves a game to active, paused or ended.
func (o ops) SetGameStatus(ctx context.Context, id, status string) error {
	res, err := o.q.ExecContext(ctx, `UPDATE games SET status = ? WHERE id = ?`, status, id)
	if err != nil {
		return fmt.Errorf("set %s %s: %w", id, status, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("set %s %s: %w", id, status, store.ErrNotFound)
	}
	return nil
}

// Snapshots lists the snapshots a game follows, oldest first: the setup,
// then one a turn, without those rolled back.
func (o ops) Snapshots(ctx context.Context, gameID string) ([]Snapshot, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT turn, state, seed, inputs, created_at FROM snapshots WHERE game_id = ? AND rolled_back IS NULL ORDER BY turn, id`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Snapshot
	for rows.Next() {
		s := Snapshot{GameID: gameID}
		var inputs, created string
		if err := rows.Scan(&s.Turn, &s.State, &s.Seed, &inputs, &created); err != nil {
			return nil, err
		}
		s.Inputs = []byte(inputs)
		if s.Created, err = parseTime(created); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// controller is how the positions table names who plays a seat.
func controller(p Position) string {
	if p.Human {
		return "human"
	}
	return "computer"
}
