package reports

import (
	"fmt"

	cr "github.com/railpost/railpost/games/contrails"
)

// chartPage draws the economic climate over the game and each railroad's
// stock price over its life. Forty prices on one pair of axes would be a
// tangle, so each railroad has a small panel of its own; all panels share
// the turn axis so that a crash lines up across them.
func (r ContinentalRails) chartPage(d *doc) {
	s := r.State
	pdf := d.pdf
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(0, 6, "The economy and the stock prices", "", 1, "L", false, 0, "")
	turns := len(s.Climates) // turns played
	if turns == 0 {
		d.para("No turn has been played yet.")
		return
	}
	l, _, rm, _ := pdf.GetMargins()
	pageW, _ := pdf.GetPageSize()
	width := pageW - l - rm

	// The climate: Boom at the top, Panic at the bottom, one step a turn,
	// with next turn's climate as the last step.
	const chartH = 42.0
	x0, y0 := l+22, pdf.GetY()+2
	w := width - 24
	levels := len(cr.Climates)
	slot := w / float64(turns+1) // one a turn played, and one for next turn
	yOf := func(c cr.Climate) float64 { return y0 + (float64(c)+0.5)*chartH/float64(levels) }
	pdf.SetFont("Helvetica", "", 6)
	pdf.SetDrawColor(225, 225, 225)
	pdf.SetLineWidth(0.15)
	for c := range levels {
		y := yOf(cr.Climate(c))
		pdf.Line(x0, y, x0+w, y)
		pdf.SetTextColor(60, 60, 60)
		pdf.Text(l, y+0.8, d.tr(cr.Climate(c).String()))
	}
	series := append(append([]cr.Climate(nil), s.Climates...), s.Climate)
	pdf.SetDrawColor(40, 90, 160)
	pdf.SetLineWidth(0.6)
	for i, c := range series {
		x1 := x0 + float64(i)*slot
		if i == len(series)-1 {
			d.setDash([]float64{0.8, 0.6}) // not yet played
		}
		pdf.Line(x1, yOf(c), x1+slot, yOf(c))
		if i > 0 {
			pdf.Line(x1, yOf(series[i-1]), x1, yOf(c))
		}
	}
	d.setDash(nil)
	r.turnAxis(d, x0, y0+chartH, slot, turns+1)
	pdf.SetY(y0 + chartH + 8)

	// The prices, a panel a railroad in number order, coloured as on the
	// map; the reader's railroads have a heavier frame.
	rrs := byNumber(s)
	const cols = 4
	const gap = 3.0
	panelW := (width - gap*(cols-1)) / cols
	panelH := 24.0
	_, pageH := pdf.GetPageSize()
	y := pdf.GetY()
	for i, rr := range rrs {
		col := i % cols
		if col == 0 && i > 0 {
			y += panelH + gap
		}
		if col == 0 && y+panelH > pageH-16 {
			pdf.AddPage()
			y = pdf.GetY()
		}
		r.pricePanel(d, rr, i, l+float64(col)*(panelW+gap), y, panelW, panelH, turns)
	}
	pdf.SetTextColor(0, 0, 0)
	pdf.SetY(y + panelH + gap)
}

// pricePanel draws one railroad's end prices, turn by turn since it was
// founded, between its lowest and highest.
func (r ContinentalRails) pricePanel(d *doc, rr *cr.Railroad, index int, x, y, w, h float64, turns int) {
	pdf := d.pdf
	pdf.SetLineWidth(0.2)
	pdf.SetDrawColor(190, 190, 190)
	if rr.President == r.Reader {
		pdf.SetDrawColor(0, 0, 0)
		pdf.SetLineWidth(0.5)
	}
	pdf.Rect(x, y, w, h, "D")
	pdf.SetFont("Helvetica", "B", 6.5)
	pdf.SetTextColor(0, 0, 0)
	pdf.Text(x+1, y+3, d.tr(fmt.Sprintf("%d %s  $%d", rr.Number, rr.Abbr, rr.Price)))
	prices := rr.Prices
	if len(prices) == 0 {
		return
	}
	lo, hi := prices[0], prices[0]
	for _, p := range prices {
		lo, hi = min(lo, p), max(hi, p)
	}
	pdf.SetFont("Helvetica", "", 5.5)
	pdf.SetTextColor(90, 90, 90)
	pdf.Text(x+w-pdf.GetStringWidth(fmt.Sprintf("$%d", hi))-1, y+3, fmt.Sprintf("$%d", hi))
	pdf.Text(x+w-pdf.GetStringWidth(fmt.Sprintf("$%d", lo))-1, y+h-1, fmt.Sprintf("$%d", lo))
	if hi == lo {
		hi = lo + 1
	}
	px0, pw := x+1.5, w-12
	py0, ph := y+4.5, h-6.5
	first := turns - len(prices) + 1 // the turn of prices[0]
	xOf := func(turn int) float64 {
		if turns == 1 {
			return px0 + pw/2
		}
		return px0 + float64(turn-1)*pw/float64(turns-1)
	}
	yOf := func(p int) float64 { return py0 + ph - float64(p-lo)*ph/float64(hi-lo) }
	cr0, cg, cb := railroadColour(index)
	pdf.SetDrawColor(cr0, cg, cb)
	pdf.SetFillColor(cr0, cg, cb)
	pdf.SetLineWidth(0.45)
	for k := 1; k < len(prices); k++ {
		pdf.Line(xOf(first+k-1), yOf(prices[k-1]), xOf(first+k), yOf(prices[k]))
	}
	last := len(prices) - 1
	d.circle(xOf(first+last), yOf(prices[last]), 0.5, "F")
}

// turnAxis numbers the slots under a chart, one a turn from turn 1,
// thinning the numbers so that they never touch.
func (r ContinentalRails) turnAxis(d *doc, x0, y, slot float64, slots int) {
	pdf := d.pdf
	pdf.SetFont("Helvetica", "", 6)
	pdf.SetTextColor(60, 60, 60)
	step := 1
	for float64(step)*slot < 6 {
		step++
	}
	for t := 1; t <= slots; t += step {
		label := fmt.Sprint(t)
		x := x0 + (float64(t)-0.5)*slot
		pdf.Text(x-pdf.GetStringWidth(label)/2, y+3, label)
	}
	pdf.Text(x0+float64(slots)*slot-8, y+6, "turn")
}
