package reports

import (
	"fmt"
	"math"
	"sort"

	cr "github.com/railpost/railpost/games/contrails"
)

// box is a latitude and longitude window of the map.
type box struct{ minLat, maxLat, minLon, maxLon float64 }

// wholeMap frames the continent the map covers.
var wholeMap = box{minLat: 23.5, maxLat: 52.5, minLon: -125, maxLon: -62.5}

// presides reports whether the reader presides rr. The web's reader,
// position 0, presides none: not the railroads without a president.
func (r ContinentalRails) presides(rr *cr.Railroad) bool {
	return r.Reader != 0 && rr.President == r.Reader
}

// readerBox frames the towns the reader's railroads touch, or nil when he
// presides none.
func (r ContinentalRails) readerBox() *box {
	var towns []string
	for _, rr := range r.State.Railroads {
		if rr.President == r.Reader {
			towns = append(towns, r.Map.TownsOf(rr.Lines)...)
		}
	}
	if len(towns) == 0 {
		return nil
	}
	b := box{minLat: 90, maxLat: -90, minLon: 180, maxLon: -180}
	for _, name := range towns {
		t, _ := r.Map.Town(name)
		b.minLat, b.maxLat = math.Min(b.minLat, t.Lat), math.Max(b.maxLat, t.Lat)
		b.minLon, b.maxLon = math.Min(b.minLon, t.Lon), math.Max(b.maxLon, t.Lon)
	}
	// At least 8 degrees across, and a margin, so the neighbourhood shows.
	pad := func(lo, hi *float64, least float64) {
		if w := *hi - *lo; w < least {
			*lo, *hi = *lo-(least-w)/2, *hi+(least-w)/2
		}
		*lo, *hi = *lo-1.5, *hi+1.5
	}
	pad(&b.minLat, &b.maxLat, 5)
	pad(&b.minLon, &b.maxLon, 8)
	return &b
}

// fill widens a window, about its middle, to a page area's width over
// height, so that a zoomed map uses the whole area.
func (b box) fill(aspect float64) box {
	cos := math.Cos((b.minLat + b.maxLat) / 2 * math.Pi / 180)
	w, h := (b.maxLon-b.minLon)*cos, b.maxLat-b.minLat
	if w/h < aspect {
		extra := (h*aspect - w) / cos / 2
		b.minLon, b.maxLon = b.minLon-extra, b.maxLon+extra
	} else {
		extra := (w/aspect - h) / 2
		b.minLat, b.maxLat = b.minLat-extra, b.maxLat+extra
	}
	return b
}

// projection maps latitude and longitude to page millimetres, with
// longitude shrunk by the cosine of the middle latitude so that shapes
// look right at these latitudes.
type projection struct {
	b          box
	x0, y0     float64
	scale, cos float64
}

func newProjection(b box, x0, y0, w, h float64) projection {
	cos := math.Cos((b.minLat + b.maxLat) / 2 * math.Pi / 180)
	scale := math.Min(w/((b.maxLon-b.minLon)*cos), h/(b.maxLat-b.minLat))
	return projection{b: b, x0: x0, y0: y0, scale: scale, cos: cos}
}

// size is the width and height the window takes on the page.
func (p projection) size() (float64, float64) {
	return (p.b.maxLon - p.b.minLon) * p.cos * p.scale, (p.b.maxLat - p.b.minLat) * p.scale
}

func (p projection) xy(lat, lon float64) (float64, float64) {
	return p.x0 + (lon-p.b.minLon)*p.cos*p.scale, p.y0 + (p.b.maxLat-lat)*p.scale
}

func (p projection) inside(lat, lon float64) bool {
	return lat >= p.b.minLat && lat <= p.b.maxLat && lon >= p.b.minLon && lon <= p.b.maxLon
}

// palette holds the railroads' colours: Kelly's colours of maximum
// contrast (K. L. Kelly, "Twenty-two colors of maximum contrast", 1965),
// in his order, less white and black (the reader's casing), his grey (the
// RoWs), buff and light blue (too pale beside the grey), yellow, orange
// yellow and greenish yellow (too faint on paper), and violet (too near
// his purple): thirteen colours no two of which are within 25 in CIELAB,
// nor within 25 of the map's grey and orange (TestPaletteStaysApart).
var palette = [...][3]int{
	{0x87, 0x56, 0x92}, // purple
	{0xF3, 0x84, 0x00}, // orange
	{0xBE, 0x00, 0x32}, // vivid red
	{0x00, 0x88, 0x56}, // green
	{0xE6, 0x8F, 0xAC}, // purplish pink
	{0x00, 0x67, 0xA5}, // blue
	{0xF9, 0x93, 0x79}, // yellowish pink
	{0xB3, 0x44, 0x6C}, // purplish red
	{0x88, 0x2D, 0x17}, // reddish brown
	{0x8D, 0xB6, 0x00}, // yellow green
	{0x65, 0x45, 0x22}, // yellowish brown
	{0xE2, 0x58, 0x22}, // reddish orange
	{0x2B, 0x3D, 0x26}, // olive green
}

// lineStyles tell apart the railroads that share a colour once the
// palette has gone round: solid, dashed, dotted, dash-dot and
// dash-dot-dot, in widths of the line, drawn with round caps (which
// lengthen each dash by a width: a zero dash is a dot).
var lineStyles = [...][]float64{
	nil,
	{1.6, 2.4},
	{0, 2.2},
	{2.2, 2.0, 0, 2.0},
	{2.2, 2.0, 0, 2.0, 0, 2.0},
}

// railroadPen draws the lines of the railroad at index i in number
// order, width mm wide: its colour and its line style. Every railroad up
// to the palette times the styles differs from every other.
func railroadPen(i int, width float64) pen {
	p := pen{colour: palette[i%len(palette)], width: width}
	for _, v := range lineStyles[i/len(palette)%len(lineStyles)] {
		p.dash = append(p.dash, v*width)
	}
	return p
}

// railroadColour is the colour of the railroad at index i in number order.
func railroadColour(i int) (int, int, int) {
	c := palette[i%len(palette)]
	return c[0], c[1], c[2]
}

// regionShade tints a town's dot by its region (2.7).
var regionShade = map[cr.Region][3]int{
	cr.Atlantic: {40, 70, 160}, cr.Ohio: {120, 80, 30}, cr.GreatLakes: {30, 120, 140}, cr.DeepSouth: {150, 60, 60},
	cr.Central: {90, 90, 90}, cr.Mississippi: {60, 110, 60}, cr.Gulf: {170, 110, 20}, cr.Midwest: {110, 120, 40},
	cr.Southwest: {170, 80, 40}, cr.Mountain: {110, 70, 120}, cr.Pacific: {20, 100, 100}, cr.Canada: {130, 30, 80}, cr.Mexico: {160, 130, 60},
}

// northeast frames the crowded corner of the map, from Cincinnati and
// Detroit to Boston and Quebec, where the network page has no room to name
// the towns: it has a page of its own at four and a half times the scale.
var northeast = box{minLat: 36.6, maxLat: 47.1, minLon: -84.9, maxLon: -69.6}

// A map page is the map's area, and beside it the key's.
const mapX, mapY, mapW, mapH = 12.0, 20.0, 222.0, 176.0

// keyArea is the key's room; its frame is as tall as the map's.
var keyArea = rect{x: mapX + mapW + 3, y: mapY, w: 297 - 12 - (mapX + mapW + 3), h: mapH}

// mapView is what one map page shows.
type mapView struct {
	title  string
	window *box // nil: the whole map; else zoomed to it, every town named
	inset  *box // a window outlined on this map and enlarged on the next page
	// insetNote is the key's note on the inset's outline.
	insetNote string
}

// mapPage draws the route network on a page of its own, under its
// title.
func (r ContinentalRails) mapPage(d *doc, v mapView) {
	pdf := d.pdf
	pdf.AddPageFormat("L", pdf.GetPageSizeStr("A4"))
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(0, 6, d.tr(v.title), "", 1, "L", false, 0, "")
	if v.inset != nil {
		v.insetNote = fmt.Sprintf("dashed box: see page %d", pdf.PageNo()+1)
	}
	r.drawMap(pdfCanvas{d}, v)
}

// drawMap draws the map's area and the key beside it: every route
// faintly, built lines in their railroad's colour and line style (the
// reader's cased in black), towns sized by value with the starred ones
// ringed. It returns the map's width and height.
func (r ContinentalRails) drawMap(c mapCanvas, v mapView) (float64, float64) {
	b := wholeMap
	if v.window != nil {
		b = v.window.fill(mapW / mapH)
	}
	p := newProjection(b, mapX, mapY, mapW, mapH)
	w, h := p.size()         // the frame hugs the map
	c.clip(mapX, mapY, w, h) // the frame is drawn last, over the lines

	m := mapDrawing{r: r, c: c, p: p, owner: map[string]int{}, rrs: byNumber(r.State)}
	for i, rr := range m.rrs {
		for _, code := range rr.Lines {
			m.owner[code] = i
		}
	}
	m.unbuilt()
	m.built()
	// Towns, then labels that do not overlap one placed before them:
	// biggest towns first, so they win the space.
	towns := append([]cr.Town(nil), r.Map.Towns...)
	sort.SliceStable(towns, func(i, j int) bool {
		if towns[i].Star != towns[j].Star {
			return towns[i].Star
		}
		return towns[i].Size > towns[j].Size
	})
	placed, radius := m.dots(towns)
	m.labels(towns, placed, radius, v.window != nil, [4]float64{mapX, mapY, mapX + w, mapY + h})
	notes := []string{"grey dashes: RoWs", "orange: PCs on offer", "ringed: main cities"}
	if m.readerPresides() {
		notes = append(notes, "cased in black: yours")
	}
	if v.inset != nil {
		in := v.inset.fill(mapW / mapH)
		x1, y1 := p.xy(in.maxLat, in.minLon)
		x2, y2 := p.xy(in.minLat, in.maxLon)
		c.stroke(pen{[3]int{60, 60, 60}, 0.35, []float64{1.5, 1}})
		c.rect(x1, y1, x2-x1, y2-y1, "D")
		c.setDash(nil)
		notes = append(notes, v.insetNote)
	}
	c.endClip()
	c.stroke(pen{[3]int{120, 120, 120}, 0.2, nil})
	c.rect(mapX, mapY, w, h, "D")
	r.legend(c, m.rrs, notes, rect{x: keyArea.x, y: keyArea.y, w: keyArea.w, h: h})
	return w, h
}

// mapDrawing is one map page being drawn: the projection, and which
// railroad owns each built route.
type mapDrawing struct {
	r     ContinentalRails
	c     mapCanvas
	p     projection
	rrs   []*cr.Railroad
	owner map[string]int // route code -> railroad index
}

func (m mapDrawing) readerPresides() bool {
	for _, rr := range m.rrs {
		if m.r.presides(rr) {
			return true
		}
	}
	return false
}

// shows reports whether any of a route can be inside the window: a route
// whose ends both lie beyond one side of it is left out of the page.
func (m mapDrawing) shows(rt cr.Route) bool {
	a, _ := m.r.Map.Town(rt.A)
	b, _ := m.r.Map.Town(rt.B)
	w := m.p.b
	return !(a.Lat < w.minLat && b.Lat < w.minLat || a.Lat > w.maxLat && b.Lat > w.maxLat ||
		a.Lon < w.minLon && b.Lon < w.minLon || a.Lon > w.maxLon && b.Lon > w.maxLon)
}

// line is a route's ends on the page; a double route is drawn beside its
// partner.
func (m mapDrawing) line(rt cr.Route) (float64, float64, float64, float64) {
	a, _ := m.r.Map.Town(rt.A)
	bt, _ := m.r.Map.Town(rt.B)
	ax, ay := m.p.xy(a.Lat, a.Lon)
	bx, by := m.p.xy(bt.Lat, bt.Lon)
	if partner, ok := m.r.Map.DoublePartner(rt.Code); ok && rt.Code > partner {
		const shift = 0.7
		dx, dy := bx-ax, by-ay
		if n := math.Hypot(dx, dy); n > 0 {
			ax, ay, bx, by = ax-dy/n*shift, ay+dx/n*shift, bx-dy/n*shift, by+dx/n*shift
		}
	}
	return ax, ay, bx, by
}

// unbuilt draws the routes nobody has built, faintly: private companies
// on offer orange, then rights-of-way dashed grey.
func (m mapDrawing) unbuilt() {
	offered := map[string]bool{}
	for _, o := range m.r.State.Offers {
		offered[o.Code] = true
	}
	for _, pcs := range []bool{true, false} {
		for _, rt := range m.r.Map.Routes {
			if _, built := m.owner[rt.Code]; built || !m.shows(rt) {
				continue
			}
			switch {
			case pcs && offered[rt.Code]:
				m.c.stroke(pen{[3]int{235, 170, 90}, 0.25, nil})
			case !pcs && !offered[rt.Code] && rt.Kind == cr.RoW:
				m.c.stroke(pen{[3]int{200, 200, 200}, 0.25, []float64{1, 0.8}})
			default:
				continue // a PC not yet on offer is not on the map for players
			}
			m.c.line(m.line(rt))
		}
	}
	m.c.setDash(nil)
}

// built draws the railroads' lines in their colours and styles, railroad
// by railroad, the reader's last and cased in black, so they lie on top.
func (m mapDrawing) built() {
	rrs := m.rrs
	codes := make([]string, 0, len(m.owner))
	for c := range m.owner {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool {
		oi, oj := m.owner[codes[i]], m.owner[codes[j]]
		mi, mj := m.r.presides(rrs[oi]), m.r.presides(rrs[oj])
		if mi != mj {
			return mj
		}
		if oi != oj {
			return oi < oj
		}
		return codes[i] < codes[j]
	})
	m.c.lineCap(true)
	for _, code := range codes {
		rt, _ := m.r.Map.Route(code)
		if !m.shows(rt) {
			continue
		}
		i := m.owner[code]
		if m.r.presides(rrs[i]) {
			m.c.stroke(pen{[3]int{0, 0, 0}, 1.6, nil})
			m.c.line(m.line(rt))
			m.c.stroke(railroadPen(i, 1.0))
		} else {
			m.c.stroke(railroadPen(i, 0.7))
		}
		m.c.line(m.line(rt))
	}
	m.c.setDash(nil)
	m.c.lineCap(false)
}

// dots draws every town on the page first, so that no label is drawn
// under a dot; each dot is also an obstacle the labels keep clear of. It
// returns those obstacles and each drawn town's radius.
func (m mapDrawing) dots(towns []cr.Town) ([][4]float64, map[string]float64) {
	m.c.lineWidth(0.15)
	var placed [][4]float64
	radius := map[string]float64{}
	for _, t := range towns {
		if !m.p.inside(t.Lat, t.Lon) {
			continue
		}
		x, y := m.p.xy(t.Lat, t.Lon)
		m.c.fill(regionShade[t.Region])
		m.c.stroke(pen{[3]int{255, 255, 255}, 0.15, nil})
		rad := 0.35 + 0.22*float64(t.Size)
		radius[t.Name] = rad
		m.c.circle(x, y, rad, "FD")
		if t.Star {
			m.c.stroke(pen{[3]int{0, 0, 0}, 0.15, nil})
			m.c.circle(x, y, rad+0.45, "D")
		}
		placed = append(placed, [4]float64{x - rad, y - rad, x + rad, y + rad})
	}
	return placed, radius
}

// labels names the towns, biggest first so they win the space: to the
// right of the dot, else left, above or below, inside frame; a label that
// fits nowhere is left out rather than drawn over another. Unzoomed, only
// the bigger towns are named, in smaller type.
func (m mapDrawing) labels(towns []cr.Town, placed [][4]float64, radius map[string]float64, zoomed bool, frame [4]float64) {
	m.c.textColour(30, 30, 30)
	// fpdf writes out every font it is set to; the towns come in runs of
	// one type.
	font, fontSize := "none", 0.0
	for _, t := range towns {
		rad, in := radius[t.Name]
		if !in || !zoomed && !t.Star && t.Size < 4 {
			continue
		}
		x, y := m.p.xy(t.Lat, t.Lon)
		// A zoomed map has the room for names read on a phone's screen.
		size, style := 4.5, ""
		if zoomed {
			size = 6
		}
		if t.Star {
			size, style = size+1, "B"
		}
		if style != font || size != fontSize {
			m.c.font(style, size)
			font, fontSize = style, size
		}
		label := m.c.encode(t.Name)
		lw := m.c.width(label)
		lh := 0.44 * size // the label's box, in mm: 2 at 4.5 points
		candidates := [][4]float64{
			{x + rad + 0.4, y - lh*0.6, x + rad + 0.4 + lw, y + lh*0.4},
			{x - rad - 0.4 - lw, y - lh*0.6, x - rad - 0.4, y + lh*0.4},
			{x - lw/2, y - rad - 0.3 - lh, x + lw/2, y - rad - 0.3},
			{x - lw/2, y + rad + 0.3, x + lw/2, y + rad + 0.3 + lh},
		}
		own := [4]float64{x - rad, y - rad, x + rad, y + rad}
		for _, rect := range candidates {
			if rect[0] < frame[0] || rect[1] < frame[1] || rect[2] > frame[2] || rect[3] > frame[3] || overlaps(rect, placed, own) {
				continue
			}
			placed = append(placed, rect)
			m.c.fill([3]int{255, 255, 255})
			m.c.alpha(0.75)
			m.c.rect(rect[0]-0.2, rect[1], rect[2]-rect[0]+0.4, rect[3]-rect[1], "F")
			m.c.alpha(1)
			m.c.text(rect[0], rect[3]-0.2*lh, label)
			break
		}
	}
}

// overlaps reports whether r meets any placed rectangle other than skip.
func overlaps(r [4]float64, placed [][4]float64, skip [4]float64) bool {
	for _, q := range placed {
		if q != skip && r[0] < q[2] && q[0] < r[2] && r[1] < q[3] && q[1] < r[3] {
			return true
		}
	}
	return false
}

// rect is an area of the page, in millimetres.
type rect struct{ x, y, w, h float64 }

// holds reports whether b lies wholly inside a.
func (a rect) holds(b rect) bool {
	const eps = 1e-9
	return b.x >= a.x-eps && b.y >= a.y-eps && b.x+b.w <= a.x+a.w+eps && b.y+b.h <= a.y+a.h+eps
}

// meets reports whether a and b overlap.
func (a rect) meets(b rect) bool {
	return a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y < a.y+a.h
}

// ptMM is a point in millimetres.
const ptMM = 25.4 / 72

// keyLayout is where the key sets its entries, a swatch and a label
// each, in number order down the columns.
type keyLayout struct {
	area       rect
	cols, rows int
	rowH, colW float64
	swatchW    float64
	font       float64 // the labels' type, in points
	widest     float64 // the widest label at one point, in mm
}

// layoutKey fits n entries into area, the widest label being widest mm
// long at one point. Rows are at most 3.9 mm and the type at most 7
// points; of one to eight columns it takes the one that gives the largest
// type, and the fewest columns of those. More entries make the rows and
// the type smaller: they never run past the area.
func layoutKey(area rect, n int, widest float64) keyLayout {
	var best keyLayout
	for cols := 1; cols <= 8; cols++ {
		l := keyLayout{area: area, cols: cols, rows: max(1, (n+cols-1)/cols), widest: widest}
		l.rowH = math.Min(3.9, area.h/float64(l.rows))
		l.colW = area.w / float64(cols)
		l.swatchW = math.Min(8, l.colW*0.35) // a whole cycle of the longest line style
		l.font = math.Min(7, l.rowH*0.65/ptMM)
		if room := l.colW - l.swatchW - 1.5; widest > 0 {
			l.font = math.Min(l.font, room/widest)
		}
		if cols == 1 || l.font > best.font+1e-9 {
			best = l
		}
	}
	return best
}

// entry is where entry i's swatch and label go; the label box is as wide
// as the widest label.
func (l keyLayout) entry(i int) (swatch, label rect) {
	col, row := i/l.rows, i%l.rows
	x, y := l.area.x+float64(col)*l.colW, l.area.y+float64(row)*l.rowH
	sh := math.Min(l.rowH*0.6, 2.0)
	swatch = rect{x: x, y: y + (l.rowH-sh)/2, w: l.swatchW, h: sh}
	fh := l.font * ptMM
	label = rect{x: x + l.swatchW + 1, y: y + (l.rowH-fh)/2, w: l.widest * l.font, h: fh}
	return swatch, label
}

// The key's frame has a padding, and a line of notes is so tall.
const keyPad, keyNoteH = 1.5, 2.8

// keyRoom is the part of the key's frame its entries may fill: inside the
// padding, above the notes.
func keyRoom(key rect, notes int) rect {
	return rect{x: key.x + keyPad, y: key.y + keyPad, w: key.w - 2*keyPad, h: key.h - 2*keyPad - float64(notes)*keyNoteH - 2}
}

// legend is the key beside the map, framed: each railroad's line as the
// map draws it and its number and initials, the reader's in bold, then
// the notes on the map's other marks at the foot.
func (r ContinentalRails) legend(c mapCanvas, rrs []*cr.Railroad, notes []string, key rect) {
	c.stroke(pen{[3]int{170, 170, 170}, 0.2, nil})
	c.rect(key.x, key.y, key.w, key.h, "D")
	inner := rect{x: key.x + keyPad, y: key.y + keyPad, w: key.w - 2*keyPad, h: key.h - 2*keyPad}
	entries := keyRoom(key, len(notes))
	labels := make([]string, len(rrs))
	widest := 0.0
	c.font("B", 10) // bold is the wider: measure in it
	for i, rr := range rrs {
		labels[i] = c.encode(fmt.Sprintf("%d %s", rr.Number, rr.Abbr))
		widest = math.Max(widest, c.width(labels[i])/10)
	}
	l := layoutKey(entries, len(rrs), widest)
	c.textColour(0, 0, 0)
	c.lineCap(true)
	for i, rr := range rrs {
		sw, lb := l.entry(i)
		mine := r.presides(rr)
		// The railroad's line, a little thicker than on the map, kept
		// inside the swatch past its round caps.
		width := math.Min(sw.h, 0.9)
		casing := 0.0
		if mine {
			casing = width * 0.5
		}
		cy, inset := sw.y+sw.h/2, width/2+casing
		if mine {
			c.stroke(pen{[3]int{0, 0, 0}, width + 2*casing, nil})
			c.line(sw.x+inset, cy, sw.x+sw.w-inset, cy)
		}
		c.stroke(railroadPen(i, width))
		c.line(sw.x+inset, cy, sw.x+sw.w-inset, cy)
		style := ""
		if mine {
			style = "B"
		}
		c.font(style, l.font)
		c.text(lb.x, lb.y+lb.h*0.78, labels[i])
	}
	c.setDash(nil)
	c.lineCap(false)
	c.font("", 6)
	c.textColour(60, 60, 60)
	for k, note := range notes {
		c.text(inner.x, inner.y+inner.h-float64(len(notes)-1-k)*keyNoteH-0.6, note)
	}
	c.textColour(0, 0, 0)
}
