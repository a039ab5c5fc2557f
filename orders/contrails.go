package orders

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	cr "github.com/railpost/railpost/games/contrails"
)

// ContinentalRails reads Continental Rails II orders (rule 10), in either
// form: the turnsheet's "FIELD: value" lines, or the short syntax, one
// order a line (docs/orders.md). Both become the engine's Orders.
type ContinentalRails struct {
	Map *cr.Map
}

// crOrder is one order the parser understood, kept for the echo.
type crOrder struct {
	line  int
	canon string
}

// crParse is the state of one parse.
type crParse struct {
	m      *cr.Map
	s      *cr.State
	me     *cr.Player
	o      cr.Orders
	echo   []crOrder
	errors []Problem
	chat   []Problem
	clear  bool
	trades int
	bids   int
}

// Parse implements Grammar.
func (g ContinentalRails) Parse(state []byte, position int, body []Line) Parsed {
	var s cr.State
	if err := json.Unmarshal(state, &s); err != nil {
		return Parsed{Fatal: true, Errors: []Problem{{Msg: "the game state could not be read; the game master has been told"}}}
	}
	p := &crParse{m: g.Map, s: &s, me: s.Player(position), o: cr.Orders{Railroads: map[string]cr.RailroadOrders{}}}
	if p.me == nil {
		return Parsed{Fatal: true, Errors: []Problem{{Msg: fmt.Sprintf("position %d is not in this game", position)}}}
	}
	for _, l := range body {
		p.line(l)
	}
	if len(p.o.Railroads) == 0 {
		p.o.Railroads = nil
	}
	out := Parsed{Errors: p.errors, Ignored: p.chat}
	if p.clear {
		out.Orders, _ = json.Marshal(cr.Orders{})
		out.Echo = []string{"CLEAR: your orders for this turn are withdrawn; you stand on the rules' defaults"}
		return out
	}
	b, err := json.Marshal(p.o)
	if err != nil {
		return Parsed{Fatal: true, Errors: []Problem{{Msg: "internal error: " + err.Error()}}}
	}
	out.Orders = b
	// The engine's own order checking, as far as it can run at receipt.
	out.Notes = cr.Check(p.m, p.s, position, p.o)
	for _, e := range p.echo {
		out.Echo = append(out.Echo, e.canon)
	}
	if len(out.Echo) == 0 {
		out.Echo = []string{"(no orders: every field blank, so the rules' defaults apply)"}
	}
	// Chatter alone must not replace orders sent earlier with defaults.
	if len(p.echo) == 0 && len(p.errors)+len(p.chat) > 0 {
		out.Fatal = true
	}
	return out
}

// sheetLabel matches "LABEL: value" on a turnsheet line.
var sheetLabel = regexp.MustCompile(`^\s*([A-Za-z0-9&][A-Za-z0-9& ]*?)\s*:\s*(.*?)\s*$`)

// translate turns a turnsheet field into a short-syntax order. blank
// means the field is empty (the rule's default); field means the line was
// a turnsheet field, so whatever it holds was meant as an order.
func (p *crParse) translate(text string) (order string, blank, field bool) {
	order, blank = p.fieldOrder(text)
	return order, blank, order != text
}

func (p *crParse) fieldOrder(text string) (string, bool) {
	m := sheetLabel.FindStringSubmatch(text)
	if m == nil {
		return text, false
	}
	label := strings.ToUpper(strings.Join(strings.Fields(m[1]), " "))
	value := strings.TrimSpace(m[2])
	words := strings.Fields(label)
	switch {
	case label == "BORROW" || label == "REPAY" || label == "PRODIGAL" || label == "MERGE" || label == "MESSAGE" ||
		label == "RESIGN" || label == "RR1" || label == "RR2" || label == "NAME":
		return label + " " + value, value == ""
	case label == "SPY PLAYER" || label == "SPY RAILROAD":
		return label + " " + value, value == ""
	case len(words) == 2 && words[0] == "TRADE":
		return value, value == ""
	case len(words) == 2 && words[0] == "BID":
		return "BID PC " + value, value == ""
	case len(words) == 2 && words[0] == "PC":
		return pcSheetField(words[1], value), value == ""
	case len(words) >= 2 && p.railroad(words[0]) != nil:
		// On the sheet a blank field is the default, even a check box.
		return "RR " + label + " " + value, value == ""
	}
	return text, false
}

func pcSheetField(code, value string) string {
	f := strings.Fields(strings.ToUpper(value))
	if len(f) == 0 {
		return ""
	}
	switch f[0] {
	case "SELL":
		return "SELL PC " + code + " " + strings.Join(f[1:], " ")
	case "MERGE":
		rest := f[1:]
		if len(rest) > 0 && rest[0] == "INTO" {
			rest = rest[1:]
		}
		return "MERGE PC " + code + " INTO " + strings.Join(rest, " ")
	case "INCORPORATE":
		return "INCORPORATE " + code
	}
	return "PC " + code + " " + value
}

func (p *crParse) fail(l Line, msg, example string) {
	if example != "" {
		msg += "; for example: " + example
	}
	p.errors = append(p.errors, Problem{Line: l.N, Text: l.Text, Msg: msg})
}

func (p *crParse) ok(l Line, canon string) {
	p.echo = append(p.echo, crOrder{line: l.N, canon: canon})
}

// line reads one line of the player's text.
func (p *crParse) line(l Line) {
	text := strings.TrimSpace(l.Text)
	if i := commentStart(text); i >= 0 && !strings.HasPrefix(strings.ToUpper(text), "MESSAGE") {
		text = strings.TrimSpace(text[:i])
	}
	if text == "" || strings.HasPrefix(text, "==") || strings.EqualFold(text, "END") {
		return
	}
	order, blank, field := p.translate(text)
	if blank {
		return
	}
	f := strings.Fields(order)
	if len(f) == 0 {
		return
	}
	verb := strings.ToUpper(f[0])
	args := f[1:]
	up := func(i int) string {
		if i < len(args) {
			return strings.ToUpper(args[i])
		}
		return ""
	}
	switch verb {
	case "CLEAR":
		p.clear = true
		p.ok(l, "CLEAR")
	case "BORROW", "REPAY", "LOAN":
		p.borrow(l, verb, args)
	case "PRODIGAL":
		p.prodigal(l, args)
	case "BUY", "SELL", "SHORT":
		if up(0) == "PC" {
			p.pcSell(l, args[1:])
			return
		}
		p.trade(l, verb, args)
	case "BID":
		if up(0) == "PC" {
			args = args[1:]
		}
		p.pcBid(l, args)
	case "MERGE":
		if up(0) == "PC" {
			p.pcMerge(l, args[1:])
			return
		}
		p.mergeRailroads(l, args)
	case "INCORPORATE":
		p.pcAction(l, args, cr.IncorporatePC, 0, "")
	case "RR1", "RR2", "CONTROL":
		p.control(l, verb, args)
	case "RESIGN":
		p.resign(l, args)
	case "SPY":
		p.spy(l, args)
	case "MESSAGE":
		p.message(l, strings.TrimLeft(strings.TrimSpace(order[len(f[0]):]), ": "))
	case "NAME":
		name := strings.TrimSpace(strings.Join(args, " "))
		p.o.Name = name
		p.ok(l, "NAME "+name)
	case "RR":
		p.railroadOrder(l, args)
	default:
		if rr := p.railroad(f[0]); rr != nil {
			p.railroadOrder(l, f)
			return
		}
		if near := nearVerb(verb); field || near != "" {
			msg := fmt.Sprintf("%q is not an order word", f[0])
			if near != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", near)
			}
			p.fail(l, msg, "BUY 100 NYC, SELL 20 B&O or BORROW 1,000 (docs/orders.md lists every order)")
			return
		}
		p.chat = append(p.chat, Problem{Line: l.N, Text: l.Text, Msg: "not an order; orders read like BUY 100 NYC, or a filled field such as BORROW: 1,000"})
	}
}

// borrow reads BORROW or REPAY: the tycoon's own loan from the Bank.
func (p *crParse) borrow(l Line, verb string, args []string) {
	v, err := Money(strings.Join(args, ""))
	if err != nil || v < 0 {
		p.fail(l, verb+" takes an amount of money", verb+" 1,000")
		return
	}
	if verb == "REPAY" {
		v = -v
	}
	p.o.Borrow = v
	if v >= 0 {
		p.ok(l, fmt.Sprintf("BORROW %d", v))
	} else {
		p.ok(l, fmt.Sprintf("REPAY %d", -v))
	}
}

// prodigal reads PRODIGAL: spending for the Prodigal category (1.2).
func (p *crParse) prodigal(l Line, args []string) {
	v, err := Money(strings.Join(args, ""))
	if err != nil || v < 0 {
		p.fail(l, "PRODIGAL takes an amount of at least $1,000", "PRODIGAL 2,000")
		return
	}
	if v > 0 && v < 1000 {
		p.fail(l, "Prodigal spending must be at least $1,000 (1.2)", "PRODIGAL 1,000")
		return
	}
	p.o.Prodigal = v
	p.ok(l, fmt.Sprintf("PRODIGAL %d", v))
}

// message reads MESSAGE, which must fit the headlines (10.1G).
func (p *crParse) message(l Line, msg string) {
	if r := []rune(msg); len(r) > cr.MessageLength {
		p.fail(l, fmt.Sprintf("a message is at most %d characters; this one has %d and would be cut (10.1G)", cr.MessageLength, len(r)), "MESSAGE "+shorten(r, cr.MessageLength))
		return
	}
	p.o.Message = msg
	p.ok(l, "MESSAGE "+msg)
}

// railroad finds a railroad by abbreviation or number (10); "#3" is 3.
func (p *crParse) railroad(key string) *cr.Railroad {
	return p.s.Railroad(strings.ToUpper(strings.TrimPrefix(strings.Trim(key, ",.;"), "#")))
}

// commentStart is where a comment begins on a line: at its first
// character, or later at a "#" that is not a railroad number such as "#3";
// -1 for none.
func commentStart(text string) int {
	for i := 0; i < len(text); i++ {
		if text[i] == '#' && (i == 0 || i+1 == len(text) || text[i+1] < '0' || text[i+1] > '9') {
			return i
		}
	}
	return -1
}

// orderWords are the words an order line starts with.
var orderWords = []string{"BORROW", "REPAY", "LOAN", "PRODIGAL", "BUY", "SELL", "SHORT", "BID", "MERGE", "INCORPORATE",
	"RR1", "RR2", "CONTROL", "RESIGN", "SPY", "MESSAGE", "NAME", "RR", "CLEAR"}

// nearVerb is the order word a mistyped first word was probably meant to
// be: one letter wrong, missing, extra or two swapped. Short words are
// left alone, since "BY" or "RE" in a sentence are not typos of orders.
func nearVerb(w string) string {
	w = strings.ToUpper(w)
	if len(w) < 3 {
		return ""
	}
	for _, v := range orderWords {
		if len(v) >= 3 && editDistance(w, v) == 1 {
			return v
		}
	}
	return ""
}

// editDistance is the optimal string alignment distance: insertions,
// deletions, substitutions and swaps of neighbours each count one.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func (p *crParse) trade(l Line, verb string, args []string) {
	if len(args) != 2 {
		p.fail(l, verb+" takes a number of shares and a railroad", verb+" 100 NYC")
		return
	}
	n, err := strconv.Atoi(strings.ReplaceAll(args[0], ",", ""))
	rrKey := args[1]
	if err != nil { // "BUY NYC 100" is forgiven
		n, err = strconv.Atoi(strings.ReplaceAll(args[1], ",", ""))
		rrKey = args[0]
	}
	rr := p.railroad(rrKey)
	switch {
	case err != nil || n <= 0:
		example := p.someRailroad()
		if rr != nil {
			example = rr.Abbr
		}
		p.fail(l, "the number of shares must be a whole number above zero", verb+" 100 "+example)
		return
	case rr == nil:
		p.fail(l, fmt.Sprintf("there is no railroad %q", rrKey), verb+" "+strconv.Itoa(n)+" "+p.someRailroad())
		return
	}
	if p.trades >= cr.MaxTransactions {
		p.fail(l, "at most six stock transactions a turn (6.1A)", "")
		return
	}
	for _, s := range p.o.Stock {
		if s.Railroad == rr.Abbr {
			p.fail(l, "one transaction a railroad a turn: you cannot both buy and sell, or trade twice (6.1A)", "")
			return
		}
	}
	kind := cr.Buy
	if verb != "BUY" {
		kind = cr.Sell
	}
	if kind == cr.Buy {
		if max := cr.MaxBids(len(p.s.Railroads)); p.bids >= max {
			p.fail(l, fmt.Sprintf("at most %d bids a turn with %d railroads (6.1A)", max, len(p.s.Railroads)), "")
			return
		}
		p.bids++
	}
	p.trades++
	p.o.Stock = append(p.o.Stock, cr.StockOrder{Railroad: rr.Abbr, Kind: kind, Shares: n})
	p.ok(l, fmt.Sprintf("%s %d %s", strings.ToUpper(string(kind)), n, rr.Abbr))
}

func (p *crParse) someRailroad() string {
	if len(p.s.Railroads) > 0 {
		return p.s.Railroads[0].Abbr
	}
	return "NYC"
}

func (p *crParse) pcBid(l Line, args []string) {
	if len(args) != 2 {
		p.fail(l, "BID PC takes a PC and an amount", "BID PC RF&P 1,200")
		return
	}
	code := strings.ToUpper(args[0])
	amount, err := Money(args[1])
	if err != nil { // "BID PC 1200 RF&P" is forgiven
		code = strings.ToUpper(args[1])
		amount, err = Money(args[0])
	}
	if err != nil || amount <= 0 {
		p.fail(l, "the bid must be an amount of money", "BID PC "+code+" 1,200")
		return
	}
	offered := false
	for _, o := range p.s.Offers {
		if o.Code == code {
			offered = true
		}
	}
	if !offered {
		p.fail(l, code+" is not on offer this turn; only the PCs listed on the turnsheet may be bid for (10.1B2)", "")
		return
	}
	if len(p.o.PCBids) >= 2-len(p.me.PCs) {
		p.fail(l, fmt.Sprintf("you own %d PCs and may hold at most two (10.1B1)", len(p.me.PCs)), "")
		return
	}
	p.o.PCBids = append(p.o.PCBids, cr.PCBid{Code: code, Amount: amount})
	p.ok(l, fmt.Sprintf("BID PC %s %d", code, amount))
}

func (p *crParse) ownedPC(l Line, code string) bool {
	for _, pc := range p.me.PCs {
		if pc.Code == code {
			for _, a := range p.o.PCActions {
				if a.Code == code {
					p.fail(l, "one action a PC a turn (10.1B)", "")
					return false
				}
			}
			return true
		}
	}
	p.fail(l, "you do not own the PC "+code, "")
	return false
}

func (p *crParse) pcAction(l Line, args []string, kind cr.PCActionKind, price int64, into string) {
	if len(args) < 1 {
		p.fail(l, "name the PC", "INCORPORATE NYNH")
		return
	}
	code := strings.ToUpper(args[0])
	if !p.ownedPC(l, code) {
		return
	}
	p.o.PCActions = append(p.o.PCActions, cr.PCAction{Code: code, Action: kind, Price: price, Into: into})
	switch kind {
	case cr.IncorporatePC:
		p.ok(l, "INCORPORATE "+code)
	case cr.SellPC:
		p.ok(l, fmt.Sprintf("SELL PC %s %d", code, price))
	case cr.MergePC:
		p.ok(l, fmt.Sprintf("MERGE PC %s INTO %s", code, into))
	}
}

func (p *crParse) pcSell(l Line, args []string) {
	if len(args) != 2 {
		p.fail(l, "SELL PC takes a PC and an asking price", "SELL PC NYNH 600")
		return
	}
	price, err := Money(args[1])
	if err != nil || price <= 0 {
		p.fail(l, "the asking price must be an amount of money", "SELL PC "+strings.ToUpper(args[0])+" 600")
		return
	}
	p.pcAction(l, args[:1], cr.SellPC, price, "")
}

func (p *crParse) pcMerge(l Line, args []string) {
	if len(args) >= 2 && strings.EqualFold(args[1], "INTO") {
		args = append(args[:1], args[2:]...)
	}
	if len(args) != 2 {
		p.fail(l, "MERGE PC takes a PC and a railroad", "MERGE PC NYNH INTO NYC")
		return
	}
	rr := p.railroad(args[1])
	if rr == nil {
		p.fail(l, fmt.Sprintf("there is no railroad %q", args[1]), "MERGE PC "+strings.ToUpper(args[0])+" INTO "+p.someRailroad())
		return
	}
	p.pcAction(l, args[:1], cr.MergePC, 0, rr.Abbr)
}

func (p *crParse) mergeRailroads(l Line, args []string) {
	if len(args) >= 2 && strings.EqualFold(args[1], "INTO") {
		args = append(args[:1], args[2:]...)
	}
	if len(args) != 2 {
		p.fail(l, "MERGE takes the railroad that merges and the one it merges into", "MERGE ERIE INTO NYC")
		return
	}
	from, into := p.railroad(args[0]), p.railroad(args[1])
	if from == nil || into == nil {
		p.fail(l, "both must be railroads", "MERGE ERIE INTO NYC")
		return
	}
	if from.President != p.me.Number || into.President != p.me.Number {
		p.fail(l, "you must be President of both railroads (10.1E1)", "")
		return
	}
	p.o.Merge = &cr.MergeOrder{From: from.Abbr, Into: into.Abbr}
	p.ok(l, fmt.Sprintf("MERGE %s INTO %s", from.Abbr, into.Abbr))
}

func (p *crParse) control(l Line, verb string, args []string) {
	slot := 0
	if verb == "RR2" {
		slot = 1
	}
	if verb == "CONTROL" {
		// CONTROL NYC [SLOT 2] or CONTROL 2 NYC
		if len(args) >= 3 && strings.EqualFold(args[1], "SLOT") {
			args = []string{args[2], args[0]}
		}
		if len(args) == 2 {
			if n, err := strconv.Atoi(args[0]); err == nil && (n == 1 || n == 2) && p.railroad(args[1]) != nil {
				slot, args = n-1, args[1:]
			} else if n, err := strconv.Atoi(args[1]); err == nil && (n == 1 || n == 2) {
				slot, args = n-1, args[:1]
			}
		}
	}
	if len(args) != 1 {
		p.fail(l, "name one railroad for the slot", "RR1 NYC")
		return
	}
	key := strings.ToUpper(args[0])
	rr := p.railroad(key)
	if rr == nil {
		// A PC incorporated this turn may be named (10.1D2).
		if !p.incorporating(key) {
			p.fail(l, fmt.Sprintf("there is no railroad %q, nor a PC you incorporate this turn", args[0]), "RR1 NYC")
			return
		}
	} else {
		key = rr.Abbr
	}
	p.o.Control[slot] = key
	p.ok(l, fmt.Sprintf("RR%d %s", slot+1, key))
}

func (p *crParse) incorporating(code string) bool {
	for _, a := range p.o.PCActions {
		if a.Code == code && a.Action == cr.IncorporatePC {
			return true
		}
	}
	for _, pc := range p.me.PCs {
		if pc.Code == code {
			return true // the INCORPORATE line may come later
		}
	}
	return false
}

func (p *crParse) resign(l Line, args []string) {
	if len(args) == 0 {
		p.fail(l, "name the railroad you resign from", "RESIGN NYC")
		return
	}
	for _, a := range args {
		rr := p.railroad(a)
		if rr == nil {
			p.fail(l, fmt.Sprintf("there is no railroad %q", a), "RESIGN NYC")
			return
		}
		p.o.Resign = append(p.o.Resign, rr.Abbr)
		p.ok(l, "RESIGN "+rr.Abbr)
	}
}

func (p *crParse) spy(l Line, args []string) {
	if len(args) < 2 {
		p.fail(l, "SPY PLAYER takes a position number, SPY RAILROAD a railroad", "SPY PLAYER 7")
		return
	}
	switch strings.ToUpper(args[0]) {
	case "PLAYER":
		n, err := strconv.Atoi(args[1])
		if err != nil || p.s.Player(n) == nil || n == p.me.Number {
			p.fail(l, "spy on another player by his position number, 1 to 15 (3.1)", "SPY PLAYER 7")
			return
		}
		p.o.SpyPlayer = n
		p.ok(l, fmt.Sprintf("SPY PLAYER %d", n))
	case "RAILROAD", "RR":
		rr := p.railroad(args[1])
		if rr == nil {
			p.fail(l, fmt.Sprintf("there is no railroad %q", args[1]), "SPY RAILROAD "+p.someRailroad())
			return
		}
		p.o.SpyRailroad = rr.Abbr
		p.ok(l, "SPY RAILROAD "+rr.Abbr)
	default:
		p.fail(l, "SPY PLAYER or SPY RAILROAD", "SPY PLAYER 7")
	}
}

// railroadOrder reads "RR <railroad> <field> <value>" (10.2).
func (p *crParse) railroadOrder(l Line, args []string) {
	if len(args) < 2 {
		p.fail(l, "RR takes a railroad, an order and a value", "RR NYC DIVIDEND 4")
		return
	}
	rr := p.railroad(args[0])
	if rr == nil {
		p.fail(l, fmt.Sprintf("there is no railroad %q", args[0]), "RR "+p.someRailroad()+" DIVIDEND 4")
		return
	}
	if rr.President != p.me.Number {
		p.fail(l, fmt.Sprintf("you are not President of %s, so you cannot give its orders (10.2)", rr.Abbr), "")
		return
	}
	o := p.o.Railroads[rr.Abbr]
	field, rest := railroadField(args[1:])
	value := strings.Join(rest, " ")
	var canon string
	var ok bool
	if nf, numeric := numericFields[field]; numeric {
		canon, ok = p.numericOrder(l, rr, field, value, nf, &o)
	} else {
		canon, ok = p.otherOrder(l, rr, field, value, strings.Join(args[1:], " "), &o)
	}
	if !ok {
		return
	}
	p.o.Railroads[rr.Abbr] = o
	p.ok(l, "RR "+rr.Abbr+" "+canon)
}

// numericField is a railroad order that takes one number: an amount of
// money, or a whole number from lo to hi; label is how the order is
// echoed, set where it goes.
type numericField struct {
	money  bool
	lo, hi int
	label  string
	set    func(o *cr.RailroadOrders, v int64)
}

// numericFields are the railroad orders that take a number (10.2).
var numericFields = map[string]numericField{
	"PRESIDENT LOAN":        {money: true, label: "LOAN", set: func(o *cr.RailroadOrders, v int64) { o.PresidentLoan = v }},
	"LOAN":                  {money: true, label: "LOAN", set: func(o *cr.RailroadOrders, v int64) { o.PresidentLoan = v }},
	"REPAY PRESIDENT":       {money: true, label: "REPAY PRESIDENT", set: func(o *cr.RailroadOrders, v int64) { o.PresidentLoan = -v }},
	"REPAY DEBT":            {money: true, label: "REPAY DEBT", set: func(o *cr.RailroadOrders, v int64) { o.RepayDebt = v }},
	"POLITICAL":             {money: true, label: "POLITICAL", set: func(o *cr.RailroadOrders, v int64) { o.Political = v }},
	"TREASURY TO PRESIDENT": {lo: 0, hi: 1 << 30, label: "TREASURY TO PRESIDENT", set: func(o *cr.RailroadOrders, v int64) { o.TreasuryToPres = int(v) }},
	"TREASURY TO MARKET":    {lo: 0, hi: 1 << 30, label: "TREASURY TO MARKET", set: func(o *cr.RailroadOrders, v int64) { o.TreasuryToMarket = int(v) }},
	"REPAIRS":               {lo: 0, hi: 50, label: "REPAIRS", set: func(o *cr.RailroadOrders, v int64) { o.Repairs = int(v) }},
	"LOCOMOTIVE":            {lo: 1, hi: 9, label: "LOCOMOTIVE", set: func(o *cr.RailroadOrders, v int64) { o.Locomotive = int(v) }},
	"BUILD":                 {lo: 1, hi: 10000, label: "BUILD", set: func(o *cr.RailroadOrders, v int64) { o.Build = int(v) }},
	"DIVIDEND": {lo: 0, hi: 99, label: "DIVIDEND", set: func(o *cr.RailroadOrders, v int64) {
		d := int(v)
		o.Dividend = &d
	}},
}

// numericOrder reads the number of a railroad order that takes one.
func (p *crParse) numericOrder(l Line, rr *cr.Railroad, field, value string, nf numericField, o *cr.RailroadOrders) (string, bool) {
	var v int64
	if nf.money {
		m, err := Money(strings.ReplaceAll(value, " ", ""))
		if err != nil || m < 0 {
			p.fail(l, field+" takes an amount of money", fmt.Sprintf("RR %s %s 500", rr.Abbr, field))
			return "", false
		}
		v = m
	} else {
		w, err := strconv.Atoi(strings.TrimPrefix(strings.ReplaceAll(value, ",", ""), "$"))
		if err != nil || w < nf.lo || w > nf.hi {
			p.fail(l, fmt.Sprintf("%s takes a whole number from %d to %d", field, nf.lo, nf.hi), fmt.Sprintf("RR %s %s %d", rr.Abbr, field, nf.lo+(nf.hi-nf.lo)/10))
			return "", false
		}
		v = int64(w)
	}
	nf.set(o, v)
	return fmt.Sprintf("%s %d", nf.label, v), true
}

// otherOrder reads the railroad orders that take no number: a yes, a
// line, RoWs or a rate war; written is the order as the player wrote it.
func (p *crParse) otherOrder(l Line, rr *cr.Railroad, field, value, written string, o *cr.RailroadOrders) (string, bool) {
	switch field {
	case "TECHNOLOGY", "TECH":
		// X buys the first technology on offer; a letter A to J names one
		// (4.18; ruling CR25). Whether it is on offer is the turn's to say.
		v := strings.ToUpper(strings.TrimSpace(value))
		if len(v) == 1 && strings.Contains(cr.TechnologyLetters, v) {
			o.Technology, o.TechChoice = true, v
			return "TECHNOLOGY " + v, true
		}
		if !yes(value) {
			p.fail(l, "TECHNOLOGY takes X (the first on offer) or a technology's letter, A to J", fmt.Sprintf("RR %s TECHNOLOGY X", rr.Abbr))
			return "", false
		}
		o.Technology, o.TechChoice = true, ""
		return "TECHNOLOGY", true
	case "ABANDON":
		o.Abandon = yes(value)
		return "ABANDON", o.Abandon
	case "DOUBLE TRACK", "DOUBLE":
		code := strings.ToUpper(value)
		if !contains(rr.Lines, code) {
			p.fail(l, fmt.Sprintf("%s is not a line of %s", code, rr.Abbr), fmt.Sprintf("RR %s DOUBLE TRACK %s", rr.Abbr, rr.Lines[0]))
			return "", false
		}
		o.DoubleTrack = code
		return "DOUBLE TRACK " + code, true
	case "ROW BID 1", "ROW BID 2", "BID", "ROW BID", "ROW":
		return p.rowBids(l, rr, field, value, o)
	case "RATE WAR":
		f := strings.Fields(value)
		if len(f) != 2 {
			p.fail(l, "RATE WAR takes a railroad and a percentage", fmt.Sprintf("RR %s RATE WAR READ 25", rr.Abbr))
			return "", false
		}
		enemy := p.railroad(f[0])
		pct, err := strconv.Atoi(strings.TrimSuffix(f[1], "%"))
		if enemy == nil || err != nil || pct < 1 || pct > 90 {
			p.fail(l, "RATE WAR takes a railroad and a percentage from 1 to 90", fmt.Sprintf("RR %s RATE WAR READ 25", rr.Abbr))
			return "", false
		}
		o.RateWar, o.RateWarPct = enemy.Abbr, pct
		return fmt.Sprintf("RATE WAR %s %d", enemy.Abbr, pct), true
	}
	p.fail(l, fmt.Sprintf("%q is not a railroad order", written), fmt.Sprintf("RR %s DIVIDEND 4", rr.Abbr))
	return "", false
}

// rowBids reads the Rights-of-Way a railroad bids for: one, or one and an
// alternate, all at once or one by one (4.7F).
func (p *crParse) rowBids(l Line, rr *cr.Railroad, field, value string, o *cr.RailroadOrders) (string, bool) {
	codes := strings.Fields(strings.ToUpper(strings.ReplaceAll(value, ",", " ")))
	if len(codes) == 0 || len(codes) > 2 {
		p.fail(l, "name one RoW, or a RoW and an alternate (4.7F)", fmt.Sprintf("RR %s BID NY3 NY4", rr.Abbr))
		return "", false
	}
	for _, c := range codes {
		if r, ok := p.m.Route(c); !ok || r.Kind != cr.RoW {
			p.fail(l, c+" is not a Right-of-Way (2.3)", fmt.Sprintf("RR %s BID NY3", rr.Abbr))
			return "", false
		}
	}
	switch field {
	case "ROW BID 1":
		o.Bids = append(codes[:1], tail(o.Bids)...)
		return "ROW BID 1 " + codes[0], true
	case "ROW BID 2":
		if len(o.Bids) == 0 {
			o.Bids = []string{codes[0]}
		} else {
			o.Bids = []string{o.Bids[0], codes[0]}
		}
		return "ROW BID 2 " + codes[0], true
	}
	o.Bids = codes
	return "BID " + strings.Join(o.Bids, " "), true
}

// shorten cuts r to at most n runes, at a space where there is one.
func shorten(r []rune, n int) string {
	if len(r) <= n {
		return string(r)
	}
	cut := string(r[:n])
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return cut
}

func tail(ss []string) []string {
	if len(ss) > 1 {
		return ss[1:]
	}
	return nil
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// railroadFields are the orders of 10.2, longest first so that "REPAY DEBT"
// is not read as "REPAY".
var railroadFields = []string{
	"TREASURY TO PRESIDENT", "TREASURY TO MARKET", "REPAY PRESIDENT", "PRESIDENT LOAN", "REPAY DEBT",
	"DOUBLE TRACK", "ROW BID 1", "ROW BID 2", "RATE WAR", "ROW BID",
	"REPAIRS", "LOCOMOTIVE", "TECHNOLOGY", "BUILD", "ABANDON", "DOUBLE", "POLITICAL", "BID", "ROW", "DIVIDEND", "LOAN",
}

func railroadField(words []string) (string, []string) {
	up := strings.ToUpper(strings.Join(words, " "))
	for _, f := range railroadFields {
		if up == f || strings.HasPrefix(up, f+" ") {
			n := len(strings.Fields(f))
			return f, words[n:]
		}
	}
	if len(words) == 0 {
		return "", nil
	}
	return strings.ToUpper(words[0]), words[1:]
}

// yes reads a check mark: X, YES, Y, a tick, or nothing at all after a
// short-syntax flag.
func yes(v string) bool {
	switch strings.ToUpper(strings.TrimSpace(v)) {
	case "", "X", "YES", "Y", "✓", "✔", "1", "TRUE":
		return true
	}
	return false
}

// Money reads an amount as players write it: $1,000, 1000, 1k, 1.5k.
func Money(s string) (int64, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "$")
	s = strings.ReplaceAll(s, ",", "")
	s = strings.ReplaceAll(s, "_", "")
	mult := 1.0
	switch {
	case strings.HasSuffix(s, "k"):
		mult, s = 1000, strings.TrimSuffix(s, "k")
	case strings.HasSuffix(s, "m"):
		mult, s = 1_000_000, strings.TrimSuffix(s, "m")
	}
	if s == "" {
		return 0, fmt.Errorf("no amount")
	}
	if mult == 1 {
		return strconv.ParseInt(s, 10, 64)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err == nil && f > 1e12/mult {
		return 0, fmt.Errorf("amount %q: %w", s, strconv.ErrRange)
	}
	if err != nil || f < 0 {
		return 0, fmt.Errorf("amount %q", s)
	}
	return int64(f * mult), nil
}
