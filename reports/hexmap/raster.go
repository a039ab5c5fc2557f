package hexmap

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"slices"

	"github.com/railpost/railpost/games/hexgrid"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// raster is the PNG backend: golang.org/x/image's anti-aliased vector
// rasteriser and the Go fonts, drawing in pixels.
type raster struct {
	img           *image.RGBA
	z             vector.Rasterizer
	mask          []uint8 // the coverage of the shape being drawn
	regular, bold *opentype.Font
	faces         map[faceKey]font.Face
}

type faceKey struct {
	size int // quarter pixels
	bold bool
}

func newRaster() (*raster, error) {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("hexmap: the Go font: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("hexmap: the Go bold font: %w", err)
	}
	return &raster{regular: reg, bold: bold, faces: map[faceKey]font.Face{}}, nil
}

// face is the font at a size, made once a picture.
func (r *raster) face(size float64, bold bool) font.Face {
	k := faceKey{size: int(math.Round(size * 4)), bold: bold}
	if f, ok := r.faces[k]; ok {
		return f
	}
	f := r.regular
	if bold {
		f = r.bold
	}
	// The Go fonts' capitals stand 0.72 of the em; size is the height
	// the painter wants text to take, so the em is a little larger.
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(k.size) / 4 / 0.95, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		face = nil
	}
	r.faces[k] = face
	return face
}

// shape fills the union of closed polygons: each is turned the same way
// round, so that where they overlap the rasteriser's coverage adds up
// rather than cancelling.
func (r *raster) shape(polys [][]Point, c RGB) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range polys {
		for _, q := range p {
			minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
			maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
		}
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(r.img.Bounds())
	if box.Empty() {
		return
	}
	r.z.Reset(box.Dx(), box.Dy())
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, p := range polys {
		if len(p) < 3 {
			continue
		}
		if area(p) < 0 {
			p = reversed(p)
		}
		r.z.MoveTo(float32(p[0].X-ox), float32(p[0].Y-oy))
		for _, q := range p[1:] {
			r.z.LineTo(float32(q.X-ox), float32(q.Y-oy))
		}
		r.z.ClosePath()
	}
	r.blend(box, c)
}

// blend lays a colour through the rasteriser's coverage onto the
// picture. Most pixels of a board are wholly covered or wholly not, so
// they are copied or skipped; only the anti-aliased edge is mixed, which
// makes it several times faster than the rasteriser's own general Draw.
func (r *raster) blend(box image.Rectangle, c RGB) {
	n := box.Dx() * box.Dy()
	if cap(r.mask) < n {
		r.mask = make([]uint8, n)
	}
	// the rasteriser writes a mask of exactly its size in one sweep
	m := &image.Alpha{Pix: r.mask[:n], Stride: box.Dx(), Rect: image.Rect(0, 0, box.Dx(), box.Dy())}
	r.z.DrawOp = draw.Src
	r.z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	cr, cg, cb := uint32(c.R), uint32(c.G), uint32(c.B)
	for y := 0; y < box.Dy(); y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+box.Dx()]
		pix := r.img.Pix[r.img.PixOffset(box.Min.X, box.Min.Y+y):]
		for x, a := range row {
			i := 4 * x
			switch a {
			case 0:
			case 255:
				pix[i], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, 255
			default:
				a, na := uint32(a), 255-uint32(a)
				pix[i] = uint8((cr*a + uint32(pix[i])*na) / 255)
				pix[i+1] = uint8((cg*a + uint32(pix[i+1])*na) / 255)
				pix[i+2] = uint8((cb*a + uint32(pix[i+2])*na) / 255)
				pix[i+3] = 255
			}
		}
	}
}

func (r *raster) fill(pts []Point, c RGB) { r.shape([][]Point{pts}, c) }

// stroke is a polyline as quadrilaterals along its segments and discs at
// its joints and ends: round joins and caps.
func (r *raster) stroke(pts []Point, width float64, c RGB) {
	hw := width / 2
	polys := make([][]Point, 0, 2*len(pts))
	for i, p := range pts {
		polys = append(polys, circle(p, hw)[:28])
		if i == 0 {
			continue
		}
		q := pts[i-1]
		l := math.Hypot(p.X-q.X, p.Y-q.Y)
		if l == 0 {
			continue
		}
		nx, ny := -(p.Y-q.Y)/l*hw, (p.X-q.X)/l*hw
		polys = append(polys, []Point{{X: q.X + nx, Y: q.Y + ny}, {X: p.X + nx, Y: p.Y + ny}, {X: p.X - nx, Y: p.Y - ny}, {X: q.X - nx, Y: q.Y - ny}})
	}
	r.shape(polys, c)
}

func (r *raster) disc(at Point, radius float64, c RGB) {
	r.shape([][]Point{circle(at, radius)[:28]}, c)
}

func (r *raster) text(x, baseline, size float64, bold bool, s string, c RGB) {
	f := r.face(size, bold)
	if f == nil || s == "" {
		return
	}
	d := font.Drawer{Dst: r.img, Src: image.NewUniform(color.RGBA{c.R, c.G, c.B, 255}), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(baseline * 64)}}
	d.DrawString(s)
}

func (r *raster) textWidth(s string, size float64, bold bool) float64 {
	f := r.face(size, bold)
	if f == nil {
		return 0
	}
	return float64(font.MeasureString(f, s)) / 64
}

// area is twice a polygon's signed area.
func area(p []Point) float64 {
	a := 0.0
	for i := range p {
		q := p[(i+1)%len(p)]
		a += p[i].X*q.Y - q.X*p[i].Y
	}
	return a
}

func reversed(p []Point) []Point {
	out := make([]Point, len(p))
	for i := range p {
		out[len(p)-1-i] = p[i]
	}
	return out
}

// PNGOptions size a picture. The zero value is a phone's: 1080 pixels
// wide, the width most phones show a mailed image at without scaling.
type PNGOptions struct {
	Width int
}

// PNG draws a scene as a picture for mail: the title, the board, the
// key and notes, on white, its height following the board's shape.
func PNG(s *Scene, o PNGOptions) ([]byte, error) {
	img, _, err := Picture(s, o)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("hexmap: png: %w", err)
	}
	return b.Bytes(), nil
}

// Picture is the PNG's image before encoding, and the drawing that says
// where each hex is in it: for a caller that wants to mark or check a
// place on the board.
func Picture(s *Scene, o PNGOptions) (*image.Paletted, hexgrid.Drawing, error) {
	width := o.Width
	if width <= 0 {
		width = 1080
	}
	if width < 200 || width > 8000 {
		return nil, hexgrid.Drawing{}, fmt.Errorf("hexmap: a picture %d pixels wide: want 200 to 8000", width)
	}
	r, err := newRaster()
	if err != nil {
		return nil, hexgrid.Drawing{}, err
	}
	margin := float64(width) * 0.015
	size := math.Max(float64(width)/75, 11)
	inner := float64(width) - 2*margin
	title := 0.0
	if s.Title != "" {
		title = size * 1.7
	}
	height := margin*2 + title + inner/boardAspect(s) + paintKey(r, s, 0, 0, inner, size, false) + size*0.5
	r.img = image.NewRGBA(image.Rect(0, 0, width, int(math.Ceil(height))))
	whiten(r.img.Pix)
	_, d := frame(r, s, margin, margin, inner, height-2*margin, size)
	return paletted(r.img, s.colours()), d, nil
}

// whiten paints pixels white by doubling copies, much faster than a
// loop over each byte.
func whiten(pix []uint8) {
	if len(pix) == 0 {
		return
	}
	pix[0] = 255
	for n := 1; n < len(pix); n *= 2 {
		copy(pix[n:], pix[:n])
	}
}

// paletted reduces a picture to 256 colours, so that the PNG is a byte a
// pixel and compresses as flat colour does: a board is a few dozen
// colours and their anti-aliased blends. The scene's own colours are
// kept exactly, however few pixels a token takes; the rest of the
// palette is the commonest colours, counted in buckets of 5 bits a
// channel, each standing for the mean of its pixels; a pixel takes the
// nearest colour kept.
func paletted(img *image.RGBA, keep []RGB) *image.Paletted {
	var count [1 << 15]int32
	var sum [1 << 15][3]uint32
	key := func(i int) int {
		return int(img.Pix[i]>>3)<<10 | int(img.Pix[i+1]>>3)<<5 | int(img.Pix[i+2]>>3)
	}
	for i := 0; i+3 < len(img.Pix); i += 4 {
		k := key(i)
		count[k]++
		sum[k][0] += uint32(img.Pix[i])
		sum[k][1] += uint32(img.Pix[i+1])
		sum[k][2] += uint32(img.Pix[i+2])
	}
	var used []int
	for k, n := range count {
		if n > 0 {
			used = append(used, k)
		}
	}
	slices.SortStableFunc(used, func(x, y int) int { return int(count[y] - count[x]) })
	pal := make(color.Palette, 0, 256)
	for _, c := range keep[:min(len(keep), 128)] {
		pal = append(pal, color.RGBA{c.R, c.G, c.B, 255})
	}
	for _, k := range used[:min(len(used), 256-len(pal))] {
		n := uint32(count[k])
		pal = append(pal, color.RGBA{uint8(sum[k][0] / n), uint8(sum[k][1] / n), uint8(sum[k][2] / n), 255})
	}
	var index [1 << 15]int16
	for i := range index {
		index[i] = -1
	}
	out := image.NewPaletted(img.Bounds(), pal)
	for i, j := 0, 0; i+3 < len(img.Pix); i, j = i+4, j+1 {
		k := key(i)
		if index[k] < 0 {
			index[k] = int16(pal.Index(color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 255}))
		}
		out.Pix[j] = uint8(index[k])
	}
	return out
}
