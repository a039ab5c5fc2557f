package eighteen

import "github.com/railpost/railpost/games/hexgrid"

// SegmentPath is the stretch of track a route's segment names, as the
// hex's track at rotation 0 of the board: a laid tile's rotated path, or
// an off-board's printed track from an exit to its stop. A route names
// its track by index into the hex's passable track, which only this
// package computes, so a picture of the route asks here rather than
// repeating the rule. It is false for a segment the layout does not have.
func (l *Layout) SegmentPath(s Segment) (Path, bool) {
	paths := l.paths(s.Hex)
	if s.Path < 0 || s.Path >= len(paths) {
		return Path{}, false
	}
	return Path{A: endOf(s.Hex, paths[s.Path][0]), B: endOf(s.Hex, paths[s.Path][1])}, true
}

// endOf is a graph node as an end of track in hex h: its stop, or the
// edge of h the side lies on, whichever of the two hexes names the side.
func endOf(h hexgrid.Hex, n Node) End {
	if n.Stop >= 0 {
		return End{Stop: n.Stop}
	}
	if n.Hex == h {
		return End{Edge: n.Side, Stop: -1}
	}
	return End{Edge: n.Side.Opposite(), Stop: -1}
}
