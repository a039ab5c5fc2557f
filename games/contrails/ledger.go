package contrails

// TurnRecord is what the last turn did with money and stock, kept in the
// state it produced so that the report of any archived turn can be drawn
// from that turn's snapshot alone: the market columns of 9.4 and the
// line-by-line cash flows of 9.6.
type TurnRecord struct {
	Market []MarketActivity `json:"market,omitempty"`
	Trades []Trade          `json:"trades,omitempty"`
	// Flows are every player's and railroad's cash movements, summed by
	// item in the order each item first happened.
	Flows []Flow `json:"flows,omitempty"`
}

// MarketActivity is one railroad's stock market of the turn (6.3). Supply
// counts short sales at half, as the price does (6.3B).
type MarketActivity struct {
	Railroad string `json:"railroad"`
	Start    int    `json:"start"`
	Offered  int64  `json:"offered"`
	Bid      int64  `json:"bid"`
	Trade    int    `json:"trade"`
	End      int    `json:"end"` // after trading, before splits and mergers
}

// Trade is one player's stock transaction of the turn. Ordered is what the
// checked order asked for (6.1C); Shares what changed hands.
type Trade struct {
	Player   int    `json:"player"`
	Railroad string `json:"railroad"`
	Deal     Deal   `json:"deal"`
	Ordered  int    `json:"ordered"`
	Shares   int    `json:"shares"`
	Price    int    `json:"price"`
	Amount   int64  `json:"amount"` // the cash the player received, or paid when negative
}

// Deal tells a purchase from a sale and a short sale.
type Deal string

// The deals of the market.
const (
	Bought    Deal = "bought"
	Sold      Deal = "sold"
	SoldShort Deal = "short"
)

// Flow is one item of an account's cash flow: a player's (Player > 0) or a
// railroad's. Amount is what came in, or went out when negative.
type Flow struct {
	Player   int    `json:"player,omitempty"`
	Railroad string `json:"railroad,omitempty"`
	Item     string `json:"item"`
	Amount   int64  `json:"amount"`
}

// The items of the cash flow, as the report prints them.
const (
	itemBankLoan       = "Bank loan"
	itemLoanRepaid     = "Bank loan repaid"
	itemEmergencyLoan  = "Emergency loan"
	itemLoanInterest   = "Loan interest"
	itemCashInterest   = "Interest on cash"
	itemBankFailure    = "Bank failure"
	itemProdigal       = "Prodigal spending"
	itemPresidentLoan  = "President's loans"
	itemDebtRepaid     = "Debt repaid"
	itemTreasuryToPres = "Treasury stock to the President"
	itemPCs            = "Private companies"
	itemStockSold      = "Stock sold"
	itemStockBought    = "Stock bought"
	itemShortSales     = "Short sales"
	itemTreasurySold   = "Treasury stock sold"
	itemAutoLoan       = "Automatic loan for bonus shares"
	itemBonusShares    = "Directors' bonus shares"
	itemStockIssue     = "Public stock issue"
	itemConstruction   = "Construction"
	itemConstructionCo = "Construction company"
	itemLocomotives    = "Locomotives"
	itemTechnology     = "Technology"
	itemDoubleTrack    = "Double track"
	itemPolitical      = "Political spending"
	itemMerger         = "Merger"
	itemRevenue        = "Revenues"
	itemExpenses       = "Operating expenses"
	itemDebtInterest   = "Debt interest"
	itemRandomEvents   = "Accidents and strikes"
	itemDividends      = "Dividends"
	itemReorganization = "Reorganization"
	itemLandSales      = "Land sales"
	itemLoanRecall     = "Loan recall"
	itemForcedSales    = "Forced sales"
	itemLooted         = "Looted by the old President"
	itemBankruptcy     = "Bankruptcy"
	itemFreshStart     = "New start after bankruptcy"
	itemAdjustment     = "Game master's adjustment"
)

type flowKey struct {
	acct account
	item string
}

// recorder gathers a TurnRecord while a turn resolves.
type recorder struct {
	rec   TurnRecord
	flows map[flowKey]int // index into rec.Flows
}

// flowsATurn is about how many cash-flow items a 15-seat turn records; the
// recorder starts that big rather than grow there.
const flowsATurn = 384

func newRecorder() *recorder {
	return &recorder{flows: make(map[flowKey]int, flowsATurn)}
}

func (r *recorder) trade(tr Trade) {
	if r != nil {
		r.rec.Trades = append(r.rec.Trades, tr)
	}
}

func (r *recorder) market(a MarketActivity) {
	if r != nil {
		r.rec.Market = append(r.rec.Market, a)
	}
}

func (r *recorder) flow(a account, item string, amount int64) {
	if r == nil || a == bank || amount == 0 {
		return
	}
	k := flowKey{a, item}
	if i, ok := r.flows[k]; ok {
		r.rec.Flows[i].Amount += amount
		return
	}
	r.flows[k] = len(r.rec.Flows)
	if r.rec.Flows == nil {
		r.rec.Flows = make([]Flow, 0, flowsATurn)
	}
	r.rec.Flows = append(r.rec.Flows, Flow{Player: a.player, Railroad: a.railroad, Item: item, Amount: amount})
}

// CashFlow is one account's items of the last turn, in order.
func (r *TurnRecord) CashFlow(player int, railroad string) []Flow {
	if r == nil {
		return nil
	}
	var out []Flow
	for _, f := range r.Flows {
		if f.Player == player && f.Railroad == railroad {
			out = append(out, f)
		}
	}
	return out
}

// Activity is a railroad's market of the last turn, if it traded.
func (r *TurnRecord) Activity(railroad string) (MarketActivity, bool) {
	if r != nil {
		for _, a := range r.Market {
			if a.Railroad == railroad {
				return a, true
			}
		}
	}
	return MarketActivity{}, false
}

// TradesOf are a player's trades in a railroad in the last turn: one, or
// a sale of what he owned and a short sale.
func (r *TurnRecord) TradesOf(player int, railroad string) []Trade {
	if r == nil {
		return nil
	}
	var out []Trade
	for _, tr := range r.Trades {
		if tr.Player == player && tr.Railroad == railroad {
			out = append(out, tr)
		}
	}
	return out
}
