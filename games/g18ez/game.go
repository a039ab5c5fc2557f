package g18ez

import (
	"math/rand/v2"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// Setup is what a game of 18EZ starts from: the players in seat order and
// the seed that deals the Priority Bid Card (1.2).
type Setup struct {
	Players []string
	Seed    uint64
}

// Player is a seat at the table.
type Player = eighteen.Player

// Private is a private company (appendix).
type Private = eighteen.Private

// Corp is a company with a charter: a minor, a major or the Black Line.
type Corp struct {
	eighteen.Corporation
	// Reserved are Black Line shares kept for the merger: the president's
	// certificate for the Obsidian's owner and a share for each minor.
	Reserved eighteen.Holding `json:"reserved,omitempty"`
}

// Minor tells whether the company is a minor railroad.
func (c *Corp) Minor() bool { return c.Kind == kindMinor }

// Public tells whether the company has shareholders: a major or the
// Black Line (2.7).
func (c *Corp) Public() bool { return c.Kind != kindMinor }

// Hotel is the Harriot Milton Hotel's bonus token on the map (appendix).
type Hotel struct {
	Hex  hexgrid.Hex `json:"hex"`
	Corp string      `json:"corp"`
}

// Run is one company's run of its trains; its Map is the map the run was
// made on: later in the same pass another company's home station may
// close a city it ran through, which the run was free to do when it ran
// (2.6).
type Run = eighteen.Run

// Game is a game of 18EZ in progress.
type Game struct {
	eighteen.Base[Corp, *Corp]

	Packet eighteen.Packet
	Hotel  *Hotel
	// MetroLaid is set once the Authority's extra tile is down: it is
	// used once (rulings EZ7).
	MetroLaid bool

	// BlackLineSale is set when the first 4 is bought: the Black Line's
	// shares are sold from the next SDR (2.12); BlackLineOpen once they are.
	BlackLineSale, BlackLineOpen bool
	// BlackLineDue is set when the first 5 is bought: the Black Line forms
	// at the end of that OR (2.12).
	BlackLineDue bool

	r round
}

// New deals a game: cash from the bank, the Startpacket laid out, the
// Priority Bid Card to the seat the seed draws (1.1, 1.2).
func New(s Setup) (*Game, error) {
	if specErr != nil {
		return nil, specErr
	}
	base, err := eighteen.Deal[Corp](spec, s.Players, func(core eighteen.Corporation, f eighteen.CompanySpec) *Corp {
		c := &Corp{Corporation: core}
		switch f.Kind {
		case kindMajor:
			c.Issue(eighteen.Charter(c.Sym, 20, 10, 8)) // a 20% president's certificate and eight 10% shares (1.5)
		case kindSystem:
			// The president's certificate and a share for each minor are
			// kept for the merger (BL_0 to BL_4); BL_5 to BL_8 are sold
			// (2.12).
			c.Issue(eighteen.Charter(c.Sym, 20, 10, 8))
			eighteen.Shift(&c.IPO, &c.Reserved, 4)
			_ = eighteen.ShiftNamed(&c.IPO, &c.Reserved, BL+"_0")
			c.Par = blackLinePrice
		}
		return c
	})
	if err != nil {
		return nil, err
	}
	g := &Game{Base: base}
	// The Startpacket: the privates, then the minors at their price (1.2).
	var items []eighteen.PacketItem
	for _, p := range spec.Privates {
		items = append(items, eighteen.PacketItem{Sym: p.Sym, Price: p.Cost})
	}
	for _, c := range spec.Companies {
		if c.Price > 0 {
			items = append(items, eighteen.PacketItem{Sym: c.Sym, Price: c.Price})
		}
	}
	g.Packet = eighteen.NewPacket(items)
	g.Layout.Cite = spec.Cite
	g.wire()
	rng := rand.New(rand.NewPCG(s.Seed, s.Seed^0x18e2))
	g.Priority = rng.IntN(len(s.Players))
	g.startStockRound(true)
	g.Note("%s draws the lowest token and holds the Priority Bid Card; the Startpacket is on offer, the Short Line first (1.2)", g.Players[g.Priority].Name)
	return g, nil
}

// Limit is the certificate limit (1.8).
func (g *Game) Limit() int { return spec.Limits.At(len(g.Players), 0) }
