// Package g1870 is the 1870 title: the engine in games/g1870 played one
// action per mail, with its PDF report and board picture.
package g1870

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/railpost/railpost/docs"
	"github.com/railpost/railpost/games/g1870"
	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/reports"
	"github.com/railpost/railpost/reports/page"
)

// Name is the name 1870 games are stored under.
const Name = "1870"

// Title is the 1870 title.
type Title struct{}

// Name implements title.Title.
func (Title) Name() string { return Name }

// Prefix implements title.Title: games are 1870-1, 1870-2.
func (Title) Prefix() string { return "1870" }

// Seats are 2 to 6 players: the rulebook's 3 to 6 (5.4.1) and the
// publisher's two-player row (rulings G11).
func (Title) Seats() (int, int) { return 2, 6 }

// Guide implements title.Guide (docs/1870.md).
func (Title) Guide() string { return docs.G1870() }

// variants are section 16's, by the names the game master writes.
var variants = []title.Variant{
	{Name: "finish400", About: "16.1: the game ends when a company's shares reach $400"},
	{Name: "diesels", About: "16.2: diesels instead of the 8, 10 and 12-trains"},
	{Name: "open-destinations", About: "16.4: destination tokens beside the city, blocking no one"},
	{Name: "historical", About: "16.5: the companies start in historical order"},
}

// ScoreName implements title.ScoreName: a player's worth in cash, shares
// at market and privates at cost (14).
func (Title) ScoreName() string { return "worth" }

// Variants implements title.Variants.
func (Title) Variants() []title.Variant { return variants }

// New starts a game.
func (Title) New(s title.Setup) (title.MoveGame, error) {
	setup := g1870.Setup{Players: s.Players, Seed: s.Seed}
	for _, v := range s.Variants {
		switch v {
		case "finish400":
			setup.Variants.Finish400 = true
		case "diesels":
			setup.Variants.Diesels = true
		case "open-destinations":
			setup.Variants.OpenDestinations = true
		case "historical":
			setup.Variants.Historical = true
		default:
			return nil, fmt.Errorf("1870 has no variant %q", v)
		}
	}
	g, err := g1870.New(setup)
	if err != nil {
		return nil, err
	}
	return Game{g}, nil
}

// Report renders the PDF report.
func (Title) Report(g title.MoveGame, gameName string, position int, at time.Time) ([]byte, error) {
	eg, ok := g.(Game)
	if !ok {
		return nil, fmt.Errorf("1870 report: not a game of 1870")
	}
	return reports.Report1870{Game: eg.Game, GameName: gameName, Reader: position - 1, Made: at}.PDF()
}

// Picture implements title.Picture: the board as a PNG for the mails.
func (Title) Picture(g title.MoveGame) ([]byte, error) {
	eg, ok := g.(Game)
	if !ok {
		return nil, fmt.Errorf("1870 board: not a game of 1870")
	}
	return reports.Board1870PNG(eg.Game)
}

// Game is a game of 1870 as the processor plays it.
type Game struct{ *g1870.Game }

// Events implements title.MoveGame: the engine's log of what happened.
func (g Game) Events() []string { return g.Game.Events }

// Computer implements title.MoveGame with the engine's own player.
func (g Game) Computer(seat int, rng *rand.Rand) move.Action { return g.Suggest(seat, rng) }

// Page implements title.MovePage: the public web page of a game.
func (Title) Page(g title.MoveGame) (page.Page, error) {
	eg, ok := g.(Game)
	if !ok {
		return page.Page{}, fmt.Errorf("1870 page: not a game of 1870")
	}
	return reports.Page1870(eg.Game)
}
