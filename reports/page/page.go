// Package page is a game's public page as data: what a title shows of a
// position to anyone (the board, the market, the tables), which the web
// server and the archive export render as HTML with one renderer. It is
// a leaf of plain values, so that the reports that fill it, the titles
// that hand it over and the web that renders it share it without
// depending on one another.
package page

// Page is one position of a game as every player may see it: nothing
// private to one player, nothing not yet resolved.
type Page struct {
	// Status is whose move it is and what the game waits for, a line.
	Status string
	// Board is the board drawn as a standalone SVG document, nil for a
	// title without one.
	Board []byte
	// Sections follow the board, in order.
	Sections []Section
}

// Section is one headed part of a page: paragraphs, tables and at most
// one grid of coloured cells (a stock market).
type Section struct {
	Heading string
	Text    []string
	Items   []string // a list, after the text
	Tables  []Table
	Grid    *Grid
}

// Table is a table of text with a header row.
type Table struct {
	Caption string
	Head    []string
	Rows    [][]string
}

// Grid is a table of coloured cells, such as a stock market: each cell
// its text, its fill and the marks (company tokens) in it.
type Grid struct {
	Caption string
	Rows    [][]Cell
}

// Cell is one box of a grid; an empty Text and Fill is no box.
type Cell struct {
	Text  string
	Fill  string // #rrggbb
	Marks []Mark
}

// Mark is a token in a cell: a label on its colour.
type Mark struct {
	Label string
	Fill  string // #rrggbb
	Dark  bool   // dark text on a light colour
}
