package render

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkEncodePNGEffort encodes the 1440x1080 style-1 and style-99
// matchup thumbnails with the row deflater alone at each of its efforts
// (lazy evaluation below a match length, hash-chain entries tried), and
// as EncodePNG does (style 99 switches to the general deflate), for the
// size against time table in docs/operations.md.
func BenchmarkEncodePNGEffort(b *testing.B) {
	saved := pngEffort
	defer func() { pngEffort, busySwitch = saved, true }()
	for _, style := range []int{1, 99} {
		img, err := Render(context.Background(), matchupScene(teamPurple, teamGreen),
			Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: style, LeagueLogo: style == 1})
		if err != nil {
			b.Fatal(err)
		}
		for _, ef := range []effort{{0, 0}, {32, 0}, {0, 2}, {32, 8}, {-1, -1}} {
			name := fmt.Sprintf("style%d/lazy%d-chain%d", style, ef.lazy, ef.chain)
			pngEffort, busySwitch = ef, false
			if ef.lazy < 0 {
				name = fmt.Sprintf("style%d/EncodePNG", style)
				pngEffort, busySwitch = saved, true
			}
			b.Run(name, func(b *testing.B) { benchEncode(b, img) })
		}
		Release(img)
	}
}
