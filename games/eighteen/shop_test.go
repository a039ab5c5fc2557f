package eighteen

import (
	"strings"
	"testing"
)

// TestShopReads: both ways a title writes BUYTRAIN read to the same
// purchases, each refusal names the title's rule, and the options list
// only what Read accepts.
func TestShopReads(t *testing.T) {
	depot := Shop{Bank: "DEPOT", Example: "MP"}
	from := Shop{From: "FROM", Example: "PSW", Cite: Cite{"2.4": "2.8", "10.4": "2.8", "10.4.1": "2.8", "10.5": "2.8", "10.6": "2.9"}}
	fresh := func() *Trains {
		tr := NewTrains([]TrainKind{{Size: 2, Cost: 80, Count: 1}, {Size: 3, Cost: 180, Count: 2},
			{Size: 4, Cost: 300, Count: 1, TradeIn: []int{3}, Allowance: 100}},
			[]Phase{{Train: 2, Limit: 4}, {Train: 3, Limit: 3}, {Train: 4, Limit: 2}})
		tr.FromDepot(tr.Next()) // the 2 is gone: the 3s are for sale
		tr.PoolTrains = []int{2}
		return &tr
	}
	mp := &Corporation{Sym: "MP", Trains: []int{3}}
	for _, tc := range []struct {
		shop Shop
		line string
		most int
		want Purchase
		err  string // the rule cited, "" for read
	}{
		{depot, "3 DEPOT", 0, Purchase{Size: 3, Kind: 1, Price: 180}, ""},
		{from, "3", 0, Purchase{Size: 3, Kind: 1, Price: 180}, ""},
		{depot, "2 POOL", 0, Purchase{Size: 2, Kind: -1, Pool: true, Price: 80}, ""},
		{from, "2 POOL", 0, Purchase{Size: 2, Kind: -1, Pool: true, Price: 80}, ""},
		{depot, "3 MP 50", 60, Purchase{Size: 3, Kind: -1, Seller: "MP", Price: 50}, ""},
		{from, "3 FROM mp 50", 60, Purchase{Size: 3, Kind: -1, Seller: "MP", Price: 50}, ""},
		{depot, "3 MP 61", 60, Purchase{}, "10.5, 10.6"},
		{from, "3 FROM MP 61", 60, Purchase{}, "2.8, 2.9"},
		{from, "3 FROM MP 0", 60, Purchase{}, "(2.8)"},
		{from, "3 MP 50", 60, Purchase{}, "(2.8)"},
		{depot, "2 MP 50", 60, Purchase{}, "(10.4)"},
		{depot, "4 DEPOT", 0, Purchase{}, "(10.4.1)"},
		{from, "4", 0, Purchase{}, "(2.8)"},
		{depot, "3 POOL", 0, Purchase{}, "(10.4)"},
		{depot, "2 POOL 50", 0, Purchase{}, "(10.5)"},
		{depot, "9 DEPOT", 0, Purchase{}, "(2.4)"},
		{depot, "3 DEPOT 100", 0, Purchase{}, "(10.5)"},
		{depot, "", 0, Purchase{}, "BUYTRAIN 3 DEPOT, BUYTRAIN 3 POOL or BUYTRAIN 3 MP 100 (10.4)"},
		{from, "", 0, Purchase{}, "BUYTRAIN 3, BUYTRAIN 3 POOL or BUYTRAIN 3 FROM PSW 100 (2.8)"},
	} {
		args := strings.Fields(tc.line)
		got, err := tc.shop.Read(fresh(), args, nil, []*Corporation{mp}, tc.most)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%q: %+v, %v; want %+v", tc.line, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: %v, want an error citing %q", tc.line, err, tc.err)
		}
	}
	// The trade-in: a 4 for a 3 the company owns, at the allowance.
	tr := fresh()
	tr.FromDepot(tr.Next())
	tr.FromDepot(tr.Next()) // the 3s are gone: the 4 is for sale
	if p, err := depot.Read(tr, []string{"4", "DEPOT", "TRADE", "3"}, []int{3}, nil, 0); err != nil || p.Price != 200 || p.Trade != 3 {
		t.Errorf("trade-in: %+v, %v; want $200 handing in a 3", p, err)
	}
	if _, err := depot.Read(tr, []string{"4", "DEPOT", "TRADE", "3"}, []int{2}, nil, 0); err == nil || !strings.Contains(err.Error(), "16.2") {
		t.Errorf("a trade-in of a train not owned: %v", err)
	}
	for _, sh := range []Shop{depot, from} {
		for _, o := range sh.Options(0, fresh(), nil, []*Corporation{mp}, 60) {
			if _, err := sh.Read(fresh(), o.Action(o.Max).Args, nil, []*Corporation{mp}, 60); err != nil {
				t.Errorf("option %s is refused: %v", o, err)
			}
		}
	}
}
