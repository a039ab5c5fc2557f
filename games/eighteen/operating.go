package eighteen

import (
	"slices"

	"github.com/railpost/railpost/games/move"
)

// The steps of a company's operating turn, in order, the same in every
// title so far (1870 4.1 B, 18EZ 2.2): its track, its station token, its
// run, the run's dividend and its trains. A title's round stores the
// number, so the order is part of the saved games and must not change.
const (
	StepTrack = iota
	StepToken
	StepRun
	StepDividend
	StepTrains
)

// Turn is a title's operating turn as the steps of it read it, so that
// the core builds those steps the one way for every title: each blocks
// while the turn is at its step and waits on the company's president.
type Turn struct {
	// At tells whether a company's turn is at the step and nothing else
	// (an offer, a question put first) holds it up.
	At func(step int) bool
	// President is the seat that decides for the operating company, none
	// between turns.
	President func() []int
}

// Table is a step of the turn from plain parts: its moves by verb and
// the candidates it offers, blocking while the turn is at step. The
// title sets Judged or Alongside on it where its step needs them.
func (t Turn) Table(title string, step int, moves map[string]Move, candidate func(seat int, q move.Query) []move.Option) *Table {
	return &Table{Title: title, Moves: moves, Blocks: func() bool { return t.At(step) }, Waiting: t.President, Candidate: candidate}
}

// Track is the company's track step: LAY as the title judges and makes
// it, SKIP to leave the step, and the title's lays offered beside SKIP
// only when the query wants them, as listing every lay is the costly
// part. The lays are judged as they are found, so not twice.
func (t Turn) Track(lay, skip Move, lays func(seat int, q move.Query) []move.Option) Step {
	s := t.Table("track", StepTrack, map[string]Move{"LAY": lay, "SKIP": skip}, func(seat int, q move.Query) []move.Option {
		out := []move.Option{move.Opt(seat, "SKIP")}
		if q.Wants("LAY") {
			out = append(out, lays(seat, q)...)
		}
		return out
	})
	s.Judged = []string{"LAY"}
	return s
}

// RoundState is where play stands, as every title keeps it: the kind of
// round; whose turn in a stock round, the passes in succession and the
// last seat to act; the operating round's number, the company operating
// and the step of its turn, and its run's revenue until the dividend;
// and an offer waiting on a second player's word. A title's round embeds
// it beside its own fields, and the title's stored form of its round
// lists every field, so that what moves here does not change a saved
// game.
type RoundState struct {
	Kind    int
	Seat    int
	Passes  int
	LastAct int
	OR      int
	Corp    string
	Step    int
	Revenue int
	Offer   *Offer
}

// Operating is the company whose turn it is in an operating round, or
// nil.
func (b *Base[T, P]) Operating() *T {
	if r := b.hooks.State; r.Kind != b.hooks.Operating || r.Corp == "" {
		return nil
	}
	return b.Corp(b.hooks.State.Corp)
}

// OperatingNow tells whether a company's turn is at a step and no offer
// waits on a second player's word first.
func (b *Base[T, P]) OperatingNow(step int) bool {
	return b.Operating() != nil && b.hooks.State.Step == step && b.hooks.State.Offer == nil
}

// President is the seat that decides for the operating company, none
// between turns.
func (b *Base[T, P]) President() []int {
	if c := b.Operating(); c != nil {
		return []int{P(c).Core().President}
	}
	return nil
}

// Turn is the operating turn as the core's steps of it read it.
func (b *Base[T, P]) Turn() Turn { return Turn{At: b.OperatingNow, President: b.President} }

// Skip leaves the step the operating turn is at for the next: SKIP, as
// every title makes it once its own check allows it.
func (b *Base[T, P]) Skip(move.Action) error {
	b.hooks.State.Step++
	return nil
}

// NextSeat is the seat after s, round the table, past the seats that
// have left the game.
func (b *Base[T, P]) NextSeat(s int) int {
	for i := 1; i < len(b.Players); i++ {
		if n := (s + i) % len(b.Players); !slices.Contains(b.Out, n) {
			return n
		}
	}
	return (s + 1) % len(b.Players)
}
