package eighteen

import (
	"strings"
	"testing"
)

// TestPrintedEquipment: a title's texts load as one, its own designs
// beside the standard tiles, and an own design may not take a standard
// tile's id.
func TestPrintedEquipment(t *testing.T) {
	p := Printed{Title: "Test", Designs: "X1 yellow c30 e1-c0 e4-c0 label=M\n", Manifest: "57 2\nX1 1\n", Market: "100p 110y\n90 100", TopStays: true}
	e, err := p.Load()
	if err != nil {
		t.Fatal(err)
	}
	if e.Tiles["57"] == nil || e.Tiles["X1"] == nil || e.Manifest["57"] != 2 || e.Manifest["X1"] != 1 || !e.Market.TopStays || e.Board == nil {
		t.Errorf("loaded tiles %v, manifest %v, market's top stays %v, board %v; want 57 and X1, 2 and 1, true, a board",
			len(e.Tiles), e.Manifest, e.Market.TopStays, e.Board)
	}
	p.Designs = "57 yellow c30 e1-c0 e4-c0\n"
	if _, err := p.Load(); err == nil || !strings.Contains(err.Error(), "standard tile's id") {
		t.Errorf("an own design with a standard tile's id loads (%v)", err)
	}
}
