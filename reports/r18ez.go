package reports

import (
	"time"

	"github.com/railpost/railpost/games/g18ez"
)

// Report18EZ is the PDF report of a game of 18EZ: the 18xx report of its
// view (Report18), with 18EZ's board and colours.
type Report18EZ struct {
	Game     *g18ez.Game
	GameName string
	Reader   int // seat, or -1 for the game master
	Made     time.Time
}

// PDF renders the report.
func (r Report18EZ) PDF() ([]byte, error) {
	v := r.Game.View()
	return Report18{Title: "18EZ", View: v, Board: eighteenBoard18EZ(v), Colours: corpRGB18EZ,
		GameName: r.GameName, Reader: r.Reader, Made: r.Made}.PDF()
}
