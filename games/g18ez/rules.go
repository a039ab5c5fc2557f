package g18ez

import "github.com/railpost/railpost/games/eighteen"

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

// bidStep is the least a bid rises by (1.3).
const bidStep = 5

// shortLineCut is what the Short Line's price falls by each time every
// player passes in succession before it is sold (rulings EZ3).
const shortLineCut = 5

// Black Line facts (2.12).
const (
	blackLineCash  = 750
	blackLinePrice = 150
)

// Phase events named for the hooks in trains.go, as spec.json's phases
// name them.
const (
	evPrivatesToMajors = "privates-to-majors" // majors may buy privates (first 3)
	evBlackLineShares  = "black-line-shares"  // Black Line shares sold from the next SDR (first 4)
	evBlackLine        = "black-line"         // the Black Line forms at the end of the OR (first 5)
)

// shares are 18EZ's holding rules (1.5, 1.8, 1.13): the president's
// certificate is two shares, at most 60% a player and 50% the open market,
// no zone lifts a limit, and a minor is one certificate, held whole.
var shares = eighteen.ShareRules{PresidentUnits: 2, HoldLimit: 6, PoolLimit: 5, WholeKinds: []string{kindMinor},
	Cite: eighteen.Cite{"3.7": "1.12", "5.3.3": "1.13", "5.4.1": "1.8", "5.4.2": "1.13", "5.6": "1.13"}}

// bankruptcy ends the game at once (2.11, 2.13).
var bankruptcy = eighteen.Bankruptcy{Ends: eighteen.EndNow, Why: "%[1]s is bankrupt", Note: "%s cannot raise the money for %s's train and is bankrupt (2.11)"}
