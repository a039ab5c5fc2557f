package chicagoexpress

import (
	"cmp"
	"slices"

	"github.com/railpost/railpost/games/move"
)

// Legal lists every move a seat may make now. Moves are the same words
// Apply reads; an expansion is listed once for each set of hexes, in board
// order, though Apply takes the hexes in any order.
func (g *Game) Legal(seat int) []move.Option {
	acting := g.Acting()
	if len(acting) == 0 || acting[0] != seat {
		return nil
	}
	if g.Phase == PhaseInitial || g.Phase == PhaseAuction {
		a := g.Auction
		var out []move.Option
		if lo := a.lowestBid(); g.Cash[seat] >= lo {
			out = append(out, move.Option{Seat: seat, Verb: "BID", Ranged: true, Min: lo, Max: g.Cash[seat]})
		}
		return append(out, move.Option{Seat: seat, Verb: "PASS"})
	}
	var out []move.Option
	if g.dialFree(ActAuction) == nil {
		for _, c := range g.Corps {
			if c.Open && c.Unsold() > 0 && g.Cash[seat] >= c.MinBid() {
				out = append(out, move.Option{Seat: seat, Verb: "AUCTION", Args: []string{c.Sym}, Ranged: true, Min: c.MinBid(), Max: g.Cash[seat]})
			}
		}
	}
	if g.dialFree(ActExpand) == nil {
		for ci, c := range g.Corps {
			for _, set := range g.Expansions(seat, ci) {
				args := []string{c.Sym}
				for _, h := range set {
					args = append(args, g.board.Hexes[h].ID)
				}
				out = append(out, move.Option{Seat: seat, Verb: "EXPAND", Args: args})
			}
		}
	}
	if g.dialFree(ActDevelop) == nil {
		for h := range g.board.Hexes {
			if g.developable(h) {
				out = append(out, move.Option{Seat: seat, Verb: "DEVELOP", Args: []string{g.board.Hexes[h].ID}})
			}
		}
	}
	return append(out, g.passes(seat)...)
}

// passes are the turns that move a dial and do nothing (section 7). The
// dial with the most spaces left comes first: an automatic pass takes it,
// so that it shortens the round least (ruling C9).
func (g *Game) passes(seat int) []move.Option {
	var acts []int
	for act := range actionNames {
		if g.dialFree(act) == nil {
			acts = append(acts, act)
		}
	}
	slices.SortStableFunc(acts, func(a, b int) int {
		return cmp.Compare(DialSpaces[b]-g.Dials[b], DialSpaces[a]-g.Dials[a])
	})
	var out []move.Option
	for _, act := range acts {
		out = append(out, move.Option{Seat: seat, Verb: "PASS", Args: []string{actionNames[act]}})
	}
	return out
}

// Expansions are the sets of hexes a player may expand a company into now,
// each sorted in board order.
func (g *Game) Expansions(seat, ci int) [][]int {
	c := g.Corps[ci]
	if !c.Open || g.Holding[seat][ci] == 0 || c.Charter == 0 {
		return nil
	}
	limit := min(MaxExpand, c.Charter)
	// The hexes bordering the network, found once; a chosen hex adds its
	// own neighbours.
	var frontier []int
	for h := range g.board.Hexes {
		if g.enterable(h, ci) && g.touches(h, ci, nil) {
			frontier = append(frontier, h)
		}
	}
	seen := map[[MaxExpand]int]bool{}
	var out [][]int
	var grow func(chosen []int, cost int)
	grow = func(chosen []int, cost int) {
		if len(chosen) > 0 {
			set := slices.Clone(chosen)
			slices.Sort(set)
			var key [MaxExpand]int
			for i := range key {
				key[i] = -1
			}
			copy(key[:], set)
			if seen[key] {
				return
			}
			seen[key] = true
			out = append(out, set)
		}
		if len(chosen) == limit {
			return
		}
		try := func(h int) {
			if slices.Contains(chosen, h) {
				return
			}
			add := g.board.Hexes[h].Red * (g.Locos[h] + 1)
			if cost+add <= c.Treasury {
				grow(append(slices.Clone(chosen), h), cost+add)
			}
		}
		for _, h := range frontier {
			try(h)
		}
		for _, from := range chosen {
			for _, h := range g.board.Hexes[from].Adj {
				if g.enterable(h, ci) && !slices.Contains(frontier, h) {
					try(h)
				}
			}
		}
	}
	grow(nil, 0)
	slices.SortFunc(out, func(a, b []int) int {
		if c := cmp.Compare(len(a), len(b)); c != 0 {
			return c
		}
		return slices.Compare(a, b)
	})
	return out
}
