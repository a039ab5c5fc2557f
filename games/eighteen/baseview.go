package eighteen

import "fmt"

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

// Dollars writes an amount of money.
func Dollars(n int) string { return fmt.Sprintf("$%d", n) }

// Who is the name of the player the game waits for first, or "no one".
func (b *Base[T, P]) Who() string {
	if acting := b.Acting(); len(acting) > 0 {
		return b.Players[acting[0]].Name
	}
	return "no one"
}
