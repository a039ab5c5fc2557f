package contrails

import "testing"

// TestResolveKeepsTheFirsts: the first railroad to reach each region and
// the Builder bonuses already won are kept from turn to turn, since only
// the first to reach a region, or to win a bonus, scores double (1.2).
func TestResolveKeepsTheFirsts(t *testing.T) {
	m, s := scenario(t)
	s.Links[Pacific] = "B&O"
	s.FirstBonus["Pacific-Gulf"] = true
	next, _ := resolve(t, m, s, nil)
	if next.Links[Pacific] != "B&O" || !next.FirstBonus["Pacific-Gulf"] {
		t.Errorf("after a turn the first to the Pacific is %q and the Pacific-Gulf bonus won %v; want B&O and true", next.Links[Pacific], next.FirstBonus["Pacific-Gulf"])
	}
}
