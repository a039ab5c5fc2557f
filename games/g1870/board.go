// Package g1870 is 1870: The Trans-Mississippi, on the shared 18xx
// machinery of games/eighteen. This file holds its board and tile
// manifest; the rules follow ../shared/seeds/1870-rules.txt.
package g1870

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"

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
	m := Manifest{}
	tiles := map[string]*eighteen.Tile{}
	sc := bufio.NewScanner(strings.NewReader(manifestText))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, nil, fmt.Errorf("1870 manifest line %d: want a tile and its copies", n)
		}
		copies, err := strconv.Atoi(f[1])
		if err != nil || copies < 1 {
			return nil, nil, fmt.Errorf("1870 manifest line %d: copies %q", n, f[1])
		}
		t, ok := all[f[0]]
		if !ok {
			return nil, nil, fmt.Errorf("1870 manifest line %d: no tile %s", n, f[0])
		}
		tiles[f[0]], m[f[0]] = t, copies
	}
	return tiles, m, sc.Err()
}

//go:embed market.txt
var marketText string

// Market is 1870's stock market.
func Market() (*eighteen.Market, error) { return eighteen.ParseMarket(marketText) }
