package g18ez

import (
	"fmt"
	"slices"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// runMap is the map as a run is made on it, the Hotel's bonus as it
// stands then: what a run is checked against later.
func (g *Game) runMap() *eighteen.Layout {
	l := g.Layout.Clone()
	var hotel *Hotel
	if g.Hotel != nil {
		h := *g.Hotel
		hotel = &h
	}
	l.Bonus = func(corp string, stops []eighteen.Node, _ int) int { return hotelBonusAt(hotel, corp, stops) }
	return l
}

// income is 18EZ's run and its dividend (2.6, 2.7): the best run, or
// any legal run the president names (rulings EZ12); paid out, the value
// moving right; half paid, the odd dollars kept, the value staying; or
// retained, the value moving left, as is an empty run's (2.8). A minor
// splits its income with its owner, the odd dollar to the minor.
func (g *Game) income() *eighteen.Dividend[Corp] {
	return &eighteen.Dividend[Corp]{Title: "income", Keep: "RETAIN", Shares: 10, Full: eighteen.RoundDown, Half: eighteen.RoundDown,
		Moves: eighteen.Moves{Pay: eighteen.Right, Half: eighteen.Stay, Keep: eighteen.Left, Nothing: eighteen.Left},
		Rules: eighteen.DividendRules{Run: "2.6", Choice: "2.7"}, Example: "RUN D5-D9 D1-D5",
		Notes: incomeNotes, Move: g.move, Splits: (*Corp).Minor, Map: g.runMap,
		Check: func(move.Action) error {
			if c := g.Operating(); c != nil && c.Minor() {
				return errRule("2.7", "a minor railroad splits its income 50/50 with its owner; it may not retain or pay in full")
			}
			return nil
		}}
}

// incomeNotes are 18EZ's words for a run and its income.
var incomeNotes = eighteen.DividendNotes{Ran: "%s runs its trains for $%d (2.6)", RanEmpty: "%s runs its trains for $%d (2.6)",
	Named: "%s's president names its routes: %s; $%d in all (2.6)",
	Pay:   "%[1]s pays $%[2]d a share; its value rises to $%[5]d (2.7)", Half: "%[1]s keeps $%[3]d and pays $%[2]d a share; its value stays at $%[5]d (2.7)",
	Keep: "%[1]s retains $%[4]d; its value falls to $%[5]d (2.7)", Nothing: "%[1]s retains $%[4]d; its value falls to $%[5]d (2.7)",
	Split: "%s splits $%d: $%d to %s, $%d to its treasury (2.7)"}

// trainStep is the company's trains (2.8 to 2.10): buy, sell shares for a
// forced train, and end the turn.
func (g *Game) trainStep() eighteen.Step {
	return g.Turn().Table("trains", eighteen.StepTrains, map[string]eighteen.Move{
		"BUYTRAIN": eighteen.Pair(g.checkBuyTrain, g.doBuyTrain), "SELL": eighteen.Pair(g.checkSell, g.doSell),
		"DONE": eighteen.Pair(g.checkTrainsDone, g.doTrainsDone), "BANKRUPT": eighteen.Pair(g.checkBankrupt, g.doBankrupt),
	}, func(seat int, _ move.Query) []move.Option {
		return append(g.trainOptions(seat, g.Operating()), move.Opt(seat, "DONE"), move.Opt(seat, "BANKRUPT"))
	})
}

// trainOptions are the company's purchases, and the president's forced
// sales, open now.
func (g *Game) trainOptions(seat int, c *Corp) []move.Option {
	if c == nil || len(c.Trains) >= g.Current().LimitFor(c.Kind) {
		return nil
	}
	out := shop.Options(seat, &g.Trains, c.Trains, eighteen.Sellers(eighteen.Cores(g.Corps), &c.Corporation), g.maxPay(c))
	if g.r.Forced {
		for _, s := range g.saleOptions(seat) {
			out = append(out, move.Opt(seat, "SELL", s[0], s[1]))
		}
	}
	return slices.DeleteFunc(out, func(o move.Option) bool {
		return o.Verb == "BUYTRAIN" && !o.Ranged && g.checkBuyTrain(o.Action(0)) != nil
	})
}

// maxPay is the most the company may pay for a train from another
// railroad: its cash, or in a forced purchase its president's too, below
// the cheapest train the bank or the open market sells (2.9).
func (g *Game) maxPay(c *Corp) int {
	if !g.r.Forced {
		return c.Cash
	}
	cheapest, _ := g.Cheapest()
	return min(c.Cash+g.Players[c.President].Cash, cheapest-1)
}

// mustBuy tells whether the company must end its turn with a train: a
// public railroad without one that can trace a legal route (2.8).
func (g *Game) mustBuy(c *Corp) bool {
	return c.Public() && len(c.Trains) == 0 && c.Operating && g.Layout.HasRoute(c.Sym, eighteen.Unlimited, g.Current().OffBoard)
}

// shortfall is what the president must still raise for a forced train.
func (g *Game) shortfall(c *Corp) int {
	cheapest, ok := g.Cheapest()
	if !ok {
		return 0
	}
	return eighteen.Forced{Price: cheapest, Company: c.Cash, President: g.Players[c.President].Cash}.Shortfall()
}

// bankrupt tells whether the president cannot raise a forced train even
// by selling all he may, and no other railroad has a train to sell (2.9,
// 2.11); it starts the forced purchase otherwise.
func (g *Game) bankrupt(c *Corp) bool {
	if !g.beyondMeans(c) {
		return false
	}
	for _, o := range g.Corps {
		if o != c && !o.Closed && len(o.Trains) > 0 && g.maxPay(c) >= 1 {
			return false // a railroad may yet sell one (2.9)
		}
	}
	return true
}

// cannotPay tells whether the company alone cannot pay for the cheapest
// train the bank or the open market sells: a forced purchase (2.9).
func (g *Game) cannotPay(c *Corp) bool {
	cheapest, ok := g.Cheapest()
	return ok && c.Cash < cheapest
}

// beyondMeans tells whether it cannot even with all its president may
// raise (2.10, 2.11).
func (g *Game) beyondMeans(c *Corp) bool {
	return g.cannotPay(c) && g.shortfall(c) > g.raisable(c.President, c)
}

func (g *Game) checkBankrupt(a move.Action) error {
	c := g.Operating()
	if len(a.Args) != 0 || !g.mustBuy(c) || !g.beyondMeans(c) {
		return errRule("2.11", "bankruptcy is declared only by a president who must buy a train and cannot raise its price")
	}
	return nil
}

func (g *Game) doBankrupt(move.Action) error {
	g.bankruptcy(g.Operating())
	return nil
}

// bankruptcy ends the game at once (2.11).
func (g *Game) bankruptcy(c *Corp) {
	g.Bankrupt = c.President
	g.Note("%s cannot raise the money for %s's train and is bankrupt (2.11)", g.Players[c.President].Name, c.Sym)
	g.Ending = bankruptcy.Declare(g.Ending, c.Sym, c.President, g.Players[c.President].Name+" is bankrupt")
	g.End(g.Ending.Why)
}

// shop is how 18EZ writes a purchase: BUYTRAIN 3, BUYTRAIN 3 POOL,
// BUYTRAIN 3 FROM PSW 100; every rule of buying is 2.8's.
var shop = eighteen.Shop{From: "FROM", Example: "PSW", Cite: eighteen.Cite{
	"2.4": "2.8", "10.4": "2.8", "10.4.1": "2.8", "10.5": "2.8", "10.6": "2.9"}}

// purchase is a train bought as written: the core's reading, and whether
// the president pays what the company lacks (2.9).
type purchase struct {
	eighteen.Purchase
	forced bool
}

// trainTerms reads BUYTRAIN and judges it: the core reads the train and
// its source, 18EZ's limit by kind and its forced purchase follow.
func (g *Game) trainTerms(a move.Action) (purchase, error) {
	c := g.Operating()
	if len(c.Trains) >= g.Current().LimitFor(c.Kind) {
		return purchase{}, errRule("2.8", "%s has %d trains, its limit", c.Sym, len(c.Trains))
	}
	bu, err := shop.Read(&g.Trains, a.Args, c.Trains, eighteen.Sellers(eighteen.Cores(g.Corps), &c.Corporation), g.maxPay(c))
	if err != nil {
		return purchase{}, err
	}
	pu := purchase{Purchase: bu}
	if pu.Seller != "" {
		pu.forced = g.r.Forced && pu.Price > c.Cash
		return pu, nil
	}
	return pu, g.affords(c, &pu)
}

// affords judges a purchase from the bank or the open market against the
// company's money, or in a forced purchase its president's (2.9): then
// only the cheapest train, and only what the company lacks.
func (g *Game) affords(c *Corp, pu *purchase) error {
	if pu.Price <= c.Cash {
		return nil
	}
	cheapest, _ := g.Cheapest()
	switch {
	case !g.r.Forced:
		return errRule("2.8", "the %d-train costs $%d; %s has $%d", pu.Size, pu.Price, c.Sym, c.Cash)
	case pu.Price > cheapest:
		return errRule("2.9", "a forced purchase is of the cheapest train, $%d", cheapest)
	case pu.Price > c.Cash+g.Players[c.President].Cash:
		return errRule("2.9, 2.10", "you must first sell shares: $%d short", pu.Price-c.Cash-g.Players[c.President].Cash)
	}
	pu.forced = true
	return nil
}

func (g *Game) checkBuyTrain(a move.Action) error {
	_, err := g.trainTerms(a)
	return err
}

func (g *Game) doBuyTrain(a move.Action) error {
	c := g.Operating()
	pu, _ := g.trainTerms(a)
	seller := g.Corp(pu.Seller)
	if seller != nil && seller.President != c.President && !g.Agreed() {
		g.offer(a, seller.President)
		return nil
	}
	from := min(pu.Price, c.Cash)
	c.Cash -= from
	if pu.forced {
		g.Players[c.President].Cash -= pu.Price - from
		g.Note("%s adds $%d to %s's forced train (2.9)", g.Players[c.President].Name, pu.Price-from, c.Sym)
	}
	var sold *eighteen.Corporation
	what := "from the bank"
	switch {
	case seller != nil:
		sold, what = &seller.Corporation, "from "+seller.Sym
	case pu.Pool:
		what = "from the open market"
	}
	began := g.Deliver(pu.Size, pu.Kind, pu.Pool, sold, pu.Price, &g.Bank)
	c.Trains = append(c.Trains, pu.Size)
	g.r.Forced = false
	g.Note("%s buys a %d-train %s for $%d (2.8)", c.Sym, pu.Size, what, pu.Price)
	for _, p := range began {
		g.newPhase(p)
	}
	return nil
}

func (g *Game) checkTrainsDone(a move.Action) error {
	c := g.Operating()
	if len(a.Args) != 0 {
		return errRule("2.8", "DONE takes nothing more")
	}
	if g.mustBuy(c) {
		return errRule("2.8", "%s can trace a route and must own a train at the end of its turn", c.Sym)
	}
	return nil
}

func (g *Game) doTrainsDone(move.Action) error {
	g.finishTurn(g.Operating())
	return nil
}

// newPhase applies a phase's changes to every company (2.8): trains
// scrapped, the Black Line's shares and formation, privates closed, and
// trains over a lowered limit put in the open market (rulings EZ8).
func (g *Game) newPhase(p int) {
	ph := g.Phases[p]
	g.Note("The first %d-train is sold: phase %d (2.8)", ph.Train, ph.Train)
	if ph.Rusts > 0 {
		if g.RustAll(ph.Rusts) {
			g.Note("Every %d-train is scrapped (2.8)", ph.Rusts)
		}
	}
	for _, ev := range ph.Events {
		switch ev {
		case evPrivatesToMajors:
			g.Note("Major railroads may buy private companies (2.8)")
		case evBlackLineShares:
			g.BlackLineSale = true
			g.Note("The Black Line's shares go on sale at the next SDR (2.12)")
		case evBlackLine:
			g.BlackLineDue = true
			g.Note("The Black Line forms at the end of this OR (2.12)")
		}
	}
	if !ph.Privates {
		for _, pr := range g.Privates {
			if !pr.Closed && pr.Sym != OBS {
				pr.Closed = true
				g.Note("%s closes (2.8)", pr.Sym)
			}
		}
	}
	g.trimTrains()
}

// trimTrains puts each company's smallest trains over its limit in the
// open market (rulings EZ8).
func (g *Game) trimTrains() {
	for _, c := range g.Corps {
		limit := g.Current().LimitFor(c.Kind)
		for len(c.Trains) > limit && !c.Closed {
			slices.Sort(c.Trains)
			g.PoolTrains = append(g.PoolTrains, c.Trains[0])
			g.Note("%s is over its limit of %d trains: its %d-train goes to the open market (rulings EZ8)", c.Sym, limit, c.Trains[0])
			c.Trains = c.Trains[1:]
		}
	}
}

// formBlackLine merges the minors and the Obsidian into the Black Line at
// the end of the OR of the first 5 (2.12).
func (g *Game) formBlackLine() {
	g.BlackLineDue = false
	bl, obs := g.Corp(BL), g.Private(OBS)
	owner := obs.Owner
	obs.Closed = true
	bl.President = owner
	g.Players[owner].Shares[BL] += shares.PresidentUnits
	bl.Reserved -= shares.PresidentUnits
	bl.Started, bl.Floated, bl.Operating, bl.Par = true, true, true, blackLinePrice
	pos, err := g.blackLineBox()
	if err == nil {
		g.move(bl, pos)
	}
	g.Pay(blackLineCash, &bl.Cash)
	g.Note("The Black Line forms: %s trades the Obsidian for its president's certificate; $%d from the bank, its value $%d (2.12)", g.Players[owner].Name, blackLineCash, blackLinePrice)
	for _, m := range g.Corps {
		if !m.Minor() || m.Closed || !m.Started {
			continue
		}
		bl.Trains = append(bl.Trains, m.Trains...)
		bl.Cash += m.Cash
		g.Note("%s joins the Black Line with $%d and trains %v; %s takes its Black Line share (2.12)", m.Sym, m.Cash, m.Trains, g.Players[m.President].Name)
		m.Trains, m.Cash, m.Closed = nil, 0, true
		for h, stops := range g.Layout.Tokens {
			for i, syms := range stops {
				if j := slices.Index(syms, m.Sym); j >= 0 {
					g.Layout.Tokens[h][i][j] = BL
					bl.Stations++
				}
			}
		}
		g.Players[m.President].Shares[BL]++
		bl.Reserved--
		g.Reelect(bl)
	}
	bl.IPO += bl.Reserved
	bl.Reserved = 0
	g.trimTrains()
}

// blackLineBox is the SPI box the Black Line starts in: the top row's
// $150 (rulings EZ9).
func (g *Game) blackLineBox() (eighteen.Pos, error) {
	for c, cell := range g.StockMarket().Rows[0] {
		if cell.Price == blackLinePrice {
			return eighteen.Pos{Row: 0, Col: c}, nil
		}
	}
	return eighteen.Pos{}, fmt.Errorf("no $%d box in the SPI's top row", blackLinePrice)
}
