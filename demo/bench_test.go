package demo

import (
	"context"
	"testing"
)

// BenchmarkDemo plays the default demo, a whole game, once an iteration:
// go test ./demo -run '^$' -bench Demo -benchtime 3x
func BenchmarkDemo(b *testing.B) {
	turns := 0
	for b.Loop() {
		res, err := Run(context.Background(), Options{Dir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		turns = res.Turns
	}
	b.ReportMetric(float64(turns), "turns")
}
