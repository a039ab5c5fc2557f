package eighteen

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/railpost/railpost/games/hexgrid"
)

// Spec is a title's data, all that the core deals a game from: its printed
// equipment, how many play, the bank, the players' start, the companies
// and privates, the trains and phases, the certificate limits, its named
// lists (par values, hexes a power may use), and the title's numbers for
// the rules the core cites. The rules written as code stay the title's:
// Shares, Tokens and Bankruptcy are set by it beside the data. A title
// keeps the data in a file of its own (ParseSpec) and its Go shrinks to
// what only it does.
type Spec struct {
	Title   string  `json:"title"`
	Printed Printed `json:"-"`
	// Sources say where in the rules each part of the data is printed.
	Sources string `json:"sources"`
	// Players are the fewest and most who play; PlayersRule is the rule
	// that says so.
	Players     [2]int `json:"players"`
	PlayersRule string `json:"players_rule"`
	// Bank is all the money, the players' included; Capital is the
	// players' start, shared equally, unless Cash gives each player's by
	// the number playing.
	Bank    int         `json:"bank"`
	Capital int         `json:"capital"`
	Cash    map[int]int `json:"cash,omitempty"`

	Companies []CompanySpec `json:"companies"`
	Privates  []PrivateSpec `json:"privates"`
	Trains    []TrainKind   `json:"trains"`
	Phases    []Phase       `json:"phases"`
	// FirstPhase is the phase in force at the start, an index into
	// Phases (a title that numbers its phases from one leaves 0 unused).
	FirstPhase int `json:"first_phase"`
	// Variants are a title's options that change its trains and phases.
	Variants map[string]SpecVariant `json:"variants,omitempty"`

	Limits CertLimits `json:"limits"`
	// Prices and Hexes are the title's named lists: par values,
	// reissue values; the hexes a private's power may use.
	Prices map[string][]int    `json:"prices,omitempty"`
	Hexes  map[string][]string `json:"hexes,omitempty"`
	// Cite names the title's rules for those the core cites by 1870's
	// numbers.
	Cite Cite `json:"cite,omitempty"`

	Shares     ShareRules `json:"-"`
	Tokens     TokenCost  `json:"-"`
	Bankruptcy Bankruptcy `json:"-"`
}

// CompanySpec is a company as its charter prints it. Home is its home
// hex, or "" where the board prints it; Dest its destination, for titles
// that have them; Price what it sells for where it is sold whole (a
// minor in a start packet).
type CompanySpec struct {
	Sym    string `json:"sym"`
	Name   string `json:"name"`
	Kind   string `json:"kind,omitempty"`
	Home   string `json:"home,omitempty"`
	Dest   string `json:"dest,omitempty"`
	Tokens []int  `json:"tokens"`
	Float  int    `json:"float,omitempty"`
	Price  int    `json:"price,omitempty"`
}

// PrivateSpec is a private company as printed, in the order it is sold.
type PrivateSpec struct {
	Sym     string `json:"sym"`
	Name    string `json:"name"`
	Cost    int    `json:"cost"`
	Revenue int    `json:"revenue"`
}

// SpecVariant is an option's trains and phases, in place of the title's.
type SpecVariant struct {
	Trains []TrainKind `json:"trains"`
	Phases []Phase     `json:"phases"`
}

// CertLimits are the certificate limits by the number of players, and as
// events change them: [n][k] is the limit with n players after k of the
// events the title counts (1870: companies closed; 18MW: mergers), the
// last of a row holding beyond it.
type CertLimits map[int][]int

// At is the limit with players playing after events of the title's kind.
func (l CertLimits) At(players, events int) int {
	row := l[players]
	if len(row) == 0 {
		return 0
	}
	return row[min(max(events, 0), len(row)-1)]
}

// ParseSpec reads a title's data file, for its printed equipment p.
func ParseSpec(p Printed, data []byte) (*Spec, error) {
	var s Spec
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s's data: %w", p.Title, err)
	}
	s.Printed = p
	for _, c := range s.Companies {
		for _, h := range []string{c.Home, c.Dest} {
			if _, err := hexgrid.ParseHex(h); h != "" && err != nil {
				return nil, fmt.Errorf("%s's data: company %s: %w", p.Title, c.Sym, err)
			}
		}
	}
	sets := map[string]SpecVariant{"": {s.Trains, s.Phases}}
	maps.Copy(sets, s.Variants)
	for name, v := range sets {
		if s.FirstPhase < 0 || s.FirstPhase >= len(v.Phases) || len(v.Trains) == 0 {
			return nil, fmt.Errorf("%s's data%s: no trains, or a first phase not among its phases", p.Title, map[bool]string{true: ", variant " + name}[name != ""])
		}
	}
	return &s, nil
}

// With is the spec with a variant's trains and phases, the spec itself
// for a variant it does not have.
func (s *Spec) With(variant string) *Spec {
	v, ok := s.Variants[variant]
	if !ok {
		return s
	}
	c := *s
	c.Trains, c.Phases = v.Trains, v.Phases
	return &c
}

// Deal is a game's core dealt from a title's spec: the equipment laid
// out, the bank stocked with its money and trains in the first phase,
// each player paid, the privates unsold, and a company made by the
// title's make from each company's data and the core's part of it.
func Deal[T any, P Company[T]](s *Spec, players []string, make func(Corporation, CompanySpec) *T) (Base[T, P], error) {
	n := len(players)
	if n < s.Players[0] || n > s.Players[1] {
		return Base[T, P]{}, fmt.Errorf("%s is for %d to %d players, not %d (%s)", s.Title, s.Players[0], s.Players[1], n, s.PlayersRule)
	}
	e, err := s.Printed.Load()
	if err != nil {
		return Base[T, P]{}, err
	}
	e.Trains = NewTrains(s.Trains, s.Phases)
	e.Trains.Phase = s.FirstPhase
	e.Bank, e.Players, e.Capital = s.Bank, players, s.Capital
	if each, ok := s.Cash[n]; ok {
		e.Capital = each * n
	}
	b := NewBase[T, P](e)
	b.spec = s
	for _, c := range s.Companies {
		core := Corporation{Sym: c.Sym, Name: c.Name, Kind: c.Kind, TokenCosts: slices.Clone(c.Tokens), FloatAt: c.Float, President: -1}
		if c.Home != "" {
			core.Home, _ = hexgrid.ParseHex(c.Home)
		} else if h, ok := e.Board.HomeOf(c.Sym); ok {
			core.Home = h
		}
		b.AddCorp(make(core, c))
	}
	for _, p := range s.Privates {
		b.Privates = append(b.Privates, NewPrivate(p.Sym, p.Name, p.Cost, p.Revenue))
	}
	return b, nil
}

// Company is the data of the company with that symbol, or nil.
func (s *Spec) Company(sym string) *CompanySpec {
	for i := range s.Companies {
		if s.Companies[i].Sym == sym {
			return &s.Companies[i]
		}
	}
	return nil
}

// HomeOf is the hex where a company's home is printed.
func (b *Board) HomeOf(sym string) (hexgrid.Hex, bool) {
	for _, h := range b.Order {
		if slices.Contains(b.Space(h).Homes, sym) {
			return h, true
		}
	}
	return hexgrid.Hex{}, false
}
