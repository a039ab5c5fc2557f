// Package eighteen is the machinery the 18xx titles share: tiles and
// their upgrades on a hexgrid board, the track graph, routes, the stock
// market and the rounds, spoken to in the games/move protocol. It is
// pure: it reads no files and no clock; a title hands it its data.
package eighteen
