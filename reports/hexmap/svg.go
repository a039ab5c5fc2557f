package hexmap

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"
)

// svgCanvas is the web's backend: the same painter as the PNG's, written
// as SVG elements in the same pixel units, so that the page's board and
// the mailed picture are one drawing. Text is measured with the PNG's
// fonts and set in a sans-serif the browser has; the key's layout may
// differ by a hair where the fonts do.
type svgCanvas struct {
	b       bytes.Buffer
	measure *raster
}

// num writes a coordinate to a tenth of a pixel: enough for a board
// drawn 1080 wide, and what keeps the file small.
func (c *svgCanvas) num(v float64) {
	c.b.Write(strconv.AppendFloat(c.b.AvailableBuffer(), math.Round(v*10)/10, 'f', -1, 64))
}

func (c *svgCanvas) path(pts []Point, closed bool) {
	c.b.WriteString(`d="`)
	for i, p := range pts {
		if i == 0 {
			c.b.WriteByte('M')
		} else {
			c.b.WriteByte(' ')
		}
		c.num(p.X)
		c.b.WriteByte(' ')
		c.num(p.Y)
	}
	if closed {
		c.b.WriteByte('Z')
	}
	c.b.WriteString(`"`)
}

func hexRGB(c RGB) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func (c *svgCanvas) fill(pts []Point, col RGB) {
	if len(pts) < 3 {
		return
	}
	c.b.WriteString(`<path `)
	c.path(pts, true)
	c.b.WriteString(` fill="` + hexRGB(col) + `"/>` + "\n")
}

func (c *svgCanvas) stroke(pts []Point, width float64, col RGB) {
	if len(pts) < 2 {
		return
	}
	c.b.WriteString(`<path `)
	c.path(pts, false)
	c.b.WriteString(` fill="none" stroke="` + hexRGB(col) + `" stroke-width="`)
	c.num(width)
	c.b.WriteString(`"/>` + "\n")
}

func (c *svgCanvas) disc(at Point, radius float64, col RGB) {
	c.b.WriteString(`<circle cx="`)
	c.num(at.X)
	c.b.WriteString(`" cy="`)
	c.num(at.Y)
	c.b.WriteString(`" r="`)
	c.num(radius)
	c.b.WriteString(`" fill="` + hexRGB(col) + `"/>` + "\n")
}

func (c *svgCanvas) text(x, baseline, size float64, bold bool, s string, col RGB) {
	if s == "" {
		return
	}
	c.b.WriteString(`<text x="`)
	c.num(x)
	c.b.WriteString(`" y="`)
	c.num(baseline)
	c.b.WriteString(`" font-size="`)
	c.num(size / 0.95) // the em, as the PNG's face takes it
	if bold {
		c.b.WriteString(`" font-weight="bold`)
	}
	// textLength holds the text to the width the layout measured, so
	// that a browser's font cannot push a label over its neighbour.
	c.b.WriteString(`" textLength="`)
	c.num(c.textWidth(s, size, bold))
	c.b.WriteString(`" lengthAdjust="spacingAndGlyphs" fill="` + hexRGB(col) + `">`)
	c.b.WriteString(html.EscapeString(s))
	c.b.WriteString("</text>\n")
}

func (c *svgCanvas) textWidth(s string, size float64, bold bool) float64 {
	return c.measure.textWidth(s, size, bold)
}

// SVG draws a scene as the PNG draws it, the same size in user units,
// as a standalone SVG document its own size in pixels, which a page
// scales to its width and a phone zooms without blurring.
func SVG(s *Scene, o PNGOptions) ([]byte, error) {
	width := o.Width
	if width <= 0 {
		width = 1080
	}
	if width < 200 || width > 8000 {
		return nil, fmt.Errorf("hexmap: an SVG %d units wide: want 200 to 8000", width)
	}
	r, err := newRaster()
	if err != nil {
		return nil, err
	}
	c := &svgCanvas{measure: r}
	margin := float64(width) * 0.015
	size := math.Max(float64(width)/75, 11)
	inner := float64(width) - 2*margin
	title := 0.0
	if s.Title != "" {
		title = size * 1.7
	}
	height := math.Ceil(margin*2 + title + inner/boardAspect(s) + paintKey(c, s, 0, 0, inner, size, false) + size*0.5)
	var head bytes.Buffer
	fmt.Fprintf(&head, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="Go, DejaVu Sans, Helvetica, Arial, sans-serif" stroke-linecap="round" stroke-linejoin="round" role="img">`+"\n", width, int(height), width, int(height))
	if s.Title != "" {
		fmt.Fprintf(&head, "<title>%s</title>\n", html.EscapeString(s.Title))
	}
	fmt.Fprintf(&head, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, int(height))
	frame(c, s, margin, margin, inner, height-2*margin, size)
	out := append(head.Bytes(), c.b.Bytes()...)
	return append(out, "</svg>\n"...), nil
}
