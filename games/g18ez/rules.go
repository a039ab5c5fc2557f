package g18ez

import (
	_ "embed"

	"github.com/railpost/railpost/games/eighteen"
)

// The companies' symbols, as players write them.
const (
	SL   = "SL"   // Short Line Railroad, private
	HMH  = "HMH"  // Harriot Milton Hotel, private
	MRTA = "MRTA" // Metropolis Rapid Transit Authority, private
	OBS  = "OBS"  // Obsidian Railroad, private
	BL   = "BL"   // the Black Line, the System
)

// Kinds of company the core tells apart (train limits by kind).
const (
	kindMajor  = ""
	kindMinor  = "minor"
	kindSystem = "system"
)

// startTotal is the players' starting cash, shared equally (1.1); bankCash
// is the whole bank, theirs included (appendix: $6,000).
const (
	startTotal = 1800
	bankCash   = 6000
)

// certLimits are the certificate limits by number of players (1.1).
var certLimits = map[int]int{2: 30, 3: 20, 4: 15, 5: 12, 6: 10}

// bidStep is the least a bid rises by (1.3).
const bidStep = 5

// shortLineCut is what the Short Line's price falls by each time every
// player passes in succession before it is sold (rulings EZ3).
const shortLineCut = 5

// privateFacts are the four private companies (appendix), in the order
// the Startpacket offers them.
var privateFacts = []struct {
	sym, name     string
	cost, revenue int
}{
	{SL, "Short Line Railroad", 20, 5},
	{HMH, "Harriot Milton Hotel", 50, 10},
	{MRTA, "Metropolis Rapid Transit Authority", 80, 15},
	{OBS, "Obsidian Railroad", 150, 20},
}

// minorPrice is a minor's printed price and starting treasury (1.10).
const minorPrice = 160

// corpFacts are the companies with charters: the four minors in their
// numbers' order, the six majors, and the Black Line.
var corpFacts = []struct {
	sym, name, kind string
	tokens          []int
}{
	{"M1", "Oneida Railroad", kindMinor, []int{0}},
	{"M2", "Twopelo Railroad", kindMinor, []int{0}},
	{"M3", "Mitsushi Railroad", kindMinor, []int{0}},
	{"M4", "Rockfourd Railroad", kindMinor, []int{0}},
	{"PSW", "Purple Springs & Western", kindMajor, []int{0, 40, 100}},
	{"BCRR", "Blue Canyon Railroad", kindMajor, []int{0, 40, 100}},
	{"BRN", "Brownsville & Northern", kindMajor, []int{0, 40, 100}},
	{"MYR", "Metropolis & Yellow River", kindMajor, []int{0, 40, 100}},
	{"MR", "Mesa & Redcliff", kindMajor, []int{0, 40, 100}},
	{"GVP", "Green Valley & Pacific", kindMajor, []int{0, 40, 100}},
	{BL, "Black Line Railroad", kindSystem, nil},
}

// Black Line facts (2.12).
const (
	blackLineCash  = 750
	blackLinePrice = 150
)

// trainTable is the bank's trains in order (1.1, 2.8): their numbers are
// the rulebook's; their prices are printed on cards the rulebook does not
// reproduce (rulings EZ1).
var trainTable = []eighteen.TrainKind{
	{Size: 2, Cost: 80, Count: 10},
	{Size: 3, Cost: 180, Count: 5},
	{Size: 4, Cost: 300, Count: 4},
	{Size: 5, Cost: 450, Count: 3},
	{Size: 6, Cost: 630, Count: 2},
	{Size: 8, Cost: 800, Count: -1},
}

// Phase events named for the hooks in trains.go.
const (
	evPrivatesToMajors = "privates-to-majors" // majors may buy privates (first 3)
	evBlackLineShares  = "black-line-shares"  // Black Line shares sold from the next SDR (first 4)
	evBlackLine        = "black-line"         // the Black Line forms at the end of the OR (first 5)
)

// phaseTable is the Level 3 phase chart (2.8) with the tile colours of
// 2.4: green from the first 3, brown from the first 5, gray from the
// first 8. OffBoard indexes the red areas' values by tile colour.
var phaseTable = []eighteen.Phase{
	{Train: 2, Limit: 3, KindLimits: map[string]int{kindMinor: 2}, Colours: 1, ORs: 2, OffBoard: 0, Privates: true},
	{Train: 3, Limit: 3, KindLimits: map[string]int{kindMinor: 2}, Colours: 2, ORs: 2, OffBoard: 1, Privates: true, Events: []string{evPrivatesToMajors}},
	{Train: 4, Limit: 3, KindLimits: map[string]int{kindMinor: 2}, Colours: 2, ORs: 2, OffBoard: 1, Rusts: 2, Privates: true, Events: []string{evBlackLineShares}},
	{Train: 5, Limit: 3, KindLimits: map[string]int{kindMinor: 2, kindSystem: 4}, Colours: 3, ORs: 2, OffBoard: 2, Events: []string{evBlackLine}},
	{Train: 6, Limit: 2, KindLimits: map[string]int{kindMinor: 2, kindSystem: 3}, Colours: 3, ORs: 2, OffBoard: 2, Rusts: 3},
	{Train: 8, Limit: 2, KindLimits: map[string]int{kindMinor: 2, kindSystem: 3}, Colours: 4, ORs: 2, OffBoard: 3, Rusts: 4},
}

// shares are 18EZ's holding rules (1.5, 1.8, 1.13): the president's
// certificate is two shares, at most 60% a player and 50% the open market,
// no zone lifts a limit, and a minor is one certificate, held whole.
var shares = eighteen.ShareRules{PresidentUnits: 2, HoldLimit: 6, PoolLimit: 5, WholeKinds: []string{kindMinor},
	Cite: eighteen.Cite{"3.7": "1.12", "5.3.3": "1.13", "5.4.1": "1.8", "5.4.2": "1.13", "5.6": "1.13"}}

// bankruptcy ends the game at once (2.11, 2.13).
var bankruptcy = eighteen.Bankruptcy{Ends: eighteen.EndNow}

// trackRules are 18EZ's sections for the rules of the map the core cites
// by 1870's numbers: where tiles go and reaching them (2.3), upgrades and
// the colours of the phase (2.4), labelled tiles (Metropolis, 2.3),
// stations (2.5), one lay or upgrade an OR (2.3), the steps of a turn
// (2.2), and the tiles of the supply (appendix).
var trackRules = eighteen.Cite{"6.1": "2.3", "6.2": "2.4", "6.3": "2.3", "6.4": "2.3", "6.4.1": "2.3", "7.3": "2.5",
	"1.2": "2.3", "6": "2.3", "6.5": "2.3", "4.1": "2.2", "2.5": "appendix",
	"7": "2.5", "7.2": "2.5", "7.5": "2.5"}
