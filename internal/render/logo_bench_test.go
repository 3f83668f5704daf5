package render

import (
	"testing"

	"gamethumbs/internal/render/rendertest"
)

// Logo benchmarks: render + pngenc.Encode of a 1024 matchup logo (trimmed, the
// service default) from warm logos; see benchRender.

func BenchmarkLogoStyle1(b *testing.B) {
	o := logoOpts(1, 1024, true)
	o.LeagueLogo = true
	benchRender(b, matchupScene(teamPurple, teamGreen), o)
}

func BenchmarkLogoStyle3(b *testing.B) {
	benchRender(b, matchupScene(teamPurple, teamGreen), logoOpts(3, 1024, true))
}

func BenchmarkLogoStyle5(b *testing.B) {
	o := logoOpts(5, 1024, true)
	o.LeagueLogo = true
	benchRender(b, matchupScene(teamPurple, teamGreen), o)
}

func BenchmarkLogoCompactLeague(b *testing.B) {
	benchRender(b, Scene{League: testLeague}, logoOpts(1, 1024, true))
}

// BenchmarkSpriteCold measures building one shadowed logo sprite as a cold
// 1920x1080 style-1 thumbnail needs it (a 500-px logo into a 562-px box,
// shadow radius 10): scaling, blurring and the shadow mask, uncached.
func BenchmarkSpriteCold(b *testing.B) {
	logo := rendertest.Logo(rendertest.Diamond, 500, nrgba("#fdb927"), nrgba("#552583"))
	li, ok := normalised(testRenderer.cache, logo)
	if !ok {
		b.Fatal("logo has no visible pixels")
	}
	w, h := fitSize(li.trim.Dx(), li.trim.Dy(), 562)
	b.ReportAllocs()
	for b.Loop() {
		buildSprite(li, spriteKey{logo, false, w, h, 10, 5, 5, 128, 0}) // opacity 0.5
	}
}
