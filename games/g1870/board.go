// Package g1870 is 1870: The Trans-Mississippi, on the shared 18xx
// machinery of games/eighteen. This file holds its board and tile
// manifest; the rules follow ../shared/seeds/1870-rules.txt.
package g1870

import (
	_ "embed"
	"fmt"

	"github.com/railpost/railpost/games/eighteen"
)

//go:embed board.txt
var boardText string

//go:embed tiles.txt
var manifestText string

// Board is the 1870 map.
func Board() (*eighteen.Board, error) { return eighteen.ParseBoard(boardText) }

// Manifest is each tile 1870 uses, with its copies.
type Manifest map[string]int

// Tiles are 1870's tile designs and how many of each the game has.
func Tiles() (map[string]*eighteen.Tile, Manifest, error) {
	all, err := eighteen.StandardTiles()
	if err != nil {
		return nil, nil, err
	}
	tiles, m, err := eighteen.ParseManifest(manifestText, all)
	if err != nil {
		return nil, nil, fmt.Errorf("1870 %w", err)
	}
	return tiles, Manifest(m), nil
}

//go:embed market.txt
var marketText string

// Market is 1870's stock market.
func Market() (*eighteen.Market, error) { return eighteen.ParseMarket(marketText) }
