package render

import (
	"bytes"
	"context"
	"fmt"
	"testing"
)

// BenchmarkEncodePNGEffort encodes the 1440x1080 style-1 and style-99
// matchup thumbnails at each effort of the deflater (lazy evaluation
// below a match length, hash-chain entries tried), for the size against
// time table in docs/operations.md. EncodePNG uses pngEffort.
func BenchmarkEncodePNGEffort(b *testing.B) {
	saved := pngEffort
	defer func() { pngEffort = saved }()
	for _, style := range []int{1, 99} {
		img, err := Render(context.Background(), matchupScene(teamPurple, teamGreen),
			Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: style, LeagueLogo: style == 1})
		if err != nil {
			b.Fatal(err)
		}
		for _, ef := range []effort{{0, 0}, {32, 0}, {0, 2}, {32, 8}} {
			b.Run(fmt.Sprintf("style%d/lazy%d-chain%d", style, ef.lazy, ef.chain), func(b *testing.B) {
				pngEffort = ef
				var buf bytes.Buffer
				cpu0 := cpuTime()
				for b.Loop() {
					buf.Reset()
					if err := EncodePNG(&buf, img); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
				b.ReportMetric(float64(buf.Len()), "png-bytes")
			})
		}
		Release(img)
	}
}
