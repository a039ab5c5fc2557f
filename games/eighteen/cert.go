package eighteen

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// Cert is one certificate of a company's shares, as printed: it never
// changes once issued, only the holding it lies in does, so copies of a
// game share it. Its ID is the company's symbol and the certificate's
// index, the president's certificate index 0 ("ATSF_0", then "ATSF_1"
// and on): stable for the whole game, and the share id of 18xx.games's
// logs, so that an imported move can name it.
type Cert struct {
	ID        string
	Corp      string
	Percent   int
	Units     int // the percent in the company's share units (its ordinary certificate's percent)
	President bool
	// Uncounted: the certificate counts toward no certificate limit,
	// whatever the market says (18xx.games's counts_for_limit false).
	Uncounted bool
}

// Charter issues a company's certificates in index order: the
// president's of president percent, then n ordinary ones of share
// percent each. The share percent is the company's unit: a 20%
// president's certificate with 10% shares is two units (1870, 18EZ), a
// 10% one with 5% shares two units of 5%.
func Charter(sym string, president, share, n int) []*Cert {
	if share <= 0 {
		return nil
	}
	out := []*Cert{{ID: sym + "_0", Corp: sym, Percent: president, Units: president / share, President: true}}
	for i := 1; i <= n; i++ {
		out = append(out, &Cert{ID: sym + "_" + strconv.Itoa(i), Corp: sym, Percent: share, Units: 1})
	}
	return out
}

// Holding is a list of one company's certificates in one place (a
// player's hand, the open market, the initial offering, a company's
// treasury, a title's reserve), in the order they came there. A holding
// is never changed in place: every move makes new lists, so a copy of a
// game may share its holdings with the original.
//
// The stored state writes a holding where it always stood, as the units
// it makes (a derived count: the snapshots stored before certificates
// wrote these numbers); the certificates themselves are written apart,
// by CertsPlaced.
type Holding []*Cert

// Units are the share units the holding makes: what the rules count.
func (h Holding) Units() int {
	n := 0
	for _, c := range h {
		n += c.Units
	}
	return n
}

// Percent is the part of the company the holding is.
func (h Holding) Percent() int {
	n := 0
	for _, c := range h {
		n += c.Percent
	}
	return n
}

// President is the president's certificate if the holding has it.
func (h Holding) President() *Cert {
	for _, c := range h {
		if c.President {
			return c
		}
	}
	return nil
}

// IDs are the holding's certificates by id, in order.
func (h Holding) IDs() []string {
	out := make([]string, len(h))
	for i, c := range h {
		out[i] = c.ID
	}
	return out
}

// MarshalJSON writes the holding as its units, the form every stored
// state has written it in.
func (h Holding) MarshalJSON() ([]byte, error) { return json.Marshal(h.Units()) }

// pick is which of a holding's certificates make units by the core's one
// rule (the default of 18xx.games, which sells a bundle of the seller's
// shares ordered by size with the president's last, and buys the first
// share of the initial offering or the market): ordinary certificates,
// smallest first and of equal ones the first to arrive, and the
// president's certificate only when the ordinary ones cannot make the
// units. ok is false, and nothing picked, when the rule finds no set
// that makes them exactly.
func (h Holding) pick(units int) (idx []int, ok bool) {
	order := make([]int, len(h))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if h[a].President != h[b].President {
			if h[a].President {
				return 1
			}
			return -1
		}
		return h[a].Units - h[b].Units
	})
	left := units
	for _, i := range order {
		if left == 0 {
			break
		}
		if h[i].Units <= left {
			idx = append(idx, i)
			left -= h[i].Units
		}
	}
	if left != 0 {
		return nil, false
	}
	slices.Sort(idx)
	return idx, true
}

// named are the positions of the certificates with the ids given, or an
// error naming one the holding lacks.
func (h Holding) named(ids []string) ([]int, error) {
	var idx []int
	for _, id := range ids {
		i := slices.IndexFunc(h, func(c *Cert) bool { return c.ID == id })
		if i < 0 || slices.Contains(idx, i) {
			return nil, fmt.Errorf("certificate %s is not there", id)
		}
		idx = append(idx, i)
	}
	slices.Sort(idx)
	return idx, nil
}

// split is the holding without the certificates at idx (sorted), and
// those certificates in the holding's order: new lists both.
func (h Holding) split(idx []int) (rest, moved Holding) {
	rest = make(Holding, 0, len(h)-len(idx))
	for i, c := range h {
		if slices.Contains(idx, i) {
			moved = append(moved, c)
		} else {
			rest = append(rest, c)
		}
	}
	return rest, moved
}

// with is the holding with certificates added at its end: a new list,
// never nil, so that a hand given nothing still shows the company.
func (h Holding) with(certs Holding) Holding {
	out := make(Holding, 0, len(h)+len(certs))
	return append(append(out, h...), certs...)
}

// Shift moves units from one holding to another by the core's rule (pick),
// telling whether it could: a company's redeemed shares back to its
// initial offering, a reserve released. Certificates that arrive go to
// the end of the holding, in the order they had.
func Shift(from, to *Holding, units int) bool {
	idx, ok := from.pick(units)
	if !ok {
		return false
	}
	rest, moved := from.split(idx)
	*from, *to = rest, to.with(moved)
	return true
}

// ShiftNamed moves the certificates named, for a move that names them (a
// log imported from 18xx.games).
func ShiftNamed(from, to *Holding, ids ...string) error {
	idx, err := from.named(ids)
	if err != nil {
		return err
	}
	rest, moved := from.split(idx)
	*from, *to = rest, to.with(moved)
	return nil
}

// CertPlaces are where one company's certificates lie, by id, as the stored
// state writes them: the holdings elsewhere in the state are their units.
type CertPlaces struct {
	IPO      []string            `json:"ipo,omitempty"`
	Treasury []string            `json:"treasury,omitempty"`
	Pool     []string            `json:"pool,omitempty"`
	Reserved []string            `json:"reserved,omitempty"`
	Seats    map[string][]string `json:"seats,omitempty"` // by seat number
}
