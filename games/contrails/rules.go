package contrails

import (
	"math"
	"sort"
)

// The formulas of the rulebook, each written once. Money is whole dollars;
// "any fractions are rounded down, except that the Bank rounds up when
// charging interest on loans" (1.1).

// ceilDiv divides rounding up, for the Bank's interest (1.1).
func ceilDiv(a, b int64) int64 {
	if a <= 0 {
		return a / b
	}
	return (a + b - 1) / b
}

// LoanInterest is a turn's interest on a bank loan, rounded up (1.1, 5).
func LoanInterest(loan int64, c Climate) int64 {
	return ceilDiv(loan*int64(c.LoanRate()), 100)
}

// CashInterest is a turn's interest on a player's cash at half the loan
// rate, rounded down (3.4, 5).
func CashInterest(cash int64, c Climate) int64 {
	if cash <= 0 {
		return 0
	}
	return cash * int64(c.CashRateTenths()) / 1000
}

// CreditLimit is net worth times the climate's credit margin (3.5A).
func CreditLimit(netWorth int64, c Climate) int64 {
	if netWorth <= 0 {
		return 0
	}
	return netWorth * int64(c.info().CreditMargin) / 1000
}

// AvailableCredit is the credit limit less half the loan (3.5A).
func AvailableCredit(netWorth, loan int64, c Climate) int64 {
	return CreditLimit(netWorth, c) - loan/2
}

// LoanRecall is how much of a loan the Bank demands back so that
// available credit is not negative (3.5C): loan/2 must not exceed the
// limit, so the loan may be at most twice the limit.
func LoanRecall(netWorth, loan int64, c Climate) int64 {
	if AvailableCredit(netWorth, loan, c) >= 0 {
		return 0
	}
	return loan - 2*CreditLimit(netWorth, c)
}

// ProdigalPoints shares the 30 Prodigal points of a turn (1.2) among the
// players who spent at least $1,000. spend is indexed like the players; the
// result is too. Ties in the last step go to the lower index.
func ProdigalPoints(spend []int64) []int {
	const minimum, even, proportional = 1000, 15, 15
	out := make([]int, len(spend))
	var who []int
	var total int64
	for i, s := range spend {
		if s >= minimum {
			who = append(who, i)
			total += s
		}
	}
	if len(who) == 0 {
		return out
	}
	each := even / len(who)
	for _, i := range who {
		out[i] = each
	}
	pool := int64(even - each*len(who) + proportional)
	given := int64(0)
	for _, i := range who {
		p := pool * spend[i] / total
		out[i] += int(p)
		given += p
	}
	// "Any remaining unallocated points are awarded 1 per Prodigal, from
	// most to least, until all points are allocated."
	sort.SliceStable(who, func(a, b int) bool { return spend[who[a]] > spend[who[b]] })
	for k := 0; given < pool; k++ {
		out[who[k%len(who)]]++
		given++
	}
	return out
}

// MilliPoint is a thousandth of a victory point: Mogul points are square
// roots, and their fractions are saved until they make a whole point (1.2).
type MilliPoint int64

// isqrt is the integer square root, floor(√n), exactly.
func isqrt(n int64) int64 {
	if n <= 0 {
		return 0
	}
	r := int64(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// MogulDividendPoints adds the President's square-root points for the
// dividends per share each of his railroads paid to the fraction he saved,
// and returns the whole points earned and the new saved fraction (1.2).
// √d is taken to the thousandth, rounded down, in integers so that every
// machine agrees.
func MogulDividendPoints(saved MilliPoint, dividends []int) (int, MilliPoint) {
	total := saved
	for _, d := range dividends {
		if d > 0 {
			total += MilliPoint(isqrt(int64(d) * 1_000_000))
		}
	}
	return int(total / 1000), total % 1000
}

// MaxEfficiency is the highest efficiency a railroad of this length can
// reach (4.5A, C): 99, less 1 for every 50 miles, or part of 50, over 3,000.
func MaxEfficiency(miles int) int {
	if miles <= 3000 {
		return 99
	}
	over := (miles - 3000 + 49) / 50
	if over > 98 {
		over = 98
	}
	return 99 - over
}

// DirectorBonusShares is each Director's share of new stock (4.3B): 10%
// each, unless more than five Directors would take over 50%, when they share
// 50% equally. Rounded down.
func DirectorBonusShares(newShares, directors int) int {
	if directors <= 0 {
		return 0
	}
	if directors <= 5 {
		return newShares * 10 / 100
	}
	return newShares * 50 / 100 / directors
}

// MaxStockPrice is the highest end price (6.3D).
const MaxStockPrice = 200

// PriceExponent is the exponent of the 6.3D formula as the rule writes it.
// The rule's own example works with an exponent of 1; see rulings CR2.
const PriceExponent = 0.7

// EndPrice is a stock's end-of-market price (6.3D): start × (D/S)^0.7, the
// ratio held between 1/20 and 20, rounded down, at most $200 and at least $1.
func EndPrice(start int, demand, supply int64) int {
	if demand == supply || start <= 0 {
		return max(start, 1)
	}
	var ratio float64
	switch {
	case supply <= 0:
		ratio = 20
	case demand <= 0:
		ratio = 1.0 / 20
	default:
		ratio = float64(demand) / float64(supply)
	}
	ratio = math.Max(1.0/20, math.Min(20, ratio))
	p := int(math.Floor(float64(start) * math.Pow(ratio, PriceExponent)))
	return min(max(p, 1), MaxStockPrice)
}

// TradePrice is the price every traded share changes hands at: the median
// of the start and end prices, rounded up (6.3F).
func TradePrice(start, end int) int { return (start + end + 1) / 2 }

// Fill is how many shares a bid receives (6.3G): all of it when demand does
// not exceed supply, else bid × supply / demand, rounded down.
func Fill(bid, supply, demand int64) int64 {
	if demand <= supply || demand == 0 {
		return bid
	}
	return bid * supply / demand
}

// SplitRatio is the integer ratio that brings a price over $100 back to
// $100 or below (6.5); 1 means no split.
func SplitRatio(price int) int {
	if price <= 100 {
		return 1
	}
	return (price + 99) / 100
}
