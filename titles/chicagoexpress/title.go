// Package chicagoexpress is the Chicago Express title: the engine in
// games/chicagoexpress played one action per mail, with its PDF report.
package chicagoexpress

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/railpost/railpost/docs"
	"github.com/railpost/railpost/games/chicagoexpress"
	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/reports"
	"github.com/railpost/railpost/reports/page"
)

// Name is the name Chicago Express games are stored under.
const Name = "chicago-express"

// Title is the Chicago Express title.
type Title struct{}

// Name implements title.Title.
func (Title) Name() string { return Name }

// Prefix implements title.Title: games are ce-1, ce-2.
func (Title) Prefix() string { return "ce" }

// Seats are 2 to 6 players (section 3).
func (Title) Seats() (int, int) { return 2, 6 }

// Guide implements title.Guide: the moves by mail, with examples
// (docs/chicago-express.md).
func (Title) Guide() string { return docs.ChicagoExpress() }

// New starts a game.
func (Title) New(s title.Setup) (title.MoveGame, error) {
	if len(s.Variants) > 0 {
		return nil, fmt.Errorf("chicago express has no variants")
	}
	g, err := chicagoexpress.New(chicagoexpress.Setup{Players: s.Players, Seed: s.Seed})
	if err != nil {
		return nil, err
	}
	return Game{g}, nil
}

// Report renders the PDF report.
func (Title) Report(g title.MoveGame, gameName string, position int, at time.Time) ([]byte, error) {
	cg, ok := g.(Game)
	if !ok {
		return nil, fmt.Errorf("chicago express report: not a Chicago Express game")
	}
	return reports.ChicagoExpress{Game: cg.Game, GameName: gameName, Reader: position - 1, Made: at}.PDF()
}

// Picture implements title.Picture: the board as a PNG for the mails.
func (Title) Picture(g title.MoveGame) ([]byte, error) {
	cg, ok := g.(Game)
	if !ok {
		return nil, fmt.Errorf("chicago express board: not a Chicago Express game")
	}
	return reports.ChicagoBoardPNG(cg.Game)
}

// Game is a Chicago Express game as the processor plays it.
type Game struct{ *chicagoexpress.Game }

// Computer implements title.MoveGame with the engine's own suggestion.
func (g Game) Computer(seat int, rng *rand.Rand) move.Action { return g.Suggest(seat, rng) }

// State implements title.MoveGame: the engine's exported fields, which
// are the whole position (the board is fixed data).
func (g Game) State() ([]byte, error) { return json.Marshal(g.Game) }

// Page implements title.MovePage: the public web page of a game.
func (Title) Page(g title.MoveGame) (page.Page, error) {
	cg, ok := g.(Game)
	if !ok {
		return page.Page{}, fmt.Errorf("chicago express page: not a Chicago Express game")
	}
	return reports.ChicagoPage(cg.Game)
}
