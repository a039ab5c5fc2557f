package g1870

import "github.com/railpost/railpost/games/eighteen"

// The facts of 1870 the engine plays by. Companies, homes, destinations
// and token costs are from ../shared/seeds/1870-rules.txt 15.3 and
// ../shared/reference/1870-map.md sections 3 and 8; privates from 15.2;
// trains and phases from 2.4, 4.2 and Appendix C.

// corpFacts is one public company as printed on its charter.
type corpFacts struct {
	sym, name  string
	home, dest string
	tokens     []int // station costs, the home one first
	float      int   // shares sold from the initial offering to operate (5.5.2)
}

var corpTable = []corpFacts{
	{"ATSF", "Atchison, Topeka & Santa Fe", "B9", "N1", []int{0, 40, 100}, 6},
	{"SSW", "St. Louis Southwestern", "H17", "J3", []int{0, 40}, 6},
	{"SP", "Southern Pacific", "N1", "N17", []int{0, 40, 100}, 6},
	{"SLSF", "St. Louis-San Francisco", "E12", "M22", []int{0, 40, 100}, 2},
	{"MP", "Missouri Pacific", "C18", "J5", []int{0, 40, 100}, 6},
	{"MKT", "Missouri-Kansas-Texas", "B11", "N1", []int{0, 40, 100}, 6},
	{"IC", "Illinois Central", "K16", "A22", []int{0, 40}, 6},
	{"GMO", "Gulf, Mobile & Ohio", "M20", "C18", []int{0, 40}, 6},
	{"FW", "Fort Worth & Denver City", "J3", "A2", []int{0, 40}, 6},
	{"TP", "Texas & Pacific", "J5", "N17", []int{0, 40}, 6},
}

// The private companies, cheapest first (5.7, 15.2).
const (
	GRSC = "GRSC" // Great River Shipping Company
	MRBC = "MRBC" // Mississippi River Bridge Company
	SCC  = "SCC"  // The Southern Cattle Company
	GSC  = "GSC"  // The Gulf Shipping Company
	SLSF = "SLSF" // the Frisco's president's certificate, sold as a private
	MKT  = "MKT"  // Missouri-Kansas-Texas Railroad, with one Katy share
)

type privateFacts struct {
	sym, name     string
	cost, revenue int
}

var privateTable = []privateFacts{
	{GRSC, "Great River Shipping Company", 20, 5},
	{MRBC, "Mississippi River Bridge Company", 40, 10},
	{SCC, "The Southern Cattle Company", 50, 10},
	{GSC, "The Gulf Shipping Company", 80, 15},
	{SLSF, "St. Louis-San Francisco Railway", 140, 0},
	{MKT, "Missouri-Kansas-Texas Railroad", 160, 20},
}

// cattleHexes are the cities west of the Mississippi (glossary: no hex
// with the river in it), where the Cattle token may go (15.2).
var cattleHexes = []string{"B9", "B11", "D5", "E12", "F5", "H13", "J3", "J5", "L11", "M2", "M6", "N7"}

// portHexes are the Gulf coast cities and the Mississippi's from Memphis
// south, where a Gulf Shipping token may go (15.2).
var portHexes = []string{"H17", "M14", "M20", "N7", "N17"}

// trainTable is the bank's trains in the order it sells them (2.4, 10.4.1).
var trainTable = []eighteen.TrainKind{
	{Size: 2, Cost: 80, Count: 7}, {Size: 3, Cost: 180, Count: 6}, {Size: 4, Cost: 300, Count: 5}, {Size: 5, Cost: 450, Count: 4},
	{Size: 6, Cost: 630, Count: 3}, {Size: 8, Cost: 800, Count: 3}, {Size: 10, Cost: 950, Count: 2}, {Size: 12, Cost: 1100, Count: 6},
}

// portsGone is the event of the phases in which the Cattle and port
// tokens come off the map (4.2.5).
const portsGone = "ports"

// phaseTable is what each phase changes (4.2, Appendix C), numbered from
// one as the rules number them; index 0 is never in force.
var phaseTable = []eighteen.Phase{
	1: {Train: 2, Limit: 4, Colours: 1, ORs: 1, OffBoard: 0, Privates: true},
	2: {Train: 3, Limit: 4, Colours: 2, ORs: 2, OffBoard: 0, Privates: true},
	3: {Train: 4, Limit: 3, Colours: 2, ORs: 2, OffBoard: 0, Rusts: 2, Privates: true},
	4: {Train: 5, Limit: 2, Colours: 3, ORs: 3, OffBoard: 1},
	5: {Train: 6, Limit: 2, Colours: 4, ORs: 3, OffBoard: 1, Rusts: 3, Events: []string{portsGone}},
	6: {Train: 8, Limit: 2, Colours: 4, ORs: 3, OffBoard: 2, Rusts: 4, Events: []string{portsGone}},
	7: {Train: 10, Limit: 2, Colours: 4, ORs: 3, OffBoard: 2, Events: []string{portsGone}},
	8: {Train: 12, Limit: 2, Colours: 4, ORs: 3, OffBoard: 2, Rusts: 5, Events: []string{portsGone}},
}

// dieselTrains and dieselPhases are 16.2's variant: no 8s or 10s, the
// 12s become diesels of unlimited distance, sold from phase 5 alongside
// the 6s and without limit, $300 off for a 4, 5 or 6 handed in; the 4s
// rust on the first diesel and the 5s never (16.2; the reference's
// diesels option, ../shared/reference/1870-map.md section 5; rulings G13).
var dieselTrains = []eighteen.TrainKind{
	{Size: 2, Cost: 80, Count: 7}, {Size: 3, Cost: 180, Count: 6}, {Size: 4, Cost: 300, Count: 5}, {Size: 5, Cost: 450, Count: 4},
	{Size: 6, Cost: 630, Count: 3},
	{Size: eighteen.Unlimited, Name: "D", Cost: 1100, Count: -1, From: 5, TradeIn: []int{4, 5, 6}, Allowance: 300},
}

var dieselPhases = append(phaseTable[:6:6],
	eighteen.Phase{Train: eighteen.Unlimited, Limit: 2, Colours: 4, ORs: 3, OffBoard: 2, Rusts: 4, Events: []string{portsGone}})

// parPrices are where a new company may start (5.1.2, 5.5).
var parPrices = []int{68, 72, 76, 82, 90, 100}

// reissuePrices are every par box a reissue may use (5.1.2, 5.11).
var reissuePrices = []int{68, 72, 76, 82, 90, 100, 110, 120, 140, 160, 180, 200}

// certLimit is 5.4.1's table by players and companies still in the game;
// the two-player row is the reference's (Appendix D: the publisher's).
func certLimit(players, companies int) int {
	table := map[int][3]int{2: {28, 24, 21}, 3: {20, 17, 15}, 4: {16, 14, 12}, 5: {13, 11, 9}, 6: {11, 9, 8}, 7: {9, 7, 6}}
	col := 0
	switch {
	case companies <= 8:
		col = 2
	case companies == 9:
		col = 1
	}
	return table[players][col]
}

// bankCash is the bank's money with the players' (2.6); brokenBills the
// $1000 notes added when it breaks (13.2).
const (
	bankCash    = 12000
	brokenBills = 10000
	startTotal  = 2100 // shared by the players (3.3)
)
