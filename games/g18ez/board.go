// Package g18ez is 18EZ (Level 3) on the shared 18xx machinery of
// games/eighteen. This file holds its board and tile manifest; the rules
// follow ../shared/seeds/18EZ-level3-rules.md, which has no map, so the
// board is authored (docs/rulings.md, "18EZ: the authored board").
package g18ez

import (
	_ "embed"

	"github.com/railpost/railpost/games/eighteen"
)

//go:embed board.txt
var boardText string

//go:embed tiles.txt
var manifestText string

//go:embed metropolis.txt
var designsText string

//go:embed market.txt
var marketText string

// printed is 18EZ's equipment as its texts give it: the map, the standard
// tiles and its own (metropolis.txt: the Metropolis tiles and the printed
// hexes), the manifest, and the Share Price Index, where a token in the
// top row stays put (1.5, 1.14, 2.7; rulings EZ2).
var printed = eighteen.Printed{Title: "18EZ", Board: boardText, Designs: designsText, Manifest: manifestText,
	Market: marketText, TopStays: true}

//go:embed spec.json
var specText []byte

// spec is 18EZ's data, read once and never changed: New deals every game
// from it, and refuses to when it did not read (specErr).
var spec, specErr = readSpec()

// readSpec is spec.json with the rules written as code beside it: an
// empty spec and the error when it does not read.
func readSpec() (*eighteen.Spec, error) {
	s, err := eighteen.ParseSpec(printed, specText)
	if err != nil {
		return &eighteen.Spec{}, err
	}
	s.Shares, s.Bankruptcy = shares, bankruptcy
	return s, nil
}

// Board is the 18EZ map, its printed tiles (Metropolis's yellow tile and
// the two grey hexes) resolved, so that NewLayout lays them.
func Board() (*eighteen.Board, error) { return printed.ParseBoard() }

// Tiles are the designs of the tiles 18EZ's manifest lists and how many
// copies of each the game has: what companies lay from. The printed
// tiles are not among them; they are on the board from the start.
func Tiles() (map[string]*eighteen.Tile, map[string]int, error) { return printed.ParseTiles() }

// Market is the Share Price Index.
func Market() (*eighteen.Market, error) { return printed.ParseMarket() }

// StartLayout is the board as a game begins: no tokens, and no track but
// the printed tiles.
func StartLayout() (*eighteen.Layout, error) {
	b, err := Board()
	if err != nil {
		return nil, err
	}
	return eighteen.NewLayout(b), nil
}
