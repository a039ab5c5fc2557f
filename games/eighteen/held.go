package eighteen

// The holdings as the view reads them: a seat's, the open market's, the
// initial offering's and a company's treasury, each as a percentage and
// as certificates. Holdings are counted in 10% units today; the view
// reads them only through these accessors, so that certificates kept as
// objects change these bodies and not the view or its renderers.

// unitPercent is the percentage one share unit is.
const unitPercent = 10

// HeldPercent is the percentage of a company's shares a seat holds.
func (b *Base[T, P]) HeldPercent(seat int, sym string) int {
	return unitPercent * b.Players[seat].Shares[sym]
}

// PoolPercent is the percentage of a company's shares in the open
// market.
func (b *Base[T, P]) PoolPercent(sym string) int { return unitPercent * b.Pool[sym] }

// IPOPercent is the percentage of its shares still in the initial
// offering.
func (c *Corporation) IPOPercent() int { return unitPercent * c.IPO }

// TreasuryPercent is the percentage of its own shares a company holds.
func (c *Corporation) TreasuryPercent() int { return unitPercent * c.Treasury }

// HeldCerts are a seat's certificates of a company, the president's
// first: the president holds the president's certificate of the
// title's PresidentUnits, every other unit is a certificate of its own.
func (b *Base[T, P]) HeldCerts(seat int, c *Corporation) []ViewCert {
	units := b.Players[seat].Shares[c.Sym]
	var out []ViewCert
	if c.President == seat && units >= b.hooks.Shares.PresidentUnits && b.hooks.Shares.PresidentUnits > 0 {
		out = append(out, ViewCert{Percent: unitPercent * b.hooks.Shares.PresidentUnits, President: true})
		units -= b.hooks.Shares.PresidentUnits
	}
	for range units {
		out = append(out, ViewCert{Percent: unitPercent})
	}
	return out
}
