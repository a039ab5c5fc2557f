package g18ez

import (
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
)

// MenuAt is the menu's lines for one hex: every lay there as a line to
// send, and at the Metropolis the Authority's extra lays. It answers
// OPTIONS <hex>, for a player who would rather read one hex's tiles and
// rotations written out than the grouped line of the menu.
func (g *Game) MenuAt(seat int, hex string) ([]string, error) {
	h, err := eighteen.ParseHex(strings.ToUpper(strings.TrimSpace(hex)))
	if err != nil || g.board.Space(h) == nil {
		return nil, fmt.Errorf("%q is not a hex of the 18EZ map; write OPTIONS and a hex, as OPTIONS D9", hex)
	}
	if g.Ended {
		return nil, fmt.Errorf("the game is over (2.13)")
	}
	var out []string
	for _, o := range g.round().Options(seat, eighteen.Query{Verb: "LAY", Args: []string{h.String()}}) {
		if o.Verb == "LAY" {
			out = append(out, o.String())
		}
	}
	if h == g.metropolis() {
		for _, o := range g.round().Options(seat, eighteen.Query{Verb: "MRTA", Args: []string{"LAY"}}) {
			if o.Verb == "MRTA" && len(o.Args) > 0 && o.Args[0] == "LAY" {
				out = append(out, o.String()+"  (the Authority's extra tile)")
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no tile may be laid on %s by you now", h)
	}
	return out, nil
}
