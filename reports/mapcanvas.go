package reports

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"

	"codeberg.org/go-pdf/fpdf"
)

// mapCanvas is what the Continental Rails map is drawn on: the few fpdf
// calls the map page makes, in page millimetres with y down, so that the
// PDF's map page and the web's SVG are drawn by one code. Like fpdf it
// keeps a state (pen, fill, font, alpha) that the drawing calls use.
type mapCanvas interface {
	stroke(p pen)           // colour, width and dash of lines
	setDash(dash []float64) // nil: solid
	lineWidth(w float64)
	fill(c [3]int)
	lineCap(round bool)
	alpha(a float64) // of fills
	line(x1, y1, x2, y2 float64)
	rect(x, y, w, h float64, style string) // style is fpdf's: "F", "D" or "FD"
	circle(x, y, r float64, style string)
	font(style string, size float64) // Helvetica, "" or "B", size in points
	textColour(r, g, b int)
	text(x, baseline float64, s string) // s as encode gave it
	width(s string) float64             // of s as encode gave it, in the font set
	encode(s string) string             // a text as the canvas takes it
	clip(x, y, w, h float64)            // until endClip
	endClip()
}

// pdfCanvas draws on the report's PDF, through the doc's helpers that
// write only what changes.
type pdfCanvas struct{ *doc }

func (c pdfCanvas) lineWidth(w float64) { c.pdf.SetLineWidth(w) }
func (c pdfCanvas) lineCap(round bool) {
	if round {
		c.pdf.SetLineCapStyle("round")
	} else {
		c.pdf.SetLineCapStyle("butt")
	}
}
func (c pdfCanvas) alpha(a float64)                       { c.pdf.SetAlpha(a, "Normal") }
func (c pdfCanvas) line(x1, y1, x2, y2 float64)           { c.pdf.Line(x1, y1, x2, y2) }
func (c pdfCanvas) rect(x, y, w, h float64, style string) { c.pdf.Rect(x, y, w, h, style) }
func (c pdfCanvas) font(style string, size float64)       { c.pdf.SetFont("Helvetica", style, size) }
func (c pdfCanvas) textColour(r, g, b int)                { c.pdf.SetTextColor(r, g, b) }
func (c pdfCanvas) text(x, baseline float64, s string)    { c.pdf.Text(x, baseline, s) }
func (c pdfCanvas) width(s string) float64                { return c.pdf.GetStringWidth(s) }
func (c pdfCanvas) encode(s string) string                { return c.tr(s) }
func (c pdfCanvas) clip(x, y, w, h float64)               { c.pdf.ClipRect(x, y, w, h, false) }
func (c pdfCanvas) circle(x, y, r float64, style string)  { c.doc.circle(x, y, r, style) }
func (c pdfCanvas) stroke(p pen)                          { c.doc.stroke(p) }
func (c pdfCanvas) setDash(dash []float64)                { c.doc.setDash(dash) }
func (c pdfCanvas) fill(col [3]int)                       { c.doc.fill(col) }
func (c pdfCanvas) endClip()                              { c.doc.endClip() }

// svgCanvas writes the map as SVG in the same millimetres. Elements that
// share a style go in one group, so that the hundreds of routes and towns
// carry their colours once: a map is some tens of kilobytes. Text keeps
// its UTF-8 and is measured in fpdf's Helvetica, so that labels are
// placed as on the PDF.
type svgCanvas struct {
	b       bytes.Buffer
	measure *fpdf.Fpdf
	pen     pen
	fillC   [3]int
	textC   [3]int
	opacity float64
	round   bool
	style   string
	size    float64
	group   string // the open group's attributes, "" for none
	clipped bool
	clips   int
}

func newSVGCanvas() *svgCanvas {
	m := fpdf.New("L", "mm", "A4", "")
	return &svgCanvas{measure: m, opacity: 1, pen: pen{width: 0.2}}
}

// num writes v to a hundredth of a millimetre.
func (c *svgCanvas) num(v float64) {
	c.b.Write(strconv.AppendFloat(c.b.AvailableBuffer(), math.Round(v*100)/100, 'f', -1, 64))
}

func svgColour(c [3]int) string { return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2]) }

func (c *svgCanvas) stroke(p pen)           { c.pen = p }
func (c *svgCanvas) setDash(dash []float64) { c.pen.dash = dash }
func (c *svgCanvas) lineWidth(w float64)    { c.pen.width = w }
func (c *svgCanvas) fill(col [3]int)        { c.fillC = col }
func (c *svgCanvas) lineCap(round bool)     { c.round = round }
func (c *svgCanvas) alpha(a float64)        { c.opacity = a }
func (c *svgCanvas) textColour(r, g, b int) { c.textC = [3]int{r, g, b} }
func (c *svgCanvas) encode(s string) string { return s }

func (c *svgCanvas) font(style string, size float64) {
	c.style, c.size = style, size
	c.measure.SetFont("Helvetica", style, size)
}

func (c *svgCanvas) width(s string) float64 { return c.measure.GetStringWidth(cp1252(s)) }

// strokeAttrs and fillAttrs are the SVG attributes of the state in force.
func (c *svgCanvas) strokeAttrs() string {
	a := `stroke="` + svgColour(c.pen.colour) + `" stroke-width="` + strconv.FormatFloat(c.pen.width, 'f', -1, 64) + `"`
	if len(c.pen.dash) > 0 {
		a += ` stroke-dasharray="`
		for i, v := range c.pen.dash {
			if i > 0 {
				a += " "
			}
			a += strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
		}
		a += `"`
	}
	if c.round {
		a += ` stroke-linecap="round"`
	}
	return a
}

func (c *svgCanvas) fillAttrs() string {
	a := `fill="` + svgColour(c.fillC) + `"`
	if c.opacity != 1 {
		a += ` fill-opacity="` + strconv.FormatFloat(c.opacity, 'f', -1, 64) + `"`
	}
	return a
}

// styled opens a group for the attributes of style ("F", "D", "FD"),
// unless the open group has them.
func (c *svgCanvas) styled(style string) {
	var a string
	switch style {
	case "F":
		a = c.fillAttrs()
	case "D":
		a = `fill="none" ` + c.strokeAttrs()
	default:
		a = c.fillAttrs() + " " + c.strokeAttrs()
	}
	c.inGroup(a)
}

func (c *svgCanvas) inGroup(a string) {
	if a == c.group {
		return
	}
	c.closeGroup()
	c.b.WriteString("<g " + a + ">\n")
	c.group = a
}

func (c *svgCanvas) closeGroup() {
	if c.group != "" {
		c.b.WriteString("</g>\n")
		c.group = ""
	}
}

func (c *svgCanvas) line(x1, y1, x2, y2 float64) {
	c.styled("D")
	c.b.WriteString(`<path d="M`)
	c.num(x1)
	c.b.WriteByte(' ')
	c.num(y1)
	c.b.WriteByte('L')
	c.num(x2)
	c.b.WriteByte(' ')
	c.num(y2)
	c.b.WriteString("\"/>\n")
}

func (c *svgCanvas) rect(x, y, w, h float64, style string) {
	c.styled(style)
	c.b.WriteString(`<rect x="`)
	c.num(x)
	c.b.WriteString(`" y="`)
	c.num(y)
	c.b.WriteString(`" width="`)
	c.num(w)
	c.b.WriteString(`" height="`)
	c.num(h)
	c.b.WriteString("\"/>\n")
}

func (c *svgCanvas) circle(x, y, r float64, style string) {
	c.styled(style)
	c.b.WriteString(`<circle cx="`)
	c.num(x)
	c.b.WriteString(`" cy="`)
	c.num(y)
	c.b.WriteString(`" r="`)
	c.num(r)
	c.b.WriteString("\"/>\n")
}

func (c *svgCanvas) text(x, baseline float64, s string) {
	a := `fill="` + svgColour(c.textC) + `" font-size="` + strconv.FormatFloat(math.Round(c.size*ptMM*1000)/1000, 'f', -1, 64) + `"`
	if c.style == "B" {
		a += ` font-weight="bold"`
	}
	c.inGroup(a)
	c.b.WriteString(`<text x="`)
	c.num(x)
	c.b.WriteString(`" y="`)
	c.num(baseline)
	// textLength holds the text to the width the layout measured, so
	// that a browser's font cannot push a label over its neighbour.
	c.b.WriteString(`" textLength="`)
	c.num(c.width(s))
	c.b.WriteString(`" lengthAdjust="spacingAndGlyphs">`)
	c.b.WriteString(html.EscapeString(s))
	c.b.WriteString("</text>\n")
}

func (c *svgCanvas) clip(x, y, w, h float64) {
	c.closeGroup()
	c.clips++
	id := fmt.Sprintf("clip%d", c.clips)
	c.b.WriteString(`<clipPath id="` + id + `"><rect x="`)
	c.num(x)
	c.b.WriteString(`" y="`)
	c.num(y)
	c.b.WriteString(`" width="`)
	c.num(w)
	c.b.WriteString(`" height="`)
	c.num(h)
	c.b.WriteString("\"/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n")
	c.clipped = true
}

func (c *svgCanvas) endClip() {
	c.closeGroup()
	if c.clipped {
		c.b.WriteString("</g>\n")
		c.clipped = false
	}
}

// document is the drawing as a standalone SVG, the area x, y, w by h
// millimetres of the page, on white.
func (c *svgCanvas) document(title string, x, y, w, h float64) []byte {
	c.endClip()
	x, y, w, h = math.Round(x*100)/100, math.Round(y*100)/100, math.Round(w*100)/100, math.Round(h*100)/100
	var out bytes.Buffer
	fmt.Fprintf(&out, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%g %g %g %g" width="%gmm" height="%gmm" font-family="Helvetica, Arial, sans-serif" role="img">`+"\n",
		x, y, w, h, w, h)
	fmt.Fprintf(&out, "<title>%s</title>\n", html.EscapeString(title))
	fmt.Fprintf(&out, `<rect x="%g" y="%g" width="%g" height="%g" fill="#ffffff"/>`+"\n", x, y, w, h)
	out.Write(c.b.Bytes())
	out.WriteString("</svg>\n")
	return out.Bytes()
}
