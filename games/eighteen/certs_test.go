package eighteen

import (
	"slices"
	"testing"
)

// TestASeatsCertificates: the president's certificate counts one, a
// half-counting kind's shares half, rounded up over all once, a company
// held whole one, and a private one; the holdings list them so.
func TestASeatsCertificates(t *testing.T) {
	b := testBase(t)
	b.Wire(Hooks{Shares: ShareRules{PresidentUnits: 2, HalfKinds: []string{"half"}, WholeKinds: []string{"minor"}}, PresidentMark: " P"})
	b.Corp("A").President, b.Corp("B").Kind, b.Corp("C").Kind, b.Corp("C").President = 0, "half", "minor", 0
	b.Players[0].Shares["A"], b.Players[0].Shares["B"] = hand("A", true, 3), hand("B", false, 1)
	x := NewPrivate("X", "Ex", 20, 5)
	x.Owner = 0
	b.Privates = append(b.Privates, x)
	if got := b.Certs(0); got != 5 {
		t.Errorf("Ann holds %d certificates, want 5: A's two, B's half rounded up, C and X", got)
	}
	if got, want := b.Holdings(0), []string{"A 30% P", "B 10%", "C", "X"}; !slices.Equal(got, want) {
		t.Errorf("Ann's holdings %q, want %q", got, want)
	}
	if got := b.Certs(1); got != 0 || b.Holdings(1) != nil {
		t.Errorf("Bob, holding nothing, counts %d certificates and holds %q", got, b.Holdings(1))
	}
}

// hand is a holding of units of a company of 10% shares and a 20%
// president's certificate, with that certificate when pres.
func hand(sym string, pres bool, units int) Holding {
	certs := Charter(sym, 20, 10, 8)
	if pres {
		return append(Holding{certs[0]}, certs[1:units-1]...)
	}
	return Holding(certs[1 : units+1])
}
