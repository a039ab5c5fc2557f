package contrails

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Adjustment is a game master's correction of one figure, outside the
// rules: a mis-keyed order refunded, a disputed award restored. The reason
// is mandatory and printed in the headlines, so that every correction is
// public.
type Adjustment struct {
	Target string `json:"target"` // a position number, or a railroad's abbreviation or number
	Field  string `json:"field"`
	Delta  int64  `json:"delta"`
	Reason string `json:"reason"`
}

// ErrNotAdjustable is wrapped by every refusal of Adjust.
var ErrNotAdjustable = errors.New("cannot adjust")

// adjustable names the figures a GM may change, and what each changes.
// Cash moves through the Bank, so that money is still conserved; a loan
// or debt changes what is owed and no cash; the figures derived from
// others (net worth, credit limit, Rail Baron points) follow.
var adjustable = struct{ player, railroad []string }{
	player:   []string{"cash", "loan", "robber_baron", "mogul", "builder", "magnate", "prodigal"},
	railroad: []string{"cash", "loans", "bonds", "price", "efficiency"},
}

// AdjustableFields lists, for help texts, what may be adjusted.
func AdjustableFields() string {
	return "a position's " + strings.Join(adjustable.player, ", ") +
		"; a railroad's " + strings.Join(adjustable.railroad, ", ")
}

// Adjust applies a correction to a copy of the state between turns. The
// correction is kept in the state until the next turn resolves, which lists
// a cash correction in that turn's cash flow (9.6).
func Adjust(m *Map, in *State, a Adjustment) (*State, error) {
	if strings.TrimSpace(a.Reason) == "" {
		return nil, fmt.Errorf("%w: a reason is required", ErrNotAdjustable)
	}
	if a.Delta == 0 {
		return nil, fmt.Errorf("%w: a change of 0 changes nothing", ErrNotAdjustable)
	}
	if in.Over {
		return nil, fmt.Errorf("%w: %w", ErrNotAdjustable, ErrGameOver)
	}
	s, err := in.Clone()
	if err != nil {
		return nil, err
	}
	s.Record = in.Record // the last turn's report stays as it was
	a.Field = strings.ToLower(a.Field)
	target := strings.ToUpper(strings.TrimSpace(a.Target))
	if n, err := strconv.Atoi(strings.TrimPrefix(target, "P")); err == nil {
		p := s.Player(n)
		if p == nil {
			return nil, fmt.Errorf("%w: there is no position %d; positions are 1 to %d", ErrNotAdjustable, n, len(s.Players))
		}
		a.Target = strconv.Itoa(n)
		if err := adjustPlayer(s, p, a); err != nil {
			return nil, err
		}
	} else if rr := s.Railroad(strings.TrimPrefix(target, "#")); rr != nil {
		a.Target = rr.Abbr
		if err := adjustRailroad(m, s, rr, a); err != nil {
			return nil, err
		}
	} else {
		return nil, fmt.Errorf("%w: %q is neither a position (1 to %d) nor an active railroad (its letters, or # and its number)", ErrNotAdjustable, a.Target, len(s.Players))
	}
	s.Adjustments = append(slices.Clone(in.Adjustments), a)
	s.valuePlayers(m)
	s.railBaron()
	return s, nil
}

func adjustPlayer(s *State, p *Player, a Adjustment) error {
	var field *int64
	var points *int
	switch a.Field {
	case "cash":
		field = &p.Cash
	case "loan":
		field = &p.Loan
	case "robber_baron":
		points = &p.VP.RobberBaron
	case "mogul":
		points = &p.VP.Mogul
	case "builder":
		points = &p.VP.Builder
	case "magnate":
		points = &p.VP.Magnate
	case "prodigal":
		points = &p.VP.Prodigal
	default:
		return fmt.Errorf("%w: a position's %q; the figures are %s", ErrNotAdjustable, a.Field, strings.Join(adjustable.player, ", "))
	}
	if points != nil {
		*points += int(a.Delta)
		return nil
	}
	return s.adjustMoney(playerAcct(p.Number), fmt.Sprintf("position %d", p.Number), field, a)
}

// adjustMoney changes an amount that may not fall below zero. Cash comes
// from or goes to the Bank; a debt moves no cash.
func (s *State) adjustMoney(acct account, owner string, field *int64, a Adjustment) error {
	if *field+a.Delta < 0 {
		return fmt.Errorf("%w: %s's %s is $%d; it cannot fall below $0", ErrNotAdjustable, owner, a.Field, *field)
	}
	if a.Field == "cash" {
		s.transfer(bank, acct, a.Delta, itemAdjustment)
		return nil
	}
	*field += a.Delta
	return nil
}

func adjustRailroad(m *Map, s *State, rr *Railroad, a Adjustment) error {
	var field *int64
	switch a.Field {
	case "cash":
		field = &rr.Cash
	case "loans":
		field = &rr.Loans
	case "bonds":
		field = &rr.Bonds
	case "price":
		p := rr.Price + int(a.Delta)
		if p < 1 || p > MaxStockPrice {
			return fmt.Errorf("%w: %s's price would be $%d; a price is $1 to $%d (6.3D)", ErrNotAdjustable, rr.Abbr, p, MaxStockPrice)
		}
		rr.Price = p
		if n := len(rr.Prices); n > 0 {
			rr.Prices[n-1] = p
		}
		return nil
	case "efficiency":
		e, top := rr.Efficiency+int(a.Delta), s.maxEfficiencyOf(m, rr)
		if e < 1 || e > top {
			return fmt.Errorf("%w: %s's efficiency would be %d%%; with its length and locomotives it is 1 to %d (4.5C)", ErrNotAdjustable, rr.Abbr, e, top)
		}
		rr.Efficiency = e
		return nil
	default:
		return fmt.Errorf("%w: a railroad's %q; the figures are %s", ErrNotAdjustable, a.Field, strings.Join(adjustable.railroad, ", "))
	}
	return s.adjustMoney(railroadAcct(rr.Abbr), rr.Abbr, field, a)
}

// recordAdjustments lists the corrections made since the last turn in this
// turn's cash flow, and clears them.
func (s *State) recordAdjustments() {
	for _, a := range s.Adjustments {
		if a.Field != "cash" {
			continue
		}
		acct := railroadAcct(a.Target)
		if n, err := strconv.Atoi(a.Target); err == nil {
			acct = playerAcct(n)
		}
		s.rec.flow(acct, itemAdjustment, a.Delta)
	}
	s.Adjustments = nil
}
