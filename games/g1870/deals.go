package g1870

import (
	"fmt"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// The deals that need a second player's word (5.3.2, 5.10 rule 4, 10.5,
// 12) are moves like any other: the proposer's move, checked by its
// step, becomes an offer; the game waits on the other side, whose ACCEPT
// makes the move as proposed and whose DECLINE returns play to the
// proposer with nothing changed. Nothing else happens while an offer is
// open, so the move is as legal when accepted as when offered.

// offer opens a deal to a seat and tells the table.
func (g *Game) offer(a move.Action, to int, format string, args ...any) error {
	g.r.Offer = &eighteen.Offer{Move: a, To: to}
	g.Note(format+": %s may ACCEPT or DECLINE", append(args, g.Players[to].Name)...)
	return nil
}

// consentStep puts the open offer to its other side; declined, play
// returns to the proposer.
func (g *Game) consentStep() eighteen.Step {
	return g.Consent(g.deal, "%s declines: %s is not made")
}

// deal makes an offered move with the other side's word.
func (g *Game) deal(a move.Action) error {
	do := map[string]func(move.Action) error{"BUYPRIVATE": g.doBuyPrivate, "BUYTRAIN": g.trainStep().Do, "REDEEM": g.doRedeem}[a.Verb]
	if do == nil {
		return fmt.Errorf("internal: %s is not a deal", a)
	}
	return do(a)
}
