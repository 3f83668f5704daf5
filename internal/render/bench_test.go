package render

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"

	"gamethumbs/internal/pngenc"
	"gamethumbs/internal/raster"
)

// benchRender measures RenderPNG (render and encode, banded for thumbnails
// and covers) from warm logos (one untimed render first fills the
// derivative cache) and reports the PNG size.
func benchRender(b *testing.B, s Scene, o Options) {
	benchRenderEach(b, s, o, func() {})
}

// warmRender renders s once so logos and sprites are cached, then starts
// counting allocations; it returns the context to render with.
func warmRender(b *testing.B, s Scene, o Options) context.Context {
	ctx := context.Background()
	warm, err := testRenderer.Render(ctx, s, o)
	if err != nil {
		b.Fatal(err)
	}
	raster.Release(warm)
	b.ReportAllocs()
	return ctx
}

// benchRenderEach is benchRender with before run ahead of every render.
func benchRenderEach(b *testing.B, s Scene, o Options, before func()) {
	ctx := warmRender(b, s, o)
	var buf bytes.Buffer
	cpu0 := cpuTime()
	for b.Loop() {
		before()
		buf.Reset()
		if err := testRenderer.RenderPNG(ctx, &buf, s, o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

func BenchmarkThumbStyle1(b *testing.B) {
	benchRender(b, matchupScene(teamPurple, teamGreen),
		Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 1, LeagueLogo: true})
}

func BenchmarkCoverStyle1(b *testing.B) {
	benchRender(b, matchupScene(teamPurple, teamGreen),
		Options{Kind: KindCover, Width: 1080, Height: 1440, Style: 1, LeagueLogo: true})
}

func BenchmarkThumbStyle99(b *testing.B) {
	benchRender(b, matchupScene(teamPurple, teamGreen),
		Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 99})
}

// BenchmarkThumbStyle99Cold is BenchmarkThumbStyle99 with the emboss
// panels built again for every render (logo sprites stay warm, as for
// style 1): what a matchup costs once its panels have left the cache.
func BenchmarkThumbStyle99Cold(b *testing.B) {
	benchRenderEach(b, matchupScene(teamPurple, teamGreen),
		Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 99}, dropEmbossCache)
}

// dropEmbossCache removes the per-team emboss entries (panel layers,
// textures) from the derivative cache; the overlay index table, one per
// canvas size and shared by every team, stays.
func dropEmbossCache() {
	testRenderer.cache.RemoveIf(func(k any) bool {
		t := fmt.Sprintf("%T", k)
		return strings.Contains(t, "layer") || strings.Contains(t, "emboss")
	})
}

func BenchmarkLeagueThumb(b *testing.B) {
	benchRender(b, Scene{League: testLeague}, Options{Kind: KindThumb, Width: 1440, Height: 1080})
}

// benchFrame is a rendered 1440x1080 style-2 thumbnail (gradients: the
// hardest case for a fast deflate) used to compare encoders.
func benchFrame(b *testing.B) image.Image {
	img, err := testRenderer.Render(context.Background(), matchupScene(teamPurple, teamGreen),
		Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 2, LeagueLogo: true})
	if err != nil {
		b.Fatal(err)
	}
	return img
}

func BenchmarkEncodePNG(b *testing.B) { benchEncode(b, benchFrame(b)) }

// benchEncode measures pngenc.Encode of img: CPU time and bytes per picture.
func benchEncode(b *testing.B, img image.Image) {
	var buf bytes.Buffer
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		buf.Reset()
		if err := pngenc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

func BenchmarkStdlibPNGBestSpeed(b *testing.B) {
	img := benchFrame(b)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		buf.Reset()
		if err := enc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

// benchPaint measures Render alone (painting the whole canvas, no
// encoding) from warm logos, with before run ahead of every render: the
// painting share of the benchmarks above.
func benchPaint(b *testing.B, s Scene, o Options, before func()) {
	ctx := warmRender(b, s, o)
	cpu0 := cpuTime()
	for b.Loop() {
		before()
		img, err := testRenderer.Render(ctx, s, o)
		if err != nil {
			b.Fatal(err)
		}
		raster.Release(img)
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
}

func BenchmarkPaintThumbStyle1(b *testing.B) {
	benchPaint(b, matchupScene(teamPurple, teamGreen),
		Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 1, LeagueLogo: true}, func() {})
}

func BenchmarkPaintCoverStyle1(b *testing.B) {
	benchPaint(b, matchupScene(teamPurple, teamGreen),
		Options{Kind: KindCover, Width: 1080, Height: 1440, Style: 1, LeagueLogo: true}, func() {})
}

func BenchmarkPaintThumbStyle99(b *testing.B) {
	benchPaint(b, matchupScene(teamPurple, teamGreen),
		Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 99}, func() {})
}

func BenchmarkPaintThumbStyle99Cold(b *testing.B) {
	benchPaint(b, matchupScene(teamPurple, teamGreen),
		Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 99}, dropEmbossCache)
}

func BenchmarkPaintLogoStyle1(b *testing.B) {
	o := logoOpts(1, 1024, true)
	o.LeagueLogo = true
	benchPaint(b, matchupScene(teamPurple, teamGreen), o, func() {})
}

func BenchmarkPaintLogoStyle3(b *testing.B) {
	benchPaint(b, matchupScene(teamPurple, teamGreen), logoOpts(3, 1024, true), func() {})
}

// BenchmarkEmbossTexture measures building one style-99 thumbnail panel's
// emboss texture (720x1080, uncached): the bulk of a cold style-99 render.
func BenchmarkEmbossTexture(b *testing.B) {
	li, ok := normalised(testRenderer.cache, teamPurple.Logo)
	if !ok {
		b.Fatal("logo has no visible pixels")
	}
	none := newDerivatives(0)
	b.ReportAllocs()
	for b.Loop() {
		panelEmboss(none, li, embossKey{teamPurple.Logo, 720, 1080, 2})
	}
}
