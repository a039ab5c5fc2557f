package hexmap

import (
	"math"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
)

// frame draws a whole scene in an area: the title, the board as large as
// the rest allows, then the key and notes under it. size is the height of
// the title's and key's text. It returns the height used and where the
// hexes went.
func frame(c canvas, s *Scene, x, y, w, h, size float64) (float64, hexgrid.Drawing) {
	top := y
	if s.Title != "" {
		c.text(x, y+size*1.1, size*1.15, true, s.Title, black)
		y += size * 1.7
	}
	below := paintKey(c, s, x, 0, w, size, false)
	boardH := math.Min(h-(y-top)-below, w/boardAspect(s))
	d := fit(s, x, y, w, boardH)
	paint(c, s, d)
	y += boardH + size*0.5
	y += paintKey(c, s, x, y, w, size, true)
	return y - top, d
}

// paintKey sets the key's swatches in rows across the width and the
// notes under them, and returns their height; with draw false it only
// measures, so that the board can be sized first.
func paintKey(c canvas, s *Scene, x, y, w, size float64, draw bool) float64 {
	start := y
	if len(s.Key) > 0 {
		cx, row := x, size*1.9
		for _, k := range s.Key {
			iw := size*2 + size*0.4 + c.textWidth(k.Text, size, false) + size*1.2
			if cx > x && cx+iw > x+w {
				cx, y = x, y+row
			}
			if draw {
				paintSwatch(c, k, Point{X: cx + size, Y: y + row/2}, size)
				c.text(cx+size*2.4, y+row/2+size*0.36, size, false, k.Text, black)
			}
			cx += iw
		}
		y += row
	}
	for _, n := range s.Notes {
		for _, line := range wrap(c, n, w, size) {
			if draw {
				c.text(x, y+size*1.1, size, false, line, black)
			}
			y += size * 1.35
		}
	}
	return y - start
}

// paintSwatch is a key entry's disc, labelled like a token, or its
// stretch of highlighted track.
func paintSwatch(c canvas, k Swatch, at Point, size float64) {
	if k.Line {
		line := []Point{{X: at.X - size, Y: at.Y}, {X: at.X + size, Y: at.Y}}
		c.stroke(line, size*0.55, black)
		c.stroke(line, size*0.28, k.Fill)
		return
	}
	c.disc(at, size*0.95, black)
	c.disc(at, size*0.85, k.Fill)
	centred(c, at, size*1.8, size*0.8, true, k.Label, contrast(k.Fill))
}

// wrap breaks a note into lines that fit the width.
func wrap(c canvas, s string, w, size float64) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && c.textWidth(try, size, false) > w {
			out = append(out, line)
			try = word
		}
		line = try
	}
	return append(out, line)
}
