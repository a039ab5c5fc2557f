package eighteen

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// Lay is one tile lay a company asks for.
type Lay struct {
	Corp     string
	Hex      hexgrid.Hex
	Tile     *Tile
	Rotation int
}

// Check judges a lay against the rules every 18xx title here shares
// (1870 6.1 to 6.5): the hex is on the map and takes the tile; a first
// tile is yellow and an upgrade keeps the old track; the colour is one
// the phase allows; no track ends against the map's edge, an impassable
// side or an off-board's side without track; a fixed printed tile is
// never replaced (18EZ 2.4); and the company reaches the hex and can run
// on some of the new track. It returns the terrain cost, due on a hex's
// first tile only. Title rules (how many lays a turn, private companies)
// are the caller's.
func (l *Layout) Check(lay Lay, colours []Colour) (int, error) {
	return l.CheckFrom(l.Reach(lay.Corp), lay, colours)
}

// CheckFrom is Check with the company's reach already found, for callers
// that judge many lays at once.
func (l *Layout) CheckFrom(reach map[Node]bool, lay Lay, colours []Colour) (int, error) {
	cost, err := l.checkFrom(reach, lay, colours)
	return cost, l.recite(err)
}

// recite names the rules a track error closes with by the title's own
// numbers.
func (l *Layout) recite(err error) error { return l.Cite.Recite(err) }

// Cite turns the rule numbers the core's errors give, 1870's as "(6.1,
// 6.2)", into a title's own, so that a player reads his rulebook's
// sections; numbers it does not name stay as they are.
type Cite map[string]string

// Recite is err with the rules it closes with renamed.
func (c Cite) Recite(err error) error {
	if err == nil || len(c) == 0 {
		return err
	}
	msg := err.Error()
	open := strings.LastIndex(msg, " (")
	if open < 0 || !strings.HasSuffix(msg, ")") {
		return err
	}
	rules := strings.Split(msg[open+2:len(msg)-1], ", ")
	for i, r := range rules {
		if to, ok := c[r]; ok {
			rules[i] = to
		}
	}
	return errors.New(msg[:open] + " (" + strings.Join(slices.Compact(rules), ", ") + ")")
}

func (l *Layout) checkFrom(reach map[Node]bool, lay Lay, colours []Colour) (int, error) {
	s := l.Board.Space(lay.Hex)
	if s == nil {
		return 0, fmt.Errorf("%s is not on the map (6.1)", lay.Hex)
	}
	if s.Fixed {
		return 0, fmt.Errorf("%s is printed with tile #%s, which may never be upgraded (18EZ 2.4: the two pre-printed grey hexes may never be upgraded)", lay.Hex, s.Printed.Tile.ID)
	}
	if err := s.Accepts(lay.Tile); err != nil {
		return 0, err
	}
	if !slices.Contains(colours, lay.Tile.Colour) {
		return 0, fmt.Errorf("%s tiles may not be laid in this phase (6.2)", lay.Tile.Colour)
	}
	old, upgrade := l.Tiles[lay.Hex]
	cost := 0
	switch {
	case !upgrade && lay.Tile.Colour != Yellow:
		return 0, fmt.Errorf("the first tile on %s must be yellow (6.1)", lay.Hex)
	case upgrade:
		if err := lay.Tile.Replaces(old.Tile, old.Rotation, lay.Rotation); err != nil {
			return 0, err
		}
	default:
		cost = s.Cost
	}
	for _, e := range lay.Tile.Exits(lay.Rotation) {
		if err := l.Board.exitAllowed(lay.Hex, e); err != nil {
			return 0, err
		}
	}
	if !l.runsOnNewTrack(reach, lay, old, upgrade) {
		return 0, fmt.Errorf("%s cannot reach %s and run on the new track there (6.1, 6.2)", lay.Corp, lay.Hex)
	}
	return cost, nil
}

// runsOnNewTrack: some end of a new stretch of track, or a city whose
// value the upgrade raises, is within the company's reach.
func (l *Layout) runsOnNewTrack(reach map[Node]bool, lay Lay, old Placed, upgrade bool) bool {
	var kept []link
	if upgrade {
		kept = old.Tile.links(old.Rotation)
	}
	for _, k := range lay.Tile.links(lay.Rotation) {
		if slices.Contains(kept, k) {
			continue
		}
		if reach[sideNode(lay.Hex, k.a)] || reach[sideNode(lay.Hex, k.b)] {
			return true
		}
		// A stop reached counts if the train may go on from it onto the
		// new track. Tiles that are laid or upgraded have one stop.
		if stop := (Node{Hex: lay.Hex, Stop: 0}); k.stop != 0 && reach[stop] && !l.Blocked(stop, lay.Corp) {
			return true
		}
	}
	if upgrade {
		for i, st := range lay.Tile.Stops {
			if st.City && i < len(old.Tile.Stops) && st.Revenue > old.Tile.Stops[i].Revenue && reach[Node{Hex: lay.Hex, Stop: i}] {
				return true
			}
		}
	}
	return false
}

// Lays are the candidate lays of a track step: on each hex of the board's
// order the query and reaches allow, each tile left (by id, in order) that
// fits there, at each rotation judge accepts. The title's fits and judge
// are the rule check itself, so the candidates are the legal lays.
func (l *Layout) Lays(seat int, left map[string]int, tiles map[string]*Tile, q move.Query,
	reaches func(hexgrid.Hex) bool, fits func(hexgrid.Hex, *Tile) bool, judge func(hexgrid.Hex, string, int) bool) []move.Option {
	ids := make([]string, 0, len(left))
	for id, n := range left {
		if n > 0 {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	var out []move.Option
	for _, h := range l.Board.Order {
		if !q.Wants("LAY", h.String()) || !reaches(h) {
			continue
		}
		for _, id := range ids {
			if !q.Wants("LAY", h.String(), id) || !fits(h, tiles[id]) {
				continue
			}
			for rot := range 6 {
				if judge(h, id, rot) {
					out = append(out, move.Opt(seat, "LAY", h.String(), id, strconv.Itoa(rot)))
				}
			}
		}
	}
	return out
}
