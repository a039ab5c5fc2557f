package g18ez

import (
	"maps"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// metropolis is the hex whose tiles are labelled M.
func (g *Game) metropolis() hexgrid.Hex {
	for _, h := range g.Board().Order {
		if g.Board().Space(h).Upgrades[eighteen.Green] == "M" {
			return h
		}
	}
	return hexgrid.Hex{}
}

// powersStep is what the operating major may do at any point of its
// turn: use the Hotel and the Metropolis Rapid Transit Authority, and buy
// a private company from a player (appendix).
func (g *Game) powersStep() eighteen.Step {
	return &eighteen.Table{Title: "private companies", Moves: map[string]eighteen.Move{
		"HOTEL": eighteen.Pair(g.checkHotel, g.doHotel), "MRTA": eighteen.Pair(g.checkMRTA, g.doMRTA),
		"BUYPRIVATE": eighteen.Pair(g.checkBuyPrivate, g.doBuyPrivate),
	}, Judged: []string{"MRTA"}, Alongside: true, Blocks: func() bool { return false }, Candidate: g.powerCandidates}
}

// powerCandidates are the powers and purchases open to the operating
// company.
func (g *Game) powerCandidates(seat int, q move.Query) []move.Option {
	c := g.Operating()
	if c == nil || c.Kind != kindMajor || g.r.Offer != nil || c.President != seat {
		return nil
	}
	var out []move.Option
	if g.Private(HMH).Owned(c.Sym) {
		for h := range g.Layout.Tiles {
			out = append(out, move.Opt(seat, "HOTEL", h.String()))
		}
	}
	if g.Private(MRTA).Owned(c.Sym) && q.Wants("MRTA") {
		out = append(out, g.mrtaOptions(seat, c)...)
	}
	for _, p := range g.Privates {
		if p.Held() && p.Corp == "" && p.Sym != OBS {
			out = append(out, move.RangedOpt(seat, "BUYPRIVATE", (p.Printed+1)/2, min(2*p.Printed, c.Cash), p.Sym))
		}
	}
	slices.SortStableFunc(out, func(a, b move.Option) int {
		return strings.Compare(a.String(), b.String())
	})
	return out
}

func (g *Game) checkHotel(a move.Action) error {
	c := g.Operating()
	if !g.Private(HMH).Owned(c.Sym) {
		return errRule("appendix", "%s does not own the Harriot Milton Hotel", c.Sym)
	}
	if len(a.Args) != 1 {
		return errRule("appendix", "write HOTEL and the city's hex, as HOTEL E9")
	}
	h, err := hexgrid.ParseHex(a.Args[0])
	if err != nil {
		return err
	}
	if s := g.Board().Space(h); s == nil || s.Kind == eighteen.OffBoard {
		return errRule("appendix", "the Hotel token may not go on an off-board area")
	}
	if p, ok := g.Layout.Tiles[h]; !ok || len(p.Tile.Stops) == 0 {
		return errRule("appendix, rulings EZ6", "the Hotel token goes on a city with track; %s has none", h)
	}
	return nil
}

func (g *Game) doHotel(a move.Action) error {
	c := g.Operating()
	h, _ := hexgrid.ParseHex(a.Args[0])
	g.Hotel = &Hotel{Hex: h, Corp: c.Sym}
	g.Private(HMH).Closed = true
	g.Note("%s places the Hotel Bonus Token on %s: +$10 there for its trains; the Harriot Milton Hotel closes (appendix)", c.Sym, h)
	return nil
}

// hotelBonus adds $10 to each of the owner's runs through the hotel's
// city (appendix).
func (g *Game) hotelBonus(corp string, stops []eighteen.Node, _ int) int {
	return hotelBonusAt(g.Hotel, corp, stops)
}

// hotelBonusAt is the Hotel's $10 for a run, the token where h says.
func hotelBonusAt(h *Hotel, corp string, stops []eighteen.Node) int {
	if h == nil || h.Corp != corp {
		return 0
	}
	for _, s := range stops {
		if s.Hex == h.Hex {
			return 10
		}
	}
	return 0
}

// hotelBound is the most a stop adds to a run's bonus.
func (g *Game) hotelBound(corp string, n eighteen.Node, _ int) int {
	if g.Hotel != nil && g.Hotel.Corp == corp && n.Hex == g.Hotel.Hex {
		return 10
	}
	return 0
}

// mrtaOptions are the Authority's tile and station in Metropolis, each in
// addition to the company's own (appendix; rulings EZ7).
func (g *Game) mrtaOptions(seat int, c *Corp) []move.Option {
	m := g.metropolis()
	var out []move.Option
	if g.mrtaTokenError(c) == nil {
		out = append(out, move.Opt(seat, "MRTA", "TOKEN"))
	}
	for _, id := range slices.Sorted(maps.Keys(g.Left)) {
		n := g.Left[id]
		for r := range 6 {
			if n > 0 && !g.MetroLaid && g.mrtaLayError(c, eighteen.Lay{Corp: c.Sym, Hex: m, Tile: g.Tiles()[id], Rotation: r}) == nil {
				out = append(out, move.Opt(seat, "MRTA", "LAY", id, itoa(r)))
			}
		}
	}
	return out
}

// mrtaLayError judges the Authority's tile: an upgrade of Metropolis the
// phase allows, laid without a route (rulings EZ7).
func (g *Game) mrtaLayError(c *Corp, lay eighteen.Lay) error {
	if g.Layout.Tiles[lay.Hex].Tile == nil || g.Left[lay.Tile.ID] <= 0 {
		return errRule("appendix", "no tile #%s is left", lay.Tile.ID)
	}
	_, err := g.Layout.CheckFrom(wholeHex(lay.Hex), lay, g.TileColours())
	return err
}

// wholeHex is a reach that takes in a hex's city and every side of it,
// named from either hex (the graph names a side from the hex that comes
// first): a lay there needs no route.
func wholeHex(h hexgrid.Hex) map[eighteen.Node]bool {
	reach := map[eighteen.Node]bool{{Hex: h, Stop: 0}: true}
	for e := range hexgrid.Edge(6) {
		reach[eighteen.Node{Hex: h, Stop: -1, Side: e}] = true
		reach[eighteen.Node{Hex: h.Neighbour(e), Stop: -1, Side: e.Opposite()}] = true
	}
	return reach
}

// mrtaTokenError judges the Authority's station in Metropolis: a marker
// left, room there, none of its own there yet.
func (g *Game) mrtaTokenError(c *Corp) error {
	m := g.metropolis()
	p := g.Layout.Tiles[m]
	switch {
	case !c.Operating:
		return errRule("2.5", "%s places its home station first", c.Sym)
	case c.Stations >= len(c.TokenCosts):
		return errRule("2.5", "%s has no station marker left", c.Sym)
	case p.Tile == nil || g.Layout.FreeCity(m) < 0:
		return errRule("2.5", "Metropolis has no room for a station")
	}
	for _, syms := range g.Layout.Tokens[m] {
		if slices.Contains(syms, c.Sym) {
			return errRule("2.5", "%s has a station in Metropolis already", c.Sym)
		}
	}
	return nil
}

func (g *Game) checkMRTA(a move.Action) error {
	c := g.Operating()
	if !g.Private(MRTA).Owned(c.Sym) {
		return errRule("appendix", "%s does not own the Metropolis Rapid Transit Authority", c.Sym)
	}
	switch {
	case len(a.Args) == 1 && a.Args[0] == "TOKEN":
		return g.mrtaTokenError(c)
	case len(a.Args) == 3 && a.Args[0] == "LAY":
		if g.MetroLaid {
			return errRule("appendix", "the Authority's tile is laid once")
		}
		lay, err := g.ReadLay(c.Sym, []string{g.metropolis().String(), a.Args[1], a.Args[2]}, "MRTA LAY 716 0")
		if err != nil {
			return err
		}
		return g.mrtaLayError(c, lay)
	}
	return errRule("appendix", "write MRTA TOKEN, or MRTA LAY and a Metropolis tile and rotation, as MRTA LAY 716 0")
}

func (g *Game) doMRTA(a move.Action) error {
	c := g.Operating()
	m := g.metropolis()
	if a.Args[0] == "LAY" {
		lay, _ := g.ReadLay(c.Sym, []string{m.String(), a.Args[1], a.Args[2]}, "MRTA LAY 716 0")
		g.PlaceTile(lay)
		g.MetroLaid = true
		g.Note("%s lays tile #%s in Metropolis with the Metropolis Rapid Transit Authority (appendix)", c.Sym, lay.Tile.ID)
		return nil
	}
	g.Layout.Place(m, g.Layout.FreeCity(m), c.Sym)
	c.Stations++
	g.Private(MRTA).Closed = true
	g.Note("%s places a station in Metropolis with the Metropolis Rapid Transit Authority, which closes (appendix)", c.Sym)
	return nil
}

// privateTerms reads BUYPRIVATE sym price: a private a player owns
// (never the Obsidian), at half to double its printed price, once the
// first 3 is sold (appendix, 2.8).
func (g *Game) privateTerms(a move.Action) (*Private, int, error) {
	c := g.Operating()
	if len(a.Args) != 2 {
		return nil, 0, errRule("appendix", "write BUYPRIVATE, the private and the price, as BUYPRIVATE HMH 60")
	}
	p := g.Private(a.Args[0])
	price, ok := atoi(a.Args[1])
	switch {
	case p == nil || !ok:
		return nil, 0, errRule("appendix", "write BUYPRIVATE, the private and the price, as BUYPRIVATE HMH 60")
	case c.Kind != kindMajor:
		return nil, 0, errRule("appendix", "only major railroads buy private companies")
	case g.Phase < 1 || !g.Current().Privates:
		return nil, 0, errRule("2.8", "major railroads buy private companies from the sale of the first 3 until the first 5")
	case p.Sym == OBS:
		return nil, 0, errRule("appendix", "the Obsidian Railroad is never sold to a railroad")
	case !p.Held() || p.Corp != "":
		return nil, 0, errRule("appendix", "%s is not a player's to sell", p.Sym)
	case price < (p.Printed+1)/2 || price > 2*p.Printed:
		return nil, 0, errRule("appendix", "%s sells to a railroad for $%d to $%d", p.Sym, (p.Printed+1)/2, 2*p.Printed)
	case price > c.Cash:
		return nil, 0, errRule("appendix", "%s has $%d", c.Sym, c.Cash)
	}
	return p, price, nil
}

func (g *Game) checkBuyPrivate(a move.Action) error {
	_, _, err := g.privateTerms(a)
	return err
}

func (g *Game) doBuyPrivate(a move.Action) error {
	c := g.Operating()
	p, price, _ := g.privateTerms(a)
	if p.Owner != c.President && !g.Agreed() {
		g.offer(a, p.Owner)
		return nil
	}
	c.Cash -= price
	g.Players[p.Owner].Cash += price
	g.Note("%s buys %s from %s for $%d (appendix)", c.Sym, p.Sym, g.Players[p.Owner].Name, price)
	p.Owner, p.Corp = -1, c.Sym
	return nil
}

// offer puts a deal to the other side's president or owner; the game
// waits on the answer (2.8, appendix).
func (g *Game) offer(a move.Action, to int) {
	g.r.Offer = &eighteen.Offer{Move: a, To: to}
	g.Note("%s offers: %s; %s to accept or decline", g.Players[a.Seat].Name, a, g.Players[to].Name)
}

// consentStep waits on the other side of an offer.
func (g *Game) consentStep() eighteen.Step {
	return g.Consent(func(a move.Action) error { return g.Round().Apply(a) }, "%s declines: %s")
}
