package g18ez

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen/enginetest"
)

// TestGoldenLogs plays seeded games of 18EZ, all-computer and of random
// legal moves, against the logs recorded before the engine moved onto the
// 18xx core: the same moves, options every 25th move and scores. 40 seeds
// of each kind with -long (CI), 6 by default, 2 with -short, all 200 with
// -golden-seeds 200.
func TestGoldenLogs(t *testing.T) {
	n := 6
	switch {
	case *long:
		n = 40
	case testing.Short():
		n = 2
	}
	names := []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}
	enginetest.Golden{Dir: "testdata/golden", Games: 200, Cap: 2000,
		New: func(seed uint64) (enginetest.Player, error) {
			return New(Setup{Players: names[:2+seed%5], Seed: seed})
		},
	}.Check(t, n)
}
