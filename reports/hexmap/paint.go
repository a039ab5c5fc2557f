package hexmap

import (
	"math"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
)

// canvas is all a backend has to do: fill and stroke polylines, fill
// discs, and set and measure text, in page units with y down. Text is
// set from its baseline; size is the font's height in page units.
type canvas interface {
	fill(pts []Point, c RGB)
	stroke(pts []Point, width float64, c RGB) // round caps and joins
	disc(at Point, radius float64, c RGB)
	text(x, baseline, size float64, bold bool, s string, c RGB)
	textWidth(s string, size float64, bold bool) float64
}

var (
	black = RGB{0, 0, 0}
	white = RGB{255, 255, 255}
	grey  = RGB{120, 120, 120}
	blue  = RGB{40, 110, 200}
)

// fit is the drawing that puts a scene's hexes in a w by h area at x, y
// as large as they go, centred across.
func fit(s *Scene, x, y, w, h float64) hexgrid.Drawing {
	unit := hexgrid.Drawing{Grid: s.Grid, Size: 1}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := range s.Hexes {
		for _, p := range unit.Corners(s.Hexes[i].At) {
			minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
			maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
		}
	}
	if len(s.Hexes) == 0 {
		return hexgrid.Drawing{Grid: s.Grid, Size: 1, X: x, Y: y}
	}
	size := math.Min(w/(maxX-minX), h/(maxY-minY))
	left := x + (w-(maxX-minX)*size)/2
	return hexgrid.Drawing{Grid: s.Grid, Size: size, X: left - minX*size, Y: y - minY*size}
}

// boardSize is the width over the height of a scene's hexes.
func boardAspect(s *Scene) float64 {
	d := fit(s, 0, 0, 1000, 1e9)
	maxY := 0.0
	for i := range s.Hexes {
		for _, p := range d.Corners(s.Hexes[i].At) {
			maxY = math.Max(maxY, p.Y)
		}
	}
	if maxY <= 0 {
		return 1
	}
	return 1000 / maxY
}

// paint draws the board in layers across all hexes, so that no hex's
// ground covers a neighbour's track and no track covers a label: ground,
// track, the runs over it, stops and tokens, then labels.
func paint(c canvas, s *Scene, d hexgrid.Drawing) {
	laid := make([]*laidHex, len(s.Hexes))
	for i := range s.Hexes {
		laid[i] = layHex(d, &s.Hexes[i])
	}
	r := d.Size
	for _, l := range laid {
		paintGround(c, d, l)
	}
	for _, l := range laid {
		for _, line := range l.track {
			c.stroke(line, r*trackWidth, black)
		}
	}
	for _, l := range laid {
		for i, t := range l.h.Track {
			if t.OnRun {
				c.stroke(l.track[i], r*runWidth, t.Run)
			}
		}
	}
	for _, l := range laid {
		for i := range l.h.Stops {
			paintStop(c, &l.h.Stops[i], l.stops[i], r)
		}
	}
	for _, l := range laid {
		paintLabels(c, d, l)
	}
}

// paintGround is a hex's colour, outline, river and impassable sides.
func paintGround(c canvas, d hexgrid.Drawing, l *laidHex) {
	r := d.Size
	corners := d.Corners(l.h.At)
	pts := corners[:]
	c.fill(pts, l.h.Fill)
	c.stroke(append(pts[:6:6], corners[0]), r*0.02, grey)
	if river := riverLine(d, l.h, l.centre); river != nil {
		c.stroke(river, r*0.12, blue)
	}
	for _, e := range l.h.Borders {
		k := (int(e)%6+6)%6 + 1
		c.stroke([]Point{corners[k%6], corners[(k+1)%6]}, r*0.1, RGB{150, 30, 30})
	}
}

// paintStop draws a town as a dot and a city as its station circles,
// each empty, reserved (a ring in the company's colour with its symbol)
// or holding a token (a disc in the colour, the symbol across it).
func paintStop(c canvas, s *Stop, at Point, r float64) {
	if !s.City {
		c.disc(at, r*townRadius*1.35, white)
		c.disc(at, r*townRadius, black)
		return
	}
	places := slotPlaces(at, len(s.Slots), r)
	sr := slotRadius * r
	if len(places) == 2 {
		c.fill([]Point{{X: places[0].X, Y: at.Y - sr}, {X: places[1].X, Y: at.Y - sr}, {X: places[1].X, Y: at.Y + sr}, {X: places[0].X, Y: at.Y + sr}}, white)
	}
	for i, p := range places {
		c.disc(p, sr, black)
		c.disc(p, sr*0.88, white)
		if i >= len(s.Slots) {
			continue
		}
		switch slot := s.Slots[i]; {
		case slot.Token != nil:
			c.disc(p, sr*0.88, slot.Token.Fill)
			if slot.Token.Ring {
				c.stroke(circle(p, sr*0.7), sr*0.1, contrast(slot.Token.Fill))
			}
			centred(c, p, sr*1.6, sr*0.75, true, slot.Token.Label, contrast(slot.Token.Fill))
		case slot.Reserved != nil:
			c.stroke(circle(p, sr*0.75), sr*0.18, slot.Reserved.Fill)
			centred(c, p, sr*1.3, sr*0.6, false, slot.Reserved.Label, slot.Reserved.Fill)
		}
	}
}

// paintLabels sets a hex's words and badges where they keep clearest of
// its track and of each other: the coordinate first, in its corner, then
// the most important, so that they get the best places.
func paintLabels(c canvas, d hexgrid.Drawing, l *laidHex) {
	r := d.Size
	h := l.h
	cs := coordSize * r
	cw := c.textWidth(h.Coord, cs, false)
	top := Point{X: l.centre.X, Y: l.centre.Y - 0.68*r}
	if d.Grid.Orientation == hexgrid.Flat {
		top.Y = l.centre.Y - 0.7*r
	}
	l.boxes = append(l.boxes, box{at: top, w: cw, h: cs})
	c.text(top.X-cw/2, top.Y+cs*0.36, cs, false, h.Coord, RGB{90, 90, 90})
	if len(h.Values) > 0 {
		paintValues(c, l, r)
	}
	if h.Name != "" {
		paintName(c, l, r)
	}
	for i := range h.Stops {
		if rev := h.Stops[i].Revenue; rev > 0 {
			paintRevenue(c, l, i, rev, r)
		}
	}
	if h.Label != "" {
		size := 0.26 * r
		w := c.textWidth(h.Label, size, true)
		at := l.place(w, size, r, spots())
		c.text(at.X-w/2, at.Y+size*0.36, size, true, h.Label, black)
	}
	for _, m := range h.Marks {
		paintMark(c, l, m, r)
	}
	if h.Cost != "" {
		paintCost(c, l, r)
	}
	if h.Text != "" {
		size := 0.19 * r
		w := c.textWidth(h.Text, size, false)
		at := l.place(w, size, r, []Point{{Y: 0.5}, {Y: 0.38}, {Y: -0.38}})
		c.text(at.X-w/2, at.Y+size*0.36, size, false, h.Text, black)
	}
}

// paintName fits a place's name across the hex, smaller or on two lines
// when it is long, on a plate of the hex's colour where it must cross
// track.
func paintName(c canvas, l *laidHex, r float64) {
	size, maxW := nameSize*r, 1.5*r
	lines := []string{l.h.Name}
	for c.textWidth(l.h.Name, size, false) > maxW && size > 0.17*r {
		size *= 0.94
	}
	if c.textWidth(l.h.Name, size, false) > maxW {
		if i := splitAt(l.h.Name); i > 0 {
			lines = []string{l.h.Name[:i], strings.TrimSpace(l.h.Name[i:])}
		}
	}
	w := 0.0
	for _, s := range lines {
		w = math.Max(w, c.textWidth(s, size, false))
	}
	h := size * 1.15 * float64(len(lines))
	at := l.place(w+0.06*r, h, r, append([]Point{{Y: 0.58}, {Y: -0.42}, {Y: 0.46}, {Y: -0.3}}, spots()...))
	b := l.boxes[len(l.boxes)-1]
	if l.clearanceWithout(len(l.boxes)-1, b, r) < 0 {
		c.fill(rect(at, b.w, b.h), l.h.Fill)
	}
	for i, s := range lines {
		y := at.Y - h/2 + size*1.15*(float64(i)+0.5) + size*0.36
		c.text(at.X-c.textWidth(s, size, false)/2, y, size, false, s, black)
	}
}

// clearanceWithout is a placed box's clearance from everything but
// itself.
func (l *laidHex) clearanceWithout(i int, b box, r float64) float64 {
	saved := l.boxes
	l.boxes = append(append([]box(nil), saved[:i]...), saved[i+1:]...)
	defer func() { l.boxes = saved }()
	return l.clearance(b, r)
}

// splitAt is the space nearest a name's middle, or 0.
func splitAt(s string) int {
	best := 0
	for i, ch := range s {
		if ch == ' ' && (best == 0 || math.Abs(float64(i)-float64(len(s))/2) < math.Abs(float64(best)-float64(len(s))/2)) {
			best = i
		}
	}
	return best
}

// paintRevenue is a stop's value in a white disc beside it.
func paintRevenue(c canvas, l *laidHex, stop, rev int, r float64) {
	s := strconv.Itoa(rev)
	size := valueSize * r
	rad := math.Max(c.textWidth(s, size, true)/2+0.05*r, 0.17*r)
	st := &l.h.Stops[stop]
	round, reach := []Point{l.stops[stop]}, townRadius*1.35*r
	if st.City {
		round, reach = slotPlaces(l.stops[stop], len(st.Slots), r), slotRadius*r
	}
	var cands []Point // round each of the stop's circles, just clear of it
	for _, p := range round {
		for _, q := range ring((reach+rad)/r+0.04, 12) {
			cands = append(cands, Point{X: (p.X-l.centre.X)/r + q.X, Y: (p.Y-l.centre.Y)/r + q.Y})
		}
	}
	at := l.place(2*rad, 2*rad, r, cands)
	c.disc(at, rad, black)
	c.disc(at, rad-0.02*r, white)
	centred(c, at, 2*rad, size, true, s, black)
}

// paintValues is an off-board's row of revenues by phase in their
// colours, the one paid now framed heavily.
func paintValues(c canvas, l *laidHex, r float64) {
	size := valueSize * r
	w := 0.0
	for _, v := range l.h.Values {
		w = math.Max(w, c.textWidth(strconv.Itoa(v.Amount), size, true)+0.1*r)
	}
	h := size * 1.5
	total := w * float64(len(l.h.Values))
	at := l.place(total, h, r, []Point{{}, {Y: -0.3}, {Y: 0.3}, {Y: -0.45}, {Y: 0.45}})
	x := at.X - total/2
	for _, v := range l.h.Values {
		mid := Point{X: x + w/2, Y: at.Y}
		frame := 0.02 * r
		if v.Current {
			frame = 0.06 * r
		}
		c.fill(rect(mid, w, h), black)
		c.fill(rect(mid, w-2*frame, h-2*frame), v.Fill)
		centred(c, mid, w, size, true, strconv.Itoa(v.Amount), contrast(v.Fill))
		x += w
	}
}

// paintCost is the price of the first tile, in a triangle on mountains
// and a blue plate on water.
func paintCost(c canvas, l *laidHex, r float64) {
	size := 0.19 * r
	w := c.textWidth(l.h.Cost, size, false) + 0.08*r
	h := size * 1.3
	if l.h.Badge == Mountain {
		h = size * 2
	}
	at := l.place(w, h, r, spots())
	ink := black
	switch l.h.Badge {
	case Mountain:
		c.fill([]Point{{X: at.X, Y: at.Y - h/2}, {X: at.X + w/2 + 0.05*r, Y: at.Y + h/2}, {X: at.X - w/2 - 0.05*r, Y: at.Y + h/2}}, RGB{150, 110, 70})
		ink = white
		at.Y += h * 0.2
	case Water:
		c.fill(rect(at, w, h), blue)
		ink = white
	}
	centred(c, at, w, size, false, l.h.Cost, ink)
}

// paintMark draws a title's mark where there is room.
func paintMark(c canvas, l *laidHex, m Mark, r float64) {
	cands := spots()
	switch m.Shape {
	case Square:
		s := 0.26 * r
		at := l.place(s, s, r, append([]Point{{X: -0.45}, {X: -0.15}, {X: 0.15}, {X: 0.45}}, cands...))
		c.fill(rect(at, s, s), black)
		c.fill(rect(at, s*0.8, s*0.8), m.Fill)
	case Roof:
		s := 0.3 * r
		at := l.place(s, s, r, append([]Point{{X: 0.45, Y: -0.35}}, cands...))
		c.fill([]Point{{X: at.X, Y: at.Y - s/2}, {X: at.X + s/2, Y: at.Y}, {X: at.X + s/2, Y: at.Y + s/2}, {X: at.X - s/2, Y: at.Y + s/2}, {X: at.X - s/2, Y: at.Y}}, m.Fill)
	default:
		size := 0.15 * r
		w := c.textWidth(m.Label, size, true) + 0.1*r
		h := size * 1.45
		at := l.place(w, h, r, cands)
		c.fill(rect(at, w, h), black)
		c.fill(rect(at, w-0.03*r, h-0.03*r), m.Fill)
		centred(c, at, w, size, true, m.Label, contrast(m.Fill))
	}
}

// centred sets text in the middle of a width at a point, shrinking it to
// fit.
func centred(c canvas, at Point, width, size float64, bold bool, s string, col RGB) {
	w := c.textWidth(s, size, bold)
	if w > width*0.9 && w > 0 {
		size *= width * 0.9 / w
		w = c.textWidth(s, size, bold)
	}
	c.text(at.X-w/2, at.Y+size*0.36, size, bold, s, col)
}

// spots are the places a small label may take, best liked first: rings
// round the middle, from halfway out to the sides.
func spots() []Point {
	var out []Point
	for _, d := range []float64{0.5, 0.62, 0.72, 0.36} {
		out = append(out, ring(d, 12)...)
	}
	return out
}

func rect(at Point, w, h float64) []Point {
	return []Point{{X: at.X - w/2, Y: at.Y - h/2}, {X: at.X + w/2, Y: at.Y - h/2}, {X: at.X + w/2, Y: at.Y + h/2}, {X: at.X - w/2, Y: at.Y + h/2}}
}

// circle is a closed polyline round a point, fine enough at any size a
// board uses.
func circle(at Point, radius float64) []Point {
	const n = 28
	out := make([]Point, n+1)
	for i := range n + 1 {
		a := float64(i) * 2 * math.Pi / n
		out[i] = Point{X: at.X + radius*math.Cos(a), Y: at.Y + radius*math.Sin(a)}
	}
	return out
}

// contrast is black or white, whichever reads on a fill.
func contrast(c RGB) RGB {
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) > 150 {
		return black
	}
	return white
}
