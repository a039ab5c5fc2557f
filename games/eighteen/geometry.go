package eighteen

import "github.com/railpost/railpost/games/hexgrid"

// The hex geometry lives in games/hexgrid, which Chicago Express imports
// without the core; these names keep the core's titles compiling until
// their call sites name hexgrid themselves.
type (
	Hex         = hexgrid.Hex
	Edge        = hexgrid.Edge
	Grid        = hexgrid.Grid
	Orientation = hexgrid.Orientation
	Lettering   = hexgrid.Lettering
	Stagger     = hexgrid.Stagger
	Drawing     = hexgrid.Drawing
	Point       = hexgrid.Point
)

// The geometry's constants, kept until the titles name hexgrid themselves.
const (
	Pointy          = hexgrid.Pointy
	Flat            = hexgrid.Flat
	LetteredRows    = hexgrid.LetteredRows
	LetteredColumns = hexgrid.LetteredColumns
	Doubled         = hexgrid.Doubled
	OddShifted      = hexgrid.OddShifted
	EvenShifted     = hexgrid.EvenShifted
)

// ParseHex is hexgrid.ParseHex, kept until the titles name hexgrid
// themselves.
var ParseHex = hexgrid.ParseHex
