package logogen

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var (
	purple = color.NRGBA{0x55, 0x25, 0x83, 0xff}
	gold   = color.NRGBA{0xfd, 0xb9, 0x27, 0xff}
	green  = color.NRGBA{0x00, 0x7a, 0x33, 0xff}
	white  = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	navy   = color.NRGBA{0x1d, 0x42, 0x8a, 0xff}
)

func encode(t *testing.T, s Spec) ([]byte, Stats) {
	t.Helper()
	img := Draw(s)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), Measure(img, buf.Bytes())
}

func TestDrawIsDeterministic(t *testing.T) {
	s := Spec{Label: "LAL", Name: "Los Angeles Lakers", Primary: purple, Secondary: gold}
	a, b := Draw(s), Draw(s)
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Fatal("the same spec drew different pixels")
	}
	s.Label = "LAC"
	if c := Draw(s); bytes.Equal(a.Pix, c.Pix) {
		t.Fatal("another label drew the same pixels")
	}
}

// TestLevelsLookReal: every level of detail, on every badge shape, has
// the colour count and compressed size of a real logo, and more detail
// costs more bytes.
func TestLevelsLookReal(t *testing.T) {
	specs := []Spec{
		{Label: "LAL", Name: "Los Angeles Lakers", Primary: purple, Secondary: gold},
		{Label: "BOS", Name: "Boston Celtics", Primary: green, Secondary: white},
		{Label: "GSW", Name: "Golden State Warriors", Primary: gold, Secondary: navy, Square: true},
	}
	dir := os.Getenv("LOGOGEN_OUT") // set to look at the logos
	for _, s := range specs {
		prev := 0.0
		for lv := Vector; lv <= Photographic; lv++ {
			s.Detail = lv
			data, st := encode(t, s)
			bpp := st.BitsPerPixel()
			t.Logf("%s level %d: %d colours, %.2f bits per visible pixel, %d bytes", s.Label, lv, st.Colours, bpp, st.Bytes)
			if st.Colours < RealMinColours || st.Colours > RealMaxColours {
				t.Errorf("%s level %d: %d colours, real logos have %d to %d", s.Label, lv, st.Colours, RealMinColours, RealMaxColours)
			}
			if bpp < RealMinBits || bpp > RealMaxBits {
				t.Errorf("%s level %d: %.2f bits per visible pixel, real logos take %.1f to %.1f", s.Label, lv, bpp, RealMinBits, RealMaxBits)
			}
			if bpp <= prev {
				t.Errorf("%s level %d: %.2f bits per pixel, not more than level %d's %.2f", s.Label, lv, bpp, lv-1, prev)
			}
			prev = bpp
			if dir != "" {
				os.WriteFile(filepath.Join(dir, fmt.Sprintf("logogen_%s_%d.png", s.Label, lv)), data, 0o644)
			}
		}
	}
}

// TestLevelsSpread: the hash gives a league every level of detail.
func TestLevelsSpread(t *testing.T) {
	count := map[int]int{}
	for i := range 40 {
		s := Spec{Label: fmt.Sprintf("T%02d", i), Primary: purple, Secondary: gold}
		count[s.level(s.seed())]++
	}
	for lv := Vector; lv <= Photographic; lv++ {
		if count[lv] < 2 {
			t.Errorf("level %d drawn for %d of 40 teams, want at least 2 (%v)", lv, count[lv], count)
		}
	}
}

func TestMeasure(t *testing.T) {
	img := Draw(Spec{Label: "X", Primary: purple, Secondary: gold, Size: 64, Detail: Vector})
	st := Measure(img, make([]byte, 100))
	if st.Visible == 0 || st.Visible >= 64*64 {
		t.Fatalf("visible pixels %d of %d: the badge leaves transparent corners", st.Visible, 64*64)
	}
	if got, want := st.BitsPerPixel(), 800/float64(st.Visible); got != want {
		t.Fatalf("bits per pixel %v, want %v", got, want)
	}
}
