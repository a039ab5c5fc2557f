// Package g18ez is the 18EZ title: the engine in games/g18ez played one
// action per mail, with its PDF report and board picture.
package g18ez

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/railpost/railpost/docs"
	"github.com/railpost/railpost/games/g18ez"
	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/reports"
	"github.com/railpost/railpost/reports/page"
)

// Name is the name 18EZ games are stored under.
const Name = "18ez"

// Title is the 18EZ title.
type Title struct{}

// Name implements title.Title.
func (Title) Name() string { return Name }

// Prefix implements title.Title: games are 18ez-1, 18ez-2.
func (Title) Prefix() string { return "18ez" }

// Seats are the rulebook's 2 to 6 players (1.1).
func (Title) Seats() (int, int) { return 2, 6 }

// Guide implements title.Guide (docs/18ez.md).
func (Title) Guide() string { return docs.G18EZ() }

// ScoreName implements title.ScoreName: a player's net worth, cash and
// shares at their value (2.13).
func (Title) ScoreName() string { return "worth" }

// New starts a game. 18EZ has no variants: a game master who names one is
// told so rather than given a game without it.
func (Title) New(s title.Setup) (title.MoveGame, error) {
	if len(s.Variants) > 0 {
		return nil, fmt.Errorf("18EZ has no variants (asked for %s)", strings.Join(s.Variants, ", "))
	}
	g, err := g18ez.New(g18ez.Setup{Players: s.Players, Seed: s.Seed})
	if err != nil {
		return nil, err
	}
	return Game{g}, nil
}

// Report renders the PDF report.
func (Title) Report(g title.MoveGame, gameName string, position int, at time.Time) ([]byte, error) {
	eg, ok := g.(Game)
	if !ok {
		return nil, fmt.Errorf("18EZ report: not a game of 18EZ")
	}
	return reports.Report18EZ{Game: eg.Game, GameName: gameName, Reader: position - 1, Made: at}.PDF()
}

// Picture implements title.Picture: the board as a PNG for the mails.
func (Title) Picture(g title.MoveGame) ([]byte, error) {
	eg, ok := g.(Game)
	if !ok {
		return nil, fmt.Errorf("18EZ board: not a game of 18EZ")
	}
	return reports.Board18EZPNG(eg.Game)
}

// Game is a game of 18EZ as the processor plays it. The engine's MenuAt
// makes it a title.Asker (OPTIONS <hex>).
type Game struct{ *g18ez.Game }

// Events implements title.MoveGame: the engine's log of what happened.
func (g Game) Events() []string { return g.Game.Events }

// Computer implements title.MoveGame with the engine's own player.
func (g Game) Computer(seat int, rng *rand.Rand) move.Action { return g.Suggest(seat, rng) }

// Page implements title.MovePage: the public web page of a game.
func (Title) Page(g title.MoveGame) (page.Page, error) {
	eg, ok := g.(Game)
	if !ok {
		return page.Page{}, fmt.Errorf("18EZ page: not a game of 18EZ")
	}
	return reports.Page18EZ(eg.Game)
}
