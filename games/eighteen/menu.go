package eighteen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// Menu is how a title writes a seat's options in a "your move" mail:
// each with the title's note of what it costs or pays, and the lays, too
// many for a line each, grouped a line per hex (tile and its rotations);
// beyond MaxHexes hexes one line names them all, and OPTIONS <hex> asks
// for one hex's lays written out.
type Menu struct {
	MaxHexes int                      // hexes listed a line each; 0 for no limit
	Note     func(move.Option) string // what an option costs or pays, "" for nothing
	// Pars groups the options BUY <company> PAR <price> a line per set
	// of prices, for a title whose companies start at one of several.
	Pars bool
	// Title and Example name the map and a hex on it, for OPTIONS' error
	// of a hex that is not there.
	Title, Example string
	// AtHex is a title's own lines for OPTIONS at a hex, after the lays
	// there, or its reason to answer none; nil for none.
	AtHex func(seat int, h hexgrid.Hex, lays []string) ([]string, error)
}

// All is a seat's whole menu from its options: the options a line each,
// then the pars grouped, then the lays grouped, so that the list stays
// short enough for a phone.
func (m Menu) All(opts []move.Option) []string {
	var rest, pars []move.Option
	for _, o := range opts {
		if m.Pars && o.Verb == "BUY" && len(o.Args) == 3 && o.Args[1] == "PAR" {
			pars = append(pars, o)
			continue
		}
		rest = append(rest, o)
	}
	out, lays := m.Lines(rest)
	return append(append(out, parLines(pars)...), lays...)
}

// parLines group the companies that may be started by their par prices,
// in the order the options list them.
func parLines(opts []move.Option) []string {
	pars := map[string][]string{} // company -> prices
	var order []string
	for _, o := range opts {
		c := o.Args[0]
		if len(order) == 0 || order[len(order)-1] != c {
			order = append(order, c)
		}
		pars[c] = append(pars[c], o.Args[2])
	}
	var out []string
	done := map[string]bool{}
	for _, c := range order {
		if done[c] {
			continue
		}
		same := []string{c}
		for _, d := range order {
			if d != c && !done[d] && slices.Equal(pars[d], pars[c]) {
				same = append(same, d)
			}
		}
		for _, d := range same {
			done[d] = true
		}
		out = append(out, fmt.Sprintf("BUY <company> PAR <price>: start %s at %s (as BUY %s PAR %s)",
			strings.Join(same, ", "), strings.Join(pars[c], ", "), c, pars[c][0]))
	}
	return out
}

// Line is one option as a menu line, with its note.
func (m Menu) Line(o move.Option) string {
	if m.Note == nil {
		return o.String()
	}
	if n := m.Note(o); n != "" {
		return o.String() + "  (" + n + ")"
	}
	return o.String()
}

// Lines are the menu's lines for options: every option but the lays, a
// line each in order, and then the lays grouped.
func (m Menu) Lines(opts []move.Option) (lines, lays []string) {
	byHex := map[string][]move.Option{}
	var hexes []string
	for _, o := range opts {
		if o.Verb != "LAY" || len(o.Args) != 3 {
			lines = append(lines, m.Line(o))
			continue
		}
		if _, seen := byHex[o.Args[0]]; !seen {
			hexes = append(hexes, o.Args[0])
		}
		byHex[o.Args[0]] = append(byHex[o.Args[0]], o)
	}
	if m.MaxHexes > 0 && len(hexes) > m.MaxHexes {
		n := 0
		for _, l := range byHex {
			n += len(l)
		}
		return lines, []string{fmt.Sprintf("LAY <hex> <tile> <rotation>: %d lays at %s. Send OPTIONS <hex> (as OPTIONS %s) for a hex's tiles and rotations.",
			n, strings.Join(hexes, " "), hexes[0])}
	}
	for _, h := range hexes {
		lays = append(lays, layLine(h, byHex[h]))
	}
	return lines, lays
}

// layLine is one hex's lays: each tile and its rotations.
func layLine(hex string, opts []move.Option) string {
	var tiles []string
	rots := map[string][]string{}
	for _, o := range opts {
		if _, seen := rots[o.Args[1]]; !seen {
			tiles = append(tiles, o.Args[1])
		}
		rots[o.Args[1]] = append(rots[o.Args[1]], o.Args[2])
	}
	parts := make([]string, len(tiles))
	for i, t := range tiles {
		parts[i] = fmt.Sprintf("%s (%s)", t, strings.Join(rots[t], " "))
	}
	return fmt.Sprintf("LAY %s <tile> <rotation>: %s", hex, strings.Join(parts, ", "))
}

// At are the lays a seat may make on one hex now, as menu lines, and
// the title's own lines there: the answer to OPTIONS <hex>.
func (m Menu) At(r Round, b *Board, seat int, hex string) ([]string, error) {
	h, err := hexgrid.ParseHex(strings.ToUpper(strings.TrimSpace(hex)))
	if err != nil || b.Space(h) == nil {
		return nil, fmt.Errorf("%q is not a hex of the %s map; write OPTIONS and a hex, as OPTIONS %s", hex, m.Title, m.Example)
	}
	var out []string
	for _, o := range r.Options(seat, move.Query{Verb: "LAY", Args: []string{h.String()}}) {
		if o.Verb == "LAY" {
			out = append(out, m.Line(o))
		}
	}
	if m.AtHex != nil {
		if out, err = m.AtHex(seat, h, out); err != nil {
			return nil, err
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no tile may be laid on %s by you now", h)
	}
	return out, nil
}
