package g1870

import (
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// randomLayout grows track from a few home cities by legal lays only
// (Layout.Check), as companies would, and returns it.
func randomLayout(t testing.TB, rng *rand.Rand, lays int) *eighteen.Layout {
	t.Helper()
	b, tiles, manifest := fixtures(t)
	// The yellow and green tiles that can be laid early; manifest counts
	// are not enforced here.
	ids := []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "55", "56", "57", "58", "69",
		"14", "15", "16", "17", "18", "19", "20", "23", "24", "25", "26", "27", "28", "29", "141", "142", "143", "144"}
	for _, id := range ids {
		if manifest[id] == 0 {
			t.Fatalf("tile %s is not in 1870's manifest", id)
		}
	}
	l := eighteen.NewLayout(b)
	corps := []string{"SSW", "MP", "IC", "TP"}
	homes := []string{"H17", "C18", "K16", "J5"}
	for i, c := range corps {
		h, _ := hexgrid.ParseHex(homes[i])
		l.Tokens[h] = map[int][]string{0: {c}}
	}
	colours := []eighteen.Colour{eighteen.Yellow, eighteen.Green}
	for done, tries := 0, 0; done < lays && tries < lays*80; tries++ {
		corp := corps[rng.IntN(len(corps))]
		reach := l.Reach(corp)
		var near []hexgrid.Hex
		for _, h := range b.Order {
			if eighteen.ReachesHex(reach, h) {
				near = append(near, h)
			}
		}
		h := near[rng.IntN(len(near))]
		for range 60 {
			lay := eighteen.Lay{Corp: corp, Hex: h, Tile: tiles[ids[rng.IntN(len(ids))]], Rotation: rng.IntN(6)}
			if _, err := l.Check(lay, colours); err == nil {
				l.Tiles[h] = eighteen.Placed{Tile: lay.Tile, Rotation: lay.Rotation}
				done++
				break
			}
		}
	}
	return l
}

// TestBestRunIsExact: on random legal layouts the branch and bound finds
// exactly the exhaustive optimum.
func TestBestRunIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1870, 1))
	trainSets := [][]int{{2}, {3, 2}, {4, 3}, {5, 4, 2}, {8, 6}, {7, 7}}
	paying := 0
	for i := range 36 {
		l := randomLayout(t, rng, 40)
		if len(l.Tiles) < 15 {
			t.Fatalf("layout %d has only %d tiles", i, len(l.Tiles))
		}
		trains := trainSets[i%len(trainSets)]
		for _, corp := range []string{"SSW", "MP", "IC", "TP"} {
			_, want := l.BestRunExhaustive(corp, trains, i%3)
			routes, got := l.BestRun(corp, trains, i%3)
			if got != want {
				t.Fatalf("layout %d, %s with %v: branch and bound $%d, exhaustive $%d", i, corp, trains, got, want)
			}
			sum := 0
			for _, r := range routes {
				sum += r.Revenue
			}
			if got > 0 {
				paying++
			}
			if sum != got || len(routes) > len(trains) {
				t.Fatalf("layout %d, %s: %d routes summing to $%d, reported $%d", i, corp, len(routes), sum, got)
			}
		}
	}
	if paying < 72 {
		t.Errorf("only %d of 144 runs paid anything: the layouts are too thin to test the search", paying)
	}
}
