package contrails

// SheetView is everything a position's turnsheet shows (10): the choices
// open to the player this turn, with the limits the engine will apply.
type SheetView struct {
	Turn      int
	Climate   string
	CivilWar  bool
	Player    string
	Position  int
	Cash      int64
	Loan      int64
	Available int64 // credit available to borrow (3.5A)
	Recall    int64 // loan recall to repay this turn (3.5C)
	MaxBids   int   // stock bids allowed (6.1A)
	OwnedPCs  []SheetPC
	PCRoom    int // PCs he may bid for (10.1B)
	Offers    []SheetOffer
	Railroads []SheetRailroad
	Slots     [2]string
	MayMerge  bool // President of two railroads (10.1E)
	Presided  []SheetPresided
	MayRename bool
	BuildMin  int // $ a mile (4.6B)
	BuildMax  int // (4.6C)
}

// SheetPC is a PC the player owns, and what he may do with it.
type SheetPC struct {
	Code, Name, A, B string
	Miles            int
	Paid, Asking     int64
	MaxAsking        int64
	MergeInto        []string
}

// SheetOffer is a PC on offer.
type SheetOffer struct {
	Code, Name, A, B string
	Miles            int
	Asking           int64
	Seller           string
}

// SheetRailroad is one line of the stock market list (6.1).
type SheetRailroad struct {
	Number           int
	Abbr             string
	Price            int
	Own              int
	MaxBid, MaxShort int
	Dividend         int
	President        string
	New              bool // incorporated last turn: not traded yet
}

// SheetPresided is the block for a railroad the player runs (10.2).
type SheetPresided struct {
	Number             int
	Abbr, Name         string
	Miles              int
	Cash, Loans, Bonds int64
	PresDebt           int64
	Treasury           int
	TreasuryPrice      int // to the President, half the price (10.2C2)
	Efficiency         int
	Loco, BestLoco     int
	Techs              []SheetTech // the technologies on offer with their prices
	RoW                string
	RoWA, RoWB         string
	RoWMiles           int
	Lines              []string
	ValidRoWs          []SheetRoW
	Dividend           int
	Bankrupt           bool
}

// SheetRoW is a RoW the railroad may bid for (4.7E).
type SheetRoW struct {
	Code, A, B string
	Miles      int
}

// Turnsheet builds position n's turnsheet view.
func Turnsheet(m *Map, s *State, n int) SheetView {
	p := s.Player(n)
	v := SheetView{Turn: s.Turn, Climate: s.Climate.String(), CivilWar: IsCivilWar(s.Turn), Position: n,
		MaxBids: MaxBids(len(s.Railroads)), BuildMin: Climates[s.Climate].BuildCost, BuildMax: 2 * Climates[s.Climate].BuildCost}
	if p == nil {
		return v
	}
	v.Player, v.Cash, v.Loan, v.Recall, v.Slots, v.MayRename = p.Name, p.Cash, p.Loan, p.Recall, p.Slots, p.MayRename || s.Turn == 1
	v.Available = max(AvailableCredit(p.NetWorth, p.Loan, s.Climate), 0)
	v.PCRoom = 2 - len(p.PCs)
	for _, pc := range p.PCs {
		r, _ := m.Route(pc.Code)
		sp := SheetPC{Code: pc.Code, Name: r.Name, A: r.A, B: r.B, Miles: r.Miles, Paid: pc.Paid, Asking: pc.Asking,
			MaxAsking: max(pc.Paid*12/10, int64(r.Miles*10))}
		if pc.Asking > 0 {
			sp.MaxAsking = pc.Asking * 12 / 10
		}
		for _, rr := range s.Railroads {
			if !rr.Bankrupt && m.Touches(rr.Lines, pc.Code) && m.Prohibited(rr.holdings(), pc.Code) == "" {
				sp.MergeInto = append(sp.MergeInto, rr.Abbr)
			}
		}
		v.OwnedPCs = append(v.OwnedPCs, sp)
	}
	for _, o := range s.Offers {
		r, _ := m.Route(o.Code)
		so := SheetOffer{Code: o.Code, Name: r.Name, A: r.A, B: r.B, Miles: r.Miles, Asking: o.Asking}
		if o.Seller != 0 {
			so.Seller = s.Player(o.Seller).Name
		}
		v.Offers = append(v.Offers, so)
	}
	presiding := 0
	for _, rr := range sortedByNumber(s) {
		issued := s.Issued(rr)
		own := p.Shares[rr.Abbr]
		others := s.directorShares(rr)
		if isDirector(own, issued) {
			others -= own
		}
		sr := SheetRailroad{Number: rr.Number, Abbr: rr.Abbr, Price: rr.Price, Own: own, Dividend: rr.Dividend,
			MaxBid: MaxBid(issued, others, own), MaxShort: MaxShort(issued, own, s.directorShares(rr)*2 > issued),
			New: rr.Founded >= s.Turn}
		if rr.President != 0 {
			sr.President = s.Player(rr.President).Name
		}
		v.Railroads = append(v.Railroads, sr)
		if rr.President != n {
			continue
		}
		presiding++
		miles := m.Miles(rr.Lines)
		sp := SheetPresided{Number: rr.Number, Abbr: rr.Abbr, Name: rr.Name, Miles: miles, Cash: rr.Cash, Loans: rr.Loans,
			Bonds: rr.Bonds, PresDebt: rr.PresDebt, Treasury: rr.Treasury, TreasuryPrice: max(rr.Price/2, 1),
			Efficiency: rr.Efficiency, Loco: rr.Loco, BestLoco: s.Locomotive, Lines: rr.Lines, Dividend: rr.Dividend,
			RoW: rr.RoW, Bankrupt: rr.Bankrupt}
		sp.Techs = techOffer(techsOnOffer(m, s, rr), miles)
		if rr.RoW != "" {
			r, _ := m.Route(rr.RoW)
			sp.RoWA, sp.RoWB, sp.RoWMiles = r.A, r.B, r.Miles
		}
		for _, code := range candidateRoWs(m, s, rr) {
			r, _ := m.Route(code)
			sp.ValidRoWs = append(sp.ValidRoWs, SheetRoW{Code: code, A: r.A, B: r.B, Miles: r.Miles})
		}
		v.Presided = append(v.Presided, sp)
	}
	v.MayMerge = presiding == 2
	return v
}

func sortedByNumber(s *State) []*Railroad {
	out := make([]*Railroad, len(s.Railroads))
	for i := range s.Railroads {
		out[i] = &s.Railroads[i]
	}
	sortStable(out, func(a, b int) bool { return out[a].Number < out[b].Number })
	return out
}

// candidateRoWs are the RoWs a railroad may bid for at the start of the
// turn (4.7E): free, touching its lines or the RoW it may build, and not
// prohibited.
func candidateRoWs(m *Map, s *State, rr *Railroad) []string {
	seen := map[string]bool{}
	var out []string
	for _, tw := range m.TownsOf(rr.holdings()) {
		for _, code := range m.RoutesAt(tw) {
			r, _ := m.Route(code)
			if seen[code] || r.Kind != RoW || code == rr.RoW || s.rowOwner(code) != nil || m.Prohibited(rr.holdings(), code) != "" {
				continue
			}
			seen[code] = true
			out = append(out, code)
		}
	}
	return out
}
