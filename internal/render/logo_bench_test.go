package render

import "testing"

// Logo benchmarks: render + EncodePNG of a 1024 matchup logo (trimmed, the
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
