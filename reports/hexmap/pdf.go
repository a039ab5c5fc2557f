package hexmap

import (
	"fmt"

	"codeberg.org/go-pdf/fpdf"
)

// page is the PDF backend: fpdf's paths, circles and Helvetica, in the
// page's own units. The board stays vector, so it prints sharp at any
// size.
type page struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
}

func (p *page) points(pts []Point) []fpdf.PointType {
	out := make([]fpdf.PointType, len(pts))
	for i, q := range pts {
		out[i] = fpdf.PointType{X: q.X, Y: q.Y}
	}
	return out
}

func (p *page) fill(pts []Point, c RGB) {
	if len(pts) < 3 {
		return
	}
	p.pdf.SetFillColor(int(c.R), int(c.G), int(c.B))
	p.pdf.Polygon(p.points(pts), "F")
}

func (p *page) stroke(pts []Point, width float64, c RGB) {
	if len(pts) < 2 {
		return
	}
	p.pdf.SetDrawColor(int(c.R), int(c.G), int(c.B))
	p.pdf.SetLineWidth(width)
	p.pdf.MoveTo(pts[0].X, pts[0].Y)
	for _, q := range pts[1:] {
		p.pdf.LineTo(q.X, q.Y)
	}
	p.pdf.DrawPath("D")
}

func (p *page) disc(at Point, radius float64, c RGB) {
	p.pdf.SetFillColor(int(c.R), int(c.G), int(c.B))
	p.pdf.Circle(at.X, at.Y, radius, "F")
}

func (p *page) setFont(size float64, bold bool) {
	style := ""
	if bold {
		style = "B"
	}
	p.pdf.SetFont("Helvetica", style, 8)
	// Helvetica's capitals stand 0.72 of the em, as the Go fonts' do.
	p.pdf.SetFontUnitSize(size / 0.95)
}

func (p *page) text(x, baseline, size float64, bold bool, s string, c RGB) {
	p.setFont(size, bold)
	p.pdf.SetTextColor(int(c.R), int(c.G), int(c.B))
	p.pdf.Text(x, baseline, p.tr(s))
}

func (p *page) textWidth(s string, size float64, bold bool) float64 {
	p.setFont(size, bold)
	return p.pdf.GetStringWidth(p.tr(s))
}

// PDF draws a scene on the current page of pdf in the area at x, y, w
// wide and at most h high: the title, the board and the key. textSize is
// the key's and title's text height in the page's units. It returns the
// height used, and fpdf's error if the document has one.
func PDF(pdf *fpdf.Fpdf, s *Scene, x, y, w, h, textSize float64) (float64, error) {
	if w <= 0 || h <= 0 || textSize <= 0 {
		return 0, fmt.Errorf("hexmap: no room for the board (%.1f by %.1f, text %.1f)", w, h, textSize)
	}
	p := &page{pdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor("")}
	pdf.SetLineCapStyle("round")
	pdf.SetLineJoinStyle("round")
	used, _ := frame(p, s, x, y, w, h, textSize)
	pdf.SetLineCapStyle("butt")
	pdf.SetLineJoinStyle("miter")
	pdf.SetTextColor(0, 0, 0)
	if err := pdf.Error(); err != nil {
		return used, fmt.Errorf("hexmap: pdf: %w", err)
	}
	return used, nil
}
