package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"testing"

	"gamethumbs/internal/raster"
)

func TestRenderDimensionsAndOpaque(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every style at full size")
	}
	scenes := map[string]Scene{
		"league":  {League: testLeague},
		"team":    {League: testLeague, Teams: []Team{teamPurple}},
		"matchup": matchupScene(teamPurple, teamGreen),
	}
	for _, kind := range []Kind{KindThumb, KindCover} {
		for _, size := range aspects[kind] {
			for name, sc := range scenes {
				styles := []int{1}
				if name == "matchup" {
					styles = allStyles
				}
				for _, st := range styles {
					o := Options{Kind: kind, Width: size.X, Height: size.Y, Style: st, LeagueLogo: true, Badge: "HD"}
					t.Run(fmt.Sprintf("%s/k%d/%dx%d/style%d", name, kind, size.X, size.Y, st), func(t *testing.T) {
						img, err := testRenderer.Render(context.Background(), sc, o)
						if err != nil {
							t.Fatalf("Render error: %v", err)
						}
						defer raster.Release(img)
						if got := img.Bounds(); got != image.Rect(0, 0, size.X, size.Y) {
							t.Fatalf("Render bounds = %v, want %dx%d", got, size.X, size.Y)
						}
						if !allOpaque(img) {
							t.Errorf("Render is not fully opaque (every pixel A=255)")
						}
					})
				}
			}
		}
	}
}

func TestValidate(t *testing.T) {
	ok := Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 1}
	tests := []struct {
		name  string
		edit  func(*Options)
		field string // "" = valid
	}{
		{"valid", func(*Options) {}, ""},
		{"style 0 means default", func(o *Options) { o.Style = 0 }, ""},
		{"style 98", func(o *Options) { o.Style = 98 }, ""},
		{"style 7", func(o *Options) { o.Style = 7 }, "Style"},
		{"style -1", func(o *Options) { o.Style = -1 }, "Style"},
		{"width 0", func(o *Options) { o.Width = 0 }, "Width"},
		{"height huge", func(o *Options) { o.Height = 100000 }, "Height"},
		{"too many pixels", func(o *Options) { o.Width, o.Height = 4096, 4096 }, "Width"},
		{"kind 9", func(o *Options) { o.Kind = 9 }, "Kind"},
		{"badge ok", func(o *Options) { o.Badge = " peyton  and eli " }, ""},
		{"badge long", func(o *Options) { o.Badge = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" }, "Badge"},
		{"badge html", func(o *Options) { o.Badge = "<b>" }, "Badge"},
		{"title control", func(o *Options) { o.Title = "a\x00b" }, "Title"},
		{"subtitle long", func(o *Options) { o.Subtitle = string(make([]byte, 200)) }, "Subtitle"},
	}
	for _, tt := range tests {
		o := ok
		tt.edit(&o)
		err := o.Validate()
		var oe *OptionError
		switch {
		case tt.field == "" && err != nil:
			t.Errorf("%s: Validate() = %v, want nil", tt.name, err)
		case tt.field != "" && (!errors.As(err, &oe) || oe.Field != tt.field || !errors.Is(err, ErrInvalid)):
			t.Errorf("%s: Validate() = %v, want an OptionError on %s", tt.name, err, tt.field)
		}
	}
}

func TestRenderErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := testRenderer.Render(ctx, Scene{}, Options{Kind: KindLogo, Width: 1024, Height: 1024, Style: 3}); !errors.Is(err, ErrInvalid) {
		t.Errorf("testRenderer.Render(league logo, style 3) error = %v, want ErrInvalid", err)
	}
	three := Scene{Teams: []Team{teamPurple, teamGreen, teamDark}}
	if _, err := testRenderer.Render(ctx, three, small(KindThumb, 1)); !errors.Is(err, ErrInvalid) {
		t.Errorf("testRenderer.Render(3 teams) error = %v, want ErrInvalid", err)
	}
	if _, err := testRenderer.Render(ctx, matchupScene(teamPurple, teamGreen), small(KindThumb, 42)); !errors.Is(err, ErrInvalid) {
		t.Errorf("testRenderer.Render(style 42) error = %v, want ErrInvalid", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := testRenderer.Render(cancelled, matchupScene(teamPurple, teamGreen), small(KindThumb, 1)); !errors.Is(err, context.Canceled) {
		t.Errorf("testRenderer.Render(cancelled ctx) error = %v, want context.Canceled", err)
	}
}

// valueImage is a non-pointer image type: it must work but is not cached.
type valueImage struct{ *image.NRGBA }

func TestRenderOddInputs(t *testing.T) {
	empty := image.NewNRGBA(image.Rect(0, 0, 0, 0))
	clear := image.NewNRGBA(image.Rect(0, 0, 50, 50))
	tiny := image.NewNRGBA(image.Rect(5, 5, 6, 6))
	tiny.Pix[3] = 255
	huge := image.NewGray(image.Rect(0, 0, 3000, 40)) // wide, non-RGBA type, scaled down once
	odd := []image.Image{nil, empty, clear, tiny, huge, valueImage{teamGreen.Logo.(*image.NRGBA)}}
	for i, logo := range odd {
		a, b := teamPurple, teamGreen
		a.Logo, b.LogoDark = logo, logo
		lg := testLeague
		lg.Logo = logo
		for _, sc := range []Scene{{League: lg}, {League: lg, Teams: []Team{a}}, {League: lg, Teams: []Team{a, b}}} {
			for _, st := range allStyles {
				o := small(KindThumb, st)
				o.LeagueLogo, o.Icon, o.Title = true, logo, "Title"
				img, err := testRenderer.Render(context.Background(), sc, o)
				if err != nil {
					t.Fatalf("testRenderer.Render(odd logo %d, %d teams, style %d) error: %v", i, len(sc.Teams), st, err)
				}
				raster.Release(img)
			}
		}
	}
}

// A renderer whose gate lets one render run at a time finishes
// concurrent renders one after the other.
func TestGateOfOne(t *testing.T) {
	r := New(Config{Gate: NewGate(1, 0), CacheBytes: DefaultCacheBytes})
	done := make(chan error, 4)
	for range 4 {
		go func() {
			img, err := r.Render(context.Background(), matchupScene(teamPurple, teamGreen), small(KindThumb, 1))
			raster.Release(img)
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatalf("concurrent Render error: %v", err)
		}
	}
}

func TestWarmRenderUsesCache(t *testing.T) {
	sc := matchupScene(teamPurple, teamGreen)
	for _, st := range allStyles {
		o := small(KindThumb, st)
		o.LeagueLogo = true
		raster.Release(render(t, sc, o))
		missBefore := testRenderer.CacheStats().Misses
		raster.Release(render(t, sc, o))
		if missAfter := testRenderer.CacheStats().Misses; missAfter != missBefore {
			t.Errorf("style %d: warm render had %d cache misses, want 0 (no trimming/scaling of logos)", st, missAfter-missBefore)
		}
	}
}

func TestRenderPNG(t *testing.T) {
	var buf bytes.Buffer
	if err := testRenderer.RenderPNG(context.Background(), &buf, matchupScene(teamPurple, teamGreen), small(KindCover, 2)); err != nil {
		t.Fatalf("RenderPNG error: %v", err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("png.Decode(RenderPNG) error: %v", err)
	}
	if got := img.Bounds().Size(); got != image.Pt(240, 320) {
		t.Errorf("RenderPNG size = %v, want 240x320", got)
	}
}

// allOpaque reports whether every pixel of img has alpha 255.
func allOpaque(img image.Image) bool {
	b := img.Bounds()
	if m, ok := img.(*image.RGBA); ok {
		for y := b.Min.Y; y < b.Max.Y; y++ {
			row := m.Pix[m.PixOffset(b.Min.X, y):m.PixOffset(b.Max.X, y)]
			for i := 3; i < len(row); i += 4 {
				if row[i] != 255 {
					return false
				}
			}
		}
		return true
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
				return false
			}
		}
	}
	return true
}
