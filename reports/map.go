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

// palette holds the railroads' colours. Each was chosen, in order, as the
// colour of middle lightness farthest in CIELAB from all before it and
// from the map's own greys and orange, so that any 40 railroads differ by
// a colour difference of more than 20 (TestRailroadColoursStayApart).
var palette = [...][3]int{
	{47, 59, 202}, {239, 14, 127}, {42, 188, 14}, {245, 27, 2}, {57, 89, 3}, {37, 160, 253},
	{126, 31, 22}, {127, 76, 127}, {248, 84, 246}, {29, 185, 134}, {235, 134, 147}, {152, 173, 24},
	{187, 140, 254}, {23, 153, 173}, {130, 5, 137}, {151, 17, 238}, {156, 169, 108}, {126, 87, 11},
	{202, 92, 5}, {9, 83, 135}, {232, 113, 192}, {238, 68, 84}, {7, 99, 78}, {145, 6, 75},
	{80, 84, 177}, {74, 157, 54}, {178, 153, 208}, {194, 109, 72}, {5, 118, 254}, {171, 92, 246},
	{151, 81, 86}, {203, 13, 152}, {177, 8, 3}, {194, 160, 3}, {113, 168, 216}, {140, 135, 37},
	{35, 124, 65}, {83, 161, 137}, {72, 67, 17}, {230, 143, 16}, {189, 147, 102}, {162, 87, 176},
	{111, 4, 178}, {254, 93, 61}, {191, 91, 134}, {177, 11, 186}, {135, 139, 227}, {252, 104, 149},
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

// mapPage draws the route network on a page of its own: every route
// faintly, built lines in their railroad's colour (the reader's thicker),
// towns sized by value with the starred ones marked, and a legend. With a
// window it zooms to it and labels every town in it.
func (r ContinentalRails) mapPage(d *doc, title string, window *box) {
	const x0, y0, maxW, maxH = 12.0, 20.0, 222.0, 176.0
	pdf := d.pdf
	pdf.AddPageFormat("L", pdf.GetPageSizeStr("A4"))
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(0, 6, d.tr(title), "", 1, "L", false, 0, "")
	b := wholeMap
	if window != nil {
		b = window.fill(maxW / maxH)
	}
	p := newProjection(b, x0, y0, maxW, maxH)
	w, h := p.size() // the frame hugs the map
	pdf.ClipRect(x0, y0, w, h, true)

	m := mapDrawing{r: r, d: d, p: p, owner: map[string]int{}, rrs: byNumber(r.State)}
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
	m.labels(towns, placed, radius, window != nil, [4]float64{x0, y0, x0 + w, y0 + h})
	pdf.ClipEnd()
	pdf.SetDrawColor(120, 120, 120)
	pdf.SetLineWidth(0.2)
	pdf.Rect(x0, y0, w, h, "D")
	r.legend(d, m.rrs, x0+maxW+3, y0)
}

// mapDrawing is one map page being drawn: the projection, and which
// railroad owns each built route.
type mapDrawing struct {
	r     ContinentalRails
	d     *doc
	p     projection
	rrs   []*cr.Railroad
	owner map[string]int // route code -> railroad index
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

// unbuilt draws the routes nobody has built, faintly: rights-of-way
// dashed grey, private companies on offer orange.
func (m mapDrawing) unbuilt() {
	pdf := m.d.pdf
	offered := map[string]bool{}
	for _, o := range m.r.State.Offers {
		offered[o.Code] = true
	}
	for _, rt := range m.r.Map.Routes {
		if _, built := m.owner[rt.Code]; built {
			continue
		}
		switch {
		case offered[rt.Code]:
			pdf.SetDrawColor(235, 170, 90)
			pdf.SetDashPattern(nil, 0)
		case rt.Kind == cr.RoW:
			pdf.SetDrawColor(200, 200, 200)
			pdf.SetDashPattern([]float64{1, 0.8}, 0)
		default:
			continue // a PC not yet on offer is not on the map for players
		}
		pdf.SetLineWidth(0.25)
		pdf.Line(m.line(rt))
	}
	pdf.SetDashPattern(nil, 0)
}

// built draws the railroads' lines in their colours, the reader's last
// and outlined, so they lie on top.
func (m mapDrawing) built() {
	pdf, rrs, reader := m.d.pdf, m.rrs, m.r.Reader
	codes := make([]string, 0, len(m.owner))
	for c := range m.owner {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool {
		mi, mj := rrs[m.owner[codes[i]]].President == reader, rrs[m.owner[codes[j]]].President == reader
		if mi != mj {
			return mj
		}
		return codes[i] < codes[j]
	})
	for _, code := range codes {
		rt, _ := m.r.Map.Route(code)
		rr := rrs[m.owner[code]]
		cr0, cg, cb := railroadColour(m.owner[code])
		pdf.SetDrawColor(cr0, cg, cb)
		pdf.SetLineWidth(0.7)
		if rr.President == reader {
			pdf.SetDrawColor(0, 0, 0)
			pdf.SetLineWidth(1.6)
			pdf.Line(m.line(rt))
			pdf.SetDrawColor(cr0, cg, cb)
			pdf.SetLineWidth(1.0)
		}
		pdf.Line(m.line(rt))
	}
}

// dots draws every town on the page first, so that no label is drawn
// under a dot; each dot is also an obstacle the labels keep clear of. It
// returns those obstacles and each drawn town's radius.
func (m mapDrawing) dots(towns []cr.Town) ([][4]float64, map[string]float64) {
	pdf := m.d.pdf
	pdf.SetLineWidth(0.15)
	var placed [][4]float64
	radius := map[string]float64{}
	for _, t := range towns {
		if !m.p.inside(t.Lat, t.Lon) {
			continue
		}
		x, y := m.p.xy(t.Lat, t.Lon)
		c := regionShade[t.Region]
		pdf.SetFillColor(c[0], c[1], c[2])
		pdf.SetDrawColor(255, 255, 255)
		rad := 0.35 + 0.22*float64(t.Size)
		radius[t.Name] = rad
		m.d.circle(x, y, rad, "FD")
		if t.Star {
			pdf.SetDrawColor(0, 0, 0)
			m.d.circle(x, y, rad+0.45, "D")
		}
		placed = append(placed, [4]float64{x - rad, y - rad, x + rad, y + rad})
	}
	return placed, radius
}

// labels names the towns, biggest first so they win the space: to the
// right of the dot, else left, above or below, inside frame; a label that
// fits nowhere is left out rather than drawn over another. Unzoomed, only
// the bigger towns are named.
func (m mapDrawing) labels(towns []cr.Town, placed [][4]float64, radius map[string]float64, zoomed bool, frame [4]float64) {
	pdf := m.d.pdf
	for _, t := range towns {
		rad, in := radius[t.Name]
		if !in || !zoomed && !t.Star && t.Size < 4 {
			continue
		}
		x, y := m.p.xy(t.Lat, t.Lon)
		size := 4.5
		if t.Star {
			size = 5.5
		}
		pdf.SetFont("Helvetica", map[bool]string{true: "B", false: ""}[t.Star], size)
		label := m.d.tr(t.Name)
		lw := pdf.GetStringWidth(label)
		const lh = 2.0
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
			pdf.SetFillColor(255, 255, 255)
			pdf.SetAlpha(0.75, "Normal")
			pdf.Rect(rect[0]-0.2, rect[1], rect[2]-rect[0]+0.4, rect[3]-rect[1], "F")
			pdf.SetAlpha(1, "Normal")
			pdf.SetTextColor(30, 30, 30)
			pdf.Text(rect[0], rect[3]-0.4, label)
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

// legend lists the railroads with their colours beside the map; the
// reader's are in bold.
func (r ContinentalRails) legend(d *doc, rrs []*cr.Railroad, x, y float64) {
	pdf := d.pdf
	row := 3.9
	if n := len(rrs); n > 0 && float64(n)*row > 170 {
		row = 170 / float64(n)
	}
	for i, rr := range rrs {
		cr0, cg, cb := railroadColour(i)
		pdf.SetFillColor(cr0, cg, cb)
		pdf.Rect(x, y+float64(i)*row, 5, row*0.6, "F")
		style := ""
		if rr.President == r.Reader {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, math.Min(7, row*2))
		pdf.SetTextColor(0, 0, 0)
		pdf.Text(x+6, y+float64(i)*row+row*0.55, d.tr(fmt.Sprintf("%d %s", rr.Number, rr.Abbr)))
	}
	pdf.SetFont("Helvetica", "", 6)
	ly := y + 176
	pdf.Text(x, ly-12, "grey dashes: RoWs")
	pdf.Text(x, ly-8, "orange: PCs on offer")
	pdf.Text(x, ly-4, "ringed: main cities")
}
