package g1870

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen/enginetest"
)

// TestRoundIsStoredWhole: every field of the round is in its stored form
// (the company operating is the state's "operating").
func TestRoundIsStoredWhole(t *testing.T) {
	enginetest.StoredCovers(t, round{}, storedRound{})
}

// TestStateForms: the state stored before certificates is today's
// without its version and certificates, with shares held and reserved.
func TestStateForms(t *testing.T) {
	g := table(t)
	stage(t, g, "MP", 100, 0, map[int]int{0: 3, 1: 2})
	enginetest.FormerIsStateWithoutCertificates(t, g)
}
