package eighteen

// EndTiming is when a game ends once something has set its end off,
// from soonest to latest: titles differ (a bankruptcy ends 1870 at once,
// a broken bank when the set of operating rounds is finished).
type EndTiming int

const (
	EndNow      EndTiming = iota + 1 // at once
	EndAfterRun                      // when the operating company's turn is done
	EndAfterOR                       // when the operating round is done
	EndAfterSet                      // when the set of operating rounds is done
)

// Ending is a game's end once set off: why, and when it comes.
type Ending struct {
	Why  string    `json:"why"`
	When EndTiming `json:"when"`
}

// Trigger sets the end off, keeping the sooner of two.
func Trigger(e *Ending, why string, when EndTiming) *Ending {
	if e != nil && e.When <= when {
		return e
	}
	return &Ending{Why: why, When: when}
}

// Due tells whether the end has come at a point of play: at the end of
// a run, of an operating round or of a set.
func (e *Ending) Due(at EndTiming) bool { return e != nil && e.When <= at }
