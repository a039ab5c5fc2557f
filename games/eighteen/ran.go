package eighteen

import "slices"

// Ran records a run of a company's trains, at the phase's off-board
// value, as the game's last run, so that it can be shown and checked. A
// title whose later runs may read a map other than the one this run was
// made on sets the run's Map.
func (b *Base[T, P]) Ran(c *Corporation, routes []Route, total int) *Run {
	b.LastRun = &Run{Corp: c.Sym, Trains: slices.Clone(c.Trains), Phase: b.Current().OffBoard, Routes: routes, Total: total}
	return b.LastRun
}
