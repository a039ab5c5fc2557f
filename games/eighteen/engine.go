package eighteen

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

// Undo is the verb of a log entry that takes a game back: its one
// argument is how many moves of the game, counted after earlier undos,
// stand.
const Undo = "UNDO"

// Replay rebuilds a game from its log. An UNDO entry is itself kept in
// the log but winds the game back: the moves after the point it names are
// dropped and the game replayed from its setup. It returns the game and
// the moves that stand.
func Replay(fresh func() (Engine, error), log []Action) (Engine, []Action, error) {
	var standing []Action
	for i, a := range log {
		if a.Verb != Undo {
			standing = append(standing, a)
			continue
		}
		n, err := UndoPoint(a)
		if err != nil || n > len(standing) {
			return nil, nil, fmt.Errorf("log entry %d: %s: %d moves stand, want a point from 0 to %d", i+1, a, len(standing), len(standing))
		}
		standing = standing[:n]
	}
	g, err := fresh()
	if err != nil {
		return nil, nil, err
	}
	for i, a := range standing {
		if err := g.Apply(a); err != nil {
			return nil, nil, fmt.Errorf("replay move %d (%s by seat %d): %w", i+1, a, a.Seat, err)
		}
	}
	return g, standing, nil
}

// UndoPoint is the number of standing moves an UNDO entry returns to.
func UndoPoint(a Action) (int, error) {
	if a.Verb != Undo || len(a.Args) != 1 {
		return 0, fmt.Errorf("%s: want UNDO and a number of moves", a)
	}
	n, err := strconv.Atoi(a.Args[0])
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s: want UNDO and a number of moves", a)
	}
	return n, nil
}
