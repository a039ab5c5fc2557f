package gamelog

import (
	"encoding/json"
	"fmt"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// TurnInputs is what a resolution takes besides the orders and the seed.
// It is stored with the snapshot, so that replay feeds the engine the same.
type TurnInputs struct {
	Humans   []int `json:"humans"`              // positions a person held
	StandPat []int `json:"stand_pat,omitempty"` // humans who sent no orders and stood pat
	// Adjust marks a snapshot made by the game master's ADJUST rather than
	// by a resolution.
	Adjust *title.Adjustment `json:"adjust,omitempty"`
}

// ReadInputs reads what a snapshot's resolution took.
func ReadInputs(s store.Snapshot) (TurnInputs, error) {
	var in TurnInputs
	if len(s.Inputs) == 0 {
		return in, nil
	}
	if err := json.Unmarshal(s.Inputs, &in); err != nil {
		return in, fmt.Errorf("snapshot of turn %d: inputs: %w", s.Turn, err)
	}
	return in, nil
}
