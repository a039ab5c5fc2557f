package processor

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/railpost/railpost/games/chicagoexpress"
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/reports"
)

// ChicagoExpress is the Chicago Express title, played one action per mail.
type ChicagoExpress struct{}

// Name is the title's name in games and commands.
func (ChicagoExpress) Name() string { return "chicago-express" }

// Seats are 2 to 6 players (section 3).
func (ChicagoExpress) Seats() (int, int) { return 2, 6 }

// New starts a game.
func (ChicagoExpress) New(players []string, seed uint64) (MoveGame, error) {
	g, err := chicagoexpress.New(chicagoexpress.Setup{Players: players, Seed: seed})
	if err != nil {
		return nil, err
	}
	return chicagoGame{g}, nil
}

// Report renders the PDF report.
func (ChicagoExpress) Report(g MoveGame, gameName string, position int, at time.Time) ([]byte, error) {
	cg, ok := g.(chicagoGame)
	if !ok {
		return nil, fmt.Errorf("chicago-express report: not a Chicago Express game")
	}
	return reports.ChicagoExpress{Game: cg.Game, GameName: gameName, Reader: position - 1, Made: at}.PDF()
}

type chicagoGame struct{ *chicagoexpress.Game }

func (g chicagoGame) Computer(seat int, rng *rand.Rand) eighteen.Action { return g.Suggest(seat, rng) }
