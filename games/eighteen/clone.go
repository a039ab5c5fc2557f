package eighteen

import "maps"

// Clone is a copy of the layout that shares nothing a lay or a token
// changes, so that a move can be tried on it. The board and the tiles
// are never changed and are shared; the title's Bonus is the caller's to
// set, since it reads the title's own game.
func (l *Layout) Clone() *Layout {
	c := &Layout{Board: l.Board, Tiles: maps.Clone(l.Tiles), Tokens: make(map[Hex]map[int][]string, len(l.Tokens)), Cite: l.Cite}
	for h, stops := range l.Tokens {
		cs := make(map[int][]string, len(stops))
		for s, corps := range stops {
			cs[s] = append([]string(nil), corps...)
		}
		c.Tokens[h] = cs
	}
	if l.Extra != nil {
		c.Extra = make(map[Hex][]string, len(l.Extra))
		for h, corps := range l.Extra {
			c.Extra[h] = append([]string(nil), corps...)
		}
	}
	return c
}
