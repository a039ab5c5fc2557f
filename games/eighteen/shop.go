package eighteen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/move"
)

// Shop is how a title writes BUYTRAIN: the word that names the bank
// ("DEPOT" in 1870; "" where the train alone means the bank), the word
// before the company that sells one ("FROM" in 18EZ; "" where the
// company alone follows), and the title's numbers for the rules its
// errors cite (1870's: 2.4, 10.4, 10.4.1, 10.5, 10.6, 16.2).
type Shop struct {
	Bank, From string
	Example    string // a company's symbol, for the errors' examples
	Cite       Cite
}

// Purchase is a train purchase as read: its size, and where it comes
// from, the bank's kind (Kind, -1 otherwise), the open market (Pool) or
// another company (Seller); its price, printed or agreed, and the train
// handed in towards it (Trade, 0 for none).
type Purchase struct {
	Size, Kind int
	Pool       bool
	Seller     string
	Price      int
	Trade      int
}

// Read reads BUYTRAIN's arguments and judges what the trains decide: a
// size the bank sells now or the open market holds, at its printed price;
// a train of its own (own) handed in where the new train's kind takes
// one; or a train of one of the sellers (the other companies in play) at
// an agreed price from $1 to most. The buyer's limit and money, and the
// president's part in a forced purchase, are the title's rules.
func (s Shop) Read(t *Trains, args []string, own []int, sellers []*Corporation, most int) (Purchase, error) {
	p, err := s.read(t, args, own, sellers, most)
	return p, s.Cite.Recite(err)
}

func (s Shop) read(t *Trains, args []string, own []int, sellers []*Corporation, most int) (Purchase, error) {
	if len(args) == 0 {
		return Purchase{}, fmt.Errorf("write BUYTRAIN and the train, as %s (10.4)", s.examples())
	}
	size, ok := t.SizeOf(args[0])
	if !ok {
		return Purchase{}, fmt.Errorf("there is no %s-train (2.4)", args[0])
	}
	p := Purchase{Size: size, Kind: -1, Price: t.Cost(size)}
	rest := args[1:]
	switch {
	case s.Bank == "" && len(rest) == 0:
		return p, s.fromBank(t, &p, nil, own)
	case s.Bank != "" && len(rest) > 0 && strings.EqualFold(rest[0], s.Bank):
		return p, s.fromBank(t, &p, rest[1:], own)
	case len(rest) > 0 && strings.EqualFold(rest[0], "POOL"):
		p.Pool = true
		if !slices.Contains(t.PoolTrains, size) {
			return p, fmt.Errorf("the open market has no %s-train (10.4)", t.Name(size))
		}
		if len(rest) != 1 {
			return p, fmt.Errorf("a train from the open market is bought at its printed price: write BUYTRAIN %s POOL (10.5)", t.Name(size))
		}
		return p, nil
	case s.From != "" && len(rest) > 0 && strings.EqualFold(rest[0], s.From):
		rest = rest[1:]
	case s.From != "" || len(rest) == 0:
		return p, fmt.Errorf("write BUYTRAIN and the train, as %s (10.4)", s.examples())
	}
	return p, s.fromCompany(t, &p, rest, sellers, most)
}

// fromBank judges a train from the bank: a kind it sells now, at its
// price, or less the allowance for a train handed in where the kind takes
// one (1870 16.2's diesels).
func (s Shop) fromBank(t *Trains, p *Purchase, rest []string, own []int) error {
	for _, i := range t.Available() {
		if t.Kinds[i].Size == p.Size {
			p.Kind = i
		}
	}
	if p.Kind < 0 {
		return fmt.Errorf("the bank sells its trains in order; it has no %s-train for sale now (10.4.1)", t.Name(p.Size))
	}
	k := t.Kinds[p.Kind]
	switch {
	case len(rest) == 0:
		return nil
	case len(rest) == 2 && strings.EqualFold(rest[0], "TRADE") && len(k.TradeIn) > 0:
		tr, ok := t.SizeOf(rest[1])
		if !ok || !slices.Contains(k.TradeIn, tr) || !slices.Contains(own, tr) {
			return fmt.Errorf("a %s-train takes in trade one of the company's trains of sizes %v (16.2)", t.Name(p.Size), k.TradeIn)
		}
		p.Trade, p.Price = tr, k.Cost-k.Allowance
		return nil
	}
	return fmt.Errorf("a train from the bank is bought at its printed price: write BUYTRAIN %s (10.5)", s.bankLine(t.Name(p.Size)))
}

// fromCompany judges a train from another company at an agreed price.
func (s Shop) fromCompany(t *Trains, p *Purchase, rest []string, sellers []*Corporation, most int) error {
	if len(rest) != 2 {
		return fmt.Errorf("write BUYTRAIN %s, the company and a price, as %s (10.5)", t.Name(p.Size), s.companyLine(t.Name(p.Size), s.Example, 100))
	}
	i := slices.IndexFunc(sellers, func(c *Corporation) bool { return strings.EqualFold(c.Sym, rest[0]) })
	if i < 0 || !slices.Contains(sellers[i].Trains, p.Size) {
		return fmt.Errorf("%s has no %s-train to sell (10.4)", strings.ToUpper(rest[0]), t.Name(p.Size))
	}
	price, err := strconv.Atoi(strings.TrimPrefix(rest[1], "$"))
	switch {
	case err != nil || price < 1:
		return fmt.Errorf("a train between companies costs at least $1 (10.5)")
	case price > most:
		return fmt.Errorf("the company may pay at most $%d for it (10.5, 10.6)", most)
	}
	p.Seller, p.Price = sellers[i].Sym, price
	return nil
}

// Options are the purchases to list for a company holding own: each kind
// the bank sells now (with each train it may hand in), each size in the
// open market, and each seller's train at $1 to most. The title's check
// judges each.
func (s Shop) Options(seat int, t *Trains, own []int, sellers []*Corporation, most int) []move.Option {
	var out []move.Option
	for _, i := range t.Available() {
		k := t.Kinds[i]
		out = append(out, move.Opt(seat, "BUYTRAIN", s.bankArgs(t.Name(k.Size))...))
		for _, tr := range Sizes(own) {
			if slices.Contains(k.TradeIn, tr) {
				out = append(out, move.Opt(seat, "BUYTRAIN", append(s.bankArgs(t.Name(k.Size)), "TRADE", t.Name(tr))...))
			}
		}
	}
	for _, size := range Sizes(t.PoolTrains) {
		out = append(out, move.Opt(seat, "BUYTRAIN", t.Name(size), "POOL"))
	}
	for _, c := range sellers {
		for _, size := range Sizes(c.Trains) {
			out = append(out, move.RangedOpt(seat, "BUYTRAIN", 1, most, s.companyArgs(t.Name(size), c.Sym)...))
		}
	}
	return out
}

func (s Shop) bankArgs(train string) []string {
	if s.Bank == "" {
		return []string{train}
	}
	return []string{train, s.Bank}
}

func (s Shop) companyArgs(train, sym string) []string {
	if s.From == "" {
		return []string{train, sym}
	}
	return []string{train, s.From, sym}
}

func (s Shop) bankLine(train string) string { return strings.Join(s.bankArgs(train), " ") }

func (s Shop) companyLine(train, sym string, price int) string {
	return strings.Join(append(s.companyArgs(train, sym), strconv.Itoa(price)), " ")
}

// examples are the three ways to write a purchase, for the errors.
func (s Shop) examples() string {
	return fmt.Sprintf("BUYTRAIN %s, BUYTRAIN 3 POOL or BUYTRAIN %s", s.bankLine("3"), s.companyLine("3", s.Example, 100))
}
