// Package docs holds the players' guides, embedded so that a title can
// mail its guide to a player who writes HELP and with the welcome. The
// files are the guides as the repository shows them, so the mail and the
// page never differ.
package docs

import _ "embed"

// The guides as embedded; read only through the functions below, so that
// nothing can change them.
var (
	//go:embed orders.md
	continentalRails string
	//go:embed chicago-express.md
	chicagoExpress string
	//go:embed 1870.md
	g1870 string
	//go:embed 18ez.md
	g18ez string
)

// ContinentalRails is the players' guide to Continental Rails II: the
// turnsheet, the short order syntax and the replies.
func ContinentalRails() string { return continentalRails }

// ChicagoExpress is the players' guide to Chicago Express: the moves it
// takes by mail, with examples, and the requests.
func ChicagoExpress() string { return chicagoExpress }

// G1870 is the players' guide to 1870: the moves by mail, round by round,
// with examples, and the requests.
func G1870() string { return g1870 }

// G18EZ is the players' guide to 18EZ: the moves by mail, round by
// round, with the rule each follows, and the requests.
func G18EZ() string { return g18ez }
