package g18ez

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen/enginetest"
)

// TestRoundIsStoredWhole: every field of the round is in its stored form.
func TestRoundIsStoredWhole(t *testing.T) {
	enginetest.StoredCovers(t, round{}, storedRound{})
}
