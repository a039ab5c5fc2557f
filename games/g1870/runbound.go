package g1870

import "github.com/railpost/railpost/games/eighteen"

// bonusBound is the most one stop can add to a run's bonus (see bonus):
// the destination's value where the company's destination token is, and
// the Cattle and port tokens' amounts where they lie. bonus never exceeds
// its sum over a run's stops, which is what the route search's bounds
// need to stay exact (eighteen.Layout.BonusBound).
func (g *Game) bonusBound(corp string, n eighteen.Node, phase int) int {
	add := 0
	if c := g.Corp(corp); c != nil && c.DestToken && n.Hex == c.Dest {
		add += g.Layout.Value(n, phase)
	}
	return add + g.tokenBonus(corp, n)
}

// tokenBonus is what the Cattle and port tokens add at a stop (15.2):
// the one rule bonus and bonusBound both count.
func (g *Game) tokenBonus(corp string, n eighteen.Node) int {
	add := 0
	if g.Cattle != nil && g.Cattle.Hex == n.Hex && g.Cattle.Corp == corp {
		add += 10
	}
	if g.Port != nil && g.Port.Hex == n.Hex {
		switch {
		case g.Port.Corp == corp:
			add += 20
		case !g.Port.Closed:
			add += 10
		}
	}
	return add
}
