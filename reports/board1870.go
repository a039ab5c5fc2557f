package reports

import (
	"fmt"
	"slices"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g1870"
	"github.com/railpost/railpost/reports/hexmap"
)

// corpRGB1870 are the companies' colours, as their charters print them
// (../shared/reference/1870-map.md section 8).
var corpRGB1870 = map[string]hexmap.RGB{
	"ATSF": hexmap.Colour(0x7090c9), "SSW": hexmap.Colour(0x111199), "SP": hexmap.Colour(0xf48221), "SLSF": hexmap.Colour(0xd02020),
	"MP": hexmap.Colour(0x5b4545), "MKT": hexmap.Colour(0x018471), "IC": hexmap.Colour(0xb0b030), "GMO": hexmap.Colour(0xff4080),
	"FW": hexmap.Colour(0x56ad9a), "TP": hexmap.Colour(0x37383a),
}

// The board's own colours: tiles by colour, the printed ground by
// terrain, off-boards red, and their revenues by phase colour.
var (
	tileRGB = map[eighteen.Colour]hexmap.RGB{
		eighteen.Yellow: hexmap.Colour(0xfade50), eighteen.Green: hexmap.Colour(0x78be5f), eighteen.Brown: hexmap.Colour(0xc49260), eighteen.Gray: hexmap.Colour(0xb2b2b2),
	}
	terrainRGB = map[string]hexmap.RGB{
		"": hexmap.Colour(0xf6f1e2), "water": hexmap.Colour(0xcee4f2), "lake": hexmap.Colour(0xb0d0ec), "river": hexmap.Colour(0xdeecf2), "mountain": hexmap.Colour(0xdeceb4),
	}
	offBoardRGB = hexmap.Colour(0xc83c37)
	phaseRGB    = []hexmap.RGB{hexmap.Colour(0xfade50), hexmap.Colour(0xc49260), hexmap.Colour(0x5a8cdc)}
	// runRGB are the trains' colours in a run shown: bright, and unlike
	// any company's or tile's, so a run stands out on any track.
	runRGB = []hexmap.RGB{hexmap.Colour(0xe600c8), hexmap.Colour(0x00c8ff), hexmap.Colour(0x82f000), hexmap.Colour(0x9650ff)}
)

// Board1870 is the 1870 board as it stands: the printed map, every tile
// with its track, stations, reserved homes, destinations, the Cattle and
// port tokens, and the last run's routes, each train in its colour.
func Board1870(g *g1870.Game) *hexmap.Scene {
	l := g.Layout
	phase := g.Current().OffBoard
	s := &hexmap.Scene{Title: "1870: the board"}
	at := map[eighteen.Hex]int{}
	for _, h := range l.Board.Order {
		at[h] = len(s.Hexes)
		s.Hexes = append(s.Hexes, hex1870(g, l.Board.Space(h), phase))
	}
	for _, c := range g.Corps {
		homes1870(s, at, c)
	}
	marks1870(g, s, at)
	runs1870(g, s, at)
	return s
}

// hex1870 is one hex: the tile laid there over the printed hex, or the
// printed hex with its cost.
func hex1870(g *g1870.Game, sp *eighteen.Space, phase int) hexmap.Hex {
	h := hexmap.Hex{At: sp.Hex, Coord: sp.Hex.String(), Name: sp.Name, River: sp.River, Borders: sp.Borders, Fill: terrainRGB[sp.Terrain]}
	if p, laid := g.Layout.Tiles[sp.Hex]; laid && p.Tile != nil {
		h.Fill, h.Label = tileRGB[p.Tile.Colour], p.Tile.Label
		for _, path := range p.Tile.Rotated(p.Rotation) {
			h.Track = append(h.Track, hexmap.Track{A: path.A, B: path.B})
		}
		for i, st := range p.Tile.Stops {
			h.Stops = append(h.Stops, stop1870(g, sp.Hex, i, st.City, st.Revenue, st.Slots))
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
		h.Stops = []hexmap.Stop{stop1870(g, sp.Hex, 0, true, 0, 1)}
	case eighteen.OffBoard:
		h.Fill = offBoardRGB
		for i, v := range sp.Revenue {
			h.Values = append(h.Values, hexmap.Value{Amount: v, Fill: phaseRGB[min(i, len(phaseRGB)-1)], Current: i == min(phase, len(sp.Revenue)-1)})
		}
		for _, e := range sp.Exits {
			h.Track = append(h.Track, hexmap.Track{A: eighteen.End{Edge: e, Stop: -1}, B: eighteen.End{Stop: 0}})
		}
		if sp.Slots > 0 {
			h.Stops = []hexmap.Stop{stop1870(g, sp.Hex, 0, true, 0, sp.Slots)}
		}
	}
	return h
}

// stop1870 is a stop with the station tokens in it; a destination token
// on the map is ringed.
func stop1870(g *g1870.Game, h eighteen.Hex, i int, city bool, rev, slots int) hexmap.Stop {
	st := hexmap.Stop{City: city, Revenue: rev}
	if !city {
		return st
	}
	tokens := g.Layout.Tokens[h][i]
	for n := range max(slots, len(tokens)) {
		var slot hexmap.Slot
		if n < len(tokens) {
			c := g.Corp(tokens[n])
			ring := c != nil && c.DestToken && c.Dest == h && c.Home != h
			slot.Token = &hexmap.Token{Label: tokens[n], Fill: corpRGB1870[tokens[n]], Ring: ring}
		}
		st.Slots = append(st.Slots, slot)
	}
	return st
}

// homes1870 reserves a free slot at the home of a company that has not
// yet placed its home token (7.1), so that no one blocks it unawares.
func homes1870(s *hexmap.Scene, at map[eighteen.Hex]int, c *g1870.Corp) {
	i, ok := at[c.Home]
	if !ok || c.Operating || c.Closed || len(s.Hexes[i].Stops) == 0 {
		return
	}
	slots := s.Hexes[i].Stops[0].Slots
	for n := range slots {
		if slots[n].Token == nil && slots[n].Reserved == nil {
			slots[n].Reserved = &hexmap.Token{Label: c.Sym, Fill: corpRGB1870[c.Sym]}
			return
		}
	}
}

// marks1870 puts on the map what is not track: each destination not
// yet reached, and the Cattle and port tokens (15.2).
func marks1870(g *g1870.Game, s *hexmap.Scene, at map[eighteen.Hex]int) {
	for _, c := range g.Corps {
		if i, ok := at[c.Dest]; ok && !c.Closed && !c.Connected {
			s.Hexes[i].Marks = append(s.Hexes[i].Marks, hexmap.Mark{Label: "D:" + c.Sym, Fill: corpRGB1870[c.Sym]})
		}
	}
	if t := g.Cattle; t != nil {
		if i, ok := at[t.Hex]; ok {
			s.Hexes[i].Marks = append(s.Hexes[i].Marks, hexmap.Mark{Label: "Cattle " + t.Corp, Fill: hexmap.Colour(0xe6c896)})
		}
	}
	if t := g.Port; t != nil {
		if i, ok := at[t.Hex]; ok {
			label := "Port " + t.Corp
			if t.Closed {
				label += " shut"
			}
			s.Hexes[i].Marks = append(s.Hexes[i].Marks, hexmap.Mark{Label: label, Fill: hexmap.Colour(0xbee1fa)})
		}
	}
}

// runs1870 colours the track of the last run, a colour a train, and
// keys the companies and the trains.
func runs1870(g *g1870.Game, s *hexmap.Scene, at map[eighteen.Hex]int) {
	for _, c := range g.Corps {
		if c.Started && !c.Closed {
			s.Key = append(s.Key, hexmap.Swatch{Label: c.Sym, Fill: corpRGB1870[c.Sym], Text: c.Name})
		}
	}
	ph := g.Current()
	s.Notes = append(s.Notes, fmt.Sprintf("Phase %d: off-boards pay their %s value (framed). D:XX marks a company's destination; a ringed token is a destination token; a hollow ring is a home station still to be placed.",
		g.Phase, []string{"yellow", "brown", "blue"}[min(max(ph.OffBoard, 0), 2)]))
	run := g.LastRun
	if run == nil {
		return
	}
	s.Notes = append(s.Notes, fmt.Sprintf("Last run: %s earned $%d.", run.Corp, run.Total))
	for n, r := range run.Routes {
		col := runRGB[n%len(runRGB)]
		for _, seg := range r.Segments {
			markRun(g.Layout, s, at, seg, col)
		}
		var stops []string
		for _, st := range r.Stops {
			stops = append(stops, st.Hex.String())
		}
		train := ""
		if n < len(run.Trains) {
			train = g.Name(run.Trains[n]) + "-train "
		}
		s.Key = append(s.Key, hexmap.Swatch{Line: true, Fill: col, Text: fmt.Sprintf("%s%s %s $%d", train, run.Corp, strings.Join(stops, "-"), r.Revenue)})
	}
}

// markRun colours the stretch of track a route's segment names.
func markRun(l *eighteen.Layout, s *hexmap.Scene, at map[eighteen.Hex]int, seg eighteen.Segment, col hexmap.RGB) {
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

// Board1870PNG is the board as a picture for a mail.
func Board1870PNG(g *g1870.Game) ([]byte, error) {
	b, err := hexmap.PNG(Board1870(g), hexmap.PNGOptions{})
	if err != nil {
		return nil, fmt.Errorf("1870 board: %w", err)
	}
	return b, nil
}

// Board1870Page adds a page to a report with the board filling it, for
// a report to call between its own pages.
func Board1870Page(pdf *fpdf.Fpdf, g *g1870.Game) error {
	pdf.AddPage()
	l, t, r, b := pdf.GetMargins()
	w, h := pdf.GetPageSize()
	if _, err := hexmap.PDF(pdf, Board1870(g), l, t, w-l-r, h-t-b-6, 3); err != nil {
		return fmt.Errorf("1870 board page: %w", err)
	}
	return nil
}
