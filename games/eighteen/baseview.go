package eighteen

import (
	"fmt"
	"strings"
)

// SeatName is a seat's player's name, or "-" for none.
func (b *Base[T, P]) SeatName(seat int) string {
	if seat < 0 || seat >= len(b.Players) {
		return "-"
	}
	return b.Players[seat].Name
}

// TileColours are the colours of tile the phase allows.
func (b *Base[T, P]) TileColours() []Colour {
	return []Colour{Yellow, Green, Brown, Gray}[:b.Current().Colours]
}

// TrainList names a list of trains for a table: "-" for none.
func (b *Base[T, P]) TrainList(sizes []int) string {
	if len(sizes) == 0 {
		return "-"
	}
	return strings.Join(b.Names(sizes), ",")
}

// WriteTables writes the part of the status every title shows the same
// way: each player's cash, certificates against the limit and holdings,
// the reader's seat marked, then the trains in the open market, the next
// train from the bank and the last run.
func (b *Base[T, P]) WriteTables(w *strings.Builder, seat int) {
	w.WriteString("\nPlayer        Cash  Certs  Holdings\n")
	for s, p := range b.Players {
		mark := ""
		if s == seat {
			mark = " (you)"
		}
		fmt.Fprintf(w, "%-12s %5s  %2d/%-2d  %s%s\n", p.Name, Dollars(p.Cash), b.Certs(s), b.hooks.Limit(),
			strings.Join(b.Holdings(s), ", "), mark)
	}
	if len(b.PoolTrains) > 0 {
		fmt.Fprintf(w, "\nTrains in the open market: %s.", b.TrainList(b.PoolTrains))
	}
	if next := b.NextSale(); next != "" {
		fmt.Fprintf(w, "\nNext train from the bank: %s.\n", next)
	}
	if r := b.LastRun; r != nil && len(r.Routes) > 0 {
		fmt.Fprintf(w, "\nLast run: %s earned $%d: %s.\n", r.Corp, r.Total, b.hooks.RouteText(r.Trains, r.Routes))
	}
}

// Dollars writes an amount of money.
func Dollars(n int) string { return fmt.Sprintf("$%d", n) }

// Who is the name of the player the game waits for first, or "no one".
func (b *Base[T, P]) Who() string {
	if acting := b.Acting(); len(acting) > 0 {
		return b.Players[acting[0]].Name
	}
	return "no one"
}
