package g1870

import (
	"slices"

	"github.com/railpost/railpost/games/eighteen"
)

// Legal are the moves a seat may make now, each as the line to send.
func (g *Game) Legal(seat int) []eighteen.Option { return g.options(seat, "") }

// options lists the moves open to a seat, of one verb or ("") all. Each
// candidate is put to the verb's own checks, so the list and Apply agree.
func (g *Game) options(seat int, verb string) []eighteen.Option {
	if !slices.Contains(g.Acting(), seat) {
		return nil
	}
	var out []eighteen.Option
	for _, o := range g.candidates(seat, verb) {
		if verb != "" && o.Verb != verb {
			continue
		}
		if o.Ranged && o.Min > o.Max {
			continue
		}
		// Lays and tokens were judged as they were listed.
		if o.Verb == "LAY" || o.Verb == "TOKEN" || g.handlers[o.Verb](o.Action(o.Min), false) == nil {
			out = append(out, o)
		}
	}
	return out
}

func opt(seat int, verb string, args ...string) eighteen.Option {
	return eighteen.Option{Seat: seat, Verb: verb, Args: args}
}

func ranged(seat int, verb string, lo, hi int, args ...string) eighteen.Option {
	return eighteen.Option{Seat: seat, Verb: verb, Args: args, Ranged: true, Min: lo, Max: hi}
}

// candidates are the moves worth checking now, of one verb or all.
func (g *Game) candidates(seat int, verb string) []eighteen.Option {
	if len(g.r.Pending) > 0 {
		pd := g.r.Pending[0]
		switch pd.Kind {
		case pendProtect:
			return []eighteen.Option{opt(seat, "PROTECT", pd.Corp), opt(seat, "DECLINE", pd.Corp)}
		case pendDiscard:
			var out []eighteen.Option
			for _, t := range slices.Compact(slices.Sorted(slices.Values(g.Corp(pd.Corp).Trains))) {
				out = append(out, opt(seat, "DISCARD", itoa(t)))
			}
			return out
		case pendPar:
			var out []eighteen.Option
			for _, p := range parPrices {
				out = append(out, opt(seat, "PAR", SLSF, itoa(p)))
			}
			return out
		case pendConnect:
			return []eighteen.Option{opt(seat, "DEST", "MAP"), opt(seat, "DEST", "CHARTER")}
		case pendConnPay:
			return []eighteen.Option{opt(seat, "PAY"), opt(seat, "WITHHOLD")}
		}
	}
	switch g.r.Kind {
	case auctionRound:
		return g.auctionCandidates(seat)
	case stockRound:
		return g.stockCandidates(seat)
	}
	return g.operatingCandidates(seat, verb)
}

func (g *Game) auctionCandidates(seat int) []eighteen.Option {
	out := []eighteen.Option{opt(seat, "PASS")}
	if au := g.r.Auction; au != nil {
		p := g.Private(au.Private)
		high, _ := g.highBid(p)
		return append(out, ranged(seat, "BID", high+5, g.Players[seat].Cash-g.committed(seat, p.Sym), p.Sym))
	}
	low := g.lowest()
	out = append(out, opt(seat, "BUY", low.Sym))
	for _, p := range g.Privates {
		if p.Owner < 0 && p.Corp == "" && !p.Closed && p != low {
			high, _ := g.highBid(p)
			out = append(out, ranged(seat, "BID", max(p.Cost, high)+5, g.Players[seat].Cash-g.committed(seat, p.Sym), p.Sym))
		}
	}
	return out
}

func (g *Game) stockCandidates(seat int) []eighteen.Option {
	out := []eighteen.Option{opt(seat, "PASS"), opt(seat, "DONE")}
	pl := g.Players[seat]
	// Only candidates that might pass are listed: the checks are the
	// verbs', this just spares them the hopeless.
	for _, c := range g.Corps {
		if c.Closed {
			continue
		}
		if !g.r.Bought && !g.r.ForCorp && !pl.Sold[c.Sym] {
			switch {
			case !c.Started:
				for _, p := range parPrices {
					out = append(out, opt(seat, "BUY", c.Sym, "PAR", itoa(p)))
				}
			case c.IPO > 0:
				out = append(out, opt(seat, "BUY", c.Sym, "IPO"))
			}
			if c.Started && g.Pool[c.Sym] > 0 {
				out = append(out, opt(seat, "BUY", c.Sym, "POOL"))
				for n := 2; n <= g.Pool[c.Sym] && g.zone(c, 'b'); n++ {
					out = append(out, opt(seat, "BUY", c.Sym, "POOL", itoa(n)))
				}
			}
		}
		if !g.r.Initial {
			for n := 1; n <= pl.Shares[c.Sym]; n++ {
				out = append(out, opt(seat, "SELL", c.Sym, itoa(n)))
			}
		}
		if c.President == seat && !g.r.Acted {
			out = append(out, opt(seat, "REDEEM", c.Sym), opt(seat, "REDEEM", c.Sym, "SELF"), opt(seat, "REISSUE", c.Sym))
		}
	}
	for _, p := range g.Privates {
		if !p.Closed && p.Owner < 0 && p.Corp == "" {
			out = append(out, opt(seat, "BUYPRIVATE", p.Sym))
		}
	}
	return out
}

func (g *Game) operatingCandidates(seat int, verb string) []eighteen.Option {
	c := g.r.Corp
	if c == nil {
		return nil
	}
	out := []eighteen.Option{opt(seat, "SKIP"), opt(seat, "DONE"), opt(seat, "PAY"), opt(seat, "HALF"), opt(seat, "WITHHOLD"), opt(seat, "CLOSEPORT")}
	var reach map[eighteen.Node]bool
	if verb == "" || verb == "LAY" || verb == "TOKEN" {
		reach = g.Layout.Reach(c.Sym)
	}
	switch g.r.Step {
	case stepTrack:
		if verb == "" || verb == "LAY" {
			out = append(out, g.layOptions(seat, c, reach)...)
		}
		fallthrough
	case stepToken:
		for _, h := range g.board.Order {
			if reach == nil {
				break
			}
			if g.tokenCheck(c, reach, h) == nil {
				out = append(out, opt(seat, "TOKEN", h.String()))
			}
		}
	case stepTrains:
		sizes := slices.Clone(g.PoolTrains)
		if i := g.depotTrain(); i >= 0 {
			out = append(out, opt(seat, "BUYTRAIN", itoa(trainTable[i].size), "DEPOT"))
		}
		for _, s := range slices.Compact(slices.Sorted(slices.Values(sizes))) {
			out = append(out, opt(seat, "BUYTRAIN", itoa(s), "POOL"))
		}
		for _, o := range g.Corps {
			for _, s := range slices.Compact(slices.Sorted(slices.Values(o.Trains))) {
				out = append(out, ranged(seat, "BUYTRAIN", 1, c.Cash, itoa(s), o.Sym))
			}
		}
		for _, o := range g.Corps {
			for n := 1; n <= g.Players[seat].Shares[o.Sym]; n++ {
				out = append(out, opt(seat, "SELL", o.Sym, itoa(n)))
			}
		}
	}
	for _, p := range g.Privates {
		if p.Closed || p.Owner != seat || p.Corp != "" || !g.phase().privates {
			continue
		}
		lo, hi := (p.Printed+1)/2, 2*p.Printed
		if g.Phase == 1 {
			hi = 40
		}
		out = append(out, ranged(seat, "BUYPRIVATE", lo, min(hi, c.Cash), p.Sym))
	}
	for _, h := range cattleHexes {
		if g.owns(c, SCC) && g.Cattle == nil {
			out = append(out, opt(seat, "CATTLE", h))
		}
	}
	for _, h := range portHexes {
		if g.owns(c, GSC) && g.Port == nil {
			out = append(out, opt(seat, "PORT", h), opt(seat, "PORT", h, "CLOSED"))
		}
	}
	return out
}

// layOptions are every legal lay: each hex the company reaches, each tile
// left, each rotation.
func (g *Game) layOptions(seat int, c *Corp, reach map[eighteen.Node]bool) []eighteen.Option {
	var out []eighteen.Option
	ids := make([]string, 0, len(g.Left))
	for id, n := range g.Left {
		if n > 0 {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	colours := g.colours()
	for _, h := range g.board.Order {
		if !eighteen.ReachesHex(reach, h) && !g.homeUntiled(c, h) {
			continue
		}
		s := g.board.Space(h)
		old, laid := g.Layout.Tiles[h]
		for _, id := range ids {
			t := g.tiles[id]
			if !slices.Contains(colours, t.Colour) || s.Accepts(t) != nil {
				continue
			}
			if (laid && t.Colour != old.Tile.Colour+1) || (!laid && t.Colour != eighteen.Yellow) {
				continue
			}
			for rot := range 6 {
				if _, _, err := g.layCost(c, reach, h, id, rot); err == nil {
					out = append(out, opt(seat, "LAY", h.String(), id, itoa(rot)))
				}
			}
		}
	}
	return out
}

// homeUntiled: a company's home city before any tile is there is within
// its reach though no track leads to it (6.1).
func (g *Game) homeUntiled(c *Corp, h eighteen.Hex) bool {
	_, laid := g.Layout.Tiles[h]
	return h == c.Home && !laid
}
