package g1870

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
var trainTable = []struct{ size, cost, count int }{
	{2, 80, 7}, {3, 180, 6}, {4, 300, 5}, {5, 450, 4},
	{6, 630, 3}, {8, 800, 3}, {10, 950, 2}, {12, 1100, 6},
}

// phaseFacts is what a phase changes (4.2, Appendix C). A phase begins
// when the first train of its size is bought.
type phaseFacts struct {
	train     int // the size whose first purchase starts it
	limit     int // trains a company may own
	colours   int // tile colours open: 1 yellow, 2 green, 3 brown, 4 gray
	ors       int // operating rounds in a set
	offboard  int // which off-board value: 0 first, 1 second, 2 third
	obsolete  int // the size scrapped when the phase begins, or 0
	privates  bool
	portsGone bool
}

var phaseTable = []phaseFacts{
	1: {train: 2, limit: 4, colours: 1, ors: 1, offboard: 0, privates: true},
	2: {train: 3, limit: 4, colours: 2, ors: 2, offboard: 0, privates: true},
	3: {train: 4, limit: 3, colours: 2, ors: 2, offboard: 0, obsolete: 2, privates: true},
	4: {train: 5, limit: 2, colours: 3, ors: 3, offboard: 1},
	5: {train: 6, limit: 2, colours: 4, ors: 3, offboard: 1, obsolete: 3, portsGone: true},
	6: {train: 8, limit: 2, colours: 4, ors: 3, offboard: 2, obsolete: 4, portsGone: true},
	7: {train: 10, limit: 2, colours: 4, ors: 3, offboard: 2, portsGone: true},
	8: {train: 12, limit: 2, colours: 4, ors: 3, offboard: 2, obsolete: 5, portsGone: true},
}

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
