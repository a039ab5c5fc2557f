package hexmap

import (
	"math"
	"slices"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// Point is a place on the page, y down.
type Point = hexgrid.Point

// Proportions of a hex's radius: chosen so that at the PNG's radius
// (about 50 pixels) the track is 7 pixels wide and the smallest text
// about 9 pixels high, which a phone shows legibly.
const (
	trackWidth = 0.15
	runWidth   = 0.075
	slotRadius = 0.25
	townRadius = 0.1
	nameSize   = 0.21
	coordSize  = 0.16
	valueSize  = 0.22
)

// laidHex is one hex laid out: where its stops stand and its track runs,
// and the label boxes placed so far, which later labels keep clear of.
type laidHex struct {
	h      *Hex
	flat   bool
	centre Point
	stops  []Point
	track  [][]Point // one polyline a Track
	boxes  []box
}

// box is a label's rectangle, by its middle.
type box struct {
	at   Point
	w, h float64
}

// layHex places a hex's stops and flattens its track, so that every
// layer and both backends draw the same geometry.
func layHex(d hexgrid.Drawing, h *Hex) *laidHex {
	x, y := d.Centre(h.At)
	l := &laidHex{h: h, flat: d.Grid.Orientation == hexgrid.Flat, centre: Point{X: x, Y: y}}
	l.stops = stopPlaces(d, h, l.centre)
	for _, t := range h.Track {
		l.track = append(l.track, trackLine(d, l, t))
	}
	return l
}

// stopPlaces puts a lone stop in the middle; several stops each towards
// the edges their track leaves by, or side by side when they have none
// (a printed double town), so that two towns on one tile read as two.
func stopPlaces(d hexgrid.Drawing, h *Hex, c Point) []Point {
	n := len(h.Stops)
	out := make([]Point, n)
	if n <= 1 {
		for i := range out {
			out[i] = c
		}
		return out
	}
	for i := range n {
		var sx, sy float64
		k := 0
		for _, t := range h.Track {
			for _, pair := range [][2]eighteen.End{{t.A, t.B}, {t.B, t.A}} {
				if pair[0].Stop == i && pair[1].Stop < 0 {
					m := d.EdgeMid(h.At, pair[1].Edge)
					sx, sy, k = sx+m.X, sy+m.Y, k+1
				}
			}
		}
		if k == 0 {
			off := (float64(i) - float64(n-1)/2) * d.Size * 0.7
			out[i] = Point{X: c.X + off, Y: c.Y}
			continue
		}
		pull := 0.45
		if k == 1 {
			pull = 0.5
		}
		out[i] = Point{X: c.X + (sx/float64(k)-c.X)*pull, Y: c.Y + (sy/float64(k)-c.Y)*pull}
	}
	return out
}

// trackLine is a stretch of track as a polyline: edge to edge a curve
// through the hex that is straight across and bends more the closer the
// edges are; to a stop a curve that leaves the edge square.
func trackLine(d hexgrid.Drawing, l *laidHex, t Track) []Point {
	end := func(e eighteen.End) (Point, bool) {
		if e.Stop >= 0 {
			if e.Stop < len(l.stops) {
				return l.stops[e.Stop], false
			}
			// no stop drawn (an off-board's): the track runs in halfway
			other := t.A
			if other == e {
				other = t.B
			}
			m := d.EdgeMid(l.h.At, other.Edge)
			return Point{X: (m.X + l.centre.X) / 2, Y: (m.Y + l.centre.Y) / 2}, false
		}
		return d.EdgeMid(l.h.At, e.Edge), true
	}
	a, aEdge := end(t.A)
	b, bEdge := end(t.B)
	c := l.centre
	toward := func(p Point, k float64) Point { return Point{X: p.X + (c.X-p.X)*k, Y: p.Y + (c.Y-p.Y)*k} }
	switch {
	case aEdge && bEdge:
		// the Bézier arms of a circular arc round the corner (sharp) or
		// the far corner (gentle), as a fraction of edge to middle
		k := 0.62
		if apart := (int(t.A.Edge-t.B.Edge)%6 + 6) % 6; apart == 1 || apart == 5 {
			k = 0.44
		}
		return cubic(a, toward(a, k), toward(b, k), b)
	case aEdge && b != c:
		return cubic(a, toward(a, 0.35), toward(a, 0.35), b)
	case bEdge && a != c:
		return cubic(b, toward(b, 0.35), toward(b, 0.35), a)
	}
	return []Point{a, b}
}

// cubic flattens a Bézier curve; a straight one stays two points.
func cubic(p0, p1, p2, p3 Point) []Point {
	if collinear(p0, p1, p3) && collinear(p0, p2, p3) {
		return []Point{p0, p3}
	}
	const steps = 12
	out := make([]Point, 0, steps+1)
	for i := range steps + 1 {
		t := float64(i) / steps
		u := 1 - t
		a, b, c, e := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		out = append(out, Point{X: a*p0.X + b*p1.X + c*p2.X + e*p3.X, Y: a*p0.Y + b*p1.Y + c*p2.Y + e*p3.Y})
	}
	return out
}

func collinear(a, b, c Point) bool {
	return math.Abs((b.X-a.X)*(c.Y-a.Y)-(b.Y-a.Y)*(c.X-a.X)) < 1e-9*(1+math.Abs(a.X)+math.Abs(c.Y))
}

// riverLine runs between a river's two groups of edges: from the corner
// where one group gives way to the other, bowing through the middle, to
// the corner where it gives way back.
func riverLine(d hexgrid.Drawing, h *Hex, c Point) []Point {
	if len(h.River) != 2 {
		return nil
	}
	corners := d.Corners(h.At)
	var at []Point
	for k := range 6 {
		// corner k lies between edges k-2 and k-1 (Drawing.Corners)
		before, after := hexgrid.Edge((k+4)%6), hexgrid.Edge((k+5)%6)
		if slices.Contains(h.River[0], before) != slices.Contains(h.River[0], after) {
			at = append(at, corners[k])
		}
	}
	if len(at) != 2 {
		return nil
	}
	mid := Point{X: (at[0].X+at[1].X)/2*0.5 + c.X*0.5, Y: (at[0].Y+at[1].Y)/2*0.5 + c.Y*0.5}
	return cubic(at[0], mid, mid, at[1])
}

// clearance is how far a box would be from everything already on the
// hex: its track, its stops and the labels placed, less their widths;
// and a penalty for reaching out of the hex.
func (l *laidHex) clearance(b box, r float64) float64 {
	best := math.Inf(1)
	near := func(p Point, pad float64) {
		best = math.Min(best, gap(math.Abs(p.X-b.at.X)-b.w/2, math.Abs(p.Y-b.at.Y)-b.h/2)-pad)
	}
	for _, line := range l.track {
		for i, p := range line {
			near(p, r*trackWidth/2)
			if i > 0 {
				q := line[i-1]
				near(Point{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}, r*trackWidth/2)
			}
		}
	}
	for i, p := range l.stops {
		st := &l.h.Stops[i]
		if !st.City {
			near(p, r*townRadius*1.35)
			continue
		}
		for _, q := range slotPlaces(p, len(st.Slots), r) {
			near(q, r*slotRadius)
		}
	}
	for _, o := range l.boxes {
		best = math.Min(best, gap(math.Abs(o.at.X-b.at.X)-(o.w+b.w)/2, math.Abs(o.at.Y-b.at.Y)-(o.h+b.h)/2)-r*0.03)
	}
	if out := l.outside(b, r); out > 0 {
		best = math.Min(best, -out*2)
	}
	return best
}

// gap is the signed distance between two things apart by dx across and
// dy down (negative for an overlap): the distance apart when they are
// clear, or how deep they overlap, so that a label laid right over
// another scores worse than one that only touches it.
func gap(dx, dy float64) float64 {
	if dx < 0 && dy < 0 {
		return math.Max(dx, dy)
	}
	return math.Hypot(math.Max(dx, 0), math.Max(dy, 0))
}

// outside is how far a box's farthest corner reaches past the hex's
// sides, drawn in a little; 0 or less inside.
func (l *laidHex) outside(b box, r float64) float64 {
	first := 0.0 // the normals to the sides: E and W sides upright on a pointy hex
	if l.flat {
		first = math.Pi / 6
	}
	worst := math.Inf(-1)
	for k := range 6 {
		a := first + float64(k)*math.Pi/3
		nx, ny := math.Cos(a), math.Sin(a)
		reach := math.Abs(nx)*b.w/2 + math.Abs(ny)*b.h/2
		worst = math.Max(worst, (b.at.X-l.centre.X)*nx+(b.at.Y-l.centre.Y)*ny+reach-0.82*r)
	}
	return worst
}

// place picks the candidate middle where a box of that size keeps
// clearest of the hex's contents, takes it, and returns it.
func (l *laidHex) place(w, h, r float64, candidates []Point) Point {
	bestAt, bestScore := l.centre, math.Inf(-1)
	for _, c := range candidates {
		at := Point{X: l.centre.X + c.X*r, Y: l.centre.Y + c.Y*r}
		if s := l.clearance(box{at: at, w: w, h: h}, r); s > bestScore+1e-9 {
			bestAt, bestScore = at, s
		}
	}
	l.boxes = append(l.boxes, box{at: bestAt, w: w, h: h})
	return bestAt
}

// ring is a circle of candidate offsets, in radii, clockwise from the
// east, at a distance.
func ring(dist float64, n int) []Point {
	out := make([]Point, n)
	for i := range n {
		a := float64(i) * 2 * math.Pi / float64(n)
		out[i] = Point{X: dist * math.Cos(a), Y: dist * math.Sin(a)}
	}
	return out
}

// slotPlaces are the middles of a city's station circles: one in the
// middle, two side by side, three in a triangle, more in rows of two.
func slotPlaces(at Point, n int, r float64) []Point {
	s := slotRadius * r
	switch n {
	case 0, 1:
		return []Point{at}
	case 2:
		return []Point{{X: at.X - s, Y: at.Y}, {X: at.X + s, Y: at.Y}}
	case 3:
		return []Point{{X: at.X - s, Y: at.Y - s*0.58}, {X: at.X + s, Y: at.Y - s*0.58}, {X: at.X, Y: at.Y + s*1.15}}
	}
	out := make([]Point, n)
	for i := range n {
		col, row := float64(i%2), float64(i/2)
		out[i] = Point{X: at.X - s + 2*s*col, Y: at.Y - s*float64((n+1)/2-1) + 2*s*row}
	}
	return out
}
