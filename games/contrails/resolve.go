package contrails

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// turn carries one resolution: the state being changed, the orders, the
// generator, and what the turn started with, which many rules refer to.
type turn struct {
	s      *State
	m      *Map
	orders map[int]Orders
	rng    *rand.Rand
	events []Event

	climate    Climate                   // start of turn (5)
	price      map[string]int            // start-of-turn prices (4.3B, 6.1C)
	miles      map[string]int            // start-of-turn mileage (4.9A)
	lines      map[string][]string       // start-of-turn lines (4.13A1, 10.1B2a)
	regions    map[string][]Region       // start-of-turn regions (1.2)
	directors  map[string][]int          // start-of-turn Directors (1.2, 4.3B)
	presidents map[string]int            // start-of-turn Presidents
	startCash  map[string]int64          // start-of-turn railroad cash (10.2A2)
	insolvent  map[string]bool           // negative cash at the start (4.11A)
	solvent    map[string]bool           // became solvent during the turn
	rowFree    map[string]bool           // railroads that may bid for a RoW (4.7B)
	influence  map[string]int            // political influence this turn (4.9)
	sold       map[string]bool           // PCs sold this turn
	paid       map[string]int            // dividend a share paid this turn (1.2)
	rrOrd      map[string]RailroadOrders // each railroad's orders, fixed at the start
	planner    *planner
	prodigal   []int64
	// Railroads bankrupt or reorganized, and tycoons bankrupt, this turn (1.2).
	bankruptRR      []string
	bankruptPlayers map[int]bool
}

// ErrGameOver is returned when a finished game is asked to resolve a turn.
var ErrGameOver = errors.New("the game is over")

// Resolve plays one turn, in the order of Appendix A. It does not change
// its input. orders holds each position's orders; a missing position, or a
// computer position, is played by the computer player.
func Resolve(m *Map, in *State, orders map[int]Orders, rng *rand.Rand) (*State, []Event, error) {
	if in.Over {
		return nil, nil, ErrGameOver
	}
	s, err := in.Clone()
	if err != nil {
		return nil, nil, fmt.Errorf("resolve turn %d: %w", in.Turn, err)
	}
	s.rec = newRecorder()
	s.recordAdjustments()
	t := newTurn(m, s, orders, rng)
	steps := []func(){
		t.bankLoans,           // 1
		t.presidentLoans,      // 2
		t.repayDebt,           // 3
		t.treasuryToPresident, // 4
		t.privateCompanies,    // 5
		t.stockMarket,         // 6
		t.tycoonFinance,       // 7
		t.capitalExpenses,     // 8
		t.construction,        // 9
		t.politics,            // 10
		t.rightsOfWay,         // 11
		t.mergers,             // 12
		t.operations,          // 13
		t.finalFinance,        // 14
		t.elections,           // 15
		t.victoryPoints,       // 16
	}
	for _, step := range steps {
		step()
	}
	t.newPCs()
	s.Climates = append(s.Climates, t.climate)
	for i := range s.Railroads {
		s.Railroads[i].Prices = append(s.Railroads[i].Prices, s.Railroads[i].Price)
	}
	s.Record, s.rec = &s.rec.rec, nil
	s.Turn++
	return s, t.events, nil
}

// newTurn readies a resolution of s: every position's orders (the
// computer's where no human gave any) and the start-of-turn figures.
func newTurn(m *Map, s *State, orders map[int]Orders, rng *rand.Rand) *turn {
	t := &turn{s: s, m: m, orders: map[int]Orders{}, rng: rng, climate: s.Climate}
	t.planner = newPlanner(m, s)
	for _, p := range s.Players {
		o, ok := orders[p.Number]
		if !ok || !p.Human {
			o = t.planner.orders(p.Number)
		}
		t.orders[p.Number] = o
	}
	t.snapshot()
	return t
}

func (t *turn) snapshot() {
	s, n := t.s, len(t.s.Railroads)
	t.price, t.miles, t.regions = make(map[string]int, n), make(map[string]int, n), make(map[string][]Region, n)
	t.lines = make(map[string][]string, n)
	t.directors, t.presidents, t.startCash = make(map[string][]int, n), make(map[string]int, n), make(map[string]int64, n)
	t.insolvent, t.solvent, t.rowFree = make(map[string]bool, n), make(map[string]bool, n), make(map[string]bool, n)
	t.influence, t.sold, t.paid = make(map[string]int, n), map[string]bool{}, make(map[string]int, n)
	t.bankruptPlayers = map[int]bool{}
	for _, rr := range s.Railroads {
		t.price[rr.Abbr] = rr.Price
		t.miles[rr.Abbr] = t.m.Miles(rr.Lines)
		t.lines[rr.Abbr] = append([]string(nil), rr.Lines...)
		t.regions[rr.Abbr] = t.m.RegionsOf(rr.Lines)
		t.directors[rr.Abbr] = append([]int(nil), rr.Directors...)
		t.presidents[rr.Abbr] = rr.President
		t.startCash[rr.Abbr] = rr.Cash
		t.insolvent[rr.Abbr] = rr.Cash < 0
		t.rowFree[rr.Abbr] = rr.RoW == ""
	}
	t.rrOrd = map[string]RailroadOrders{}
	for _, rr := range s.Railroads {
		if rr.President == 0 {
			t.rrOrd[rr.Abbr] = t.planner.railroad(rr.Abbr, Cautious)
		} else {
			t.rrOrd[rr.Abbr] = t.orders[rr.President].Railroads[rr.Abbr]
		}
	}
	t.prodigal = make([]int64, len(s.Players))
}

func (t *turn) note(player int, format string, args ...any) {
	t.events = append(t.events, Event{Kind: "note", VisibleTo: player, Text: fmt.Sprintf(format, args...)})
}

func (t *turn) news(kind, format string, args ...any) {
	t.events = append(t.events, Event{Kind: kind, Text: fmt.Sprintf(format, args...)})
}

// rrOrders returns the orders the railroad's President gave, or the
// computer's for a railroad with no player President (4.12, 4.14C), as
// they stood at the start of the turn.
func (t *turn) rrOrders(rr *Railroad) RailroadOrders {
	return t.rrOrd[rr.Abbr]
}

// railroadsInOrder lists the railroads by number, the order every phase
// walks them in.
func (t *turn) railroadsInOrder() []*Railroad {
	out := make([]*Railroad, len(t.s.Railroads))
	for i := range t.s.Railroads {
		out[i] = &t.s.Railroads[i]
	}
	sortStable(out, func(a, b int) bool { return out[a].Number < out[b].Number })
	return out
}

// 1. Tycoons borrow or repay bank loans (10.1A).
func (t *turn) bankLoans() {
	for i := range t.s.Players {
		p := &t.s.Players[i]
		t.rename(p)
		amt := t.orders[p.Number].Borrow
		switch {
		case amt > 0:
			avail := AvailableCredit(p.NetWorth, p.Loan, t.climate)
			if amt > avail {
				t.note(p.Number, "Loan cut from $%d to $%d, your available credit (10.1A1).", amt, max(avail, 0))
				amt = max(avail, 0)
			}
			p.Loan += amt
			t.s.transfer(bank, playerAcct(p.Number), amt, itemBankLoan)
		case amt < 0:
			repay := min(-amt, p.Cash, p.Loan)
			if repay < -amt {
				t.note(p.Number, "Repayment cut from $%d to $%d: you cannot repay more than your cash or your loan (10.1A2).", -amt, repay)
			}
			p.Loan -= repay
			p.Recall = max(p.Recall-repay, 0)
			t.s.transfer(playerAcct(p.Number), bank, repay, itemLoanRepaid)
		}
	}
}

// rename takes a character name chosen on the first turn or after a
// bankruptcy, unless another player has it (3.2).
func (t *turn) rename(p *Player) {
	name := t.orders[p.Number].Name
	allowed := t.s.Turn == 1 || p.MayRename
	p.MayRename = false
	if name == "" || name == p.Name {
		return
	}
	if !allowed {
		t.note(p.Number, "You may choose a new name only on the first turn or after a bankruptcy (3.2).")
		return
	}
	for _, other := range t.s.Players {
		if other.Name == name {
			t.note(p.Number, "The name %q is taken; you remain %s (3.2).", name, p.Name)
			return
		}
	}
	t.news("name", "%s will now be known as %s.", p.Name, name)
	p.Name = name
}

// 2. Railroads borrow from or repay their Presidents (4.4, 10.2A).
func (t *turn) presidentLoans() {
	for _, rr := range t.railroadsInOrder() {
		pres := t.presidents[rr.Abbr]
		if pres == 0 {
			continue
		}
		p := t.s.Player(pres)
		amt := t.rrOrders(rr).PresidentLoan
		switch {
		case amt > 0:
			lend := min(amt, max(p.Cash, 0))
			if lend < amt {
				t.note(pres, "%s: your loan cut from $%d to $%d, the cash you have (4.4A).", rr.Abbr, amt, lend)
			}
			rr.PresDebt += lend
			t.s.transfer(playerAcct(pres), railroadAcct(rr.Abbr), lend, itemPresidentLoan)
		case amt < 0:
			repay := min(-amt, rr.PresDebt, max(t.startCash[rr.Abbr], 0))
			if repay < -amt {
				t.note(pres, "%s: repayment cut from $%d to $%d: no more than the debt or the railroad's starting cash (4.4B).", rr.Abbr, -amt, repay)
			}
			rr.PresDebt -= repay
			t.s.transfer(railroadAcct(rr.Abbr), playerAcct(pres), repay, itemPresidentLoan)
		}
	}
}

// 3. Railroads repay bank loans, then bonds (10.2B).
func (t *turn) repayDebt() {
	for _, rr := range t.railroadsInOrder() {
		amt := min(t.rrOrders(rr).RepayDebt, max(rr.Cash, 0))
		if amt <= 0 {
			continue
		}
		fromLoans := min(amt, rr.Loans)
		rr.Loans -= fromLoans
		fromBonds := min(amt-fromLoans, rr.Bonds)
		rr.Bonds -= fromBonds
		t.s.transfer(railroadAcct(rr.Abbr), bank, fromLoans+fromBonds, itemDebtRepaid)
	}
}

// 4. Railroads sell treasury stock to their Presidents at half the price
// (10.2C2).
func (t *turn) treasuryToPresident() {
	for _, rr := range t.railroadsInOrder() {
		pres := t.presidents[rr.Abbr]
		n := t.rrOrders(rr).TreasuryToPres
		if pres == 0 || n <= 0 {
			continue
		}
		p := t.s.Player(pres)
		each := int64(max(t.price[rr.Abbr]/2, 1))
		afford := int(max(p.Cash, 0) / each)
		got := min(n, rr.Treasury, afford)
		if got < n {
			t.note(pres, "%s: treasury purchase cut from %d to %d shares (treasury %d, cash for %d at $%d).", rr.Abbr, n, got, rr.Treasury, afford, each)
		}
		rr.Treasury -= got
		p.Shares[rr.Abbr] += got
		t.s.transfer(playerAcct(pres), railroadAcct(rr.Abbr), int64(got)*each, itemTreasuryToPres)
	}
}

// ownsPC reports the index of a PC in a player's holdings.
func ownsPC(p *Player, code string) int {
	for i, pc := range p.PCs {
		if pc.Code == code {
			return i
		}
	}
	return -1
}

// 5. Tycoons buy PCs and offer their own for sale (2.4, 10.1B). Bids are
// for PCs on offer at the start of the turn; a PC offered this turn is on
// offer from the next.
func (t *turn) privateCompanies() {
	t.awardPCs(t.pcBids())
	t.offerOwnPCs()
	sortOffers(t.s.Offers)
	t.personalNotes()
}

// placedBid is one tycoon's valid bid for a PC on offer, with the draw
// that breaks a tie.
type placedBid struct {
	player int
	amount int64
	draw   int
}

// pcBids are each tycoon's valid bids by PC: on offer, not their own, at
// least $1 a mile, at most two, and cut in reverse sequence to the cash
// (10.1B2-4).
func (t *turn) pcBids() map[string][]placedBid {
	s := t.s
	bids := map[string][]placedBid{}
	offered := map[string]PCOffer{}
	for _, o := range s.Offers {
		offered[o.Code] = o
	}
	for i := range s.Players {
		p := &s.Players[i]
		allowed := 2 - len(p.PCs)
		cash := max(p.Cash, 0)
		var mine []PCBid
		for _, b := range t.orders[p.Number].PCBids {
			o, ok := offered[b.Code]
			r, _ := t.m.Route(b.Code)
			switch {
			case !ok:
				t.note(p.Number, "Bid for %s ignored: it is not on offer this turn (10.1B2).", b.Code)
			case o.Seller == p.Number:
				t.note(p.Number, "Bid for %s ignored: it is your own.", b.Code)
			case b.Amount < int64(r.Miles):
				t.note(p.Number, "Bid for %s ignored: the least is $1 a mile, $%d (10.1B3).", b.Code, r.Miles)
			case len(mine) >= allowed:
				t.note(p.Number, "Bid for %s ignored: you may hold at most two PCs (10.1B).", b.Code)
			default:
				mine = append(mine, b)
			}
		}
		// Bids beyond the cash are cut in reverse sequence (10.1B4).
		total := int64(0)
		for _, b := range mine {
			total += b.Amount
		}
		for k := len(mine) - 1; k >= 0 && total > cash; k-- {
			cut := min(total-cash, mine[k].Amount)
			mine[k].Amount -= cut
			total -= cut
			t.note(p.Number, "Bid for %s cut by $%d to what you can pay (10.1B4).", mine[k].Code, cut)
		}
		for _, b := range mine {
			if b.Amount > 0 {
				bids[b.Code] = append(bids[b.Code], placedBid{player: p.Number, amount: b.Amount, draw: t.rng.IntN(1 << 30)})
			}
		}
	}
	return bids
}

// awardPCs sells each PC on offer to its best bid that can pay, or to the
// Public under $10 a mile (10.1B1c); the rest stay on offer.
func (t *turn) awardPCs(bids map[string][]placedBid) {
	s := t.s
	var remaining []PCOffer
	for _, o := range s.Offers {
		bs := bids[o.Code]
		sortStable(bs, func(a, b int) bool {
			if bs[a].amount != bs[b].amount {
				return bs[a].amount > bs[b].amount
			}
			return bs[a].draw < bs[b].draw
		})
		var winner *placedBid
		for k := range bs {
			if bs[k].amount >= o.Asking && s.Player(bs[k].player).Cash >= bs[k].amount && len(s.Player(bs[k].player).PCs) < 2 {
				winner = &bs[k]
				break
			}
		}
		r, _ := t.m.Route(o.Code)
		if winner == nil {
			// The Public buys a player's PC offered under $10 a mile (10.1B1c).
			if o.Seller != 0 && o.Asking < int64(r.Miles*10) {
				t.sellPC(o, 0, o.Asking)
				t.news("pc", "The public bought %s from %s for $%d.", o.Code, s.Player(o.Seller).Name, o.Asking)
				remaining = append(remaining, PCOffer{Code: o.Code, Asking: int64(r.Miles * PCPricePerMile)})
				continue
			}
			remaining = append(remaining, o)
			continue
		}
		t.sellPC(o, winner.player, winner.amount)
		t.news("pc", "%s bought %s for $%d.", s.Player(winner.player).Name, o.Code, winner.amount)
	}
	s.Offers = remaining
}

// offerOwnPCs puts up the PCs tycoons offer for sale this turn, at an
// asking price within the limits of 10.1B1; mergers and incorporations
// come in the construction phase (9).
func (t *turn) offerOwnPCs() {
	s := t.s
	for i := range s.Players {
		p := &s.Players[i]
		for _, a := range t.orders[p.Number].PCActions {
			if a.Action != SellPC {
				continue
			}
			k := ownsPC(p, a.Code)
			if k < 0 || t.sold[a.Code] {
				continue
			}
			r, _ := t.m.Route(a.Code)
			// A first asking price is at most 20% over what he paid, or $10 a
			// mile; a later one at most 20% over the last (10.1B1b, d).
			limit := max(p.PCs[k].Paid*12/10, int64(r.Miles*10))
			if p.PCs[k].Asking > 0 {
				limit = p.PCs[k].Asking * 12 / 10
			}
			price := a.Price
			switch {
			case price < int64(r.Miles):
				t.note(p.Number, "%s: asking price raised to $%d, $1 a mile (10.1B1a).", a.Code, r.Miles)
				price = int64(r.Miles)
			case price > limit:
				t.note(p.Number, "%s: asking price cut to $%d, 20%% over what you paid or $10 a mile (10.1B1b).", a.Code, limit)
				price = limit
			}
			p.PCs[k].Asking = price
			s.offerPC(PCOffer{Code: a.Code, Seller: p.Number, Asking: price})
		}
	}
}

// MessageLength is the longest player message (10.1G).
const MessageLength = 80

// personalNotes records the Pinkertons' targets for the report (10.1F) and
// each message, cut to 80 characters, for the GM to approve (10.1G).
func (t *turn) personalNotes() {
	s := t.s
	s.Pending = nil
	for i := range s.Players {
		p := &s.Players[i]
		o := t.orders[p.Number]
		p.SpyPlayer, p.SpyRailroad = 0, ""
		if s.Player(o.SpyPlayer) != nil && o.SpyPlayer != p.Number {
			p.SpyPlayer = o.SpyPlayer
		}
		if rr := s.Railroad(o.SpyRailroad); rr != nil {
			p.SpyRailroad = rr.Abbr
		}
		if msg := []rune(o.Message); len(msg) > 0 {
			if len(msg) > MessageLength {
				msg = msg[:MessageLength]
				t.note(p.Number, "Your message was cut to %d characters (10.1G).", MessageLength)
			}
			s.Pending = append(s.Pending, Message{From: p.Number, Text: string(msg)})
		}
	}
}

// sellPC moves a PC from its seller (0: the Bank) to a buyer (0: the
// public) for a price.
func (t *turn) sellPC(o PCOffer, buyer int, price int64) {
	s := t.s
	from := bank
	if o.Seller != 0 {
		from = playerAcct(o.Seller)
		sp := s.Player(o.Seller)
		if k := ownsPC(sp, o.Code); k >= 0 {
			sp.PCs = append(sp.PCs[:k], sp.PCs[k+1:]...)
		}
	}
	to := bank
	if buyer != 0 {
		to = playerAcct(buyer)
		bp := s.Player(buyer)
		bp.PCs = append(bp.PCs, OwnedPC{Code: o.Code, Paid: price})
	}
	s.transfer(to, from, price, itemPCs)
	t.sold[o.Code] = true
}

// withdrawOffer takes a PC off the market once it becomes a line.
func (s *State) withdrawOffer(code string) {
	for i := range s.Offers {
		if s.Offers[i].Code == code {
			s.Offers = append(s.Offers[:i], s.Offers[i+1:]...)
			return
		}
	}
}

// offerPC puts a PC on offer, replacing an earlier offer of it.
func (s *State) offerPC(o PCOffer) {
	for i := range s.Offers {
		if s.Offers[i].Code == o.Code {
			s.Offers[i] = o
			return
		}
	}
	s.Offers = append(s.Offers, o)
}
