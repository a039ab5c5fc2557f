package g1870

// The names 1870's rules use. Its data (companies, privates, trains and
// phases, limits, prices, hexes) is spec.json, with its sources.

// The private companies, cheapest first (5.7, 15.2).
const (
	GRSC = "GRSC" // Great River Shipping Company
	MRBC = "MRBC" // Mississippi River Bridge Company
	SCC  = "SCC"  // The Southern Cattle Company
	GSC  = "GSC"  // The Gulf Shipping Company
	SLSF = "SLSF" // the Frisco's president's certificate, sold as a private
	MKT  = "MKT"  // Missouri-Kansas-Texas Railroad, with one Katy share
)

// portsGone is the event of the phases in which the Cattle and port
// tokens come off the map (4.2.5).
const portsGone = "ports"

// brokenBills are the $1000 notes added when the bank breaks (13.2).
const brokenBills = 10000
