// Package g18ez is 18EZ (Level 3) on the shared 18xx machinery of
// games/eighteen. This file holds its board and tile manifest; the rules
// follow ../shared/seeds/18EZ-level3-rules.md, which has no map, so the
// board is authored (docs/rulings.md, "18EZ: the authored board").
package g18ez

import (
	_ "embed"
	"fmt"

	"github.com/railpost/railpost/games/eighteen"
)

//go:embed board.txt
var boardText string

//go:embed tiles.txt
var manifestText string

//go:embed metropolis.txt
var designsText string

// tileDesigns are the standard tiles and 18EZ's own (metropolis.txt): the
// Metropolis tiles and the printed hexes. A design of 18EZ's own may not
// take a standard tile's id, so that no standard tile is changed unseen.
func tileDesigns() (map[string]*eighteen.Tile, error) {
	all, err := eighteen.StandardTiles()
	if err != nil {
		return nil, err
	}
	own, err := eighteen.ParseTiles(designsText)
	if err != nil {
		return nil, fmt.Errorf("18EZ metropolis.txt: %w", err)
	}
	for id, t := range own {
		if all[id] != nil {
			return nil, fmt.Errorf("18EZ metropolis.txt: tile %s is a standard tile's id", id)
		}
		all[id] = t
	}
	return all, nil
}

// Board is the 18EZ map, its printed tiles (Metropolis's yellow tile and
// the two grey hexes) resolved, so that NewLayout lays them.
func Board() (*eighteen.Board, error) {
	d, err := tileDesigns()
	if err != nil {
		return nil, err
	}
	b, err := eighteen.ParseBoardWith(boardText, d)
	if err != nil {
		return nil, fmt.Errorf("18EZ %w", err)
	}
	return b, nil
}

// Tiles are the designs of the tiles 18EZ's manifest lists and how many
// copies of each the game has: what companies lay from. The printed
// tiles are not among them; they are on the board from the start.
func Tiles() (map[string]*eighteen.Tile, map[string]int, error) {
	d, err := tileDesigns()
	if err != nil {
		return nil, nil, err
	}
	tiles, copies, err := eighteen.ParseManifest(manifestText, d)
	if err != nil {
		return nil, nil, fmt.Errorf("18EZ %w", err)
	}
	return tiles, copies, nil
}

// StartLayout is the board as a game begins: no tokens, and no track but
// the printed tiles.
func StartLayout() (*eighteen.Layout, error) {
	b, err := Board()
	if err != nil {
		return nil, err
	}
	return eighteen.NewLayout(b), nil
}
