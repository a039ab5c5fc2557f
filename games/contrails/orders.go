package contrails

// Orders are one position's orders for a turn: the whole turnsheet of rule
// 10. The zero value of every field is the rule's default for a blank box.
type Orders struct {
	// Name is a new character name, taken on the first turn or after a
	// bankruptcy (3.2).
	Name string `json:"name,omitempty"`
	// Borrow is the change in the bank loan: positive borrows, negative
	// repays (10.1A).
	Borrow int64 `json:"borrow,omitempty"`
	// PCActions are the orders for PCs the player owns, one each (10.1B).
	PCActions []PCAction `json:"pc_actions,omitempty"`
	// PCBids are bids for PCs on offer, in sequence (10.1B).
	PCBids []PCBid `json:"pc_bids,omitempty"`
	// Stock is up to six market transactions, in sequence (10.1C).
	Stock []StockOrder `json:"stock,omitempty"`
	// Control names the railroads sought in slots RR1 and RR2 for next
	// turn; an empty slot keeps what it had (10.1D).
	Control [2]string `json:"control,omitempty"`
	// Resign gives up these presidencies at the end of the turn (10.1D).
	Resign []string `json:"resign,omitempty"`
	// Merge merges one railroad the player presides into another (10.1E).
	Merge *MergeOrder `json:"merge,omitempty"`
	// SpyPlayer and SpyRailroad hire the Pinkertons (10.1F).
	SpyPlayer   int    `json:"spy_player,omitempty"`
	SpyRailroad string `json:"spy_railroad,omitempty"`
	// Message is published to all after the GM approves it (10.1G).
	Message string `json:"message,omitempty"`
	// Prodigal is the spending on Prodigal points, at least $1,000 (1.2).
	Prodigal int64 `json:"prodigal,omitempty"`
	// Railroads holds the orders for each railroad the player presides,
	// by abbreviation (10.2).
	Railroads map[string]RailroadOrders `json:"railroads,omitempty"`
}

// PCActionKind is what a player does with a PC he owns (10.1B).
type PCActionKind string

// The three PC actions.
const (
	SellPC        PCActionKind = "sell"
	MergePC       PCActionKind = "merge"
	IncorporatePC PCActionKind = "incorporate"
)

// PCAction is one order for an owned PC.
type PCAction struct {
	Code   string       `json:"code"`
	Action PCActionKind `json:"action"`
	Price  int64        `json:"price,omitempty"` // asking price, for sell
	Into   string       `json:"into,omitempty"`  // railroad, for merge
}

// PCBid is a bid for a PC on offer.
type PCBid struct {
	Code   string `json:"code"`
	Amount int64  `json:"amount"`
}

// MergeOrder merges railroad From into railroad Into (4.13).
type MergeOrder struct {
	From string `json:"from"`
	Into string `json:"into"`
}

// RailroadOrders are a President's orders for one railroad (10.2).
type RailroadOrders struct {
	PresidentLoan    int64    `json:"president_loan,omitempty"`        // + lends to the railroad, - is repaid (4.4, 10.2A)
	RepayDebt        int64    `json:"repay_debt,omitempty"`            // to the Bank: loans first, then bonds (10.2B)
	TreasuryToPres   int      `json:"treasury_to_president,omitempty"` // shares at half price (10.2C2)
	TreasuryToMarket int      `json:"treasury_to_market,omitempty"`    // shares offered on the market (10.2C3)
	Repairs          int      `json:"repairs,omitempty"`               // capital improvements, $ a mile (4.5, 10.2D)
	Locomotive       int      `json:"locomotive,omitempty"`            // upgrade to this engine (4.17)
	Technology       bool     `json:"technology,omitempty"`            // buy a technology: the first on offer unless chosen (4.18)
	TechChoice       string   `json:"tech_choice,omitempty"`           // the letter of the one to buy (4.18)
	Build            int      `json:"build,omitempty"`                 // $ a mile to build the owned RoW (4.6, 10.2E)
	Abandon          bool     `json:"abandon,omitempty"`               // abandon it instead (4.6)
	DoubleTrack      string   `json:"double_track,omitempty"`          // a line to double (4.15)
	Political        int64    `json:"political,omitempty"`             // total spent on influence (4.9, 10.2F)
	Bids             []string `json:"bids,omitempty"`                  // first RoW choice and an alternate (4.7, 10.2G)
	RateWar          string   `json:"rate_war,omitempty"`              // railroad to fight (4.16)
	RateWarPct       int      `json:"rate_war_pct,omitempty"`
	// Dividend is the rate a share; nil leaves it unchanged (10.2H2).
	Dividend *int `json:"dividend,omitempty"`
}
