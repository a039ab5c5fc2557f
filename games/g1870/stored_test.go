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
