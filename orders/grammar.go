package orders

import (
	"fmt"
	"sort"
	"strings"
)

// Grammar reads one title's orders. The processor finds the title from the
// game named in the header, then hands the order lines to its grammar along
// with the current state, so that orders are checked as well as parsed.
type Grammar interface {
	// Parse reads a position's orders for the game in state. Lines it cannot
	// use become problems; Orders is the canonical form to store.
	Parse(state []byte, position int, body []Line) Parsed
}

// Parsed is what a grammar made of a position's order lines.
type Parsed struct {
	Orders []byte    // canonical, stored and handed to the engine
	Echo   []string  // the orders as understood, one per line, for the confirmation
	Notes  []string  // adjustments made (a bid cut to the cash on hand, say)
	Errors []Problem // lines rejected, with the reason
	// Ignored are lines that are no order at all (a greeting, a remark).
	// They are listed in the reply but do not call for a resend.
	Ignored []Problem
	// Fatal is set when nothing usable was read and the turnsheet must be
	// sent again; otherwise the valid orders stand and the errors are
	// reported alongside them.
	Fatal bool
}

// Grammars maps a title name to its grammar. The processor is handed one;
// there is no package-level registry.
type Grammars map[string]Grammar

// Lookup returns the grammar for a title.
func (g Grammars) Lookup(title string) (Grammar, error) {
	gr, ok := g[title]
	if !ok {
		names := make([]string, 0, len(g))
		for n := range g {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("no order grammar for title %q (have %s)", title, strings.Join(names, ", "))
	}
	return gr, nil
}
