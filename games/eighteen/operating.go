package eighteen

// The steps of a company's operating turn, in order, the same in every
// title so far (1870 4.1 B, 18EZ 2.2): its track, its station token, its
// run, the run's dividend and its trains. A title's round stores the
// number, so the order is part of the saved games and must not change.
const (
	StepTrack = iota
	StepToken
	StepRun
	StepDividend
	StepTrains
)
