// Package g1870 is 1870: The Trans-Mississippi, on the shared 18xx
// machinery of games/eighteen. This file holds its board and tile
// manifest; the rules follow ../shared/seeds/1870-rules.txt.
package g1870

import (
	_ "embed"

	"github.com/railpost/railpost/games/eighteen"
)

//go:embed board.txt
var boardText string

//go:embed tiles.txt
var manifestText string

//go:embed market.txt
var marketText string

// printed is 1870's equipment as its texts give it: the map, the
// standard tiles it uses and the stock market.
var printed = eighteen.Printed{Title: "1870", Board: boardText, Manifest: manifestText, Market: marketText}

//go:embed spec.json
var specText []byte

// spec is 1870's data, read once and never changed: New deals every game
// from it, and refuses to when it did not read (specErr).
var spec, specErr = readSpec()

// The named lists of spec the rules read: par values (5.1.2, 5.5),
// reissue values (5.11), and the hexes the Cattle and port tokens may
// take (15.2).
var (
	parPrices     = spec.Prices["par"]
	reissuePrices = spec.Prices["reissue"]
	cattleHexes   = spec.Hexes["cattle"]
	portHexes     = spec.Hexes["ports"]
)

// readSpec is spec.json with the rules written as code beside it: an
// empty spec and the error when it does not read.
func readSpec() (*eighteen.Spec, error) {
	s, err := eighteen.ParseSpec(printed, specText)
	if err != nil {
		return &eighteen.Spec{}, err
	}
	s.Shares, s.Tokens, s.Bankruptcy = shares, tokens, bankruptcy
	return s, nil
}

// Board is the 1870 map.
func Board() (*eighteen.Board, error) { return printed.ParseBoard() }

// Manifest is each tile 1870 uses, with its copies.
type Manifest map[string]int

// Tiles are 1870's tile designs and how many of each the game has.
func Tiles() (map[string]*eighteen.Tile, Manifest, error) {
	tiles, m, err := printed.ParseTiles()
	return tiles, Manifest(m), err
}

// Market is 1870's stock market.
func Market() (*eighteen.Market, error) { return printed.ParseMarket() }
