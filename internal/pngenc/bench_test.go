package pngenc

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gamethumbs/internal/testutil"
)

// frame returns a rendered 1440x1080 thumbnail from testdata (see
// testdata/README.md) as the *image.RGBA a render gives.
func frame(tb testing.TB, name string) *image.RGBA {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name+".png"))
	if err != nil {
		tb.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	m := image.NewRGBA(img.Bounds())
	draw.Draw(m, m.Bounds(), img, img.Bounds().Min, draw.Src)
	return m
}

// cpuTime is the process's CPU time, for benchmarks that report CPU per
// op.
func cpuTime() time.Duration { return testutil.CPUTime() }

// benchEncode measures Encode of img: CPU time and bytes per picture.
func benchEncode(b *testing.B, img image.Image) {
	var buf bytes.Buffer
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		buf.Reset()
		if err := Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

func BenchmarkEncode(b *testing.B) { benchEncode(b, frame(b, "thumb-style2")) }

// BenchmarkEncodeEffort encodes the 1440x1080 style-1 and style-99
// matchup thumbnails with the row deflater alone at each of its efforts
// (lazy evaluation below a match length, hash-chain entries tried), and
// as Encode does (style 99 switches to the general deflate): the size
// against time each effort buys.
func BenchmarkEncodeEffort(b *testing.B) {
	saved := pngEffort
	defer func() { pngEffort, busySwitch = saved, true }()
	for _, style := range []int{1, 99} {
		img := frame(b, fmt.Sprintf("thumb-style%d", style))
		for _, ef := range []effort{{0, 0}, {32, 0}, {0, 2}, {32, 8}, {-1, -1}} {
			name := fmt.Sprintf("style%d/lazy%d-chain%d", style, ef.lazy, ef.chain)
			pngEffort, busySwitch = ef, false
			if ef.lazy < 0 {
				name = fmt.Sprintf("style%d/Encode", style)
				pngEffort, busySwitch = saved, true
			}
			b.Run(name, func(b *testing.B) { benchEncode(b, img) })
		}
	}
}

// BenchmarkRowDeflater compresses the filtered rows of the 1440x1080
// style-2 and style-99 matchup thumbnails (filtered once, beforehand) with
// the row deflater alone: matching, block codes and writing, without the
// filter, the checksum or the PNG around them. Each row is copied into the
// deflater's window first, as the filter writes it there in Encode.
func BenchmarkRowDeflater(b *testing.B) {
	for _, style := range []int{2, 99} {
		m := frame(b, fmt.Sprintf("thumb-style%d", style))
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

// BenchmarkEncodeLastRowAlpha is BenchmarkEncode with one pixel of the
// last row at alpha 254: Encode's worst case, which encodes the picture
// as RGB up to that row, then again as RGBA.
func BenchmarkEncodeLastRowAlpha(b *testing.B) {
	m := frame(b, "thumb-style2")
	p := m.Pix[m.PixOffset(m.Rect.Dx()/2, m.Rect.Max.Y-1):]
	p[0], p[1], p[2], p[3] = min(p[0], 254), min(p[1], 254), min(p[2], 254), 254
	benchEncode(b, m)
}

// BenchmarkEncodeBest is a sanity check of EncodeBest's CPU and bytes per
// picture on the style-1 and style-99 thumbnails (seconds per op: run
// with -benchtime=1x or a few).
func BenchmarkEncodeBest(b *testing.B) {
	for _, name := range []string{"thumb-style1", "thumb-style99"} {
		img := frame(b, name)
		b.Run(name, func(b *testing.B) {
			var buf bytes.Buffer
			cpu0 := cpuTime()
			for b.Loop() {
				buf.Reset()
				if err := EncodeBest(&buf, img); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(buf.Len()), "png-bytes")
		})
	}
}
