package contrails

import "fmt"

// MaxTransactions is how many stock trades a tycoon may make a turn (6.1A).
const MaxTransactions = 6

// MaxBids is how many of the six transactions may be purchases, by the
// number of active railroads (6.1A). The rule gives "less than 15" and
// "16-30"; 15 railroads allow 3 bids (rulings CR4).
func MaxBids(railroads int) int {
	switch {
	case railroads <= 15:
		return 3
	case railroads <= 30:
		return 4
	default:
		return 5
	}
}

// MaxBid is the most shares a player may bid for in one railroad (6.1A,
// 6.1B): 20% of the shares available to him (issued, less all Directors'
// shares, less his own), and never so many that he would pass 51% of the
// issued stock. Rulings CR3 explain why 6.1B's definition is used.
func MaxBid(issued, directorsShares, own int) int {
	available := issued - directorsShares - own
	if available <= 0 {
		return 0
	}
	bid := available * 20 / 100
	if limit := issued*51/100 - own; bid > limit {
		bid = limit
	}
	return max(bid, 0)
}

// MaxShort is the most shares a player may sell that he does not own: up to
// 10% of the issued stock, counting his own shares first, and none in a
// cornered stock (6.2A, 10.1C4).
func MaxShort(issued, own int, cornered bool) int {
	if cornered {
		return 0
	}
	return max(issued*10/100-own, 0)
}

// TradeKind is a purchase or a sale.
type TradeKind string

// Trade kinds.
const (
	Buy  TradeKind = "buy"
	Sell TradeKind = "sell"
)

// StockOrder is one of a tycoon's six stock market transactions, in the
// sequence he gave them (6.1C).
type StockOrder struct {
	Railroad string    `json:"rr"`
	Kind     TradeKind `json:"kind"`
	Shares   int       `json:"shares"`
}

// CheckedOrder is a stock order after the order-checking phase (6.1C).
type CheckedOrder struct {
	StockOrder
	Owned int    `json:"owned,omitempty"` // of a sale: shares he owns
	Short int    `json:"short,omitempty"` // of a sale: shares sold short
	Note  string `json:"note,omitempty"`  // why the order was cut
}

// CheckStockOrders is the order-checking phase of 6.1C. In the sequence the
// player gave, each sale of owned stock adds credit of half its value at the
// start price, each short sale takes half its value, and each purchase takes
// its full cost; a purchase the cash and credit left cannot cover is cut to
// what they can, and a short sale likewise. The orders must already respect
// the share limits; only money is checked here.
func CheckStockOrders(available int64, orders []StockOrder, price func(rr string) int, owned func(rr string) int) []CheckedOrder {
	out := make([]CheckedOrder, 0, len(orders))
	for _, o := range orders {
		c := CheckedOrder{StockOrder: o}
		p := int64(price(o.Railroad))
		switch o.Kind {
		case Sell:
			c.Owned = min(o.Shares, max(owned(o.Railroad), 0))
			c.Short = o.Shares - c.Owned
			available += int64(c.Owned) * p / 2
			if c.Short > 0 {
				cost := int64(c.Short) * p / 2
				if cost > available {
					afford := 0
					if p > 0 {
						afford = int(available * 2 / p)
					}
					c.Note = fmt.Sprintf("short sale cut from %d to %d shares: half its value at $%d must be covered by cash", c.Short, afford, p)
					c.Short = afford
					cost = int64(afford) * p / 2
				}
				available -= cost
			}
			c.Shares = c.Owned + c.Short
		case Buy:
			cost := int64(o.Shares) * p
			if cost > available {
				afford := 0
				if p > 0 && available > 0 {
					afford = int(available / p)
				}
				c.Note = fmt.Sprintf("bid cut from %d to %d shares: $%d of cash and credit is left at $%d a share", o.Shares, afford, available, p)
				c.Shares = afford
				cost = int64(afford) * p
			}
			available -= cost
		}
		out = append(out, c)
	}
	return out
}
