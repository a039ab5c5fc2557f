package eighteen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// LayPolicy is how much track a company lays in its turn: a number of
// tiles, and whether an upgrade is the turn's only tile. The titles'
// policies are its values: 18EZ 2.3's one lay or upgrade, and 1870 6's
// and 18MW 6's two yellow tiles or one upgrade.
type LayPolicy struct {
	Tiles int
	// UpgradeAlone: an upgrade is instead of the yellow tiles, never
	// after one nor followed by one.
	UpgradeAlone bool
}

// The policies the titles name.
var (
	OneLayOrUpgrade    = LayPolicy{Tiles: 1}
	TwoYellowOrUpgrade = LayPolicy{Tiles: 2, UpgradeAlone: true}
)

// Bit is 1 for true and 0 for false: a title's stored flag counted as a
// tile in TrackUsed.
func Bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TrackUsed is what a company's track step has laid so far this turn: the
// tiles counted against its policy, and whether one was an upgrade. A
// title keeps it in its stored round in its own form.
type TrackUsed struct {
	Tiles    int
	Upgraded bool
}

// before judges a lay against what the turn has used, before the map's
// rules: after an upgrade that stood alone nothing more, and an upgrade
// that must stand alone not after a yellow tile.
func (p LayPolicy) before(corp string, used TrackUsed, upgrade bool) error {
	switch {
	case p.UpgradeAlone && used.Upgraded:
		return RuleError("6", "%s has upgraded this turn: that is all its track", corp)
	case p.UpgradeAlone && upgrade && used.Tiles > 0:
		return RuleError("6", "an upgrade is instead of the yellow lays, not after one")
	}
	return nil
}

// count judges a lay the policy counts against the tiles the turn has
// laid.
func (p LayPolicy) count(corp string, used TrackUsed) error {
	if used.Tiles >= p.Tiles {
		return RuleError("1.2", "%s has laid the %d tile(s) it may this turn", corp, p.Tiles)
	}
	return nil
}

// Done tells whether the turn's track is all laid: the step ends.
func (p LayPolicy) Done(used TrackUsed) bool {
	return used.Tiles >= p.Tiles || (p.UpgradeAlone && used.Upgraded)
}

// TrackRules are a title's track step: its policy and costs from its
// data, and hooks for what is its own. Terrain is the printed cost of a
// hex's first tile (Space.Cost); Rivers adds the river hexsides.
type TrackRules[T any] struct {
	Policy LayPolicy
	Rivers RiverSides
	// Powers are the privates' powers, of which the track step applies
	// the terrain discounts.
	Powers PowerRules[T]
	// Example is a lay as written, for the error that shows how.
	Example string
	// Used and Record read and write the turn's track in the title's
	// stored round.
	Used   func() TrackUsed
	Record func(TrackUsed)
	// Ready refuses a lay while something else must be answered first;
	// nil for none.
	Ready func() error
	// Reach is where the company builds from; Reaches narrows the hexes
	// worth judging for its options (nil: those its reach touches).
	Reach   func(c *T) map[Node]bool
	Reaches func(c *T, reach map[Node]bool, h hexgrid.Hex) bool
	// Free tells whether a lay is outside the policy (1870 15.2's free
	// bridge at home); nil for none.
	Free func(c *T, lay Lay) bool
	// Judge is the title's own rules on a lay the core's allow, and its
	// cost as the title sets it (a private's discount); nil for none.
	Judge func(c *T, lay Lay, cost int) (int, error)
	// Allowed is the title's rules on where a lay may go, judged before
	// the map's (18EZ 2.3: the home city first); nil for none.
	Allowed func(c *T, lay Lay) error
	// Laid tells of the lay in the title's words and does what follows
	// it in the title (a home station, a private's power used).
	Laid func(c *T, t LaidTile)
}

// LaidTile is a lay judged: the lay, whether it upgrades a tile, its
// cost, and whether the policy leaves it out.
type LaidTile struct {
	Lay
	Upgrade bool
	Cost    int
	Free    bool
	// Discount is the private whose terrain discount the lay used, or
	// nil.
	Discount *Private
}

// TrackStep is the company's track step by the title's rules: LAY as the
// rules judge it, SKIP to leave the step.
func (b *Base[T, P]) TrackStep(r TrackRules[T]) Step {
	check := func(a move.Action) error {
		_, err := b.LayTerms(r, a)
		return err
	}
	do := func(a move.Action) error {
		t, err := b.LayTerms(r, a)
		if err != nil {
			return err
		}
		b.doLay(r, t)
		return nil
	}
	return b.Turn().Track(Pair(check, do), Pair(b.CheckSkip, b.Skip), func(seat int, q move.Query) []move.Option {
		return b.LayOptions(r, seat, q)
	})
}

// CheckSkip judges SKIP, which passes the track or the token step (1870
// 4.1, 18EZ 2.2).
func (b *Base[T, P]) CheckSkip(a move.Action) error {
	var err error
	switch {
	case len(a.Args) != 0:
		err = RuleError("4.1", "SKIP takes nothing more")
	case b.Operating() == nil:
		err = RuleError("4.1", "SKIP is for a company's operating turn")
	case b.hooks.State.Step > StepToken:
		err = RuleError("4.1", "SKIP passes the track or token step; neither is open")
	}
	return b.Layout.Cite.Recite(err)
}

// LayTerms reads LAY hex tile rotation and judges it.
func (b *Base[T, P]) LayTerms(r TrackRules[T], a move.Action) (LaidTile, error) {
	c := b.Operating()
	if c == nil {
		return LaidTile{}, b.Layout.Cite.Recite(RuleError("4.1", "LAY is for a company's operating turn"))
	}
	if r.Ready != nil {
		if err := r.Ready(); err != nil {
			return LaidTile{}, err
		}
	}
	if b.hooks.State.Step != StepTrack {
		return LaidTile{}, b.Layout.Cite.Recite(RuleError("4.1", "track is laid first in a turn"))
	}
	lay, err := b.ReadLay(P(c).Core().Sym, a.Args, r.Example)
	if err != nil {
		return LaidTile{}, err
	}
	return b.judgeLay(r, c, r.Reach(c), lay)
}

// ReadLay reads a lay as written: the hex, the tile (its # may be
// written) and the rotation.
func (b *Base[T, P]) ReadLay(corp string, args []string, example string) (Lay, error) {
	how := b.Layout.Cite.Recite(RuleError("6", "write LAY, the hex, the tile and its rotation 0 to 5, as %s", example))
	if len(args) != 3 {
		return Lay{}, how
	}
	h, err := hexgrid.ParseHex(strings.ToUpper(args[0]))
	rot, rerr := strconv.Atoi(args[2])
	if err != nil || rerr != nil {
		return Lay{}, how
	}
	id := strings.TrimPrefix(args[1], "#")
	t := b.tiles[id]
	switch {
	case t == nil || b.Left[id] <= 0:
		return Lay{}, b.Layout.Cite.Recite(RuleError("2.5", "no tile #%s is left", id))
	case rot < 0 || rot > 5:
		return Lay{}, b.Layout.Cite.Recite(RuleError("6.1", "a rotation is 0 to 5"))
	}
	return Lay{Corp: corp, Hex: h, Tile: t, Rotation: rot}, nil
}

// LayError judges a lay by the company from a reach already found.
func (b *Base[T, P]) LayError(r TrackRules[T], c *T, reach map[Node]bool, lay Lay) error {
	_, err := b.judgeLay(r, c, reach, lay)
	return err
}

// judgeLay is the one statement of a lay's rules: the policy, the map's
// rules, the terrain and river costs, the title's own, and the money.
func (b *Base[T, P]) judgeLay(r TrackRules[T], c *T, reach map[Node]bool, lay Lay) (LaidTile, error) {
	sym := P(c).Core().Sym
	used := r.Used()
	old, upgrade := b.Layout.Tiles[lay.Hex]
	if err := r.Policy.before(sym, used, upgrade); err != nil {
		return LaidTile{}, b.Layout.Cite.Recite(err)
	}
	free := r.Free != nil && r.Free(c, lay)
	if r.Free == nil {
		// Without free lays the count is known before the map's rules.
		if err := r.Policy.count(sym, used); err != nil {
			return LaidTile{}, b.Layout.Cite.Recite(err)
		}
	}
	if r.Allowed != nil {
		if err := r.Allowed(c, lay); err != nil {
			return LaidTile{}, err
		}
	}
	cost, err := b.Layout.CheckFrom(reach, lay, b.TileColours())
	if err != nil {
		return LaidTile{}, err
	}
	var from *Private
	if pw, p := b.terrainDiscount(r.Powers, sym, lay.Hex); p != nil && cost > 0 {
		cost, from = max(0, cost-pw.Amount), p
	}
	cost += r.Rivers.Cost(lay, old)
	if r.Judge != nil {
		if cost, err = r.Judge(c, lay, cost); err != nil {
			return LaidTile{}, err
		}
	}
	if r.Free != nil && !free {
		if err := r.Policy.count(sym, used); err != nil {
			return LaidTile{}, b.Layout.Cite.Recite(err)
		}
	}
	if cash := P(c).Core().Cash; cost > cash {
		return LaidTile{}, b.Layout.Cite.Recite(RuleError("6.5", "the terrain costs $%d and %s has $%d", cost, sym, cash))
	}
	return LaidTile{Lay: lay, Upgrade: upgrade, Cost: cost, Free: free, Discount: from}, nil
}

// doLay lays the tile judged: the old one back in the supply, the cost to
// the bank, the turn's track counted, and the step over once the policy
// is spent.
func (b *Base[T, P]) doLay(r TrackRules[T], t LaidTile) {
	c := b.Operating()
	b.PlaceTile(t.Lay)
	P(c).Core().Cash -= t.Cost
	b.Bank += t.Cost
	if !t.Free {
		used := r.Used()
		used.Tiles++
		used.Upgraded = used.Upgraded || t.Upgrade
		r.Record(used)
		if r.Policy.Done(used) {
			b.hooks.State.Step = StepToken
		}
	}
	if p := t.Discount; p != nil {
		pw, _ := b.terrainDiscount(r.Powers, P(c).Core().Sym, t.Hex)
		if r.Powers.Use != nil {
			r.Powers.Use(c, p.Sym, PowerTerrainDiscount, t.Hex)
		}
		p.Closed = p.Closed || pw.Closes
	}
	if r.Laid != nil {
		r.Laid(c, t)
	}
}

// PlaceTile puts a tile down, the one it replaces back in the supply
// where the supply counts it (a tile printed on the map is not), the
// stations staying in their cities.
func (b *Base[T, P]) PlaceTile(lay Lay) {
	if old, ok := b.Layout.Tiles[lay.Hex]; ok {
		if _, counted := b.Left[old.Tile.ID]; counted {
			b.Left[old.Tile.ID]++
		}
	}
	b.Left[lay.Tile.ID]--
	b.Layout.Tiles[lay.Hex] = Placed{Tile: lay.Tile, Rotation: lay.Rotation}
}

// LayOptions are every lay the rules allow the operating company now,
// narrowed by the query: each hex it may reach, each tile left that may
// fit there, each rotation, judged by the step's one statement of the
// rules.
func (b *Base[T, P]) LayOptions(r TrackRules[T], seat int, q move.Query) []move.Option {
	c := b.Operating()
	if c == nil {
		return nil
	}
	reach := r.Reach(c)
	reaches := func(h hexgrid.Hex) bool { return ReachesHex(reach, h) }
	if r.Reaches != nil {
		reaches = func(h hexgrid.Hex) bool { return r.Reaches(c, reach, h) }
	}
	sym := P(c).Core().Sym
	return b.Layout.Lays(seat, b.Left, b.tiles, q, reaches, b.MayFit, func(h hexgrid.Hex, id string, rot int) bool {
		_, err := b.judgeLay(r, c, reach, Lay{Corp: sym, Hex: h, Tile: b.tiles[id], Rotation: rot})
		return err == nil
	})
}

// MayFit is a quick look before the full check of a lay, which explains
// each refusal and so costs more: the tile is of the colour after the
// hex's (yellow on a bare hex), one the phase allows, and one the hex
// takes. It never refuses a lay the full check allows.
func (b *Base[T, P]) MayFit(h hexgrid.Hex, t *Tile) bool {
	next := Yellow
	if old, laid := b.Layout.Tiles[h]; laid {
		next = old.Tile.Colour + 1
	}
	return t.Colour == next && slices.Contains(b.TileColours(), t.Colour) && b.Board().Space(h).Accepts(t) == nil
}
