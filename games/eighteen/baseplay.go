package eighteen

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/move"
)

// Hooks are what a title decides in the play the core runs, and the
// words it tells it in: what is the same in every title is the Base's,
// what differs is here, as data where it can be and as a function of the
// title's game where it cannot. The functions read the title's own game,
// so a copy of the game is wired anew.
type Hooks struct {
	// Rounds are the title's kinds of round, each built of its steps,
	// by the title's numbers for its kinds; State is the title's state
	// of the round, which names the kind in play, and Operating is the
	// number of its operating round.
	Rounds    map[int]Round
	State     *RoundState
	Operating int
	// UpperArgs: the title's options write their arguments upper case, so
	// a move's may be written in any case.
	UpperArgs bool
	// EndRule is the rule to cite for a move once the game is over.
	EndRule string
	// Advance carries play on, once a move is made, through everything
	// no one has to decide.
	Advance func()
	// Decide is the computer's choice where the title has a view.
	Decide Decide
	// Bankroll is how the bank pays when it runs short.
	Bankroll Bankroll
	// Shares are the title's holding rules, by which the Base counts a
	// seat's certificates and lists its holdings; PresidentMark marks
	// the president's holding there. Limit is the certificate limit now.
	Shares        ShareRules
	PresidentMark string
	Limit         func() int
	// RouteText writes a run's routes for the status.
	RouteText func(trains []int, routes []Route) string
	// ParBeforeFloat: a company's share value is its par until it
	// floats, not a market price.
	ParBeforeFloat bool
	// Worth is how the title counts a seat's worth.
	Worth Worth
	// EndNote and PresidentNote are the title's words for the game's end
	// (a format of why) and a new president (of the player's name and
	// the company's symbol).
	EndNote, PresidentNote string
	// Write writes the title's stored state, in today's form (current)
	// or the form before certificates: the Base's State and FormerState.
	Write func(current bool) ([]byte, error)
	// View is the title's view of the game: the Base's Status and Now.
	View func() View
}

// Worth is a title's count of a seat's worth, cash and shares at their
// value and what else it says.
type Worth struct {
	Valued         func(*Corporation) bool // the companies whose shares count
	BankruptNoCash bool                    // a bankrupt seat's cash counts nothing
	PrivatesAtCost bool                    // privates a player holds count at their printed cost
}

// Wire sets the title's hooks: New and Clone call it, each with hooks
// that read its own game.
func (b *Base[T, P]) Wire(h Hooks) { b.hooks = h }

// Round is the round in play, built of its steps.
func (b *Base[T, P]) Round() Round { return b.hooks.Rounds[b.hooks.State.Kind] }

// Canonical is a move as the title's options write it (CanonicalMove).
func (b *Base[T, P]) Canonical(a move.Action) move.Action { return CanonicalMove(a, b.hooks.UpperArgs) }

// CanonicalMove is a move as the options write it: a tile may be written
// with its #, as printed ("LAY H17 #57 2"), and if the options are upper
// case (upper) the arguments in any case.
func CanonicalMove(a move.Action, upper bool) move.Action {
	if upper {
		args := make([]string, len(a.Args))
		for i, s := range a.Args {
			args[i] = strings.ToUpper(s)
		}
		a.Args = args
	}
	if a.Verb == "LAY" && len(a.Args) == 3 {
		a.Args = []string{a.Args[0], strings.TrimPrefix(a.Args[1], "#"), a.Args[2]}
	}
	return a
}

// Acting are the seats the game waits for: those of the step it waits on.
func (b *Base[T, P]) Acting() []int { return b.Round().Waiting(b.Ended) }

// Legal are the moves a seat may make now, each as the line to send:
// the options of the open steps, the only list there is.
func (b *Base[T, P]) Legal(seat int) []move.Option { return b.Round().Legal(b.Ended, seat) }

// Apply makes a move if the game waits for the seat and the open steps
// list it, and only then; a refused move changes nothing, and its error
// names the rule. Play then carries on to the next decision.
func (b *Base[T, P]) Apply(a move.Action) error {
	if err := b.Round().Move(b.Canonical(a), b.Ended, b.hooks.EndRule, b.Players); err != nil {
		return err
	}
	b.hooks.Advance()
	return nil
}

// Suggest is the computer's move for a seat, always one of the seat's
// legal options (the steps' own list): the title's choice where it has a
// view, else the default (decline, done, pass or skip).
func (b *Base[T, P]) Suggest(seat int, rng *rand.Rand) move.Action {
	return Suggest(seat, b.Legal(seat), b.hooks.Decide, rng)
}

// Consent is the step that puts an open offer to its other side. ACCEPT
// clears it and makes the proposed move by do, with Agreed set while it
// is made; DECLINE clears it and tells the table by declined, a format of
// the decliner's name and the move. The offer waiting is the round
// state's, read when the step is asked, as the steps are built before
// the game is wired.
func (b *Base[T, P]) Consent(do func(move.Action) error, declined string) Step {
	return ConsentStep(func() *Offer { return b.hooks.State.Offer },
		func(o Offer) error {
			b.hooks.State.Offer = nil
			b.Note("%s accepts", b.Players[o.To].Name)
			b.agreed = true
			defer func() { b.agreed = false }()
			return do(o.Move)
		},
		func(o Offer) error {
			b.hooks.State.Offer = nil
			b.Note(declined, b.Players[o.To].Name, o.Move)
			return nil
		})
}

// Agreed tells whether the move being made is an accepted offer's: a
// deal's check for the other side's word is then met.
func (b *Base[T, P]) Agreed() bool { return b.agreed }

// MaxJudged caps the options the computer tries one by one for a
// decision (lays on a copy of the map): beyond it, a random sample, so
// that a late-game turn stays quick.
const MaxJudged = 40

// Sample is at most MaxJudged of the options, a random choice if there
// are more; the options given are not changed.
func Sample(opts []move.Option, rng *rand.Rand) []move.Option {
	if len(opts) <= MaxJudged {
		return opts
	}
	opts = slices.Clone(opts)
	rng.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
	return opts[:MaxJudged]
}
