package render

import (
	"bytes"
	"context"
	"fmt"
	"image"
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

// BenchmarkRowDeflater compresses the filtered rows of the 1440x1080
// style-2 and style-99 matchup thumbnails (filtered once, beforehand) with
// the row deflater alone: matching, block codes and writing, without the
// filter, the checksum or the PNG around them. Each row is copied into the
// deflater's window first, as the filter writes it there in EncodePNG.
func BenchmarkRowDeflater(b *testing.B) {
	for _, style := range []int{2, 99} {
		img, err := Render(context.Background(), matchupScene(teamPurple, teamGreen),
			Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: style, LeagueLogo: style != 99})
		if err != nil {
			b.Fatal(err)
		}
		m := img.(*image.RGBA)
		w, h := m.Rect.Dx(), m.Rect.Dy()
		n := 1 + 3*w
		type filtered struct {
			row   []byte
			spans []int32
		}
		rows := make([]filtered, h)
		above := make([]byte, 4*w)
		for y := range h {
			pix := m.Pix[y*m.Stride : y*m.Stride+4*w]
			row := make([]byte, n+8)
			spans, _ := filterRow(row, pix, above, 3, 0, nil)
			rows[y] = filtered{row[:n], spans}
			above = pix
		}
		Release(img)
		b.Run(fmt.Sprintf("style%d", style), func(b *testing.B) {
			var d rowDeflater
			var out bytes.Buffer
			cpu0 := cpuTime()
			for b.Loop() {
				out.Reset()
				d.reset(&out, n, 3)
				for _, r := range rows {
					copy(d.next(), r.row)
					if err := d.add(r.spans); err != nil {
						b.Fatal(err)
					}
				}
				if err := d.finish(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(out.Len()), "deflate-bytes")
		})
	}
}

// BenchmarkEncodePNGLastRowAlpha is BenchmarkEncodePNG with one pixel of
// the last row at alpha 254: EncodePNG's worst case, which encodes the
// picture as RGB up to that row, then again as RGBA.
func BenchmarkEncodePNGLastRowAlpha(b *testing.B) {
	m := benchFrame(b).(*image.RGBA)
	p := m.Pix[m.PixOffset(m.Rect.Dx()/2, m.Rect.Max.Y-1):]
	p[0], p[1], p[2], p[3] = min(p[0], 254), min(p[1], 254), min(p[2], 254), 254
	benchEncode(b, m)
}
