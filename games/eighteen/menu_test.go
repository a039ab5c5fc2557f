package eighteen

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// TestMenuLines: options a line each with the title's note, lays grouped
// a line per hex with each tile's rotations, and beyond MaxHexes hexes
// one line naming them for OPTIONS <hex>.
func TestMenuLines(t *testing.T) {
	note := func(o move.Option) string {
		if o.Verb == "PASS" {
			return ""
		}
		return "$5"
	}
	opts := []move.Option{move.Opt(0, "PASS"), move.Opt(0, "LAY", "A1", "7", "0"), move.Opt(0, "LAY", "A1", "7", "3"),
		move.Opt(0, "LAY", "B2", "8", "1"), move.Opt(0, "LAY", "A1", "9", "2"), move.Opt(0, "SKIP")}
	for _, tc := range []struct {
		max         int
		lines, lays []string
	}{
		{0, []string{"PASS", "SKIP  ($5)"}, []string{"LAY A1 <tile> <rotation>: 7 (0 3), 9 (2)", "LAY B2 <tile> <rotation>: 8 (1)"}},
		{2, []string{"PASS", "SKIP  ($5)"}, []string{"LAY A1 <tile> <rotation>: 7 (0 3), 9 (2)", "LAY B2 <tile> <rotation>: 8 (1)"}},
		{1, []string{"PASS", "SKIP  ($5)"}, []string{"LAY <hex> <tile> <rotation>: 4 lays at A1 B2. Send OPTIONS <hex> (as OPTIONS A1) for a hex's tiles and rotations."}},
	} {
		t.Run(fmt.Sprint(tc.max), func(t *testing.T) {
			lines, lays := Menu{MaxHexes: tc.max, Note: note}.Lines(opts)
			if !slices.Equal(lines, tc.lines) || !slices.Equal(lays, tc.lays) {
				t.Fatalf("lines %q\nlays %q\nwant %q\n%q", lines, lays, tc.lines, tc.lays)
			}
		})
	}
	c := &counter{target: 5}
	b, err := ParseBoard(smallBoard)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"Z99", "north"} {
		if _, err := (Menu{Title: "small", Example: "A4"}).At(c.round(), b, 0, bad); err == nil || !strings.Contains(err.Error(), "not a hex of the small map") {
			t.Errorf("OPTIONS %s: %v", bad, err)
		}
	}
}

// TestMenuAll: with Pars, the companies that may start at the same set of
// prices share a line, after the other options and before the lays;
// without it each par is a line.
func TestMenuAll(t *testing.T) {
	opts := []move.Option{move.Opt(0, "PASS"), move.Opt(0, "BUY", "A", "PAR", "60"), move.Opt(0, "BUY", "A", "PAR", "70"),
		move.Opt(0, "BUY", "B", "PAR", "60"), move.Opt(0, "BUY", "B", "PAR", "70"), move.Opt(0, "BUY", "C", "PAR", "60"),
		move.Opt(0, "LAY", "A1", "7", "0")}
	for _, tc := range []struct {
		pars bool
		want []string
	}{
		{true, []string{"PASS", "BUY <company> PAR <price>: start A, B at 60, 70 (as BUY A PAR 60)",
			"BUY <company> PAR <price>: start C at 60 (as BUY C PAR 60)", "LAY A1 <tile> <rotation>: 7 (0)"}},
		{false, []string{"PASS", "BUY A PAR 60", "BUY A PAR 70", "BUY B PAR 60", "BUY B PAR 70", "BUY C PAR 60",
			"LAY A1 <tile> <rotation>: 7 (0)"}},
	} {
		if got := (Menu{Pars: tc.pars}).All(opts); !slices.Equal(got, tc.want) {
			t.Errorf("pars %v: %q\nwant %q", tc.pars, got, tc.want)
		}
	}
}
