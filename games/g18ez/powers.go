package g18ez

import (
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

// hotel is the Harriot Milton Hotel's power: its token on a city with
// track, never an off-board, adds $10 to the owning railroad's runs
// there; placing it closes the Hotel (appendix; rulings EZ6).
var hotel = eighteen.Power{Kind: eighteen.PowerCityBonus, Verb: "HOTEL", Amount: 10, Closes: true, Rule: "appendix, rulings EZ6"}

// powers are the privates' powers a major uses in its turn (appendix):
// the Hotel's, and the Metropolis Rapid Transit Authority's tile and
// station in Metropolis, each beyond the railroad's own, the tile laid
// without a route (rulings EZ7) and the station closing the Authority.
func (g *Game) powers() eighteen.PowerRules[Corp] {
	m := []hexgrid.Hex{g.metropolis()}
	return eighteen.PowerRules[Corp]{Powers: map[string][]eighteen.Power{HMH: {hotel}, MRTA: {
		{Kind: eighteen.PowerExtraLay, Verb: "MRTA", Hexes: m, Anywhere: true, Once: true, Rule: "appendix"},
		{Kind: eighteen.PowerTokenAnywhere, Verb: "MRTA", Hexes: m, Closes: true, Rule: "appendix"},
	}}, May: func(c *Corp) bool { return c.Kind == kindMajor },
		Used: func(priv string, kind eighteen.PowerKind) bool {
			return priv == MRTA && kind == eighteen.PowerExtraLay && g.MetroLaid
		},
		Use: func(c *Corp, priv string, kind eighteen.PowerKind, at hexgrid.Hex) {
			switch {
			case priv == HMH:
				g.Hotel = &Hotel{Hex: at, Corp: c.Sym}
			case kind == eighteen.PowerExtraLay:
				g.MetroLaid = true
			}
		}, Told: g.toldPower}
}

// toldPower tells of a private's power used.
func (g *Game) toldPower(c *Corp, p *eighteen.Private, pw eighteen.Power, lay eighteen.Lay) {
	switch pw.Kind {
	case eighteen.PowerCityBonus:
		g.Note("%s places the Hotel Bonus Token on %s: +$10 there for its trains; the Harriot Milton Hotel closes (appendix)", c.Sym, lay.Hex)
	case eighteen.PowerExtraLay:
		g.Note("%s lays tile #%s in Metropolis with the Metropolis Rapid Transit Authority (appendix)", c.Sym, lay.Tile.ID)
	default:
		g.Note("%s places a station in Metropolis with the Metropolis Rapid Transit Authority, which closes (appendix)", c.Sym)
	}
}

// powersStep is what the operating major may do at any point of its
// turn: use its privates' powers, and buy a private company from a
// player (appendix).
func (g *Game) powersStep() eighteen.Step {
	moves := g.PowerMoves(g.powers())
	moves["BUYPRIVATE"] = eighteen.Pair(g.checkBuyPrivate, g.doBuyPrivate)
	return &eighteen.Table{Title: "private companies", Moves: moves, Judged: []string{"MRTA", "HOTEL"}, Alongside: true,
		Blocks: func() bool { return false }, Candidate: g.powerCandidates}
}

// powerCandidates are the powers and purchases open to the operating
// company.
func (g *Game) powerCandidates(seat int, q move.Query) []move.Option {
	c := g.Operating()
	if c == nil || c.Kind != kindMajor || g.r.Offer != nil || c.President != seat {
		return nil
	}
	out := g.PowerOptions(g.powers(), seat, q)
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

// hotelBonus adds $10 to each of the owner's runs through the hotel's
// city (appendix).
func (g *Game) hotelBonus(corp string, stops []eighteen.Node, _ int) int {
	return hotelBonusAt(g.Hotel, corp, stops)
}

// hotelBonusAt is the Hotel's $10 for a run, the token where h says.
func hotelBonusAt(h *Hotel, corp string, stops []eighteen.Node) int {
	if h == nil {
		return 0
	}
	return hotel.Bonus(h.Hex, h.Corp, corp, stops)
}

// hotelBound is the most a stop adds to a run's bonus.
func (g *Game) hotelBound(corp string, n eighteen.Node, _ int) int {
	if g.Hotel == nil {
		return 0
	}
	return hotel.Bonus(g.Hotel.Hex, g.Hotel.Corp, corp, []eighteen.Node{n})
}

// privateTerms reads BUYPRIVATE sym price: a private a player owns
// (never the Obsidian), at half to double its printed price, once the
// first 3 is sold (appendix, 2.8).
func (g *Game) privateTerms(a move.Action) (*Private, int, error) {
	c := g.Operating()
	if len(a.Args) != 2 {
		return nil, 0, eighteen.RuleError("appendix", "write BUYPRIVATE, the private and the price, as BUYPRIVATE HMH 60")
	}
	p := g.Private(a.Args[0])
	price, ok := eighteen.Atoi(a.Args[1])
	switch {
	case p == nil || !ok:
		return nil, 0, eighteen.RuleError("appendix", "write BUYPRIVATE, the private and the price, as BUYPRIVATE HMH 60")
	case c.Kind != kindMajor:
		return nil, 0, eighteen.RuleError("appendix", "only major railroads buy private companies")
	case g.Phase < 1 || !g.Current().Privates:
		return nil, 0, eighteen.RuleError("2.8", "major railroads buy private companies from the sale of the first 3 until the first 5")
	case p.Sym == OBS:
		return nil, 0, eighteen.RuleError("appendix", "the Obsidian Railroad is never sold to a railroad")
	case !p.Held() || p.Corp != "":
		return nil, 0, eighteen.RuleError("appendix", "%s is not a player's to sell", p.Sym)
	case price < (p.Printed+1)/2 || price > 2*p.Printed:
		return nil, 0, eighteen.RuleError("appendix", "%s sells to a railroad for $%d to $%d", p.Sym, (p.Printed+1)/2, 2*p.Printed)
	case price > c.Cash:
		return nil, 0, eighteen.RuleError("appendix", "%s has $%d", c.Sym, c.Cash)
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
