// Package chicagoexpress is the rules of Chicago Express: four railroads
// and the Wabash race from the east coast to Chicago, players buy their
// shares at auction and steer them with three action dials, and only cash
// counts at the end. It implements move.Engine, so the processor runs
// it one action per mail like the 18xx titles. Rule numbers cite
// ../shared/seeds/chicago-express-rules.md by section; readings where the
// rulebook is silent are rulings C1-C12 in docs/rulings.md.
package chicagoexpress

import "strings"

// Company is a railroad as its charter prints it (sections 2 and 3).
type Company struct {
	Sym    string
	Name   string
	Color  string
	Shares int
	Locos  int // locomotives in its colour, the one on its start hex included
	Income int // the starting income, and the first auction's minimum bid
}

// The companies, in the order of the initial auctions (section 3), with the
// Wabash last. Index wabash is the Wabash.
func companies() []Company {
	return []Company{
		{"PRR", "Pennsylvania Railroad", "red", 3, 20, 7},
		{"B&O", "Baltimore & Ohio", "blue", 4, 22, 6},
		{"C&O", "Chesapeake & Ohio", "yellow", 6, 26, 5},
		{"NYC", "New York Central", "green", 5, 24, 8},
		{"WAB", "Wabash", "black", 2, 11, 0},
	}
}

const wabash = 4

// The three actions and their dials (section 4). DialSpaces is how many
// times each may be chosen before its needle stands in the red (ruling C5).
const (
	ActAuction = iota
	ActExpand
	ActDevelop
)

var actionNames = [3]string{"AUCTION", "EXPAND", "DEVELOP"}

// DialSpaces are the dials' lengths: 3 auctions, 5 expansions, 4
// developments a round (ruling C5).
var DialSpaces = [3]int{3, 5, 4}

// Houses is the general supply of development houses (section 3).
const Houses = 20

// MaxExpand is how many hexes one expansion may take (5, Action B).
const MaxExpand = 3

// ForestBonus is what developing a forest pays the company there (Action C).
const ForestBonus = 2

// StartingCash is each player's share of the $120 (section 3).
func StartingCash(players int) int {
	if players < 2 || players > 6 {
		return 0
	}
	return 120 / players
}

// companyIndex reads a company as players write it: PRR, B&O (or BO, B+O),
// C&O, NYC, WAB (or WABASH), in any case.
func companyIndex(s string) (int, bool) {
	k := strings.ToUpper(strings.Map(func(r rune) rune {
		if r == '&' || r == '+' || r == '.' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s))
	switch k {
	case "PRR", "PENNSYLVANIA", "RED":
		return 0, true
	case "BO", "BALTIMORE", "BLUE":
		return 1, true
	case "CO", "CHESAPEAKE", "YELLOW":
		return 2, true
	case "NYC", "NEWYORK", "GREEN":
		return 3, true
	case "WAB", "WABASH", "BLACK":
		return wabash, true
	}
	return 0, false
}

func actionIndex(s string) (int, bool) {
	for i, n := range actionNames {
		if strings.EqualFold(s, n) {
			return i, true
		}
	}
	return 0, false
}
