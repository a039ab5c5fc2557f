package g18ez

import (
	"fmt"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// MenuAt is the menu's lines for one hex: every lay there as a line to
// send, and at the Metropolis the Authority's extra lays. It answers
// OPTIONS <hex>, for a player who would rather read one hex's tiles and
// rotations written out than the grouped line of the menu.
func (g *Game) MenuAt(seat int, hex string) ([]string, error) {
	return g.menu().At(g.Round(), g.Board(), seat, hex)
}

// menuAt adds the Authority's extra lays at the Metropolis to a hex's
// lays, once the game is not over.
func (g *Game) menuAt(seat int, h hexgrid.Hex, out []string) ([]string, error) {
	if g.Ended {
		return nil, fmt.Errorf("the game is over (2.13)")
	}
	if h == g.metropolis() {
		for _, o := range g.Round().Options(seat, move.Query{Verb: "MRTA", Args: []string{"LAY"}}) {
			if o.Verb == "MRTA" && len(o.Args) > 0 && o.Args[0] == "LAY" {
				out = append(out, o.String()+"  (the Authority's extra tile)")
			}
		}
	}
	return out, nil
}
