package contrails

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkTurn resolves one turn of 15 computer positions with at least
// 40 railroads.
//
//	go test ./games/contrails -run '^$' -bench 'Turn|Game'
func BenchmarkTurn(b *testing.B) {
	m, _ := LoadMap()
	var s *State
	// The first seeded game that reaches 40 railroads (seed 2 since the
	// computer builds only lines that pay).
	for seed := uint64(1); s == nil && seed <= 10; seed++ {
		playGame(b, m, seed, 60, func(st *State, _ []Event) {
			if s == nil && len(st.Railroads) >= 40 && !st.Over {
				s = st
			}
		})
	}
	if s == nil {
		b.Fatal("no game state with 40 railroads in ten seeds")
	}
	b.ReportMetric(float64(len(s.Railroads)), "railroads")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := Resolve(m, s, nil, rand.New(rand.NewPCG(1, uint64(i)))); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGame30 plays a whole computer game of at most 30 turns.
func BenchmarkGame30(b *testing.B) {
	m, _ := LoadMap()
	for i := 0; i < b.N; i++ {
		playGame(b, m, uint64(i), 30, nil)
	}
}
