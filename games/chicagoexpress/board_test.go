package chicagoexpress

import (
	"os"
	"strings"
	"testing"
)

// TestAdjacencyGolden pins every hex's neighbours, in Hex.Adj order, to
// the list the board's own offset table produced before the board used
// the shared grid (now games/hexgrid): expansion and the computer's
// choices walk Adj in that order, so a changed neighbour or a changed
// order would change games.
func TestAdjacencyGolden(t *testing.T) {
	b, err := LoadBoard()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("testdata/adjacency.golden")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		if id, adj, ok := strings.Cut(line, ":"); ok && !strings.HasPrefix(line, "#") {
			want[id] = strings.TrimSpace(adj)
		}
	}
	if len(want) != len(b.Hexes) {
		t.Errorf("the golden lists %d hexes, the board has %d", len(want), len(b.Hexes))
	}
	for _, h := range b.Hexes {
		var ids []string
		for _, j := range h.Adj {
			ids = append(ids, b.Hexes[j].ID)
		}
		if got := strings.Join(ids, " "); got != want[h.ID] {
			t.Errorf("%s: neighbours %q, want %q", h.ID, got, want[h.ID])
		}
	}
}

// Adj starts at the top of each hex; the board's grid must call that edge
// north.
func TestNorthIsTheTop(t *testing.T) {
	b, err := LoadBoard()
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Grid.Orientation.EdgeName(north); got != "N" {
		t.Errorf("north is %s", got)
	}
}
