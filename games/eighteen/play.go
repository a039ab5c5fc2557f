package eighteen

import (
	"errors"
	"fmt"
	"slices"

	"github.com/railpost/railpost/games/move"
)

// ErrNotYours is a move from a seat the game does not wait for.
var ErrNotYours = errors.New("it is not your move")

// Pair is a verb's check with what making it does.
func Pair(check, do func(move.Action) error) Move { return Move{Check: check, Do: do} }

// Waiting are the seats the round waits for: none once the game is over.
// It is a title's Acting.
func (r Round) Waiting(over bool) []int {
	if over {
		return nil
	}
	return r.Acting()
}

// Legal are a seat's moves now, the open steps' options, the only list
// there is: none once the game is over. It is a title's Legal.
func (r Round) Legal(over bool, seat int) []move.Option {
	if over {
		return nil
	}
	return r.Options(seat, move.Query{})
}

// Move makes a seat's move when the round waits for that seat and an
// open step lists the move, and only then; a refused move changes
// nothing. endRule is the title's rule of the game's end, cited when a
// move comes after it. The title carries play on after a move made.
func (r Round) Move(a move.Action, over bool, endRule string, players []*Player) error {
	if over {
		return fmt.Errorf("the game is over (%s)", endRule)
	}
	acting := r.Acting()
	if len(acting) == 0 {
		return fmt.Errorf("the game waits for no one")
	}
	if !slices.Contains(acting, a.Seat) {
		return fmt.Errorf("%w: the game waits for %s", ErrNotYours, players[acting[0]].Name)
	}
	return r.Apply(a)
}
