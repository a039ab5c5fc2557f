package g18ez

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/eighteen/enginetest"
)

// TestRoundIsStoredWhole: every field of the round is in its stored form.
func TestRoundIsStoredWhole(t *testing.T) {
	enginetest.StoredCovers(t, round{}, storedRound{})
}

// TestStateForms: the state stored before certificates is today's
// without its version and certificates, with shares held, sold and in
// the IPO.
func TestStateForms(t *testing.T) {
	g := afterStart(t, "Tom", "Dick", "Harry")
	floatAt(t, g, "BRN", eighteen.Pos{Row: 3, Col: 0}, 1, map[int]int{1: 3, 2: 1})
	enginetest.FormerIsStateWithoutCertificates(t, g)
}
