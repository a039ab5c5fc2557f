package reports

import (
	"fmt"
	"slices"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/reports/hexmap"
)

// The board's own colours, the same for every 18xx title: tiles by
// colour, the printed ground by terrain, off-boards red.
var (
	tileRGB = map[eighteen.Colour]hexmap.RGB{
		eighteen.Yellow: hexmap.Colour(0xfade50), eighteen.Green: hexmap.Colour(0x78be5f), eighteen.Brown: hexmap.Colour(0xc49260), eighteen.Gray: hexmap.Colour(0xb2b2b2),
	}
	terrainRGB = map[string]hexmap.RGB{
		"": hexmap.Colour(0xf6f1e2), "water": hexmap.Colour(0xcee4f2), "lake": hexmap.Colour(0xb0d0ec), "river": hexmap.Colour(0xdeecf2), "mountain": hexmap.Colour(0xdeceb4),
	}
	offBoardRGB = hexmap.Colour(0xc83c37)
	// runRGB are the trains' colours in a run shown: bright, and unlike
	// any company's or tile's, so a run stands out on any track.
	runRGB = []hexmap.RGB{hexmap.Colour(0xe600c8), hexmap.Colour(0x00c8ff), hexmap.Colour(0x82f000), hexmap.Colour(0x9650ff)}
)

// EighteenBoard is an 18xx board as it stands, in the terms every title
// shares: the layout (printed hexes, tiles and station tokens), the
// companies' colours, the homes still to be placed, the title's own marks
// and the last run. A title fills it from its game and the one renderer
// draws it, so that a new title is data and a few overrides, not another
// renderer.
type EighteenBoard struct {
	Title  string
	Layout *eighteen.Layout
	// Colours are the companies' colours by symbol.
	Colours map[string]hexmap.RGB
	// PhaseColours are the colours of an off-board's values, in the
	// order the board prints them; OffBoard is the one paid now.
	PhaseColours []hexmap.RGB
	OffBoard     int
	// Homes are home stations not yet placed, in the order to reserve
	// them: a free slot at each is drawn as a ring in the company's
	// colour.
	Homes []BoardMark
	// Ringed tells whether a station token is drawn ringed (1870's
	// destination tokens); nil rings none.
	Ringed func(sym string, h hexgrid.Hex) bool
	// Marks are what the title puts on hexes besides track and
	// stations (destinations, bonus tokens), in order.
	Marks []BoardMark
	// Key and Notes go under the board; the run's lines follow them.
	Key   []hexmap.Swatch
	Notes []string
	Run   *BoardRun
}

// boardStyle is a title's look of its board: its companies' colours and
// its off-board values', the fill of each kind of mark (the company's
// colour where it has none), the key's words under the board, and which
// station tokens are drawn ringed.
type boardStyle struct {
	Title        string
	Colours      map[string]hexmap.RGB
	PhaseColours []hexmap.RGB
	MarkFills    map[string]hexmap.RGB
	Key          string
	Ringed       func(sym string, h hexgrid.Hex) bool
}

// boardOf is a title's board as its view has it: the layout, the homes
// still to be placed, the key of the companies in play, the title's
// marks, the phase and the title's own rows under the board, and the
// last run.
func boardOf(v eighteen.View, s boardStyle) EighteenBoard {
	b := EighteenBoard{Title: s.Title, Layout: v.Board, Colours: s.Colours, PhaseColours: s.PhaseColours, OffBoard: v.Phase.OffBoardValue, Ringed: s.Ringed}
	for _, c := range v.Corps {
		if h, err := hexgrid.ParseHex(c.Home); err == nil && c.Home != "" && !c.Operating && !c.Closed {
			b.Homes = append(b.Homes, BoardMark{Hex: h, Sym: c.Sym})
		}
		if c.Started && !c.Closed {
			b.Key = append(b.Key, hexmap.Swatch{Label: c.Sym, Fill: s.Colours[c.Sym], Text: c.Name})
		}
	}
	for _, m := range v.Marks {
		fill, ok := s.MarkFills[m.Kind]
		if !ok {
			fill = s.Colours[m.Corp]
		}
		if h, err := hexgrid.ParseHex(m.Hex); err == nil {
			b.Marks = append(b.Marks, BoardMark{Hex: h, Mark: hexmap.Mark{Label: m.Label, Fill: fill}})
		}
	}
	note := fmt.Sprintf("Phase %d: %s pay their %s value (framed). %s", v.Phase.Number, v.Words.OffBoards, v.Phase.OffBoard, s.Key)
	for _, n := range v.Notes {
		note += " " + n.Text
	}
	b.Notes = []string{note}
	if run := v.Run; run != nil {
		b.Run = &BoardRun{Corp: run.Corp, Total: run.Total, Routes: run.Paths}
		for _, r := range run.Routes {
			b.Run.Trains = append(b.Run.Trains, r.Train)
		}
	}
	return b
}

// BoardMark is a mark, or a home reserved, on one hex.
type BoardMark struct {
	Hex  hexgrid.Hex
	Mark hexmap.Mark
	Sym  string // the company whose home it is (Homes)
}

// BoardRun is a company's last run: each route in its own colour, keyed
// with its train's name.
type BoardRun struct {
	Corp   string
	Total  int
	Routes []eighteen.Route
	Trains []string // each route's train, as the title names it
}

// Scene lays the board out for hexmap: every hex, the homes reserved,
// the marks and the run.
func (b EighteenBoard) Scene() *hexmap.Scene {
	l := b.Layout
	s := &hexmap.Scene{Title: b.Title, Key: slices.Clone(b.Key), Notes: slices.Clone(b.Notes)}
	at := map[hexgrid.Hex]int{}
	for _, h := range l.Board.Order {
		at[h] = len(s.Hexes)
		s.Hexes = append(s.Hexes, b.hex(l.Board.Space(h)))
	}
	for _, home := range b.Homes {
		reserve(s, at, home.Hex, home.Sym, b.Colours[home.Sym])
	}
	for _, m := range b.Marks {
		if i, ok := at[m.Hex]; ok {
			s.Hexes[i].Marks = append(s.Hexes[i].Marks, m.Mark)
		}
	}
	b.run(s, at)
	return s
}

// hex is one hex: the tile laid (or printed) there over the printed hex,
// or the printed hex with its cost.
func (b EighteenBoard) hex(sp *eighteen.Space) hexmap.Hex {
	h := hexmap.Hex{At: sp.Hex, Coord: sp.Hex.String(), Name: sp.Name, River: sp.River, Borders: sp.Borders, Fill: terrainRGB[sp.Terrain]}
	if p, laid := b.Layout.Tiles[sp.Hex]; laid && p.Tile != nil {
		h.Fill, h.Label = tileRGB[p.Tile.Colour], p.Tile.Label
		for _, path := range p.Tile.Rotated(p.Rotation) {
			h.Track = append(h.Track, hexmap.Track{A: path.A, B: path.B})
		}
		for i, st := range p.Tile.Stops {
			h.Stops = append(h.Stops, b.stop(sp.Hex, i, st.City, st.Revenue, st.Slots))
		}
		return h
	}
	if sp.Cost > 0 {
		h.Cost, h.Badge = fmt.Sprintf("$%d", sp.Cost), hexmap.Water
		if sp.Terrain == "mountain" {
			h.Badge = hexmap.Mountain
		}
	}
	h.Label = sp.Upgrades[eighteen.Brown]
	switch sp.Kind {
	case eighteen.Town:
		h.Stops = []hexmap.Stop{{}}
	case eighteen.Towns:
		h.Stops = []hexmap.Stop{{}, {}}
	case eighteen.City:
		h.Stops = []hexmap.Stop{b.stop(sp.Hex, 0, true, 0, 1)}
	case eighteen.OffBoard:
		h.Fill = offBoardRGB
		for i, v := range sp.Revenue {
			fill := b.PhaseColours[min(i, len(b.PhaseColours)-1)]
			h.Values = append(h.Values, hexmap.Value{Amount: v, Fill: fill, Current: i == min(b.OffBoard, len(sp.Revenue)-1)})
		}
		for _, e := range sp.Exits {
			h.Track = append(h.Track, hexmap.Track{A: eighteen.End{Edge: e, Stop: -1}, B: eighteen.End{Stop: 0}})
		}
		if sp.Slots > 0 {
			h.Stops = []hexmap.Stop{b.stop(sp.Hex, 0, true, 0, sp.Slots)}
		}
	}
	return h
}

// stop is a stop with the station tokens in it.
func (b EighteenBoard) stop(h hexgrid.Hex, i int, city bool, rev, slots int) hexmap.Stop {
	st := hexmap.Stop{City: city, Revenue: rev}
	if !city {
		return st
	}
	tokens := b.Layout.Tokens[h][i]
	for n := range max(slots, len(tokens)) {
		var slot hexmap.Slot
		if n < len(tokens) {
			ring := b.Ringed != nil && b.Ringed(tokens[n], h)
			slot.Token = &hexmap.Token{Label: tokens[n], Fill: b.Colours[tokens[n]], Ring: ring}
		}
		st.Slots = append(st.Slots, slot)
	}
	return st
}

// reserve keeps a free slot at the home of a company that has not yet
// placed its home token, so that no one blocks it unawares.
func reserve(s *hexmap.Scene, at map[hexgrid.Hex]int, h hexgrid.Hex, sym string, fill hexmap.RGB) {
	i, ok := at[h]
	if !ok || len(s.Hexes[i].Stops) == 0 {
		return
	}
	slots := s.Hexes[i].Stops[0].Slots
	for n := range slots {
		if slots[n].Token == nil && slots[n].Reserved == nil {
			slots[n].Reserved = &hexmap.Token{Label: sym, Fill: fill}
			return
		}
	}
}

// run colours the track of the last run, a colour a train, and keys the
// trains.
func (b EighteenBoard) run(s *hexmap.Scene, at map[hexgrid.Hex]int) {
	run := b.Run
	if run == nil {
		return
	}
	s.Notes = append(s.Notes, fmt.Sprintf("Last run: %s earned $%d.", run.Corp, run.Total))
	for n, r := range run.Routes {
		col := runRGB[n%len(runRGB)]
		for _, seg := range r.Segments {
			markRun(b.Layout, s, at, seg, col)
		}
		var stops []string
		for _, st := range r.Stops {
			stops = append(stops, st.Hex.String())
		}
		train := ""
		if n < len(run.Trains) {
			train = run.Trains[n] + "-train "
		}
		s.Key = append(s.Key, hexmap.Swatch{Line: true, Fill: col, Text: fmt.Sprintf("%s%s %s $%d", train, run.Corp, strings.Join(stops, "-"), r.Revenue)})
	}
}

// markRun colours the stretch of track a route's segment names.
func markRun(l *eighteen.Layout, s *hexmap.Scene, at map[hexgrid.Hex]int, seg eighteen.Segment, col hexmap.RGB) {
	p, ok := l.SegmentPath(seg)
	i, on := at[seg.Hex]
	if !ok || !on {
		return
	}
	tracks := s.Hexes[i].Track
	if k := slices.IndexFunc(tracks, func(t hexmap.Track) bool {
		return (t.A == p.A && t.B == p.B) || (t.A == p.B && t.B == p.A)
	}); k >= 0 {
		tracks[k].OnRun, tracks[k].Run = true, col
	}
}

// PNG is the board as a picture for a mail.
func (b EighteenBoard) PNG() ([]byte, error) {
	out, err := hexmap.PNG(b.Scene(), hexmap.PNGOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b.Title, err)
	}
	return out, nil
}

// Page adds a page to a report with the board filling it, for a report
// to call between its own pages.
func (b EighteenBoard) Page(pdf *fpdf.Fpdf) error {
	pdf.AddPage()
	l, t, r, bm := pdf.GetMargins()
	w, h := pdf.GetPageSize()
	if _, err := hexmap.PDF(pdf, b.Scene(), l, t, w-l-r, h-t-bm-6, 3); err != nil {
		return fmt.Errorf("%s page: %w", b.Title, err)
	}
	return nil
}
