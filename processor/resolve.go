package processor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// resolve runs the turn of every game that is due. Each turn commits in one
// transaction: the new snapshot, its events, the advanced turn and deadline,
// and every report queued in the outbox.
func (p *Processor) resolve(ctx context.Context, sum *Summary) error {
	games, err := p.Store.Games(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, g := range games {
		if err := ctx.Err(); err != nil {
			return err
		}
		if g.Status != "active" {
			continue
		}
		lease, err := p.Store.Lease(ctx, g.ID)
		if errors.Is(err, ErrBusy) {
			continue // another judge is working on it
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("game %s: %w", g.ID, err))
			continue
		}
		err = p.resolveLeased(ctx, g.ID, sum)
		lease.Release()
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// resolveLeased resolves one game under its lease, read afresh: another
// judge may have moved it on since the list of games was read.
func (p *Processor) resolveLeased(ctx context.Context, id string, sum *Summary) error {
	g, err := p.Store.Game(ctx, id)
	if err != nil {
		return fmt.Errorf("game %s: %w", id, err)
	}
	if g.Status != "active" {
		return nil
	}
	if byMove(p.Titles, g) {
		n, err := p.tendMoves(ctx, g)
		sum.Reminded += n
		if err != nil {
			return fmt.Errorf("game %s action %d: %w", g.ID, g.Turn, err)
		}
		return nil
	}
	done, err := p.resolveGame(ctx, g)
	if err != nil {
		return fmt.Errorf("game %s turn %d: %w", g.ID, g.Turn, err)
	}
	if done {
		sum.Resolved++
		p.fault(FaultResolved)
	}
	return nil
}

const whyAllIn = "every human position has sent orders"

// Due reports whether a game's turn should resolve now, and why. in holds
// the orders that count as in for early resolution: standing orders with
// refused lines count only once confirmed (countingIn, ruling P21).
func Due(g store.Game, positions []store.Position, in map[int][]byte, now time.Time) (bool, string) {
	if !g.Deadline.IsZero() && !now.Before(g.Deadline.Add(g.Grace)) {
		return true, "deadline passed"
	}
	if !g.Early {
		return false, "waiting for the deadline"
	}
	humans, n := 0, 0
	for _, pos := range positions {
		if pos.Human {
			humans++
			if _, ok := in[pos.Number]; ok {
				n++
			}
		}
	}
	if humans > 0 && n == humans {
		return true, whyAllIn
	}
	return false, fmt.Sprintf("%d of %d human positions in", n, humans)
}

// countingIn are the standing orders that count as in for early
// resolution: a turnsheet accepted with lines refused waits for the
// player's CONFIRM or a clean turnsheet, since the player may mean to
// correct it (ruling P21). Such orders still stand, and are played at the
// deadline as they are.
func countingIn(standing map[int][]byte, unconfirmed map[int]int) map[int][]byte {
	if len(unconfirmed) == 0 {
		return standing
	}
	in := make(map[int][]byte, len(standing))
	for pos, o := range standing {
		if unconfirmed[pos] == 0 {
			in[pos] = o
		}
	}
	return in
}

// resolveGame resolves a game's open turn if it is due, and commits it with
// its reports; it reports whether the turn was resolved.
func (p *Processor) resolveGame(ctx context.Context, g store.Game) (bool, error) {
	tt, err := turnTitle(p.Titles, g)
	if err != nil {
		return false, err
	}
	positions, err := p.Store.Positions(ctx, g.ID)
	if err != nil {
		return false, err
	}
	standing, err := p.Store.CurrentOrders(ctx, g.ID, g.Turn)
	if err != nil {
		return false, err
	}
	unconfirmed, err := p.Store.UnconfirmedOrders(ctx, g.ID, g.Turn)
	if err != nil {
		return false, err
	}
	t := &turnResolution{tt: tt, g: g, positions: positions, standing: standing, in: countingIn(standing, unconfirmed), now: p.now()}
	due, err := p.turnDue(ctx, t)
	if err != nil || !due {
		return false, err
	}
	if err := p.playTurn(ctx, t); err != nil {
		return false, err
	}
	if err := p.turnMails(ctx, t); err != nil {
		return false, err
	}
	if err := p.commitTurn(ctx, t); err != nil {
		return false, err
	}
	p.log().Info("turn resolved", "game", g.ID, "turn", g.Turn, "why", t.why, "reports", len(t.mails), "over", t.out.Over)
	return true, nil
}

// turnResolution is one turn of a game played in turns as resolveGame's
// steps share it: what the turn starts from, then what resolving it made,
// all of which commits together.
type turnResolution struct {
	tt        title.TurnTitle
	g         store.Game
	positions []store.Position
	standing  map[int][]byte // the orders sent for the turn, by position
	in        map[int][]byte // those that count as in for early resolution
	now       time.Time
	why       string // why the turn resolves now, for the log

	out    title.Outcome
	inputs []byte             // the turn's inputs as JSON, kept with its snapshot
	gmIDs  []int64            // the GM actions its headlines report
	finals []store.FinalScore // when the game is over
	next   time.Time          // the next turn's deadline; zero for none
	mails  []store.OutboxMail // the reports, then the GM's notice of missed turns
}

// turnDue reports whether the turn resolves now, and sets why. A turn
// whose every player is in waits if the GM reopened it by a rollback: its
// standing orders would only play it as it was played before. A turn not
// due resolves when the GM has ordered it.
func (p *Processor) turnDue(ctx context.Context, t *turnResolution) (bool, error) {
	g := t.g
	due, why := Due(g, t.positions, t.in, t.now)
	if !due || why == whyAllIn {
		log, err := p.gmLog(ctx, g.ID)
		if err != nil {
			return false, err
		}
		if due && log.reopened(g.Turn) {
			due = false
		}
		if !due && !log.processOrdered(g.Turn) {
			return false, nil
		}
		if !due {
			why = "the game master ordered it"
		}
	}
	t.why = why
	return true, nil
}

// playTurn resolves the turn from the latest snapshot and settles its
// events: the headlines open with the game master's news since the last
// turn, the final records follow the turn's own events when the game is
// over, and each player's own notes on missed orders close them.
func (p *Processor) playTurn(ctx context.Context, t *turnResolution) error {
	g := t.g
	snap, err := p.Store.LatestSnapshot(ctx, g.ID)
	if err != nil {
		return err
	}
	turn, inputs, notes := prepareTurn(g, snap.State, t.positions, t.standing)
	if t.out, err = t.tt.Resolve(turn); err != nil {
		return fmt.Errorf("resolve: %w", err)
	}
	gmActs, err := p.Store.UnreportedGMActions(ctx, g.ID)
	if err != nil {
		return err
	}
	var events []store.Event
	for _, a := range gmActs {
		events = append(events, store.Event{Kind: "gm", Text: a.Headline})
		t.gmIDs = append(t.gmIDs, a.ID)
	}
	if t.out.Over {
		var lines []string
		if t.finals, lines, err = p.endScores(ctx, g, t.out.State, t.positions, g.Turn, t.now); err != nil {
			return err
		}
		for _, l := range lines {
			t.out.Events = append(t.out.Events, store.Event{Kind: "record", Text: l})
		}
	}
	t.out.Events = append(append(events, t.out.Events...), notes...)
	t.inputs, err = json.Marshal(inputs)
	return err
}

// turnMails renders every human player's report of the turn, with the
// turnsheet for the next, and adds the game master's notice of players
// who keep missing turns.
func (p *Processor) turnMails(ctx context.Context, t *turnResolution) error {
	g := t.g
	misses, err := p.missedNotice(ctx, g, t.positions, t.standing)
	if err != nil {
		return err
	}
	// A turn resolved early leaves the next turn all its time: its deadline
	// is the one after this turn's own, never one that falls in a moment
	// (ruling P20).
	t.next = NextDeadline(g, later(t.now, g.Deadline))
	secret, err := p.Store.Secret(ctx)
	if err != nil {
		return err
	}
	var readers []store.Position
	for _, pos := range t.positions {
		if pos.Human && pos.Address != "" {
			readers = append(readers, pos)
		}
	}
	reps, err := renderReports(readers, func(pos store.Position) (title.Report, error) {
		req := title.ReportRequest{Game: g, Turn: g.Turn, State: t.out.State, Events: t.out.Events, Position: pos,
			Token: TurnsheetToken(secret, g.ID, pos.Number, g.Turn+1), Resolved: t.now}
		if !t.next.IsZero() {
			req.Deadline = ShowTime(g, t.next)
		}
		return t.tt.Report(req)
	})
	if err != nil {
		return err
	}
	for i, pos := range readers {
		rep := reps[i]
		m, err := p.compose(composeArgs{kind: "report", to: []string{pos.Address}, subject: rep.Subject, text: rep.Text,
			attachments: rep.Attachments, gameID: g.ID, position: pos.Number, autoSubmitted: "auto-generated"})
		if err != nil {
			return err
		}
		t.mails = append(t.mails, m)
	}
	t.mails = append(t.mails, misses...)
	return nil
}

// commitTurn commits the resolved turn in one transaction: the new
// snapshot, the GM actions reported, the events, the advanced turn and
// deadline, the end of the game if it is over, and every mail.
func (p *Processor) commitTurn(ctx context.Context, t *turnResolution) error {
	g, now := t.g, t.now
	return p.Store.Update(ctx, func(tx store.Tx) error {
		if err := tx.SaveSnapshot(ctx, store.Snapshot{GameID: g.ID, Turn: g.Turn, State: t.out.State, Seed: g.Seed, Inputs: t.inputs}, now); err != nil {
			return err
		}
		if err := tx.MarkGMActionsReported(ctx, t.gmIDs); err != nil {
			return err
		}
		if err := tx.AddEvents(ctx, g.ID, g.Turn, t.out.Events); err != nil {
			return err
		}
		if err := tx.AdvanceTurn(ctx, g.ID, g.Turn, t.next); err != nil {
			return err
		}
		if t.out.Over {
			if err := tx.SetGameStatus(ctx, g.ID, "ended"); err != nil {
				return err
			}
			if err := tx.AddFinalScores(ctx, t.finals); err != nil {
				return err
			}
		}
		for _, m := range t.mails {
			if _, err := tx.QueueMail(ctx, m, now); err != nil {
				return err
			}
		}
		p.fault(FaultResolveTx)
		return nil
	})
}

// prepareTurn assembles a turn's resolution: the standing orders, who is
// human, and the game's policy for humans who sent nothing: the computer
// plays them, or they stand pat (empty orders). Each such player gets a
// note saying which.
func prepareTurn(g store.Game, state []byte, positions []store.Position, standing map[int][]byte) (title.Turn, gamelog.TurnInputs, []store.Event) {
	t := title.Turn{GameID: g.ID, Turn: g.Turn, State: state, Orders: map[int][]byte{}, Humans: map[int]bool{}, Rand: title.Rand(g.Seed, g.Turn)}
	var in gamelog.TurnInputs
	var notes []store.Event
	for n, b := range standing {
		t.Orders[n] = b
	}
	for _, pos := range positions {
		t.Humans[pos.Number] = pos.Human
		if !pos.Human {
			continue
		}
		in.Humans = append(in.Humans, pos.Number)
		if _, sent := standing[pos.Number]; sent {
			continue
		}
		text := fmt.Sprintf("We had no orders from you for turn %d, so the computer played your position this turn.", g.Turn)
		if g.Missed == "standpat" {
			t.Orders[pos.Number] = []byte{}
			in.StandPat = append(in.StandPat, pos.Number)
			text = fmt.Sprintf("We had no orders from you for turn %d, so your position stood pat: no orders, and the rules' defaults.", g.Turn)
		}
		notes = append(notes, store.Event{Kind: "missed", VisibleTo: pos.Number, Text: text})
	}
	return t, in, notes
}

// missedNotice tells the game master of each player who has now missed
// two turns or more in a row.
func (p *Processor) missedNotice(ctx context.Context, g store.Game, positions []store.Position, standing map[int][]byte) ([]store.OutboxMail, error) {
	if g.GMAddress == "" {
		return nil, nil
	}
	history, err := p.Store.OrdersHistory(ctx, g.ID, g.Turn)
	if err != nil {
		return nil, err
	}
	d := turnMissed{GameID: g.ID, Turn: g.Turn}
	for _, pos := range positions {
		if _, sent := standing[pos.Number]; !pos.Human || sent {
			continue
		}
		run := 1
		for t := g.Turn - 1; t >= 1 && !history[t][pos.Number]; t-- {
			run++
		}
		if run >= 2 {
			d.Seats = append(d.Seats, missedSeat{Position: pos.Number, Address: pos.Address, Run: run})
		}
	}
	if len(d.Seats) == 0 {
		return nil, nil
	}
	return p.sayNotices(g, []store.Position{{Address: g.GMAddress}}, "turns/missed", d)
}

// turnMissed fills turns/missed: the players who have missed two turns or
// more in a row, up to Turn.
type turnMissed struct {
	GameID string
	Turn   int
	Seats  []missedSeat
}

type missedSeat struct {
	Position int
	Address  string
	Run      int // turns missed in a row
}

// renderReports renders the positions' reports as many at a time as there
// are cores: a turn's PDFs are the slowest part of a pass. The reports
// come back in the positions' order.
func renderReports(positions []store.Position, render func(store.Position) (title.Report, error)) ([]title.Report, error) {
	reps := make([]title.Report, len(positions))
	errs := make([]error, len(positions))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, pos := range positions {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			reps[i], errs[i] = render(pos)
			if errs[i] != nil {
				errs[i] = fmt.Errorf("report for position %d: %w", pos.Number, errs[i])
			}
		}()
	}
	wg.Wait()
	return reps, errors.Join(errs...)
}

// later is the later of two times.
func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// NextDeadline is the first deadline after now: the next time on the
// game's schedule, or else the deadline moved on by whole periods; zero if
// the game has neither. Both keep the wall-clock time the GM chose in the
// game's zone across DST changes.
func NextDeadline(g store.Game, now time.Time) time.Time {
	if g.Schedule != "" {
		if sc, err := ParseSchedule(g.Schedule); err == nil {
			return sc.Next(now, Zone(g))
		}
	}
	if g.Deadline.IsZero() || g.Period <= 0 {
		return time.Time{}
	}
	next := g.Deadline.In(Zone(g))
	for !next.After(now) {
		if g.Period%(24*time.Hour) == 0 {
			next = next.AddDate(0, 0, int(g.Period/(24*time.Hour)))
		} else {
			next = next.Add(g.Period)
		}
	}
	return next.UTC()
}
