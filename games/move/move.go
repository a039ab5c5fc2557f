// Package move is the protocol every one-move-at-a-time title speaks: a
// move as the words a player writes (Action), the legal moves a game
// offers (Option, narrowed by a Query), the rules behind them (Engine),
// and a log of moves replayed with its undos. It knows no title's rules,
// so the processor and a title outside the 18xx family can speak it
// without importing the 18xx core.
package move

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Action is one move in a game's log: who makes it and what it is, as the
// words a player would write ("BUY MP IPO", "LAY H17 57 2"). Keeping moves
// as words lets a mailed line, a log entry and a legal option be the same
// thing.
type Action struct {
	Seat int      `json:"seat"`
	Verb string   `json:"verb"`
	Args []string `json:"args,omitempty"`
}

func (a Action) String() string {
	return strings.TrimSpace(a.Verb + " " + strings.Join(a.Args, " "))
}

// ParseAction reads a move as a player writes it; verbs are upper-cased,
// arguments kept as written.
func ParseAction(seat int, line string) (Action, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Action{}, errors.New("an empty line is not a move")
	}
	return Action{Seat: seat, Verb: strings.ToUpper(f[0]), Args: f[1:]}, nil
}

// Option is a legal move, or a family of them: Args are fixed and, when
// Max >= Min and Ranged, one number from Min to Max follows them ("BID
// GSC" with 85..240).
type Option struct {
	Seat   int
	Verb   string
	Args   []string
	Ranged bool
	Min    int
	Max    int
}

// Action is the option's move with its number, or without one.
func (o Option) Action(n int) Action {
	args := append([]string(nil), o.Args...)
	if o.Ranged {
		args = append(args, strconv.Itoa(n))
	}
	return Action{Seat: o.Seat, Verb: o.Verb, Args: args}
}

func (o Option) String() string {
	s := o.Action(0).String()
	if o.Ranged {
		s = strings.TrimSuffix(s, " 0") + fmt.Sprintf(" <%d to %d>", o.Min, o.Max)
	}
	return s
}

// Opt is a move with fixed arguments.
func Opt(seat int, verb string, args ...string) Option {
	return Option{Seat: seat, Verb: verb, Args: args}
}

// RangedOpt is a move that ends with a number from lo to hi.
func RangedOpt(seat int, verb string, lo, hi int, args ...string) Option {
	return Option{Seat: seat, Verb: verb, Args: args, Ranged: true, Min: lo, Max: hi}
}

// Allows tells whether an option lists a move: the same verb and fixed
// arguments, and the number within range where it takes one.
func (o Option) Allows(a Action) bool {
	if o.Seat != a.Seat || !strings.EqualFold(o.Verb, a.Verb) {
		return false
	}
	n := len(o.Args)
	want := n
	if o.Ranged {
		want++
	}
	if len(a.Args) != want {
		return false
	}
	for i := range n {
		if !strings.EqualFold(o.Args[i], a.Args[i]) {
			return false
		}
	}
	if !o.Ranged {
		return true
	}
	v, err := strconv.Atoi(strings.TrimPrefix(a.Args[n], "$"))
	return err == nil && v >= o.Min && v <= o.Max
}

// Query narrows the options a step computes: a verb and the leading
// arguments of a move, so that checking one move need not list every
// move (every lay of every tile on every hex). The zero Query asks for
// every option.
type Query struct {
	Verb string
	Args []string
}

// Wants tells whether moves of this verb and these leading arguments
// may be asked for.
func (q Query) Wants(verb string, args ...string) bool {
	if q.Verb != "" && !strings.EqualFold(q.Verb, verb) {
		return false
	}
	for i, a := range args {
		if i < len(q.Args) && !strings.EqualFold(q.Args[i], a) {
			return false
		}
	}
	return true
}

// Engine is a title's rules over one game: who must act, what they may
// do, and doing it. Engines are pure: randomness comes from their setup.
type Engine interface {
	// Acting are the seats the game waits for.
	Acting() []int
	// Legal are the moves a seat may make now.
	Legal(seat int) []Option
	// Apply checks a move against the rules and makes it. An illegal move
	// changes nothing and its error names the rule that forbids it.
	Apply(Action) error
	// Over tells whether the game has ended.
	Over() bool
}
