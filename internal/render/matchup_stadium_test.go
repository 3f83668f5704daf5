package render

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/pngenc"
	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
)

// venueStyles are the venue styles 10-13.
var venueStyles = []int{10, 11, 12, 13}

// testPhoto is a made-up venue photo: a warm sky over a green pitch, with
// a bright stripe down the middle so scaling and cropping show.
func testPhoto(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{220, 150, 80, 255} // sky
			if y > h/2 {
				c = color.RGBA{40, 170, 60, 255} // pitch
			}
			if x >= w/2-w/40 && x < w/2+w/40 {
				c = color.RGBA{250, 250, 250, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// venueScene is purple (away) at green (home) with a venue and records.
func venueScene(photo image.Image) Scene {
	s := matchupScene(teamPurple, teamGreen)
	s.Teams[0].Record, s.Teams[1].Record = "41-23", "10-7"
	s.Venue = Venue{Name: "TD Garden", Place: "Boston, MA", Photo: photo, Home: 1}
	return s
}

// venueSizes are the thumb and cover aspects of the API.
var venueSizes = []struct {
	k    Kind
	w, h int
}{{KindThumb, 1920, 1080}, {KindThumb, 1440, 1080}, {KindThumb, 1080, 1080},
	{KindCover, 1080, 1440}, {KindCover, 1080, 1920}, {KindCover, 1080, 1080}}

// TestVenuePreview writes every venue style at every aspect, with and
// without a photo, to $VENUE_PREVIEW (skipped when unset), for looking at.
func TestVenuePreview(t *testing.T) {
	dir := os.Getenv("VENUE_PREVIEW")
	if dir == "" {
		t.Skip("VENUE_PREVIEW not set")
	}
	photo := testPhoto(1280, 720)
	if b, err := os.ReadFile(filepath.Join(dir, "photo.rgba")); err == nil && len(b) == 1280*720*4 {
		photo = &image.RGBA{Pix: b, Stride: 1280 * 4, Rect: image.Rect(0, 0, 1280, 720)}
	}
	for _, st := range venueStyles {
		for _, sz := range venueSizes {
			for _, withPhoto := range []bool{true, false} {
				s := venueScene(nil)
				if withPhoto {
					s.Venue.Photo = photo
				}
				s.League.Logo = teamDark.LogoDark
				o := Options{Kind: sz.k, Width: sz.w / 2, Height: sz.h / 2, Style: st, LeagueLogo: true}
				var buf bytes.Buffer
				if err := testRenderer.RenderPNG(context.Background(), &buf, s, o); err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%d_%dx%d_photo=%v.png", st, sz.w, sz.h, withPhoto)
				if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestVenuePhotoCoversCanvas: with a photo every corner shows the graded
// photo (sky above, pitch below), at every aspect; without one the corners
// are the home colour's, never black.
func TestVenuePhotoCoversCanvas(t *testing.T) {
	photo := testPhoto(320, 180)
	for _, sz := range venueSizes {
		o := Options{Kind: sz.k, Width: sz.w / 4, Height: sz.h / 4, Style: 10}
		img := render(t, venueScene(photo), o)
		top, bottom := px(img, 1, 1), px(img, o.Width-2, o.Height-2)
		if !(top.R > top.G && top.G > top.B) {
			t.Errorf("%dx%d: top-left %v is not the graded sky (R > G > B)", sz.w, sz.h, top)
		}
		if !(bottom.G > bottom.R && bottom.G > bottom.B) {
			t.Errorf("%dx%d: bottom-right %v is not the graded pitch (green)", sz.w, sz.h, bottom)
		}
		if top.R > 200 || top.Luminance() > 0.35 {
			t.Errorf("%dx%d: top-left %v is not darkened", sz.w, sz.h, top)
		}
		Release(img)
		plain := render(t, venueScene(nil), o)
		home := teamGreen.Color
		for _, at := range [][2]int{{1, 1}, {o.Width - 2, o.Height - 2}} {
			c := px(plain, at[0], at[1])
			if c.Luminance() < 0.004 {
				t.Errorf("%dx%d without photo: %v at %v is black", sz.w, sz.h, c, at)
			}
			if !(c.G > c.R && c.G > c.B) || colorx.Distance(c, home) > colorx.Distance(c, teamPurple.Color) {
				t.Errorf("%dx%d without photo: %v at %v is not the home colour %v", sz.w, sz.h, c, at, home)
			}
		}
		Release(plain)
	}
}

// TestVenueFallbackNeverBlack: a black home team still gets a coloured,
// lit background.
func TestVenueFallbackNeverBlack(t *testing.T) {
	s := matchupScene(teamPurple, teamDark)
	s.Venue = Venue{Name: "Barclays Center", Place: "Brooklyn, NY", Home: 1}
	o := Options{Kind: KindThumb, Width: 480, Height: 270, Style: 10}
	img := render(t, s, o)
	defer Release(img)
	if c := px(img, 2, 2); c.Luminance() < 0.01 {
		t.Errorf("top-left %v: black background for a black home team", c)
	}
}

// diffIn counts pixels of r that differ between a and b.
func diffIn(a, b image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if px(a, x, y) != px(b, x, y) {
				n++
			}
		}
	}
	return n
}

// TestVenueTextRecordsLeagueLogo: the venue's name and place are drawn
// where the layout puts them, records under the logos only in 12 and 13
// (a missing record leaves its place empty), and the league logo only in
// 11 and 13.
func TestVenueTextRecordsLeagueLogo(t *testing.T) {
	photo := testPhoto(320, 180)
	const w, h = 640, 360
	for _, st := range venueStyles {
		o := Options{Kind: KindThumb, Width: w, Height: h, Style: st, LeagueLogo: true}
		l := stadiumLayoutFor(st, w, h)
		full := venueScene(photo)
		full.League.Logo = teamDark.LogoDark
		img := render(t, full, o)

		bare := venueScene(photo)
		bare.League.Logo = teamDark.LogoDark
		bare.Venue.Name = "Fenway Park" // another name: only the text changes
		noText := render(t, bare, o)
		nameBox := image.Rect(int(l.textX-20), int(l.nameY-5), int(l.textX+20), int(l.nameY+5))
		if l.corner {
			nameBox = image.Rect(int(l.textX), int(l.nameY-5), int(l.textX+60), int(l.nameY+5))
		}
		if diffIn(img, noText, nameBox) == 0 {
			t.Errorf("style %d: no venue name drawn in %v", st, nameBox)
		}

		noRec := venueScene(photo)
		noRec.League.Logo = teamDark.LogoDark
		noRec.Teams[0].Record = ""
		without := render(t, noRec, o)
		recBox := image.Rect(int(l.recA[0]-15), int(l.recA[1]-5), int(l.recA[0]+15), int(l.recA[1]+5))
		if d := diffIn(img, without, recBox); l.records && d == 0 {
			t.Errorf("style %d: no record drawn under team A at %v", st, recBox)
		} else if !l.records && d != 0 {
			t.Errorf("style %d: %d pixels change with the record, which it does not show", st, d)
		}
		// The other record stays where it was.
		recB := image.Rect(int(l.recB[0]-15), int(l.recB[1]-5), int(l.recB[0]+15), int(l.recB[1]+5))
		if d := diffIn(img, without, recB); d != 0 {
			t.Errorf("style %d: team B's record area changed (%d pixels) when A's record went missing", st, d)
		}

		noLeague := venueScene(photo)
		leagueBox := image.Rect(w-int(0.2*h), h-int(0.2*h), w-5, h-5)
		nl := render(t, noLeague, o)
		if d := diffIn(img, nl, leagueBox); l.corner && d == 0 {
			t.Errorf("style %d: no league logo in the bottom-right corner", st)
		} else if !l.corner && d != 0 {
			t.Errorf("style %d: the league logo changes %d pixels bottom-right; only 11 and 13 carry it", st, d)
		}
		for _, img := range []image.Image{img, noText, without, nl} {
			Release(img)
		}
	}
}

// TestVenueBandsMatchWholeCanvas: venue styles paint in bands exactly as
// on the whole canvas, with and without a photo.
func TestVenueBandsMatchWholeCanvas(t *testing.T) {
	ctx := context.Background()
	photo := testPhoto(200, 130)
	for _, st := range venueStyles {
		for _, k := range []Kind{KindThumb, KindCover} {
			for _, ph := range []image.Image{photo, nil} {
				s := venueScene(ph)
				s.League.Logo = teamDark.LogoDark
				o := small(k, st)
				o.LeagueLogo = true
				img, err := testRenderer.Render(ctx, s, o)
				if err != nil {
					t.Fatal(err)
				}
				var whole, band bytes.Buffer
				if err := pngenc.Encode(&whole, img); err != nil {
					t.Fatal(err)
				}
				Release(img)
				if err := testRenderer.renderBands(ctx, &band, s, o, 13); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(whole.Bytes(), band.Bytes()) {
					t.Errorf("style %d %v photo=%v: bands differ from the whole canvas", st, k, ph != nil)
				}
			}
		}
	}
}

// TestVenueGolden compares styles 10-13, with and without a photo, with
// testdata/golden/venue_*.png (see TestGolden for -update).
func TestVenueGolden(t *testing.T) {
	photo := testPhoto(320, 180)
	for _, c := range []struct {
		name  string
		st    int
		k     Kind
		photo bool
	}{
		{"thumb_10_photo", 10, KindThumb, true}, {"cover_11_photo", 11, KindCover, true},
		{"thumb_12_colour", 12, KindThumb, false}, {"cover_13_colour", 13, KindCover, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := venueScene(nil)
			if c.photo {
				s.Venue.Photo = photo
			}
			s.League.Logo = teamDark.LogoDark
			o := small(c.k, c.st)
			o.LeagueLogo = true
			img := render(t, s, o)
			defer raster.Release(img)
			if err := rendertest.Golden(filepath.Join("testdata", "golden", "venue_"+c.name+".png"), img, *update); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestVenueStylesNotForLogos: styles 10-13 are thumbnails and covers only.
func TestVenueStylesNotForLogos(t *testing.T) {
	o := Options{Kind: KindLogo, Width: 256, Height: 256, Style: 10}
	if err := o.Validate(); err == nil {
		t.Error("logo style 10 validates")
	}
	o.Kind, o.Height = KindThumb, 192
	if err := o.Validate(); err != nil {
		t.Errorf("thumb style 10: %v", err)
	}
}

// noisyPhoto is a made-up photo with a crowd's per-pixel noise over a dusk
// gradient, the detail that makes a photo backdrop costly to encode.
func noisyPhoto(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rnd := uint32(2463534242)
	for y := range h {
		for x := range w {
			rnd ^= rnd << 13
			rnd ^= rnd >> 17
			rnd ^= rnd << 5
			v := uint8(rnd % 160)
			c := color.RGBA{uint8(20 + y*150/h), uint8(30 + y*60/h), 90, 255}
			if y > h/3 {
				c = color.RGBA{v, v / 2, uint8(40 + v/2), 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// TestVenuePhotoPNGCost: a venue photo of white noise behind a thumbnail
// costs at most three times the bytes of the same matchup in style 1 (the
// backdrop is softened and its rows repeat, so the encoder skips most of
// them: 2.5 times; at full detail it was 6.5 times).
func TestVenuePhotoPNGCost(t *testing.T) {
	enc := func(s Scene, style int) int {
		var buf bytes.Buffer
		o := Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: style}
		if err := testRenderer.RenderPNG(context.Background(), &buf, s, o); err != nil {
			t.Fatal(err)
		}
		return buf.Len()
	}
	s := venueScene(noisyPhoto(1280, 720))
	plain, venue := enc(s, 1), enc(s, 10)
	t.Logf("style 1: %d bytes, style 10 with a noisy photo: %d bytes", plain, venue)
	if venue > 3*plain {
		t.Errorf("style 10 PNG is %d bytes, over three times style 1's %d", venue, plain)
	}
}
