// Package title is what the processor needs of a game title. Each title
// is one package under titles/ that gives one value of these interfaces;
// the processor reaches every title through them and knows none by name.
// Abilities only some titles have are the optional interfaces below,
// which the processor asks for.
package title

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// Title is what every title gives, whichever way it is played.
type Title interface {
	// Name is the title's name in games and commands.
	Name() string
	// Prefix begins the ids of its games: cr-1, cr-2.
	Prefix() string
	// Seats are the fewest and most positions a game has.
	Seats() (least, most int)
}

// TurnTitle is a title played in simultaneous turns: every position sends
// its orders, and the turn resolves at once at its deadline. A game's log
// is each turn's standing orders.
type TurnTitle interface {
	Title
	Grammar() orders.Grammar
	// Setup makes the state before turn 1 for a game with the given
	// positions.
	Setup(positions []store.Position, rng *rand.Rand) ([]byte, error)
	// Resolve runs one turn.
	Resolve(t Turn) (Outcome, error)
	// Report is what one position receives after a turn.
	Report(r ReportRequest) (Report, error)
	// Welcome is the mail that seats a player, at the start or mid-game:
	// how to play and send orders, the password (when one was just made;
	// "" when resending), and the turnsheet for the turn open now. r.State
	// is the latest snapshot and r.Turn the turn open for orders.
	Welcome(r ReportRequest, password string) (Report, error)
}

// MoveTitle is a title played one action per mail: the game waits on one
// player, or the bidders of an auction in turn; that player mails one
// move; the processor checks and applies it at once and mails the next
// player. A game's log is its moves, replayed through the engine, so any
// engine of the move.Engine shape plugs in.
type MoveTitle interface {
	Title
	// New starts a game: players in seating order, the seed, and the
	// variants the game master chose.
	New(s Setup) (MoveGame, error)
	// Report is a game's PDF report, as of now, for one position (0: the
	// game master), dated at.
	Report(g MoveGame, gameName string, position int, at time.Time) ([]byte, error)
}

// Setup is what a game played by mail starts from, stored as its
// snapshot 0 so that every later position is rebuilt from it.
type Setup struct {
	Players  []string `json:"players"`
	Seed     uint64   `json:"seed"`
	Variants []string `json:"variants,omitempty"`
}

// Variants is a title with optional rules a game master may choose when
// creating a game (game new --variant).
type Variants interface {
	Variants() []Variant
}

// Variant is one optional rule: its name as the GM writes it, and what
// it does.
type Variant struct {
	Name, About string
}

// CheckVariants tells whether a title offers every variant named.
func CheckVariants(t Title, names []string) error {
	if len(names) == 0 {
		return nil
	}
	vt, ok := t.(Variants)
	if !ok {
		return fmt.Errorf("%s has no variants", t.Name())
	}
	var known []string
	for _, v := range vt.Variants() {
		known = append(known, v.Name)
	}
	for _, n := range names {
		found := false
		for _, k := range known {
			found = found || k == n
		}
		if !found {
			return fmt.Errorf("%s has no variant %q; its variants are %s", t.Name(), n, strings.Join(known, ", "))
		}
	}
	return nil
}

// Picture is a title that draws its board for mails: a PNG sized for a
// phone, shown in every move mail after the text.
type Picture interface {
	Picture(g MoveGame) ([]byte, error)
}

// Asker is a game whose menu sums up long lists: OPTIONS <what> asks for
// the full lines of one part of it (a hex's tile lays).
type Asker interface {
	MenuAt(seat int, what string) ([]string, error)
}

// MoveGame is an engine with what the mails need of it.
type MoveGame interface {
	move.Engine
	// Events is what has happened, a line each, oldest first.
	Events() []string
	// Scores are each seat's final score.
	Scores() []int
	// Status is the position as one seat should read it: public facts
	// and whose move it is.
	Status(seat int) string
	// Menu is a seat's legal moves as lines to send back, with ranges
	// and long lists summed up.
	Menu(seat int) []string
	// Milestone counts the points after which every player gets a PDF
	// report, such as dividend phases paid.
	Milestone() int
	// Computer is the move the computer makes for a seat.
	Computer(seat int, rng *rand.Rand) move.Action
	// State is the whole position, canonically encoded: stored after
	// every move, so that replay can compare each one byte for byte.
	State() ([]byte, error)
}

// Turn is everything one resolution needs; nothing else may influence it.
type Turn struct {
	GameID string
	Turn   int
	State  []byte
	// Orders holds the standing orders of each position that sent any;
	// a position absent from it sent none this turn.
	Orders map[int][]byte
	Humans map[int]bool // positions a person holds
	Rand   *rand.Rand
}

// Outcome is what a turn produced.
type Outcome struct {
	State  []byte
	Events []store.Event
	Over   bool // the game has ended
}

// ReportRequest asks for one position's report after a turn.
type ReportRequest struct {
	Game     store.Game
	Turn     int // the turn just resolved
	State    []byte
	Events   []store.Event
	Position store.Position
	// Token and Deadline are for the turn that follows, printed on the
	// turnsheet the report carries; Deadline is shown in the game's zone
	// and is "" when the game has no deadline.
	Token    string
	Deadline string
	// Resolved is when the turn resolved. It dates the PDF, so that a
	// report rendered again from the archive is the same file.
	Resolved time.Time
}

// Report is one position's mail after a turn.
type Report struct {
	Subject     string
	Text        string
	Attachments []mail.Attachment
}

// Rand is the generator for one step of one game (a turn, or an
// automatic move): seeded by the game's seed and the step's number, never
// by the clock, so that replay reproduces it.
func Rand(seed int64, step int) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), uint64(step)))
}

// Standings is a title that can state a game's standings, for the game
// record of an archive.
type Standings interface {
	Standings(state []byte) (string, error)
}

// Reformed is a game whose stored state has changed form since games were
// stored: FormerState writes the position in the older form of a stored
// snapshot (ok false when the snapshot is of today's form), so that a
// replay compares an old snapshot byte for byte with the game rebuilt,
// while new snapshots compare as they are.
type Reformed interface {
	FormerState(stored []byte) (state []byte, ok bool, err error)
}

// Adjuster is a title whose figures a game master may correct between
// turns (ADJUST).
type Adjuster interface {
	// Adjust returns the state with one figure changed and the headline
	// that tells the players, or an error that says what may be adjusted.
	Adjust(state []byte, a Adjustment) ([]byte, string, error)
}

// Adjustment is one ADJUST command: a change to one figure of a position
// or a piece of the game (a railroad, a company), with its reason.
type Adjustment struct {
	Target string `json:"target"`
	Field  string `json:"field"`
	Delta  int64  `json:"delta"`
	Reason string `json:"reason"`
}

// Scorer is a title whose games end with scores by category, for the
// records kept across games (Continental Rails 11.3).
type Scorer interface {
	// FinalScores are each position's points in each category, the
	// categories in the order the title shows them.
	FinalScores(state []byte) ([]Score, error)
}

// Score is one position's points in one category.
type Score struct {
	Position int
	Name     string // the name the position plays under
	Category string
	Points   int
}

// ScoreName is a move title whose final score is not cash: what its
// scores count, as the records name the category ("worth").
type ScoreName interface {
	ScoreName() string
}

// Guide is a title with a players' guide: how to write its orders or
// moves, with examples, as plain text fit for a mail. It is mailed to a
// player who writes HELP, and goes with the welcome.
type Guide interface {
	Guide() string
}

// MessageModerator is a title whose players send messages for the game
// master to approve.
type MessageModerator interface {
	PendingMessages(state []byte) ([]PlayerMessage, error)
}

// PlayerMessage is one message awaiting the game master.
type PlayerMessage struct {
	From int
	Name string
	Text string
}

// Set is the titles one binary plays, by name: cmd lists them in one
// place and every command reads them from here.
type Set map[string]Title

// NewSet checks that names and id prefixes are unique and that each title
// is played one way or the other.
func NewSet(ts ...Title) (Set, error) {
	s := Set{}
	prefixes := map[string]string{}
	for _, t := range ts {
		_, turn := t.(TurnTitle)
		_, move := t.(MoveTitle)
		if turn == move {
			return nil, fmt.Errorf("title %q must be played either in turns or one action per mail", t.Name())
		}
		if _, dup := s[t.Name()]; dup {
			return nil, fmt.Errorf("title %q is listed twice", t.Name())
		}
		if other, dup := prefixes[t.Prefix()]; dup {
			return nil, fmt.Errorf("titles %q and %q share the id prefix %q", other, t.Name(), t.Prefix())
		}
		s[t.Name()], prefixes[t.Prefix()] = t, t.Name()
	}
	return s, nil
}

// Get finds a title, or says which are installed.
func (s Set) Get(name string) (Title, error) {
	if t, ok := s[name]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("no title %q installed; the titles are %s", name, strings.Join(s.Names(), ", "))
}

// Names are the installed titles, sorted.
func (s Set) Names() []string {
	var out []string
	for n := range s {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// The two ways a title is played are told apart by these and nowhere
// else: the rest of the system asks for the kind it needs.

// TurnTitle finds a title played in simultaneous turns.
func (s Set) TurnTitle(name string) (TurnTitle, error) {
	t, err := s.Get(name)
	if err != nil {
		return nil, err
	}
	tt, ok := t.(TurnTitle)
	if !ok {
		return nil, fmt.Errorf("%s is played one action per mail, not in turns", name)
	}
	return tt, nil
}

// MoveTitle finds a title played one action per mail.
func (s Set) MoveTitle(name string) (MoveTitle, error) {
	t, err := s.Get(name)
	if err != nil {
		return nil, err
	}
	mt, ok := t.(MoveTitle)
	if !ok {
		return nil, fmt.Errorf("%s is played in turns, not one action per mail", name)
	}
	return mt, nil
}

// ByMove tells whether a title is played one action per mail.
func (s Set) ByMove(name string) bool { return ByMove(s[name]) }

// ByMove tells whether a title is played one action per mail.
func ByMove(t Title) bool {
	_, ok := t.(MoveTitle)
	return ok
}

// Unit is what a title's log counts: "turn" or "action".
func (s Set) Unit(name string) string {
	if s.ByMove(name) {
		return "action"
	}
	return "turn"
}

// GuideExamples are the example lines of a guide's ```moves blocks: the
// moves it shows, which a title's tests hold against what its engine
// offers, so that the guide cannot fall behind.
func GuideExamples(guide string) []string {
	var out []string
	in := false
	for _, l := range strings.Split(guide, "\n") {
		switch {
		case strings.HasPrefix(l, "```moves"):
			in = true
		case strings.HasPrefix(l, "```"):
			in = false
		case in && strings.TrimSpace(l) != "":
			out = append(out, strings.TrimSpace(l))
		}
	}
	return out
}
