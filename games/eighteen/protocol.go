package eighteen

import "github.com/railpost/railpost/games/move"

// The move protocol lives in games/move, which the processor and titles
// outside the 18xx family import without the core; these names keep the
// core's titles compiling until their call sites name move themselves.
type (
	Action = move.Action
	Option = move.Option
	Query  = move.Query
	Engine = move.Engine
)

// Undo is move.Undo, kept until the titles name move themselves.
const Undo = move.Undo

// The protocol's functions, kept until the titles name move themselves.
var (
	ParseAction = move.ParseAction
	Opt         = move.Opt
	RangedOpt   = move.RangedOpt
	Replay      = move.Replay
	UndoPoint   = move.UndoPoint
	Closest     = move.Closest
)
