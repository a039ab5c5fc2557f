package g1870

import (
	"fmt"
	"slices"

	"github.com/railpost/railpost/games/eighteen"
)

const (
	auctionRound = iota // the initial stock round while privates are unsold (5.7)
	stockRound
	operatingRound
)

// The steps of a company's operating turn (4.1 B).
const (
	stepTrack = iota
	stepToken
	stepRun
	stepDividend
	stepTrains
)

// The decisions that interrupt the flow of play, taken first.
const (
	pendProtect = iota // a president may buy shares another sold (5.9)
	pendDiscard        // a company over its train limit discards (10.2.1)
	pendPar            // the Frisco's buyer sets its par (15.2)
	pendConnect        // a connected company places its destination token (11.4.1)
	pendConnPay        // and pays out or keeps its connection run (11.4.2)
)

type sale struct {
	Seat, Units, Price int
	Corp               string
	President          int // the company's president before the sale
}

type pending struct {
	Kind    int
	Seat    int
	Corp    string
	Sale    sale
	Revenue int
}

type auction struct {
	Private string
	Bidders []int // in the order they bid
	Turn    int   // index into Bidders
	Resume  int   // the seat whose purchase set the auctions off
}

type round struct {
	Kind    int
	Initial bool // the first stock round: nothing bought may be sold (5.7)
	Seat    int  // whose stock turn
	First   int  // who began this stock round
	Passes  int
	LastAct int // the last seat to act in a way that moves the priority (5.2.2)

	// the stock turn in progress
	Acted, ForCorp, Bought, SoldFirst bool
	Sales                             []sale
	BoughtNow                         map[string]bool
	Resume                            int

	Auction *auction

	// the operating round in progress
	OR, Set      int
	Corp         *Corp
	Step         int
	Lays         int
	Upgraded     bool
	FirstTurn    bool
	Revenue      int  // of the run just made, until its dividend
	Contributing bool // the president is paying towards a forced train (10.6)

	Pending []pending
}

// Acting are the seats the game waits for.
func (g *Game) Acting() []int {
	if g.Ended {
		return nil
	}
	if len(g.r.Pending) > 0 {
		pd := g.r.Pending[0]
		if pd.Kind == pendProtect || pd.Kind == pendPar {
			return []int{pd.Seat}
		}
		return []int{g.Corp(pd.Corp).President} // whoever presides when it comes up
	}
	switch g.r.Kind {
	case auctionRound:
		if a := g.r.Auction; a != nil {
			return []int{a.Bidders[a.Turn]}
		}
		return []int{g.r.Seat}
	case stockRound:
		return []int{g.r.Seat}
	}
	if g.r.Corp != nil {
		return []int{g.r.Corp.President}
	}
	return nil
}

// Apply checks a move against the rules and makes it.
func (g *Game) Apply(a eighteen.Action) error {
	if g.Ended {
		return fmt.Errorf("the game is over (13)")
	}
	acting := g.Acting()
	if len(acting) == 0 {
		return fmt.Errorf("the game waits for no one")
	}
	if !slices.Contains(acting, a.Seat) {
		return fmt.Errorf("%w: the game waits for %s", errNotYours, g.Players[acting[0]].Name)
	}
	do, ok := g.handlers[a.Verb]
	if !ok {
		return fmt.Errorf("%s is not a move; the moves open now are %s", a.Verb, g.verbList(a.Seat))
	}
	err := do(a, false)
	// A lay or a token is listed by the very check its verb makes.
	if err == nil && a.Verb != "LAY" && a.Verb != "TOKEN" && !g.isLegal(a) {
		err = fmt.Errorf("%s is not among the moves open now: %s", a, g.verbList(a.Seat))
	}
	if err != nil {
		return err
	}
	if err := do(a, true); err != nil {
		return fmt.Errorf("internal: %s passed its checks but failed: %w", a, err)
	}
	g.advance()
	return nil
}

type handler func(a eighteen.Action, commit bool) error

func (g *Game) verbs() map[string]handler {
	return map[string]handler{
		"BUY": g.doBuy, "BID": g.doBid, "PASS": g.doPass, "DONE": g.doDone,
		"SELL": g.doSell, "PAR": g.doPar, "PROTECT": g.doProtect, "DECLINE": g.doDecline,
		"REDEEM": g.doRedeem, "REISSUE": g.doReissue, "BUYPRIVATE": g.doBuyPrivate,
		"LAY": g.doLay, "TOKEN": g.doToken, "SKIP": g.doSkip,
		"PAY": g.doPay, "HALF": g.doHalf, "WITHHOLD": g.doWithhold,
		"BUYTRAIN": g.doBuyTrain, "DISCARD": g.doDiscard, "DEST": g.doDest,
		"CATTLE": g.doCattle, "PORT": g.doPort, "CLOSEPORT": g.doClosePort,
	}
}

func (g *Game) verbList(seat int) string {
	var verbs []string
	for _, o := range g.Legal(seat) {
		if !slices.Contains(verbs, o.Verb) {
			verbs = append(verbs, o.Verb)
		}
	}
	if len(verbs) == 0 {
		return "none"
	}
	return fmt.Sprint(verbs)
}

// isLegal tells whether a move is one of the options: the guard that no
// move the option list leaves out is ever made.
func (g *Game) isLegal(a eighteen.Action) bool {
	for _, o := range g.options(a.Seat, a.Verb) {
		if o.Verb != a.Verb {
			continue
		}
		n := len(o.Args)
		if o.Ranged {
			if len(a.Args) != n+1 {
				continue
			}
			v, ok := atoi(a.Args[n])
			if !ok || v < o.Min || v > o.Max {
				continue
			}
		} else if len(a.Args) != n {
			continue
		}
		if equalFold(o.Args, a.Args[:n]) {
			return true
		}
	}
	return false
}

// advance carries play on through everything no one has to decide.
func (g *Game) advance() {
	g.r.Pending = slices.DeleteFunc(g.r.Pending, func(p pending) bool { return g.Corp(p.Corp) != nil && g.Corp(p.Corp).Closed })
	for !g.Ended && len(g.r.Pending) == 0 {
		switch g.r.Kind {
		case auctionRound, stockRound:
			return
		}
		if g.r.Corp == nil {
			g.nextCorp()
			continue
		}
		c := g.r.Corp
		switch {
		case c.Closed:
			g.r.Corp = nil
		case g.r.Step == stepRun:
			g.run(c)
		case g.r.Step == stepTrains && g.bankrupt(c):
			g.bankruptcy(c)
		default:
			return
		}
	}
}
