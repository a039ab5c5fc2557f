package reports

import (
	"time"

	"github.com/railpost/railpost/games/g1870"
)

// Report1870 is the PDF report of a game of 1870: the 18xx report of its
// view (Report18), with 1870's board and colours.
type Report1870 struct {
	Game     *g1870.Game
	GameName string
	Reader   int // seat, or -1 for the game master
	Made     time.Time
}

// PDF renders the report.
func (r Report1870) PDF() ([]byte, error) {
	v := r.Game.View()
	return Report18{Title: "1870", View: v, Board: eighteenBoard1870(r.Game, v), Colours: corpRGB1870,
		GameName: r.GameName, Reader: r.Reader, Made: r.Made}.PDF()
}
