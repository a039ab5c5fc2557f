package contrails

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRoWSecondChoiceAfterAFailedFirst: a railroad whose first RoW bid
// fails (a RoW it may not hold) is noted so and bids its second choice in
// the second round (4.7C, D).
func TestRoWSecondChoiceAfterAFailedFirst(t *testing.T) {
	m, s := scenario(t)
	presideOver(m, s, 1, "C&AM", 0)
	cam := s.Railroad("C&AM")
	rows := candidateRoWs(m, s, cam)
	bad := ""
	for _, r := range m.Routes {
		if r.Kind == RoW && s.ValidRoW(m, cam, r.Code) != "" {
			bad = r.Code
			break
		}
	}
	if len(rows) == 0 || bad == "" {
		t.Fatalf("setup: RoWs open to C&AM %v, one not open %q", rows, bad)
	}
	tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{"C&AM": {Bids: []string{bad, rows[0]}}}}}), rand.New(rand.NewPCG(1, 1)))
	tn.rightsOfWay()
	if cam.RoW != rows[0] || !strings.Contains(notesFor(tn.events, 1), "bid for "+bad+" fails") {
		t.Errorf("C&AM holds %q after bidding %s then %s; notes %q", cam.RoW, bad, rows[0], notesFor(tn.events, 1))
	}
}
