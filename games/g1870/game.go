package g1870

import (
	"math/rand/v2"
	"slices"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// Setup is what a game of 1870 starts from: the players, and the seed that
// deals the starting order (3.2).
type Setup struct {
	Players  []string `json:"players"`
	Seed     uint64   `json:"seed"`
	Variants Variants `json:"variants"`
}

// Variants are section 16's options, chosen when the game is created.
// Every one is off unless asked for, as in tournament play (16; rulings
// G13).
type Variants struct {
	Finish400  bool `json:"finish_400,omitempty"` // 16.1: the game ends when a token reaches $400
	Historical bool `json:"historical,omitempty"` // 16.5: the companies start in historical order
	Diesels    bool `json:"diesels,omitempty"`    // 16.2: 1830-style diesels instead of the 8s, 10s and 12s
	// OpenDestinations: 16.4's destination tokens beside the city, in
	// no slot, blocking no one.
	OpenDestinations bool `json:"open_destinations,omitempty"`
}

// Player is one seat at the table; its Sold are the companies sold
// since the last set of operating rounds (5.3.3).
type Player = eighteen.Player

// Corp is a public company: the core's, and 1870's own parts.
type Corp struct {
	eighteen.Corporation
	Dest hexgrid.Hex

	Reissued bool
	Reserved eighteen.Holding // certificates that travel with a private: the Katy's MKT_1, the Frisco's president's SLSF_0
	Pending  int              // money it receives at the end of the stock round (5.5.4, 5.11)
	Extra    int              // $100 tokens from a destination token kept on the charter (11.4.1)

	Connected bool // its connection run is done (11.3)
	DestToken bool // its destination token is on the map: the bonus (11.5)

	RedeemedSR, ReissuedSR bool
	BridgeUsed             bool // the MRBC's one discounted crossing
}

// shares are 1870's holding rules (5.1.1, 5.4): the president's
// certificate is two shares, 60% a player and 50% the open market;
// yellow, green and brown are off the certificate limit, green and brown
// off the 60%, and brown lets several be bought from the open market.
var shares = eighteen.ShareRules{PresidentUnits: 2, HoldLimit: 6, PoolLimit: 5, FreeZones: "yob", UnlimitedZones: "ob", BulkZones: "b"}

// bankruptcy ends the game at once (13.1); 1870 has no receivership.
var bankruptcy = eighteen.Bankruptcy{Ends: eighteen.EndNow, Why: "%s cannot raise the money for %s's train and is bankrupt (13.1)"}

// tokens price a station from the charter, and $100 for each destination
// token kept on it (7.5, 11.4.1).
var tokens = eighteen.TokenCost{ExtraCost: 100}

// Private is a private company (15.2); its Cost falls for the GRSC in a
// repeated initial round (5.7).
type Private = eighteen.Private

// Token is a Cattle or port token on the map.
type Token struct {
	Hex    hexgrid.Hex
	Corp   string // the company whose token it is
	Closed bool   // a closed port: only its company gains (15.2)
}

// Game is a game of 1870 in progress.
type Game struct {
	eighteen.Base[Corp, *Corp]

	Variants  Variants
	Stalemate bool
	Cattle    *Token
	Port      *Token

	r round
}

// Run is one company's run of its trains.
type Run = eighteen.Run

// New deals a game: the starting order from the seed, the capital, the
// Katy share set with its private (3.1 to 3.3).
func New(s Setup) (*Game, error) {
	if specErr != nil {
		return nil, specErr
	}
	sp := spec
	if s.Variants.Diesels {
		sp = spec.With("diesels")
	}
	base, err := eighteen.Deal[Corp](sp, s.Players, func(core eighteen.Corporation, f eighteen.CompanySpec) *Corp {
		dest, _ := hexgrid.ParseHex(f.Dest)
		c := &Corp{Corporation: core, Dest: dest}
		c.Issue(eighteen.Charter(c.Sym, 20, 10, 8)) // a 20% president's certificate and eight 10% shares (5.1)
		switch c.Sym {
		case MKT:
			eighteen.Shift(&c.IPO, &c.Reserved, 1) // MKT_1 goes with the Katy private
		case SLSF:
			_ = eighteen.ShiftNamed(&c.IPO, &c.Reserved, SLSF+"_0") // its president's certificate is the SLSF private
		}
		return c
	})
	if err != nil {
		return nil, err
	}
	g := &Game{Base: base, Variants: s.Variants}
	// By mail the players sit in the order the game lists them: their
	// positions are the seats, fixed as they join, and the mail for seat k
	// goes to position k+1. The seed deals the starting order's card #1,
	// the first priority; the others follow clockwise (3.2; ruling G14).
	rng := rand.New(rand.NewPCG(s.Seed, s.Seed^0x1870))
	first := rng.IntN(len(s.Players))
	g.wire()
	if g.Variants.Historical {
		g.Corp(SLSF).FloatAt = 6     // it runs once six shares are sold (16.5)
		g.Private(SLSF).Revenue = 20 // and pays as a private until it is started
	}
	g.Priority = first
	g.r = round{RoundState: eighteen.RoundState{Kind: auctionRound, Seat: first, LastAct: -1}, Initial: true, First: first}
	g.Note("%s has the priority; the private companies are offered cheapest first (5.7)", g.Players[first].Name)
	return g, nil
}

// unlimited tells whether more than 60% may be held (5.1.1 green, brown).
func (g *Game) unlimited(c *Corp) bool { return shares.Unlimited(g.StockMarket(), &c.Corporation) }

// Limit is each player's certificate limit now, lower as companies close
// (5.4.1).
func (g *Game) Limit() int {
	closed := 0
	for _, c := range g.Corps {
		if c.Closed {
			closed++
		}
	}
	return spec.Limits.At(len(g.Players), closed)
}

// sold is a company's shares outside the initial offering and its own
// treasury: held by players or in the open market (5.5.2, 5.10).
func (g *Game) sold(c *Corp) int {
	return eighteen.HeldOut(&c.Corporation, g.Players, g.PoolUnits(c.Sym))
}

// move puts a company's token somewhere new, under the pile there
// (5.8.4), and closes the company if that is the closing zone.
func (g *Game) move(c *Corp, to eighteen.Pos) {
	from := g.Price(c)
	g.MoveTo(&c.Corporation, to)
	if p := g.Price(c); p != from {
		g.Note("%s's shares move from $%d to $%d", c.Sym, from, p)
	}
	if g.StockMarket().Closed(to) {
		g.close(c)
	}
	if g.Variants.Finish400 && g.Price(c) >= 400 && !g.Ending.Due(eighteen.EndAfterRun) {
		g.Ending = eighteen.Trigger(g.Ending, c.Sym+"'s shares reached $400 (16.1)", eighteen.EndAfterRun)
		g.Note("%s's shares reach $400: the game ends when its turn is done (16.1)", c.Sym)
	}
}

// close removes a company whose price reaches the closing zone (5.1.1).
func (g *Game) close(c *Corp) {
	g.Note("%s enters the closing zone and is removed from play (5.1.1)", c.Sym)
	c.Closed = true
	for h, stops := range g.Layout.Tokens {
		for s, corps := range stops {
			stops[s] = slices.DeleteFunc(corps, func(x string) bool { return x == c.Sym })
		}
		g.Layout.Tokens[h] = stops
	}
	for h, corps := range g.Layout.Extra {
		g.Layout.Extra[h] = slices.DeleteFunc(corps, func(x string) bool { return x == c.Sym })
	}
	g.Retire(&c.Corporation)
	c.Reserved = nil
	g.PoolTrains = append(g.PoolTrains, c.Trains...)
	c.Trains = nil
	g.Bank += c.Cash
	c.Cash, c.Pending = 0, 0 // what the bank owed it stays in the bank
	for _, p := range g.Privates {
		if p.Corp == c.Sym && !p.Closed {
			p.Corp, p.Owner, p.Cost = "", -1, p.Printed // back to the open market at list price
		}
	}
	if g.Cattle != nil && g.Cattle.Corp == c.Sym {
		g.Cattle = nil
	}
	if g.Port != nil && g.Port.Corp == c.Sym {
		g.Port = nil
	}
	c.President = -1
}
