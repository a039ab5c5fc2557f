package eighteen

import (
	"fmt"
	"slices"
)

// Certs counts a seat's certificates against the limit by the title's
// ShareRules: the halves of each company's certificates it holds summed and
// rounded up once, one for each company of a whole kind it presides (18EZ's
// minors) and one for each private it holds itself.
func (b *Base[T, P]) Certs(seat int) int {
	r, halves, n := b.hooks.Shares, 0, 0
	for _, c := range b.Corps {
		core := P(c).Core()
		if slices.Contains(r.WholeKinds, core.Kind) {
			if !core.Closed && core.President == seat {
				n++
			}
			continue
		}
		halves += r.Certs(b.market, core, b.Players[seat].Shares[core.Sym])
	}
	return n + (halves+1)/2 + len(b.heldPrivates(seat))
}

// heldPrivates are the privates a seat holds itself, open.
func (b *Base[T, P]) heldPrivates(seat int) []string {
	var out []string
	for _, p := range b.Privates {
		if p.Owner == seat && p.Corp == "" && !p.Closed {
			out = append(out, p.Sym)
		}
	}
	return out
}

// Holdings are a seat's holdings as the status lists them: each
// company's certificates as the percentage they make, with the title's
// PresidentMark on the president's certificate, each company of a whole kind it presides by symbol, and
// then its privates.
func (b *Base[T, P]) Holdings(seat int) []string {
	var out []string
	for _, c := range b.Corps {
		core := P(c).Core()
		h := b.Players[seat].Shares[core.Sym]
		switch {
		case slices.Contains(b.hooks.Shares.WholeKinds, core.Kind):
			if !core.Closed && core.President == seat {
				out = append(out, core.Sym)
			}
		case h.Units() > 0:
			s := fmt.Sprintf("%s %d%%", core.Sym, h.Percent())
			if h.President() != nil {
				s += b.hooks.PresidentMark
			}
			out = append(out, s)
		}
	}
	return append(out, b.heldPrivates(seat)...)
}
