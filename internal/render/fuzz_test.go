package render

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"gamethumbs/internal/pngenc"
	"gamethumbs/internal/raster"
)

// FuzzRenderText feeds arbitrary titles, badges and team names through
// validation, layout and drawing: nothing may panic, and valid options must
// render.
func FuzzRenderText(f *testing.F) {
	for _, s := range []string{"", "4K", "Grand Prix", "Ünïcødé ☃ 東京", "\xff\xfe", "a\x00b", "  spaced   out  ", "W"} {
		f.Add(s, s, s)
	}
	f.Fuzz(func(t *testing.T, title, badge, name string) {
		o := small(KindThumb, 1)
		o.Title, o.Subtitle, o.Badge = title, title, badge
		err := o.Validate()
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Fatalf("Validate error %v does not match ErrInvalid", err)
		}
		img, rerr := testRenderer.Render(context.Background(), Scene{League: testLeague}, o)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("Validate = %v but Render = %v", err, rerr)
		}
		raster.Release(img)
		a := teamPurple
		a.Name = name
		o = small(KindCover, 3)
		o.NameMode = true
		img, rerr = testRenderer.Render(context.Background(), matchupScene(a, teamGreen), o)
		if rerr != nil {
			t.Fatalf("testRenderer.Render(name %q) error: %v", name, rerr)
		}
		var whole, bands bytes.Buffer
		if err := pngenc.Encode(&whole, img); err != nil {
			t.Fatal(err)
		}
		raster.Release(img)
		// Names of any shape cut by bands paint the same bytes.
		if err := testRenderer.renderBands(context.Background(), &bands, matchupScene(a, teamGreen), o, 17); err != nil {
			t.Fatalf("testRenderer.renderBands(name %q) error: %v", name, err)
		}
		if !bytes.Equal(whole.Bytes(), bands.Bytes()) {
			t.Fatalf("name %q: bands differ from the whole canvas", name)
		}
	})
}
