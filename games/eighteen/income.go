package eighteen

import (
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// Income is the step in which a company's president settles its run's
// income: each of the title's choices (pay it out, pay half, keep it),
// and before choosing, RUN, naming other routes than the engine's best.
// The core lists the moves and reads RUN's routes; the title judges and
// makes each choice, for the rounding, the market moves and the rules of
// a run that earns less than the best differ from title to title.
type Income struct {
	Title   string
	Choices []Choice // in the menu's order: PAY, HALF, WITHHOLD or RETAIN
	Run     Move     // RUN as written: the title's check and making of it
	Blocks  func() bool
	Waiting func() []int
	// Offered tells whether the choices are a president's to make now (a
	// minor's split, an empty run's nothing, are not); nil for always.
	Offered func() bool
	// Routes are the run as it stands, listed as the RUN that would run
	// it again.
	Routes func() []Route
}

// Choice is one way to settle the income: its verb, check and making.
type Choice struct {
	Verb string
	Move
}

// Step is the income step built as a Table.
func (in Income) Step() Step {
	moves := make(map[string]Move, len(in.Choices)+1)
	for _, c := range in.Choices {
		moves[c.Verb] = c.Move
	}
	moves["RUN"] = in.Run
	return &Table{Title: in.Title, Moves: moves, Blocks: in.Blocks, Waiting: in.Waiting,
		Candidate: func(seat int, q move.Query) []move.Option {
			if in.Offered != nil && !in.Offered() {
				return nil
			}
			var out []move.Option
			for _, c := range in.Choices {
				out = append(out, move.Opt(seat, c.Verb))
			}
			switch routes := in.Routes(); {
			case q.Verb != "" && len(q.Args) > 0:
				out = append(out, move.Opt(seat, "RUN", q.Args...)) // judged as written
			case len(routes) > 0:
				out = append(out, move.Opt(seat, "RUN", RouteArgs(routes)...))
			}
			return out
		}}
}

// NamedRun reads RUN's routes as a player writes them: each train's stops
// by hex, joined by dashes. example is a RUN on the title's map, and rule
// the title's rule of runs, for the error.
func NamedRun(args []string, example, rule string) ([][]hexgrid.Hex, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("write RUN and each train's stops by hex, joined by dashes: %s (%s)", example, rule)
	}
	named := make([][]hexgrid.Hex, len(args))
	for i, arg := range args {
		for _, s := range strings.Split(strings.ToUpper(arg), "-") {
			h, err := hexgrid.ParseHex(s)
			if err != nil {
				return nil, fmt.Errorf("route %d: %q is not a hex; write each train's stops by hex, joined by dashes: %s (%s)", i+1, s, example, rule)
			}
			named[i] = append(named[i], h)
		}
	}
	return named, nil
}
