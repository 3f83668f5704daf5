package render

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"testing"

	"gamethumbs/internal/pngenc"
	"gamethumbs/internal/raster"
)

// bandCase is a scene and the options to paint it with.
type bandCase struct {
	s Scene
	o Options
}

// bandCases are scenes and options covering every drawing path of the
// thumbnails and covers: each style, league and team images, badges, the
// league logo, name mode, a losing and a missing team, skipLogos.
func bandCases() map[string]bandCase {
	cases := map[string]bandCase{}
	loser, missing, skip := matchupVariants()
	for _, k := range []Kind{KindThumb, KindCover} {
		for _, st := range allStyles {
			o := small(k, st)
			o.LeagueLogo = true
			name := fmt.Sprintf("%v/%d", k, st)
			cases[name] = bandCase{matchupScene(teamPurple, teamGreen), o}
			cases[name+"/loser"] = bandCase{loser, o}
			cases[name+"/missing"] = bandCase{missing, o}
			cases[name+"/skiplogos"] = bandCase{skip, o}
			o.Badge, o.NameMode = "4K", true
			cases[name+"/badge+name"] = bandCase{matchupScene(teamGreen, teamDark), o}
		}
		o := small(k, 1)
		cases[fmt.Sprintf("%v/league", k)] = bandCase{Scene{League: testLeague}, o}
		o.Title, o.Subtitle, o.Icon = "Stage 12", "Tour de France", teamGreen.Logo
		cases[fmt.Sprintf("%v/league+title", k)] = bandCase{Scene{League: testLeague}, o}
		o = small(k, 1)
		o.Badge = "HD"
		cases[fmt.Sprintf("%v/team", k)] = bandCase{Scene{League: testLeague, Teams: []Team{teamPurple}}, o}
	}
	return cases
}

// Painting in bands must give exactly the bytes of painting the whole
// canvas, for band heights that cut through logos, text and shadows (and,
// for one case per kind, bands of a single row and a single band).
func TestBandsMatchWholeCanvas(t *testing.T) {
	ctx := context.Background()
	for name, c := range bandCases() {
		if !banded(c.s, c.o) {
			continue
		}
		var whole bytes.Buffer
		img, err := testRenderer.Render(ctx, c.s, c.o)
		if err != nil {
			t.Fatalf("%s: Render: %v", name, err)
		}
		if err := pngenc.Encode(&whole, img); err != nil {
			t.Fatal(err)
		}
		raster.Release(img)
		heights := []int{13, 64} // bands that cut through logos, text and shadows
		if c.o.Style == 1 && c.o.Badge != "" {
			heights = append(heights, 1, c.o.Height) // single rows; one band
		}
		for _, rows := range heights {
			var band bytes.Buffer
			if err := testRenderer.renderBands(ctx, &band, c.s, c.o, rows); err != nil {
				t.Fatalf("%s rows=%d: %v", name, rows, err)
			}
			if !bytes.Equal(band.Bytes(), whole.Bytes()) {
				t.Errorf("%s: bands of %d rows differ from the whole canvas: %s", name, rows, firstDiff(t, whole.Bytes(), band.Bytes()))
				break
			}
		}
	}
}

func firstDiff(t *testing.T, a, b []byte) string {
	t.Helper()
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return "undecodable: " + err.Error()
	}
	if ia.Bounds() != ib.Bounds() {
		return fmt.Sprintf("bounds %v vs %v", ia.Bounds(), ib.Bounds())
	}
	n, first := 0, image.Point{-1, -1}
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if ia.At(x, y) != ib.At(x, y) {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return fmt.Sprintf("%d pixels differ, first at %v", n, first)
}

// With no derivative cache at all, a render in many bands still builds each
// logo sprite once: the render holds what it built.
func TestBandsBuildEachSpriteOnce(t *testing.T) {
	r := New(Config{}) // caches nothing
	s, o := matchupScene(teamPurple, teamGreen), small(KindThumb, 1)
	count := func(rows int) int64 {
		before := r.CacheStats().Misses
		if err := r.renderBands(context.Background(), io.Discard, s, o, rows); err != nil {
			t.Fatal(err)
		}
		return int64(r.CacheStats().Misses - before)
	}
	whole, banded := count(o.Height), count(5)
	if banded != whole {
		t.Errorf("cache misses: %d in 48 bands, %d in one, want the same", banded, whole)
	}
}
