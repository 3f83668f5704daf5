package render

import (
	"context"
	"errors"
	"testing"

	"gamethumbs/internal/raster"
)

// FuzzRenderLogo feeds arbitrary team names, badges, styles and sizes
// through the logo paths (name cards, compact cards, badge on the trimmed
// output): nothing may panic, valid options must render, and a logo is
// never larger than its canvas.
func FuzzRenderLogo(f *testing.F) {
	for _, s := range []string{"", "4K", "Los Angeles Lakers", "Ünïcødé ☃ 東京", "\xff\xfe", "a\x00b", "W W W W W W W W W W W W"} {
		f.Add(s, s, 1, 256, true)
	}
	f.Add("Supercalifragilisticexpialidocious", "PEYTON AND ELI", 5, 64, false)
	f.Fuzz(func(t *testing.T, name, badge string, style, size int, trim bool) {
		size = 64 + (max(size, -size)%8)*32 // 64-288: keep runs fast
		o := logoOpts(style, size, trim)
		o.NameMode, o.Badge, o.LeagueLogo = true, badge, true
		a := teamPurple
		a.Name, a.Short = name, name
		for _, sc := range []Scene{matchupScene(a, teamGreen), {League: testLeague, Teams: []Team{a}}} {
			img, err := testRenderer.Render(context.Background(), sc, o)
			if err != nil {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("testRenderer.Render(style %d, badge %q) error %v does not match ErrInvalid", style, badge, err)
				}
				continue
			}
			if b := img.Bounds(); b.Dx() > size || b.Dy() > size || b.Empty() {
				t.Fatalf("testRenderer.Render(style %d, size %d, trim %v) bounds %v, want within %dx%d", style, size, trim, b, size, size)
			}
			raster.Release(img)
		}
	})
}
