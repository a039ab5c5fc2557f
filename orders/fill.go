package orders

import (
	"fmt"
	"strconv"
	"strings"

	cr "github.com/railpost/railpost/games/contrails"
)

// FillContinentalRails writes orders into a blank turnsheet, as a player
// filling it in would. An order with no field on the sheet is an error:
// the sheet was not made for these orders.
func FillContinentalRails(sheet string, o cr.Orders) (string, error) {
	values := map[string]string{}
	fillPlayer(values, o)
	for abbr, r := range o.Railroads {
		fillRailroad(values, abbr, r)
	}
	return writeFields(sheet, values)
}

// fillPlayer sets the turnsheet's fields of the tycoon's own orders, by
// label.
func fillPlayer(values map[string]string, o cr.Orders) {
	set := func(field, value string) { values[field] = value }
	if o.Borrow > 0 {
		set("BORROW", fmt.Sprint(o.Borrow))
	} else if o.Borrow < 0 {
		set("REPAY", fmt.Sprint(-o.Borrow))
	}
	for _, a := range o.PCActions {
		switch a.Action {
		case cr.SellPC:
			set("PC "+a.Code, fmt.Sprintf("SELL %d", a.Price))
		case cr.MergePC:
			set("PC "+a.Code, "MERGE "+a.Into)
		case cr.IncorporatePC:
			set("PC "+a.Code, "INCORPORATE")
		}
	}
	for i, b := range o.PCBids {
		set("BID "+strconv.Itoa(i+1), fmt.Sprintf("%s %d", b.Code, b.Amount))
	}
	for i, s := range o.Stock {
		set("TRADE "+strconv.Itoa(i+1), fmt.Sprintf("%s %d %s", strings.ToUpper(string(s.Kind)), s.Shares, s.Railroad))
	}
	for k, c := range o.Control {
		if c != "" {
			set("RR"+strconv.Itoa(k+1), c)
		}
	}
	if len(o.Resign) > 0 {
		set("RESIGN", strings.Join(o.Resign, " "))
	}
	if o.Merge != nil {
		set("MERGE", o.Merge.From+" INTO "+o.Merge.Into)
	}
	if o.SpyPlayer != 0 {
		set("SPY PLAYER", fmt.Sprint(o.SpyPlayer))
	}
	if o.SpyRailroad != "" {
		set("SPY RAILROAD", o.SpyRailroad)
	}
	if o.Message != "" {
		set("MESSAGE", o.Message)
	}
	if o.Prodigal != 0 {
		set("PRODIGAL", fmt.Sprint(o.Prodigal))
	}
	if o.Name != "" {
		set("NAME", o.Name)
	}
}

// fillRailroad sets the fields of one railroad's orders, labelled with
// its letters.
func fillRailroad(values map[string]string, abbr string, r cr.RailroadOrders) {
	f := func(field, value string) { values[abbr+" "+field] = value }
	if r.PresidentLoan > 0 {
		f("PRESIDENT LOAN", fmt.Sprint(r.PresidentLoan))
	} else if r.PresidentLoan < 0 {
		f("REPAY PRESIDENT", fmt.Sprint(-r.PresidentLoan))
	}
	if r.RepayDebt != 0 {
		f("REPAY DEBT", fmt.Sprint(r.RepayDebt))
	}
	if r.TreasuryToPres != 0 {
		f("TREASURY TO PRESIDENT", fmt.Sprint(r.TreasuryToPres))
	}
	if r.TreasuryToMarket != 0 {
		f("TREASURY TO MARKET", fmt.Sprint(r.TreasuryToMarket))
	}
	if r.Repairs != 0 {
		f("REPAIRS", fmt.Sprint(r.Repairs))
	}
	if r.Locomotive != 0 {
		f("LOCOMOTIVE", fmt.Sprint(r.Locomotive))
	}
	switch {
	case r.TechChoice != "":
		f("TECHNOLOGY", r.TechChoice)
	case r.Technology:
		f("TECHNOLOGY", "X")
	}
	if r.Build != 0 {
		f("BUILD", fmt.Sprint(r.Build))
	}
	if r.Abandon {
		f("ABANDON", "X")
	}
	if r.DoubleTrack != "" {
		f("DOUBLE TRACK", r.DoubleTrack)
	}
	if r.Political != 0 {
		f("POLITICAL", fmt.Sprint(r.Political))
	}
	for i, b := range r.Bids {
		f("ROW BID "+strconv.Itoa(i+1), b)
	}
	if r.RateWar != "" {
		f("RATE WAR", fmt.Sprintf("%s %d", r.RateWar, r.RateWarPct))
	}
	if r.Dividend != nil {
		f("DIVIDEND", fmt.Sprint(*r.Dividend))
	}
}

// writeFields writes each value into the empty field of its label; a
// value whose field the sheet lacks is an error.
func writeFields(sheet string, values map[string]string) (string, error) {
	lines := strings.Split(sheet, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		label, rest, ok := strings.Cut(l, ":")
		if !ok || strings.TrimSpace(rest) != "" {
			continue
		}
		key := strings.ToUpper(strings.TrimSpace(label))
		if v, ok := values[key]; ok {
			lines[i] = label + ": " + v
			delete(values, key)
		}
	}
	if len(values) > 0 {
		var missing []string
		for k := range values {
			missing = append(missing, k)
		}
		return "", fmt.Errorf("the turnsheet has no field for %s", strings.Join(missing, ", "))
	}
	return strings.Join(lines, "\n"), nil
}
