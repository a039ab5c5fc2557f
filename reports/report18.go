package reports

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/games/eighteen"
)

// report18 is what every 18xx title's PDF report opens with: the title
// line (after which operating round, or final), and for a player the
// line that names him. Everything in these titles is public, so every
// reader gets the same pages but for that line.
func report18(titleName, gameName string, ors int, over bool, made time.Time, reader int, players []*eighteen.Player) *doc {
	title := fmt.Sprintf("%s - %s report after operating round %d", gameName, titleName, ors)
	if over {
		title = fmt.Sprintf("%s - %s final report", gameName, titleName)
	}
	d := newDoc(title, made)
	if reader >= 0 && reader < len(players) {
		d.para(fmt.Sprintf("For %s (position %d).", players[reader].Name, reader+1))
	}
	return d
}

// lastRun is the report's section on the latest run, drawn on the board
// page that follows.
func lastRun(d *doc, t *eighteen.Trains, corp string, trains []int, total int) {
	d.section("The last run")
	d.para(fmt.Sprintf("%s ran %s for $%d (drawn on the board in the trains' colours).", corp, trainNames(t, trains), total))
}

// trainNames are trains as players name them, for any 18xx title.
func trainNames(t *eighteen.Trains, sizes []int) string {
	if len(sizes) == 0 {
		return "no trains"
	}
	return strings.Join(t.Names(sizes), ", ")
}

// forSale are the trains the bank sells, in order, and those in the open
// market, as the report's sentence writes them.
func forSale(t *eighteen.Trains) (bank, pool string) {
	var depot []string
	for i, k := range t.Kinds {
		switch n := t.Depot[i]; {
		case n < 0:
			depot = append(depot, fmt.Sprintf("%s x any number at $%d", t.Name(k.Size), k.Cost))
		case n > 0:
			depot = append(depot, fmt.Sprintf("%s x%d at $%d", t.Name(k.Size), n, k.Cost))
		}
	}
	pool = "none"
	if len(t.PoolTrains) > 0 {
		pool = trainNames(t, t.PoolTrains)
	}
	return strings.Join(depot, "; "), pool
}

// piles are the companies' tokens on the market by box, the top of each
// pile first, for the companies on.
func piles(corps []*eighteen.Corporation, on func(*eighteen.Corporation) bool) map[eighteen.Pos][]string {
	by := map[eighteen.Pos][]*eighteen.Corporation{}
	for _, c := range corps {
		if on(c) {
			by[c.Pos] = append(by[c.Pos], c)
		}
	}
	out := map[eighteen.Pos][]string{}
	for p, cs := range by {
		slices.SortFunc(cs, func(a, b *eighteen.Corporation) int { return a.Tick - b.Tick })
		for _, c := range cs {
			out[p] = append(out[p], c.Sym)
		}
	}
	return out
}
