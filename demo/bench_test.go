package demo

import (
	"context"
	"testing"

	crtitle "github.com/railpost/railpost/titles/contrails"
)

// BenchmarkDemo plays the default demo, a whole game, once an iteration:
// go test ./demo -run '^$' -bench Demo -benchtime 3x
func BenchmarkDemo(b *testing.B) {
	c, err := crtitle.New()
	if err != nil {
		b.Fatal(err)
	}
	turns := 0
	for b.Loop() {
		res, err := Run(context.Background(), c, Options{Dir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		turns = res.Steps
	}
	b.ReportMetric(float64(turns), "turns")
}
