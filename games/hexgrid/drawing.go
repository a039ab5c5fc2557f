package hexgrid

import "math"

// Point is a place on a page, y growing downwards as in PDF and image
// coordinates.
type Point struct{ X, Y float64 }

// Drawing places a grid's hexes on a page, so that a renderer draws a
// board of either orientation without knowing how it is numbered.
type Drawing struct {
	Grid Grid
	// Size is a hex's radius, centre to corner.
	Size float64
	// X and Y are the top left corner of the box around the hex at row 0,
	// column 0 when that hex's line is not shifted.
	X, Y float64
}

// Centre is the middle of h on the page. The sums are written in the
// order Chicago Express's board has always drawn them, so that its PDFs
// keep the same coordinates to the last bit.
func (d Drawing) Centre(h Hex) (x, y float64) {
	size := d.Size
	if d.Grid.Orientation == Flat {
		w, ht := 1.5*size, math.Sqrt(3)*size
		x = d.X + size + float64(h.Col)*w
		if d.Grid.Stagger == OddShifted || d.Grid.Stagger == EvenShifted {
			y = d.Y + ht/2 + float64(h.Row)*ht
			if d.Grid.shifted(h) {
				y += ht / 2
			}
			return x, y
		}
		return x, d.Y + ht/2 + float64(h.Row)*ht/2
	}
	w, ht := math.Sqrt(3)*size, 1.5*size
	y = d.Y + size + float64(h.Row)*ht
	if d.Grid.Stagger == OddShifted || d.Grid.Stagger == EvenShifted {
		x = d.X + w/2 + float64(h.Col)*w
		if d.Grid.shifted(h) {
			x += w / 2
		}
		return x, y
	}
	return d.X + w/2 + float64(h.Col)*w/2, y
}

// Corners are h's six corners clockwise on the page, starting at the
// east corner of a flat hex or the lower right corner of a pointy one,
// so that edge e runs from corner e+1 to corner e+2 (mod 6) on either.
func (d Drawing) Corners(h Hex) [6]Point {
	x, y := d.Centre(h)
	var pts [6]Point
	for k := range 6 {
		a := float64(k) * math.Pi / 3
		if d.Grid.Orientation != Flat {
			a = float64(2*k+1) * math.Pi / 6
		}
		pts[k] = Point{X: x + d.Size*math.Cos(a), Y: y + d.Size*math.Sin(a)}
	}
	return pts
}

// EdgeMid is the middle of edge e of h, where track leaving by e meets
// the neighbour's track.
func (d Drawing) EdgeMid(h Hex, e Edge) Point {
	c := d.Corners(h)
	k := ((int(e)%6)+6)%6 + 1
	a, b := c[k%6], c[(k+1)%6]
	return Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
}
