package eighteen

import "fmt"

// Printed is a title's equipment as its texts give it: the map, the
// designs of its own tiles beside the standard ones, the manifest of the
// tiles to lay and the market. The core reads them all the one way, so
// that a title's New is its own deal and no more.
type Printed struct {
	Title    string // names the title in an error
	Board    string
	Designs  string // the title's own tile designs, "" for none
	Manifest string
	Market   string
	// TopStays: a token in the market's top row stays put (Market).
	TopStays bool
}

// designs are the standard tiles and the title's own, nil for a title
// with none of its own (its board prints no tiles). A design of the
// title's own may not take a standard tile's id, so that no standard tile
// is changed unseen.
func (p Printed) designs() (map[string]*Tile, error) {
	if p.Designs == "" {
		return nil, nil
	}
	all, err := StandardTiles()
	if err != nil {
		return nil, err
	}
	own, err := ParseTiles(p.Designs)
	if err != nil {
		return nil, fmt.Errorf("%s's own tiles: %w", p.Title, err)
	}
	for id, t := range own {
		if all[id] != nil {
			return nil, fmt.Errorf("%s's own tiles: tile %s is a standard tile's id", p.Title, id)
		}
		all[id] = t
	}
	return all, nil
}

// ParseBoard is the title's map, its printed tiles resolved, so that
// NewLayout lays them.
func (p Printed) ParseBoard() (*Board, error) {
	d, err := p.designs()
	if err != nil {
		return nil, err
	}
	b, err := ParseBoardWith(p.Board, d)
	if err != nil {
		return nil, fmt.Errorf("%s %w", p.Title, err)
	}
	return b, nil
}

// ParseTiles are the designs of the tiles the manifest lists and how
// many copies of each the game has: what companies lay from. Tiles
// printed on the board are not among them.
func (p Printed) ParseTiles() (map[string]*Tile, map[string]int, error) {
	d, err := p.designs()
	if err != nil {
		return nil, nil, err
	}
	if d == nil {
		if d, err = StandardTiles(); err != nil {
			return nil, nil, err
		}
	}
	tiles, copies, err := ParseManifest(p.Manifest, d)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %w", p.Title, err)
	}
	return tiles, copies, nil
}

// ParseMarket is the title's stock market.
func (p Printed) ParseMarket() (*Market, error) {
	m, err := ParseMarket(p.Market)
	if err != nil {
		return nil, fmt.Errorf("%s %w", p.Title, err)
	}
	m.TopStays = p.TopStays
	return m, nil
}

// Load is the title's equipment read in one: the map, the tiles to lay
// and the market, for the title to add its bank, trains and players.
func (p Printed) Load() (Equipment, error) {
	board, err := p.ParseBoard()
	if err != nil {
		return Equipment{}, err
	}
	tiles, manifest, err := p.ParseTiles()
	if err != nil {
		return Equipment{}, err
	}
	market, err := p.ParseMarket()
	if err != nil {
		return Equipment{}, err
	}
	return Equipment{Board: board, Tiles: tiles, Manifest: manifest, Market: market}, nil
}
