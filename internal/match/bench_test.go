package match

import (
	"testing"

	"gamethumbs/internal/catalog"
)

// The benchmarks also report cpu-ns/op, the process CPU time per
// operation: on a shared, loaded machine wall-clock ns/op mostly measures
// the neighbours, while CPU time measures this code.

func BenchmarkFind(b *testing.B) {
	for _, q := range []string{"chiefs", "KC", "kansascitychiefs", "new york giants", "garbage input"} {
		b.Run(q, func(b *testing.B) {
			b.ReportAllocs()
			c0 := cpuTime()
			for b.Loop() {
				Find(q, nfl)
			}
			reportCPU(b, c0)
		})
	}
}

func BenchmarkSuggest(b *testing.B) {
	b.ReportAllocs()
	c0 := cpuTime()
	for b.Loop() {
		Suggest("chefs", nfl, 5)
	}
	reportCPU(b, c0)
}

func BenchmarkFold(b *testing.B) {
	b.ReportAllocs()
	c0 := cpuTime()
	for b.Loop() {
		catalog.Fold("FC København – Brøndby IF")
	}
	reportCPU(b, c0)
}

// reportCPU adds the cpu-ns/op metric, when the platform can measure it.
func reportCPU(b *testing.B, c0 int64) {
	if c1 := cpuTime(); c0 > 0 && c1 > c0 && b.N > 0 {
		b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
	}
}
