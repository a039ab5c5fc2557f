package eighteen

// The holdings as the view reads them: a seat's, the open market's, the
// initial offering's and a company's treasury, each as a percentage of
// the company printed on its certificates and as the certificates
// themselves, so that a company of 5% shares reads as true as one of 10%.

// HeldPercent is the percentage of a company's shares a seat holds.
func (b *Base[T, P]) HeldPercent(seat int, sym string) int {
	return b.Players[seat].Shares[sym].Percent()
}

// PoolPercent is the percentage of a company's shares in the open
// market.
func (b *Base[T, P]) PoolPercent(sym string) int { return b.Pool[sym].Percent() }

// IPOPercent is the percentage of its shares still in the initial
// offering.
func (c *Corporation) IPOPercent() int { return c.IPO.Percent() }

// TreasuryPercent is the percentage of its own shares a company holds.
func (c *Corporation) TreasuryPercent() int { return c.Treasury.Percent() }

// HeldCerts are a seat's certificates of a company, the president's
// first, then in the order they came.
func (b *Base[T, P]) HeldCerts(seat int, c *Corporation) []ViewCert {
	var out []ViewCert
	h := b.Players[seat].Shares[c.Sym]
	if p := h.President(); p != nil {
		out = append(out, ViewCert{ID: p.ID, Percent: p.Percent, President: true})
	}
	for _, cert := range h {
		if !cert.President {
			out = append(out, ViewCert{ID: cert.ID, Percent: cert.Percent})
		}
	}
	return out
}
