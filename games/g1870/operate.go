package g1870

import (
	"slices"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// startSet begins the operating rounds after a stock round; their number
// is the phase's when the set begins (4.2).
func (g *Game) startSet() {
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, LastAct: -1}, Set: g.Current().ORs}
	g.startOR()
}

// flow is 1870's part of the operating rounds' flow: the companies in
// share price order, the set's number of rounds fixed when it begins,
// the sold marks cleared after it (4).
func (g *Game) flow() eighteen.ORFlow[Corp] {
	return eighteen.ORFlow[Corp]{Held: func() bool { return len(g.r.Pending) > 0 }, Next: g.nextCorp, Turn: g.startTurn,
		Auto: g.auto, ORs: func() int { return g.r.Set }, Begin: func(n int) { g.r.OR = n; g.startOR() },
		SetOver: func() {
			for _, p := range g.Players {
				clear(p.Sold)
			}
		}, StockRound: g.startStockRound}
}

func (g *Game) startOR() {
	g.Note("operating round %d of %d", g.r.OR, g.r.Set)
	g.OpenOR() // each private's revenue to its owner (4.1 B1, 12.3)
	g.r.Corp = ""
	g.checkConnections(nil) // 11.1 rule 5
}

// nextCorp is the next company to operate in share price order, which
// changes as companies operate (glossary), once those that have sold
// enough shares have floated.
func (g *Game) nextCorp() *Corp {
	for _, c := range g.Corps {
		if c.Started && !c.Closed && !c.Floated && g.sold(c) >= c.FloatAt {
			c.Floated = true
			g.Note("%s has sold enough shares to operate (5.5.2)", c.Sym)
		}
	}
	next := g.Ordered(func(c *Corp) bool { return c.Floated && !c.Operated })
	if len(next) == 0 {
		return nil
	}
	return next[0]
}

// startTurn begins a company's turn, its home token placed in its first
// (7.1).
func (g *Game) startTurn(c *Corp) {
	g.r.Lays, g.r.Upgraded, g.r.Contributing = 0, false, false
	g.r.FirstTurn = !c.Operating
	if g.PlaceHome(c, true) {
		g.Note("%s places its home token on %s (7.1)", c.Sym, c.Home)
	}
	g.Note("%s operates, %s presiding", c.Sym, g.Players[c.President].Name)
}

// auto does what no one decides in a company's turn: a company closed
// in it operates no more, its trains run, and a president who cannot
// pay for a forced train goes bankrupt.
func (g *Game) auto(c *Corp) bool {
	switch {
	case c.Closed:
		g.r.Corp = ""
	case g.r.Step == eighteen.StepRun:
		g.RunTrains(g.income())
	case g.r.Step == eighteen.StepTrains && g.Stranded(g.buying()):
		g.Fail(g.buying())
	default:
		return false
	}
	return true
}

// addToken puts a destination token in the hex's city: every city of
// 1870 is a tile's first stop.
func (g *Game) addToken(h hexgrid.Hex, sym string) { g.Layout.Place(h, 0, sym) }

// finishTurn closes a company's turn and lets connected companies run
// (11.2).
func (g *Game) finishTurn(c *Corp) {
	g.FinishTurn(c)
	g.checkConnections(c)
}

// track is 1870's track step: two yellow tiles or one upgrade (1.2, 6),
// terrain costs, and the bridge company's rules (15.2).
func (g *Game) track() eighteen.TrackRules[Corp] {
	return eighteen.TrackRules[Corp]{Policy: eighteen.TwoYellowOrUpgrade, Example: "LAY H17 57 2",
		Used: func() eighteen.TrackUsed {
			return eighteen.TrackUsed{Tiles: g.r.Lays + eighteen.Bit(g.r.Upgraded), Upgraded: g.r.Upgraded}
		},
		// An upgrade is kept apart from the yellow tiles' count.
		Record: func(u eighteen.TrackUsed) { g.r.Lays, g.r.Upgraded = u.Tiles-eighteen.Bit(u.Upgraded), u.Upgraded },
		Ready:  g.answered,
		Reach:  func(c *Corp) map[eighteen.Node]bool { return g.Layout.Reach(c.Sym) },
		Reaches: func(c *Corp, reach map[eighteen.Node]bool, h hexgrid.Hex) bool {
			return eighteen.ReachesHex(reach, h) || g.homeUntiled(c, h)
		},
		Free: g.homeBridge, Judge: g.bridgeCost, Laid: g.laid}
}

// homeBridge: the MP or SSW that buys the bridge company in its first
// turn bridges the river free at home, a third lay (15.2).
func (g *Game) homeBridge(c *Corp, lay eighteen.Lay) bool {
	_, upgrade := g.Layout.Tiles[lay.Hex]
	return !upgrade && g.r.FirstTurn && lay.Hex == c.Home && (c.Sym == "MP" || c.Sym == "SSW") && g.owns(c, MRBC) &&
		!c.BridgeUsed && g.Board().Space(lay.Hex).CrossesRiver(lay.Tile, lay.Rotation)
}

// bridgeCost is the bridge company's part of a lay's cost: no track
// crosses the Mississippi until it is sold to a company or closed, and
// its owner bridges the river once for $40 less, or free at home (15.2).
func (g *Game) bridgeCost(c *Corp, lay eighteen.Lay, cost int) (int, error) {
	_, upgrade := g.Layout.Tiles[lay.Hex]
	switch {
	case !g.Board().Space(lay.Hex).CrossesRiver(lay.Tile, lay.Rotation):
	case g.mrbcBlocks():
		return 0, eighteen.RuleError("15.2", "no track may cross the Mississippi until the bridge company is sold to a company or closed")
	case g.homeBridge(c, lay):
		return 0, nil
	case !upgrade && g.owns(c, MRBC) && !c.BridgeUsed:
		return max(0, cost-40), nil
	}
	return cost, nil
}

// laid tells of a lay and marks the bridge company's crossing used.
func (g *Game) laid(c *Corp, t eighteen.LaidTile) {
	if !t.Upgrade && g.owns(c, MRBC) && g.Board().Space(t.Hex).CrossesRiver(t.Tile, t.Rotation) {
		c.BridgeUsed = true
	}
	if t.Cost > 0 {
		g.Note("%s lays #%s on %s (rotation %d) for $%d", c.Sym, t.Tile.ID, t.Hex, t.Rotation, t.Cost)
	} else {
		g.Note("%s lays #%s on %s (rotation %d)", c.Sym, t.Tile.ID, t.Hex, t.Rotation)
	}
}

// layTerms reads and judges a lay as the menu and the computer look at
// it: its hex, its cost, and whether it is outside the two lays.
func (g *Game) layTerms(a move.Action) (hexgrid.Hex, int, bool, error) {
	t, err := g.LayTerms(g.track(), a)
	return t.Hex, t.Cost, t.Free, err
}

func (g *Game) mrbcBlocks() bool {
	p := g.Private(MRBC)
	return !p.Closed && p.Corp == ""
}

func (g *Game) owns(c *Corp, priv string) bool { return g.Private(priv).Owned(c.Sym) }

// answered refuses a move of the turn while a question waits first.
func (g *Game) answered() error {
	if len(g.r.Pending) > 0 {
		return eighteen.RuleError("4.1", "answer the question before you first")
	}
	return nil
}

func (g *Game) operating(a move.Action, verb string) (*Corp, error) {
	if err := g.answered(); err != nil {
		return nil, err
	}
	if g.r.Kind != operatingRound || g.r.Corp == "" {
		return nil, eighteen.RuleError("4.1", "%s is for a company's operating turn", verb)
	}
	return g.Operating(), nil
}

// token is 1870's token step: stations at the charter's prices and $100
// for each destination token kept (7.2, 11.4.1), offered beside the
// track, which a token ends (4.1).
func (g *Game) token() eighteen.TokenRules[Corp] {
	return eighteen.TokenRules[Corp]{Title: "token", Cost: tokens, Example: "TOKEN J5", Alongside: true,
		Ready: g.answered,
		Reach: func(c *Corp) map[eighteen.Node]bool { return g.Layout.Reach(c.Sym) },
		Extra: func(c *Corp) int { return c.Extra },
		Placed: func(c *Corp, h hexgrid.Hex, cost int) {
			g.Note("%s places a token on %s for $%d", c.Sym, h, cost)
		}}
}

// income is 1870's run and its dividend (8, 9): the best run unless the
// president names another that no other shareholder may refuse (8.3);
// paid out rounded down, the price moving right (9.1.1); half paid,
// rounded in the holders' favour, the token to the bottom of its pile
// (9.1.2, 5.8.4); or withheld, the price moving left (9.1.3), as is an
// empty run's.
func (g *Game) income() *eighteen.Dividend[Corp] {
	return &eighteen.Dividend[Corp]{Title: "dividend", Keep: "WITHHOLD", Full: eighteen.RoundDown, Half: eighteen.RoundUp,
		Moves: eighteen.Moves{Pay: eighteen.Right, Half: eighteen.Bottom, Keep: eighteen.Left, Nothing: eighteen.Left},
		Rules: eighteen.DividendRules{Run: "8.3", Choice: "9"}, Example: "RUN H17-J17-K16 F11-G10",
		Notes: incomeNotes, Move: g.move, Best: &g.r.Best,
		Check:       func(a move.Action) error { _, err := g.operating(a, a.Verb); return err },
		MustRunBest: func(c *Corp) bool { return eighteen.OtherHolds(g.Players, c.Sym, c.President, 1) }}
}

// incomeNotes are 1870's words for a run and its dividend. By mail the
// engine points out the better run for the other shareholders (8.3).
var incomeNotes = eighteen.DividendNotes{Ran: "%s's trains earn $%d", Named: "%s's president names its routes: %s; $%d in all",
	Pay: "%[1]s pays $%[2]d a share", Half: "%[1]s pays half: $%[2]d a share, keeping $%[3]d", Keep: "%[1]s keeps its $%[4]d",
	Nothing: "%[1]s earns nothing and pays no dividend (9.1.3)",
	Best:    "those routes earn $%d, and a shareholder may point out the $%d run, which the president must then run; by mail the engine points it out for %s's other shareholders"}

// connIncome is a connection run's: paid in full or kept, never halved,
// and a kept one does not move the price (11.4.2).
func (g *Game) connIncome() *eighteen.Dividend[Corp] {
	d := g.income()
	d.NoHalf, d.Moves.Keep = true, eighteen.Stay
	return d
}

// incomeDue is the company whose income waits to be settled, and the
// income: a connection run's first, else the operating company's run.
func (g *Game) incomeDue() (*Corp, int) {
	if g.asked(pendConnPay) {
		return g.Corp(g.r.Pending[0].Corp), g.r.Pending[0].Revenue
	}
	if g.r.Kind != operatingRound || g.r.Step != eighteen.StepDividend {
		return nil, 0
	}
	return g.Operating(), g.r.Revenue
}

// checkConnPay judges PAY or WITHHOLD of a connection run (11.4.2);
// asked of any other income, it is the dividend's check.
func (g *Game) checkConnPay(a move.Action) error {
	switch {
	case !g.asked(pendConnPay):
		return g.DividendStep(g.income()).Why(a)
	case a.Verb == "HALF":
		return eighteen.RuleError("11.4.2", "a connection run's income is paid in full or kept, never halved")
	}
	return nil
}

// connPay settles the connection run's income and its question.
func (g *Game) connPay(out eighteen.Outcome) func(move.Action) error {
	return func(move.Action) error {
		pd := g.r.Pending[0]
		c := g.Corp(pd.Corp)
		g.Divide(g.connIncome(), c, out, pd.Revenue)
		c.Connected = true
		g.r.Pending = g.r.Pending[1:]
		return nil
	}
}

// bonus is 1870's additions to a run: the destination doubled (11.5),
// and the Cattle and port tokens (15.2).
func (g *Game) bonus(corp string, stops []eighteen.Node, phase int) int {
	c := g.Corp(corp)
	add := 0
	if c != nil && c.DestToken {
		for _, n := range []eighteen.Node{stops[0], stops[len(stops)-1]} {
			if n.Hex == c.Dest {
				add += g.Layout.Value(n, phase)
				break
			}
		}
	}
	for _, n := range stops {
		add += g.tokenBonus(corp, n)
	}
	return add
}

// checkCattle judges placing the Cattle token (15.2).
func (g *Game) checkCattle(a move.Action) error {
	c, err := g.operating(a, "CATTLE")
	if err != nil {
		return err
	}
	if !g.owns(c, SCC) || g.Cattle != nil {
		return eighteen.RuleError("15.2", "only the company owning the Cattle Company places its one token")
	}
	if len(a.Args) != 1 || !slices.Contains(cattleHexes, strings.ToUpper(a.Args[0])) {
		return eighteen.RuleError("15.2", "the Cattle token goes on a city west of the Mississippi: one of %v", cattleHexes)
	}
	return nil
}

// doCattle places it.
func (g *Game) doCattle(a move.Action) error {
	c := g.Operating()
	h, _ := hexgrid.ParseHex(strings.ToUpper(a.Args[0]))
	g.Cattle = &Token{Hex: h, Corp: c.Sym}
	g.Note("%s places the Cattle token on %s", c.Sym, h)
	return nil
}

// checkPort judges placing the port token, open or closed (15.2).
func (g *Game) checkPort(a move.Action) error {
	c, err := g.operating(a, "PORT")
	if err != nil {
		return err
	}
	if !g.owns(c, GSC) || g.Port != nil {
		return eighteen.RuleError("15.2", "only the company owning the Gulf Shipping Company places its one port token")
	}
	closed := len(a.Args) == 2 && strings.EqualFold(a.Args[1], "CLOSED")
	if len(a.Args) < 1 || len(a.Args) > 2 || (len(a.Args) == 2 && !closed) || !slices.Contains(portHexes, strings.ToUpper(a.Args[0])) {
		return eighteen.RuleError("15.2", "write PORT and one of %v, and CLOSED for the closed port", portHexes)
	}
	return nil
}

// doPort places it; a closed port closes the Gulf Shipping Company.
func (g *Game) doPort(a move.Action) error {
	c := g.Operating()
	closed := len(a.Args) == 2
	h, _ := hexgrid.ParseHex(strings.ToUpper(a.Args[0]))
	g.Port = &Token{Hex: h, Corp: c.Sym, Closed: closed}
	g.Note("%s places the %s port on %s", c.Sym, map[bool]string{true: "closed", false: "open"}[closed], h)
	if closed {
		g.Private(GSC).Closed = true
	}
	return nil
}

// checkClosePort judges closing the company's open port (15.2).
func (g *Game) checkClosePort(a move.Action) error {
	c, err := g.operating(a, "CLOSEPORT")
	if err != nil {
		return err
	}
	if !g.owns(c, GSC) || g.Port == nil || g.Port.Corp != c.Sym || g.Port.Closed {
		return eighteen.RuleError("15.2", "only the company owning the Gulf Shipping Company closes its open port")
	}
	return nil
}

// doClosePort closes the port and the Gulf Shipping Company with it.
func (g *Game) doClosePort(a move.Action) error {
	c := g.Operating()
	g.Port.Closed = true
	g.Private(GSC).Closed = true
	g.Note("%s closes its port and the Gulf Shipping Company", c.Sym)
	return nil
}

// corpBuysPrivate: the operating company buys a private from its
// president (12; rulings G7), for half to double its price; in phase one
// only the MP or SSW, the bridge company, for $40 at most (15.2).
func (g *Game) checkCorpBuysPrivate(a move.Action, p *Private) error {
	c, err := g.operating(a, "BUYPRIVATE")
	if err != nil {
		return err
	}
	lo, hi := (p.Printed+1)/2, 2*p.Printed
	switch {
	case !g.Current().Privates:
		return eighteen.RuleError("12", "private companies are closed")
	case g.Phase == 1 && (p.Sym != MRBC || (c.Sym != "MP" && c.Sym != "SSW")):
		return eighteen.RuleError("4.2.1", "in phase one only the MP or SSW may buy a private, the bridge company")
	case p.Sym == SLSF:
		return eighteen.RuleError("15.2", "the Frisco's certificate is not for a company")
	case p.Corp != "" || p.Owner < 0:
		return eighteen.RuleError("12", "a company buys a private from a player")
	}
	if g.Phase == 1 {
		hi = 40
	}
	price, ok := 0, len(a.Args) == 2
	if ok {
		price, ok = eighteen.Atoi(a.Args[1])
	}
	if !ok || price < lo || price > hi || price > c.Cash {
		return eighteen.RuleError("12.1", "write BUYPRIVATE %s and a price from $%d to $%d that %s can pay", p.Sym, lo, min(hi, c.Cash), c.Sym)
	}
	return nil
}

// corpBuysPrivate hands the private to the company at the price, paid to
// its owner.
func (g *Game) corpBuysPrivate(a move.Action, p *Private) error {
	c := g.Operating()
	price, _ := eighteen.Atoi(a.Args[1])
	c.Cash -= price
	g.Players[p.Owner].Cash += price
	p.Corp = c.Sym
	g.Note("%s buys the %s from %s for $%d", c.Sym, p.Sym, g.Players[p.Owner].Name, price)
	return nil
}

// checkConnections queues the connection runs of companies able to run
// home to destination with a train they own: the one that just operated
// first, then the rest in share price order (11.2).
func (g *Game) checkConnections(first *Corp) {
	var queue []*Corp
	if first != nil && g.connectable(first) {
		queue = append(queue, first)
	}
	for _, c := range g.Ordered(g.connectable) {
		if c != first {
			queue = append(queue, c)
		}
	}
	for _, c := range queue {
		if slices.ContainsFunc(g.r.Pending, func(p pending) bool { return p.Corp == c.Sym && p.Kind >= pendConnect }) {
			continue
		}
		g.r.Pending = append(g.r.Pending, pending{Kind: pendConnect, Seat: c.President, Corp: c.Sym})
		g.Note("%s can run from %s to its destination %s: its connection run (11)", c.Sym, c.Home, c.Dest)
	}
}

// connectable tells whether a company can run from home to destination
// with a train it owns, and has not yet (11.1).
func (g *Game) connectable(c *Corp) bool {
	if c.Connected || !c.Operating || c.Closed || len(c.Trains) == 0 {
		return false
	}
	if !g.Layout.Reach(c.Sym)[eighteen.Node{Hex: c.Dest, Stop: 0}] {
		return false // cheap: no track at all joins them
	}
	// the longest train runs every route a shorter one could
	home, dest := ends(c)
	return g.Layout.HasRouteBetween(c.Sym, slices.Max(c.Trains), g.Current().OffBoard, home, dest)
}

// connectionRun is its best run in which one train joins home and
// destination (11.4).
func (g *Game) connectionRun(c *Corp) ([]eighteen.Route, int, bool) {
	home, dest := ends(c)
	return g.Layout.BestRunBetween(c.Sym, c.Trains, g.Current().OffBoard, home, dest)
}

// ends are the stops a connection run joins, either way round: the
// company's home and its destination (11.1).
func ends(c *Corp) (home, dest eighteen.Node) {
	return eighteen.Node{Hex: c.Home, Stop: 0}, eighteen.Node{Hex: c.Dest, Stop: 0}
}

// checkDest judges where a connected company's destination token goes
// (11.4.1).
func (g *Game) checkDest(a move.Action) error {
	if len(g.r.Pending) == 0 || g.r.Pending[0].Kind != pendConnect {
		return eighteen.RuleError("11.4.1", "DEST answers a connection run")
	}
	c := g.Corp(g.r.Pending[0].Corp)
	if len(a.Args) != 1 || (!strings.EqualFold(a.Args[0], "MAP") && !strings.EqualFold(a.Args[0], "CHARTER")) {
		return eighteen.RuleError("11.4.1", "write DEST MAP to place the destination token on %s, or DEST CHARTER to keep it as a $100 token", c.Dest)
	}
	return nil
}

// doDest places the destination token, or keeps it, and makes the
// connection run if the company is still connected (11.1 rule 3).
func (g *Game) doDest(a move.Action) error {
	c := g.Corp(g.r.Pending[0].Corp)
	g.r.Pending = g.r.Pending[1:]
	if !g.connectable(c) {
		g.Note("%s is no longer connected: its connection run waits (11.1 rule 3)", c.Sym)
		return nil
	}
	if strings.EqualFold(a.Args[0], "MAP") {
		if g.Variants.OpenDestinations && !slices.Contains(g.Layout.Tokens[c.Dest][0], c.Sym) {
			if g.Layout.Extra == nil {
				g.Layout.Extra = map[hexgrid.Hex][]string{}
			}
			g.Layout.Extra[c.Dest] = append(g.Layout.Extra[c.Dest], c.Sym) // beside the city (16.4)
		} else if !slices.Contains(g.Layout.Tokens[c.Dest][0], c.Sym) {
			g.addToken(c.Dest, c.Sym)
		} else {
			c.Extra++ // its token there becomes the destination token (11.4.1)
		}
		c.DestToken = true
		g.Note("%s places its destination token on %s", c.Sym, c.Dest)
	} else {
		c.Extra++
		g.Note("%s keeps its destination token as a $100 token", c.Sym)
	}
	runs, rev, _ := g.connectionRun(c)
	g.Ran(&c.Corporation, runs, rev)
	if rev == 0 {
		c.Connected = true
		return nil
	}
	g.Note("%s's connection run earns $%d", c.Sym, rev)
	g.r.Pending = append([]pending{{Kind: pendConnPay, Seat: c.President, Corp: c.Sym, Revenue: rev}}, g.r.Pending...)
	return nil
}
