package eighteen

import (
	"fmt"
	"maps"
	"slices"

	"github.com/railpost/railpost/games/hexgrid"
)

// Clone is a copy of the layout that shares nothing a lay or a token
// changes, so that a move can be tried on it. The board and the tiles
// are never changed and are shared; the title's Bonus is the caller's to
// set, since it reads the title's own game. A list is copied as it is,
// an empty one staying empty rather than nil, so that the copy's stored
// state is byte for byte the original's.
func (l *Layout) Clone() *Layout {
	c := &Layout{Board: l.Board, Tiles: maps.Clone(l.Tiles), Tokens: make(map[hexgrid.Hex]map[int][]string, len(l.Tokens)), Cite: l.Cite}
	for h, stops := range l.Tokens {
		cs := make(map[int][]string, len(stops))
		for s, corps := range stops {
			cs[s] = slices.Clone(corps)
		}
		c.Tokens[h] = cs
	}
	if l.Extra != nil {
		c.Extra = make(map[hexgrid.Hex][]string, len(l.Extra))
		for h, corps := range l.Extra {
			c.Extra[h] = slices.Clone(corps)
		}
	}
	return c
}

// Written is the map as a game's stored state writes it: each tile as
// "id/rotation" and the tokens (and those beside a city, Extra) by hex
// name, so that the encoding is the same every time.
func (l *Layout) Written() (tiles map[string]string, tokens map[string]map[int][]string, extra map[string][]string) {
	tiles, tokens = make(map[string]string, len(l.Tiles)), make(map[string]map[int][]string, len(l.Tokens))
	for h, p := range l.Tiles {
		tiles[h.String()] = fmt.Sprintf("%s/%d", p.Tile.ID, p.Rotation)
	}
	for h, t := range l.Tokens {
		tokens[h.String()] = t
	}
	if len(l.Extra) > 0 {
		extra = make(map[string][]string, len(l.Extra))
		for h, t := range l.Extra {
			extra[h.String()] = t
		}
	}
	return tiles, tokens, extra
}
