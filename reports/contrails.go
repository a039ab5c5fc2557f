// Package reports renders what players read after a turn: the PDF turn
// report of each title, with its map. It is pure: state in, bytes out.
package reports

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/text/encoding/charmap"

	cr "github.com/railpost/railpost/games/contrails"
	"github.com/railpost/railpost/reports/page"
	"github.com/railpost/railpost/templates"
)

// ContinentalRails is what one reader's rule 9 report is made from.
type ContinentalRails struct {
	GameID, GameName string
	Turn             int // the turn just resolved
	Map              *cr.Map
	State            *cr.State // after the turn
	Events           []cr.Event
	Reader           int // the position the report is for
	// Made dates the PDF: the time the turn resolved, so that the same
	// report rendered again is the same file.
	Made time.Time
}

// visibility is what the reader may see beyond the public record (9.2,
// 9.4, 9.6): the holdings in railroads he presides or spied on, and the
// finances of railroads he directs or spied on.
type visibility struct {
	reader    *cr.Player
	holdings  map[string]bool // railroads whose shareholders he may see
	finances  map[string]bool // railroads whose cash flow he may see
	spyPlayer int
}

func (r ContinentalRails) visibility() visibility {
	s := r.State
	v := visibility{reader: s.Player(r.Reader), holdings: map[string]bool{}, finances: map[string]bool{}}
	if v.reader == nil {
		return v
	}
	v.spyPlayer = v.reader.SpyPlayer
	for _, rr := range s.Railroads {
		if rr.President == r.Reader {
			v.holdings[rr.Abbr], v.finances[rr.Abbr] = true, true
		}
		for _, d := range rr.Directors {
			if d == r.Reader {
				v.finances[rr.Abbr] = true
			}
		}
	}
	if v.reader.SpyRailroad != "" {
		v.holdings[v.reader.SpyRailroad], v.finances[v.reader.SpyRailroad] = true, true
	}
	return v
}

// PDF renders the report. Sections follow rule 9 in order, then the
// victory points and the map.
func (r ContinentalRails) PDF() ([]byte, error) {
	me := r.State.Player(r.Reader)
	if me == nil {
		return nil, fmt.Errorf("report: no position %d", r.Reader)
	}
	v := r.visibility()
	d := newDoc(fmt.Sprintf("%s (%s) - turn %d report for %s, position %d", r.GameName, r.GameID, r.Turn, me.Name, me.Number), r.Made)
	r.headlines(d)
	r.playerSummary(d, v)
	r.railroadSummary(d)
	d.section("Stock Report (9.4)")
	r.stockReport(d, v)
	r.offers(d)
	d.section("Private Report (9.6)")
	r.privateReport(d, v)
	r.victoryPoints(d, me)
	r.chartPage(d)
	r.mapPage(d, mapView{title: "The network", inset: &northeast})
	r.mapPage(d, mapView{title: "The Northeast, enlarged", window: &northeast})
	if box := r.readerBox(); box != nil {
		r.mapPage(d, mapView{title: "Your railroads", window: box})
	}
	return d.bytes()
}

// headlines are the public events of the turn and the climate (9.1).
func (r ContinentalRails) headlines(d *doc) {
	s := r.State
	d.section("Headlines (9.1)")
	headlines := 0
	for _, e := range r.Events {
		if e.VisibleTo == 0 && e.Kind != "note" {
			d.para("- " + e.Text)
			headlines++
		}
	}
	if headlines == 0 {
		d.para("A quiet turn.")
	}
	d.para(fmt.Sprintf("Economic climate for turn %d: %s.", s.Turn, s.Climate))

}

// playerSummary lists every tycoon, with the stock the reader may see
// (9.2).
func (r ContinentalRails) playerSummary(d *doc, v visibility) {
	s := r.State
	d.section("Player Summary (9.2)")
	players := append([]cr.Player(nil), s.Players...)
	sort.SliceStable(players, func(i, j int) bool { return players[i].NetWorth > players[j].NetWorth })
	var rows [][]string
	for _, p := range players {
		var pres, pcs, stock []string
		for _, rr := range s.Railroads {
			if rr.President == p.Number {
				pres = append(pres, rr.Abbr)
			}
		}
		for _, pc := range p.PCs {
			pcs = append(pcs, pc.Code)
		}
		if p.Number == r.Reader || p.Number == v.spyPlayer {
			for _, rr := range s.Railroads {
				if n := p.Shares[rr.Abbr]; n != 0 {
					stock = append(stock, fmt.Sprintf("%s %d", rr.Abbr, n))
				}
			}
		} else {
			for _, rr := range s.Railroads {
				if n := p.Shares[rr.Abbr]; n != 0 && v.holdings[rr.Abbr] {
					stock = append(stock, fmt.Sprintf("%s %d", rr.Abbr, n))
				}
			}
		}
		rows = append(rows, []string{fmt.Sprint(p.Number), p.Name, money(p.NetWorth), strings.Join(pres, " "), strings.Join(pcs, " "), strings.Join(stock, ", ")})
	}
	d.table([]string{"#", "Tycoon", "Net worth", "Presides", "PCs", "Stock you may see"}, []float64{8, 42, 24, 30, 24, 62}, rows)

}

// railroadSummary lists every railroad's figures and lines (9.3).
func (r ContinentalRails) railroadSummary(d *doc) {
	s := r.State
	d.section("Railroad Summary (9.3)")
	var rows [][]string
	for _, rr := range byNumber(s) {
		issued := s.Issued(rr)
		pft := "-"
		if issued > 0 {
			pft = fmt.Sprintf("%.2f", float64(rr.Profit)/float64(issued))
		}
		var others []string
		for _, dn := range rr.Directors {
			if dn != rr.President && dn != rr.Chairman {
				others = append(others, fmt.Sprint(dn))
			}
		}
		rows = append(rows, []string{fmt.Sprintf("%d %s", rr.Number, rr.Abbr), fmt.Sprint(r.Map.Miles(rr.Lines)), money(rr.Revenue), money(rr.Expenses),
			money(rr.Bonds), money(rr.Loans), pft, fmt.Sprintf("$%d", rr.Dividend), fmt.Sprint(rr.Land), fmt.Sprint(rr.RoWGrant),
			who(rr.President), who(rr.Chairman), strings.Join(others, " ")})
		rows = append(rows, []string{"", "Lines: " + strings.Join(rr.Lines, " ") + rowNote(rr)})
	}
	d.table([]string{"Railroad", "Track", "Revenues", "Op. exp.", "Bonds", "Loans", "Pft/sh", "Div/sh", "Land", "Grant", "Pres", "Chr", "Directors"},
		[]float64{20, 12, 18, 18, 16, 16, 13, 13, 11, 11, 10, 10, 22}, rows)

}

// offers are the private companies for sale (9.5).
func (r ContinentalRails) offers(d *doc) {
	s := r.State
	d.section("Private Companies Available (9.5)")
	var rows [][]string
	for _, o := range s.Offers {
		rt, _ := r.Map.Route(o.Code)
		seller := "the Bank"
		if p := s.Player(o.Seller); p != nil {
			seller = p.Name
		}
		rows = append(rows, []string{o.Code, rt.A + " - " + rt.B, fmt.Sprint(rt.Miles), money(o.Asking), seller})
	}
	if len(rows) == 0 {
		d.para("No PC is on offer.")
	} else {
		d.twoColumns([]string{"Code", "Route", "Miles", "Asking", "Offered by"}, []float64{12, 38, 9, 12, 18}, rows)
	}

}

// victoryPoints sets the reader's points beside each category's leader
// (1.2).
func (r ContinentalRails) victoryPoints(d *doc, me *cr.Player) {
	s := r.State
	d.section("Victory Points (1.2)")
	cats := []struct {
		name string
		get  func(cr.VP) int
	}{
		{"Robber Baron", func(v cr.VP) int { return v.RobberBaron }}, {"Rail Mogul", func(v cr.VP) int { return v.Mogul }},
		{"Rail Builder", func(v cr.VP) int { return v.Builder }}, {"Rail Magnate", func(v cr.VP) int { return v.Magnate }},
		{"Prodigal", func(v cr.VP) int { return v.Prodigal }}, {"Rail Baron", func(v cr.VP) int { return v.Baron }},
		{"Total", cr.VP.Total},
	}
	var rows [][]string
	for _, c := range cats {
		lead, leaders := 0, []string{}
		for _, p := range s.Players {
			switch pts := c.get(p.VP); {
			case pts > lead:
				lead, leaders = pts, []string{p.Name}
			case pts == lead && pts > 0:
				leaders = append(leaders, p.Name)
			}
		}
		rows = append(rows, []string{c.name, fmt.Sprint(c.get(me.VP)), fmt.Sprint(lead), strings.Join(leaders, ", ")})
	}
	d.table([]string{"Category", "Yours", "Leader", "Led by"}, []float64{36, 18, 18, 110}, rows)

}

func rowNote(rr *cr.Railroad) string {
	if rr.RoW == "" {
		return ""
	}
	return "; RoW " + rr.RoW
}

func who(n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprint(n)
}

func byNumber(s *cr.State) []*cr.Railroad {
	out := make([]*cr.Railroad, len(s.Railroads))
	for i := range s.Railroads {
		out[i] = &s.Railroads[i]
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Number < out[b].Number })
	return out
}

// money writes whole dollars as the turnsheet and the mails do.
func money(v int64) string { return templates.Money(v) }

// doc wraps fpdf with the few layouts a report needs.
type doc struct {
	pdf  *fpdf.Fpdf
	tr   func(string) string
	num  []byte    // circle's scratch for numbers
	dash []float64 // the dash pattern in force, nil for solid
	// web, when set, takes the sections, paragraphs and tables instead
	// of the PDF: the web page is written by the same code as the report.
	web *page.Page
}

// pen is how lines are drawn: colour, width in mm, and dash pattern in
// mm (nil: solid).
type pen struct {
	colour [3]int
	width  float64
	dash   []float64
}

// stroke takes up a pen, writing only what changes: fpdf writes out every
// setting it is given, and a map page sets them for each of hundreds of
// lines.
func (d *doc) stroke(p pen) {
	c := p.colour
	if r, g, b := d.pdf.GetDrawColor(); r != c[0] || g != c[1] || b != c[2] {
		d.pdf.SetDrawColor(c[0], c[1], c[2])
	}
	if d.pdf.GetLineWidth() != p.width {
		d.pdf.SetLineWidth(p.width)
	}
	d.setDash(p.dash)
}

// setDash sets the dash pattern of lines (nil: solid) if it changes.
// fpdf carries it over to a new page, and so does d.dash.
func (d *doc) setDash(dash []float64) {
	if slices.Equal(d.dash, dash) {
		return
	}
	d.dash = slices.Clone(dash)
	d.pdf.SetDashPattern(dash, 0)
}

// endClip ends a clip, then sets again the colours, line width, cap and
// dash that fpdf takes to be in force: the end of a clip restores in the
// PDF those of its start, while fpdf still holds the last ones set, which
// stroke and fill trust.
func (d *doc) endClip() {
	pdf := d.pdf
	pdf.ClipEnd()
	pdf.SetDrawColor(pdf.GetDrawColor())
	pdf.SetFillColor(pdf.GetFillColor())
	pdf.SetLineWidth(pdf.GetLineWidth())
	pdf.SetLineCapStyle(pdf.GetLineCapStyle())
	pdf.SetDashPattern(d.dash, 0)
}

// fill sets the fill colour if it changes.
func (d *doc) fill(c [3]int) {
	if r, g, b := d.pdf.GetFillColor(); r != c[0] || g != c[1] || b != c[2] {
		d.pdf.SetFillColor(c[0], c[1], c[2])
	}
}

// cp1252 puts text in the code page of fpdf's core fonts, as fpdf's own
// translator does, a character it lacks becoming a dot. fpdf's reads its
// table anew for each document and is not safe to share between reports
// rendered at once; this one is built once and is.
func cp1252(s string) string {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if ascii {
		return s
	}
	b := make([]byte, 0, len(s))
	for _, r := range s {
		c, ok := charmap.Windows1252.EncodeRune(r)
		if !ok || r >= 0x80 && c < 0x80 {
			c = '.'
		}
		b = append(b, c)
	}
	return string(b)
}

// appendHundredths writes v to two decimals, as strconv's 'f' does but in
// a fraction of its time: circle writes thousands of them a report.
func appendHundredths(b []byte, v float64) []byte {
	n := int64(math.Round(v * 100))
	if n < 0 {
		b, n = append(b, '-'), -n
	}
	b = strconv.AppendInt(b, n/100, 10)
	return append(b, '.', byte('0'+n/10%10), byte('0'+n%10))
}

// circle draws a circle as four Bezier arcs, with coordinates to the
// hundredth of a point as fpdf writes lines. fpdf's Circle writes six
// arcs to a hundred-thousandth: twice the bytes to write and compress
// for the hundreds of towns on a map page, and no visible difference.
// style is fpdf's: "F", "D" or "FD".
func (d *doc) circle(x, y, r float64, style string) {
	k := d.pdf.GetConversionRatio()
	_, h := d.pdf.GetPageSize()
	cx, cy, r := x*k, (h-y)*k, r*k
	const kappa = 0.5522847498 // 4/3 (sqrt 2 - 1): a quarter circle
	c := r * kappa
	b := d.num[:0]
	put := func(op string, v ...float64) {
		for _, f := range v {
			b = appendHundredths(b, f)
			b = append(b, ' ')
		}
		b = append(b, op...)
		b = append(b, '\n')
	}
	put("m", cx+r, cy)
	put("c", cx+r, cy+c, cx+c, cy+r, cx, cy+r)
	put("c", cx-c, cy+r, cx-r, cy+c, cx-r, cy)
	put("c", cx-r, cy-c, cx-c, cy-r, cx, cy-r)
	put("c", cx+c, cy-r, cx+r, cy-c, cx+r, cy)
	switch style {
	case "F":
		b = append(b, 'f')
	case "FD", "DF":
		b = append(b, 'B')
	default:
		b = append(b, 'S')
	}
	d.num = b
	d.pdf.RawWriteStr(string(b))
}

func newDoc(title string, made time.Time) *doc {
	pdf := fpdf.New("P", "mm", "A4", "")
	if made.IsZero() {
		made = time.Unix(0, 0) // never the clock: the same input, the same bytes
	}
	pdf.SetCatalogSort(true)  // resources in a fixed order, not a map's
	pdf.SetCompression(false) // bytes() deflates the pages with pooled writers
	pdf.SetCreationDate(made.UTC())
	pdf.SetModificationDate(made.UTC())
	pdf.SetMargins(12, 12, 12)
	pdf.SetAutoPageBreak(true, 12)
	d := &doc{pdf: pdf, tr: cp1252}
	pdf.SetTitle(title, true)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-10)
		pdf.SetFont("Helvetica", "", 7)
		pdf.CellFormat(0, 4, d.tr(title)+fmt.Sprintf(" - page %d", pdf.PageNo()), "", 0, "C", false, 0, "")
	})
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 13)
	pdf.MultiCell(0, 6, d.tr(title), "", "L", false)
	pdf.Ln(1)
	return d
}

func (d *doc) section(name string) {
	if d.web != nil {
		d.web.Sections = append(d.web.Sections, page.Section{Heading: name})
		return
	}
	d.pdf.Ln(2)
	d.pdf.SetFont("Helvetica", "B", 11)
	d.pdf.SetFillColor(225, 232, 240)
	d.pdf.CellFormat(0, 6, d.tr(name), "", 1, "L", true, 0, "")
	d.pdf.Ln(1)
}

func (d *doc) para(text string) {
	if d.web != nil {
		if item, ok := strings.CutPrefix(text, "- "); ok {
			d.webSection().Items = append(d.webSection().Items, item)
		} else {
			d.webSection().Text = append(d.webSection().Text, text)
		}
		return
	}
	d.pdf.SetFont("Helvetica", "", 8)
	d.pdf.MultiCell(0, 3.8, d.tr(text), "", "L", false)
}

// table writes rows under a header. A row of two cells whose first is
// empty is a note under the row above, across the whole width.
func (d *doc) table(head []string, widths []float64, rows [][]string) {
	if d.web != nil {
		d.webSection().Tables = append(d.webSection().Tables, page.Table{Head: head, Rows: rows})
		return
	}
	total := 0.0
	for _, w := range widths {
		total += w
	}
	usable, _ := d.pdf.GetPageSize()
	l, _, rm, _ := d.pdf.GetMargins()
	scale := math.Min(1, (usable-l-rm)/total)
	d.pdf.SetFont("Helvetica", "B", 7)
	for i, h := range head {
		d.pdf.CellFormat(widths[i]*scale, 4.5, d.tr(h), "B", 0, "L", false, 0, "")
	}
	d.pdf.Ln(-1)
	d.pdf.SetFont("Helvetica", "", 7)
	for _, row := range rows {
		if len(row) == 2 && row[0] == "" {
			d.pdf.SetTextColor(90, 90, 90)
			d.pdf.MultiCell(total*scale, 3.4, d.tr(row[1]), "", "L", false)
			d.pdf.SetTextColor(0, 0, 0)
			continue
		}
		for i, c := range row {
			w := widths[i] * scale
			for d.pdf.GetStringWidth(c) > w-0.5 && len(c) > 1 {
				c = c[:len(c)-1]
			}
			d.pdf.CellFormat(w, 3.8, d.tr(c), "", 0, "L", false, 0, "")
		}
		d.pdf.Ln(-1)
	}
}

// twoColumns sets a long table of narrow rows side by side, filling the
// left column of each page before the right, so that a list as long as
// the PCs on offer (9.5) takes half the pages.
func (d *doc) twoColumns(head []string, widths []float64, rows [][]string) {
	if d.web != nil {
		d.table(head, widths, rows)
		return
	}
	const rowH, headH, gap = 3.8, 4.5, 6.0
	pdf := d.pdf
	l, _, _, bottom := pdf.GetMargins()
	pageW, pageH := pdf.GetPageSize()
	half := (pageW - 2*l - gap) / 2
	for len(rows) > 0 {
		per := int((pageH - bottom - 6 - pdf.GetY() - headH) / rowH)
		if per < 3 {
			pdf.AddPage()
			continue
		}
		top := pdf.GetY()
		left := rows[:min(per, len(rows))]
		rows = rows[len(left):]
		right := rows[:min(per, len(rows))]
		rows = rows[len(right):]
		d.table(head, widths, left)
		end := pdf.GetY()
		if len(right) > 0 {
			pdf.SetLeftMargin(l + half + gap)
			pdf.SetXY(l+half+gap, top)
			d.table(head, widths, right)
			pdf.SetLeftMargin(l)
		}
		pdf.SetXY(l, end)
		if len(rows) > 0 {
			pdf.AddPage()
		}
	}
}

// webSection is the web page's last section, begun if there is none.
func (d *doc) webSection() *page.Section {
	if len(d.web.Sections) == 0 {
		d.web.Sections = append(d.web.Sections, page.Section{})
	}
	return &d.web.Sections[len(d.web.Sections)-1]
}

// Page is the turn's public web page: the report's network map,
// headlines, player and railroad summaries and the PCs on offer, as a
// reader with no position of his own reads them (9.2 to 9.5), written
// and drawn by the report's own code.
func (r ContinentalRails) Page() (page.Page, error) {
	r.Reader = 0 // nobody's railroads are cased: the page is everyone's
	board, err := r.MapSVG()
	if err != nil {
		return page.Page{}, err
	}
	d := &doc{web: &page.Page{Status: fmt.Sprintf("Turn %d resolved; turn %d is open for orders.", r.Turn, r.Turn+1), Board: board}}
	r.headlines(d)
	r.playerSummary(d, r.visibility())
	r.railroadSummary(d)
	r.offers(d)
	return *d.web, nil
}

// MapSVG draws the report's network map page, the map and its key, as
// a standalone SVG in the page's millimetres: the PDF's drawing on
// another canvas.
func (r ContinentalRails) MapSVG() ([]byte, error) {
	if r.Map == nil || r.State == nil {
		return nil, fmt.Errorf("report: a map needs the map and the state")
	}
	c := newSVGCanvas()
	_, h := r.drawMap(c, mapView{})
	const pad = 1.0
	right := keyArea.x + keyArea.w
	return c.document(fmt.Sprintf("%s: the network after turn %d", r.GameName, r.Turn), mapX-pad, mapY-pad, right-mapX+2*pad, h+2*pad), nil
}

func (d *doc) bytes() ([]byte, error) {
	var w deflatingWriter
	if err := d.pdf.Output(&w); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return w.pdf, nil
}

// stockReport is 9.4: five columns of the market, the two of the stock,
// then the reader's own: his trade, his shares, his max bid, and the
// holdings of the player he spied on.
func (r ContinentalRails) stockReport(d *doc, v visibility) {
	s, me := r.State, v.reader
	spyHead := "Spied"
	if v.spyPlayer != 0 {
		spyHead = fmt.Sprintf("Pos. %d", v.spyPlayer)
	}
	// The max bid is the one next turn's turnsheet prints.
	maxBid := map[string]int{}
	for _, sr := range cr.Turnsheet(r.Map, s, r.Reader).Railroads {
		maxBid[sr.Abbr] = sr.MaxBid
	}
	var rows [][]string
	for _, rr := range byNumber(s) {
		start, offered, bid, trade := "-", "", "", ""
		if a, ok := s.Record.Activity(rr.Abbr); ok {
			start, offered, bid, trade = fmt.Sprintf("$%d", a.Start), fmt.Sprint(a.Offered), fmt.Sprint(a.Bid), fmt.Sprintf("$%d", a.Trade)
		}
		var mine []string
		for _, tr := range s.Record.TradesOf(r.Reader, rr.Abbr) {
			mine = append(mine, tradeText(tr))
		}
		spied := ""
		if sp := s.Player(v.spyPlayer); sp != nil {
			spied = fmt.Sprint(sp.Shares[rr.Abbr])
		}
		rows = append(rows, []string{fmt.Sprintf("%d %s", rr.Number, rr.Abbr), start, offered, bid, trade, fmt.Sprintf("$%d", rr.Price),
			fmt.Sprint(s.Issued(rr)), fmt.Sprint(rr.Treasury), strings.Join(mine, "; "), fmt.Sprint(me.Shares[rr.Abbr]), fmt.Sprint(maxBid[rr.Abbr]), spied})
	}
	d.table([]string{"Railroad", "Start", "Offered", "Bid", "Traded", "End price", "Issued", "Treasury", "Your trade", "You own", "Max bid", spyHead},
		[]float64{18, 11, 12, 11, 12, 14, 12, 13, 36, 13, 13, 14}, rows)
	d.para("Offered counts short sales at half, as the price does (6.3B). The end price is after splits and mergers.")
}

func tradeText(tr cr.Trade) string {
	switch tr.Deal {
	case cr.Bought:
		return fmt.Sprintf("bought %d of %d at $%d", tr.Shares, tr.Ordered, tr.Price)
	case cr.Sold:
		return fmt.Sprintf("sold %d at $%d", tr.Shares, tr.Price)
	default:
		return fmt.Sprintf("short %d: %s", tr.Shares, signedMoney(tr.Amount))
	}
}

func signedMoney(v int64) string {
	if v < 0 {
		return "-" + money(-v)
	}
	return "+" + money(v)
}

// privateReport is 9.6: the reader's cash flow item by item, beside it
// the flows of each railroad he directs or spied on, then his assets,
// debt and credit.
func (r ContinentalRails) privateReport(d *doc, v visibility) {
	s, me := r.State, v.reader
	for _, e := range r.Events {
		if e.VisibleTo == r.Reader {
			d.para("- " + e.Text)
		}
	}
	var rrs []*cr.Railroad
	for _, rr := range byNumber(s) {
		if v.finances[rr.Abbr] {
			rrs = append(rrs, rr)
		}
	}
	// Six railroads beside the reader's own column fit the width; more go
	// into further tables, each repeating the reader's column.
	const perTable = 6
	for first := 0; first == 0 || first < len(rrs); first += perTable {
		group := rrs[first:min(first+perTable, len(rrs))]
		r.cashFlowTable(d, me, group)
		d.pdf.Ln(1.5)
	}
	var stock int64
	for _, rr := range s.Railroads {
		stock += int64(me.Shares[rr.Abbr]) * int64(rr.Price)
	}
	var pcs []string
	for _, pc := range me.PCs {
		pcs = append(pcs, fmt.Sprintf("%s (paid %s)", pc.Code, money(pc.Paid)))
	}
	if len(pcs) == 0 {
		pcs = []string{"none"}
	}
	d.para(fmt.Sprintf("Assets: cash %s, stock at end prices %s, PCs %s. Debt: bank loan %s. Net worth %s. Credit limit %s, of which %s is available.",
		money(me.Cash), money(stock), strings.Join(pcs, ", "), money(me.Loan), money(me.NetWorth), money(me.Credit),
		money(max(cr.AvailableCredit(me.NetWorth, me.Loan, s.Climate), 0))))
	var rows [][]string
	for _, rr := range rrs {
		rows = append(rows, []string{rr.Abbr, money(rr.Cash), money(rr.Revenue), money(rr.Expenses), money(rr.Profit), money(rr.Bonds + rr.Loans), money(rr.PresDebt),
			fmt.Sprint(rr.Efficiency), fmt.Sprint(rr.Loco)})
	}
	if len(rows) > 0 {
		d.table([]string{"Railroad", "End cash", "Revenue", "Expenses", "Profit", "Debt", "Owed pres.", "Effic.", "Loco"}, []float64{22, 22, 22, 22, 22, 22, 22, 16, 14}, rows)
	}
}

// cashFlowTable puts the reader's flows and those of some railroads side
// by side: one row an item, in the order the items first happened.
func (r ContinentalRails) cashFlowTable(d *doc, me *cr.Player, rrs []*cr.Railroad) {
	s := r.State
	type column struct {
		end   int64
		flows map[string]int64
	}
	cols := []column{{end: me.Cash, flows: map[string]int64{}}}
	head := []string{"Cash flow", "You"}
	widths := []float64{52, 22}
	var items []string
	add := func(c column, fs []cr.Flow) {
		for _, f := range fs {
			if !slices.Contains(items, f.Item) {
				items = append(items, f.Item)
			}
			c.flows[f.Item] += f.Amount
		}
	}
	add(cols[0], s.Record.CashFlow(me.Number, ""))
	for _, rr := range rrs {
		c := column{end: rr.Cash, flows: map[string]int64{}}
		add(c, s.Record.CashFlow(0, rr.Abbr))
		cols = append(cols, c)
		head = append(head, rr.Abbr)
		widths = append(widths, 19)
	}
	start := []string{"Start cash"}
	for _, c := range cols {
		net := int64(0)
		for _, a := range c.flows {
			net += a
		}
		start = append(start, money(c.end-net))
	}
	rows := [][]string{start}
	for _, it := range items {
		row := []string{it}
		for _, c := range cols {
			cell := ""
			if a, ok := c.flows[it]; ok {
				cell = signedMoney(a)
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	end := []string{"End cash"}
	for _, c := range cols {
		end = append(end, money(c.end))
	}
	rows = append(rows, end)
	d.table(head, widths, rows)
}
