package eighteen

import (
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
)

// NamedRun reads RUN's routes as a player writes them: each train's stops
// by hex, joined by dashes. example is a RUN on the title's map, and rule
// the title's rule of runs, for the error.
func NamedRun(args []string, example, rule string) ([][]hexgrid.Hex, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("write RUN and each train's stops by hex, joined by dashes: %s (%s)", example, rule)
	}
	named := make([][]hexgrid.Hex, len(args))
	for i, arg := range args {
		for _, s := range strings.Split(strings.ToUpper(arg), "-") {
			h, err := hexgrid.ParseHex(s)
			if err != nil {
				return nil, fmt.Errorf("route %d: %q is not a hex; write each train's stops by hex, joined by dashes: %s (%s)", i+1, s, example, rule)
			}
			named[i] = append(named[i], h)
		}
	}
	return named, nil
}
