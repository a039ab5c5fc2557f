package contrails

// Climate is one of the nine economic climates of rule 5, from Boom (0)
// down to Panic (8).
type Climate int

// The climates of rule 5.
const (
	Boom Climate = iota
	Great
	Good
	Improved
	Normal
	Recession
	MildDepression
	Depression
	Panic
)

// ClimateInfo is one row of the economic climate chart (5), plus the
// values other rules tie to the climate.
type ClimateInfo struct {
	Name         string
	Market       string // the stock market effect, as the chart words it
	LoanRate     int    // % a turn on bank loans (5)
	CreditMargin int    // tenths of a per cent of net worth (3.5A, 5)
	BuildCost    int    // minimum $ a mile to lay track (4.6B); see rulings CR5
	Revenue      int    // % added to gross revenue (4.10A); see rulings CR5
	Sentiment    int    // the public's appetite for stock, -4 (panic) to +4 (boom)
}

// Climates is the chart of rule 5, in Climate order.
var Climates = [...]ClimateInfo{
	Boom:           {"Boom", "wild bull", 8, 800, 400, 20, 4},
	Great:          {"Great", "strong bull", 9, 775, 375, 15, 3},
	Good:           {"Good", "bull", 10, 750, 350, 10, 2},
	Improved:       {"Improved", "mild bull", 11, 725, 325, 5, 1},
	Normal:         {"Normal", "mixed", 12, 700, 300, 0, 0},
	Recession:      {"Recession", "mild bear", 13, 675, 275, -5, -1},
	MildDepression: {"Mild Depression", "bear", 14, 650, 250, -10, -2},
	Depression:     {"Depression", "strong bear", 15, 625, 225, -15, -3},
	Panic:          {"Panic", "panic bear", 16, 600, 200, -20, -4},
}

func (c Climate) info() ClimateInfo {
	if c < Boom || c > Panic {
		return Climates[Normal]
	}
	return Climates[c]
}

func (c Climate) String() string { return c.info().Name }

// LoanRate is the bank's interest rate in per cent.
func (c Climate) LoanRate() int { return c.info().LoanRate }

// CashRate is the interest paid on a player's cash: half the loan rate (5).
// Kept in tenths of a per cent, because half of 9% or 11% is not whole.
func (c Climate) CashRateTenths() int { return c.info().LoanRate * 5 }

// BondRate is what railroads pay on bonds whatever the climate (5).
const BondRate = 6

// NextClimate draws next turn's climate (5). The economy drifts, tending to
// improve until a peak; after Good or better a Panic may strike at once.
// During the Civil War (8) it cannot fall below Normal.
func NextClimate(c Climate, turn int, roll func(n int) int) Climate {
	if c <= Good && roll(100) < 12+4*int(Good-c) {
		return Panic
	}
	next := c
	switch r := roll(100); {
	case r < 40:
		next = c - 1 // better
	case r < 75:
		// unchanged
	default:
		next = c + 1 // worse
	}
	if c >= Depression && roll(100) < 30 {
		next = c - 2 // recoveries from the depths come quickly
	}
	if next < Boom {
		next = Boom
	}
	if next > Panic {
		next = Panic
	}
	if IsCivilWar(turn) && next > Normal {
		next = Normal
	}
	return next
}

// IsCivilWar reports whether a turn is one of the Civil War turns (8).
func IsCivilWar(turn int) bool { return turn == 11 || turn == 12 }
