package eighteen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// TrainKind is one kind of train the bank sells, in the order it sells
// them: its size (the stops it counts), its price, and how many the bank
// has; Count < 0 is without limit.
type TrainKind struct {
	Size, Cost, Count int
	// Name is what players write for it, when not its size ("D").
	Name string
	// From is the phase from which the bank also sells it before the
	// kinds ahead of it are gone (1870's diesels from phase 5); 0 sells
	// it only in its turn.
	From int
	// TradeIn are the sizes a company may hand in towards it, each worth
	// Allowance off its price.
	TradeIn   []int
	Allowance int
}

// Unlimited is the size of a train that counts every stop it reaches.
const Unlimited = 99

// Phase is what the game allows while it lasts. A phase begins when the
// first train of its size is bought from the bank; the first phase is in
// force from the start.
type Phase struct {
	Train int // the size whose first purchase begins it
	// Limit is the trains a company may own; KindLimits overrides it by
	// company kind (a minor's limit, a system's).
	Limit      int
	KindLimits map[string]int
	Colours    int  // tile colours open: 1 yellow, 2 green, 3 brown, 4 gray
	ORs        int  // operating rounds in a set
	OffBoard   int  // which of an off-board's values counts
	Rusts      int  // the size scrapped when the phase begins, or 0
	Privates   bool // private companies still open and for sale to companies
	// Events are the title's own changes when the phase begins, named
	// for its hooks ("ports" when 1870's port tokens come off the map).
	Events []string
}

// LimitFor is the train limit of a company of a kind.
func (p Phase) LimitFor(kind string) int {
	if n, ok := p.KindLimits[kind]; ok {
		return n
	}
	return p.Limit
}

// Trains are the trains outside the companies, and the phase their
// purchases have brought: the bank's in order, and the open market's.
// The kinds and phases are the title's data; Depot, PoolTrains and Phase
// are the game's state.
type Trains struct {
	Kinds      []TrainKind `json:"-"`
	Phases     []Phase     `json:"-"`
	Depot      []int       // trains left in the bank, by kind
	PoolTrains []int       // sizes in the open market
	Phase      int         // index into Phases
}

// NewTrains stocks the bank; the game starts in the first phase.
func NewTrains(kinds []TrainKind, phases []Phase) Trains {
	t := Trains{Kinds: kinds, Phases: phases, Depot: make([]int, len(kinds))}
	for i, k := range kinds {
		t.Depot[i] = k.Count
	}
	return t
}

// Current is the phase in force.
func (t *Trains) Current() Phase { return t.Phases[t.Phase] }

// Next is the kind the bank sells now, by index, or -1 when it has none
// left: the bank sells its trains in order (the rules of every title).
func (t *Trains) Next() int {
	for i, n := range t.Depot {
		if n != 0 {
			return i
		}
	}
	return -1
}

// Available are the kinds the bank sells now, by index: the next in
// order, and any later kind whose phase has come.
func (t *Trains) Available() []int {
	next := t.Next()
	if next < 0 {
		return nil
	}
	out := []int{next}
	for i := next + 1; i < len(t.Kinds); i++ {
		if k := t.Kinds[i]; k.From > 0 && t.Phase >= k.From && t.Depot[i] != 0 {
			out = append(out, i)
		}
	}
	return out
}

// Name is what players write for a train of a size.
func (t *Trains) Name(size int) string {
	for _, k := range t.Kinds {
		if k.Size == size && k.Name != "" {
			return k.Name
		}
	}
	return strconv.Itoa(size)
}

// SizeOf reads a train's name ("3", "D") as its size.
func (t *Trains) SizeOf(name string) (int, bool) {
	for _, k := range t.Kinds {
		if strings.EqualFold(t.Name(k.Size), name) {
			return k.Size, true
		}
	}
	return 0, false
}

// Kind is the kind of a size, by index, or -1.
func (t *Trains) Kind(size int) int {
	return slices.IndexFunc(t.Kinds, func(k TrainKind) bool { return k.Size == size })
}

// Cost is a size's printed price, or 0 for no such train.
func (t *Trains) Cost(size int) int {
	for _, k := range t.Kinds {
		if k.Size == size {
			return k.Cost
		}
	}
	return 0
}

// Cheapest is the lowest price of a train from the bank or the open
// market, and whether there is one (the least a forced purchase costs).
func (t *Trains) Cheapest() (int, bool) {
	best, ok := 0, false
	for _, i := range t.Available() {
		if c := t.Kinds[i].Cost; !ok || c < best {
			best, ok = c, true
		}
	}
	for _, s := range t.PoolTrains {
		if c := t.Cost(s); !ok || c < best {
			best, ok = c, true
		}
	}
	return best, ok
}

// FromDepot takes a train of an available kind from the bank and returns
// its size and the phases its purchase begins, in order (none, or more
// than one when a title's phases share a train).
func (t *Trains) FromDepot(i int) (size int, began []int) {
	if !slices.Contains(t.Available(), i) {
		return 0, nil
	}
	if t.Depot[i] > 0 {
		t.Depot[i]--
	}
	size = t.Kinds[i].Size
	for p := t.Phase + 1; p < len(t.Phases); p++ {
		if t.Phases[p].Train == size {
			t.Phase = p
			began = append(began, p)
		}
	}
	return size, began
}

// FromPool takes a train of a size from the open market.
func (t *Trains) FromPool(size int) bool {
	i := slices.Index(t.PoolTrains, size)
	if i < 0 {
		return false
	}
	t.PoolTrains = slices.Delete(t.PoolTrains, i, i+1)
	return true
}

// Rust scraps every train of a size from the open market and from each
// company's trains given, and tells whether any went.
func (t *Trains) Rust(size int, owned ...*[]int) bool {
	gone := false
	drop := func(s int) bool {
		if s == size {
			gone = true
			return true
		}
		return false
	}
	t.PoolTrains = slices.DeleteFunc(t.PoolTrains, drop)
	for _, o := range owned {
		*o = slices.DeleteFunc(*o, drop)
	}
	return gone
}

// Sizes are the distinct sizes among trains, smallest first: the menu's
// one line for each.
func Sizes(trains []int) []int {
	return slices.Compact(slices.Sorted(slices.Values(trains)))
}

// Deliver takes a bought train from where it is and pays its price there:
// from another company (seller), from the open market (pool) or from the
// bank's kind; the buyer is the caller's to equip. It returns the phases
// a train from the bank begins.
func (t *Trains) Deliver(size, kind int, pool bool, seller *Corporation, price int, bank *int) []int {
	switch {
	case seller != nil:
		seller.Cash += price
		i := slices.Index(seller.Trains, size)
		seller.Trains = slices.Delete(seller.Trains, i, i+1)
	case pool:
		*bank += price
		t.FromPool(size)
	default:
		*bank += price
		_, began := t.FromDepot(kind)
		return began
	}
	return nil
}

// Copy is the trains with their own depot and open market, for a copy of
// the game.
func (t Trains) Copy() Trains {
	t.Depot, t.PoolTrains = slices.Clone(t.Depot), slices.Clone(t.PoolTrains)
	return t
}

// NextSale is the next train the bank sells, as the mails write it ("a 3
// for $180 (5 left)", "a D for $1100 (without limit)"), or "" when the
// bank has none left.
func (t *Trains) NextSale() string {
	n := t.Next()
	if n < 0 {
		return ""
	}
	k := t.Kinds[n]
	left := fmt.Sprintf("%d left", t.Depot[n])
	if t.Depot[n] < 0 {
		left = "without limit"
	}
	return fmt.Sprintf("a %s for $%d (%s)", t.Name(k.Size), k.Cost, left)
}

// Names are trains as players name them ("2", "D"), in the order given.
func (t *Trains) Names(sizes []int) []string {
	out := make([]string, len(sizes))
	for i, s := range sizes {
		out[i] = t.Name(s)
	}
	return out
}
