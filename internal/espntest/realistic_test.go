package espntest

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"net/http"
	"slices"
	"strings"
	"testing"

	"gamethumbs/internal/logogen"
)

// leagueLogoStats fetches the default logo of every team of the NBA (every
// third in -short mode) from s and measures what it served.
func leagueLogoStats(t *testing.T, s *Server) []logogen.Stats {
	t.Helper()
	var out []logogen.Stats
	for i, tm := range Teams("basketball", "nba") {
		if testing.Short() && i%3 != 0 {
			continue
		}
		url := s.CDNURL + "/i/teamlogos/nba/500/" + strings.ToLower(tm.Abbreviation) + "." + tm.Logo
		status, _, body := get(t, url)
		if status != http.StatusOK {
			t.Fatalf("GET %s: %d", url, status)
		}
		img, _, err := image.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", url, err)
		}
		if img.Bounds() != image.Rect(0, 0, logoSize, logoSize) {
			t.Fatalf("%s: %v, want %d px square", url, img.Bounds(), logoSize)
		}
		out = append(out, logogen.Measure(img, body))
	}
	return out
}

// summary gives the range and median of colours and bits per visible pixel.
func summary(st []logogen.Stats) (colours [3]int, bits [3]float64) {
	cs := make([]int, len(st))
	bs := make([]float64, len(st))
	for i, s := range st {
		cs[i], bs[i] = s.Colours, s.BitsPerPixel()
	}
	slices.Sort(cs)
	slices.Sort(bs)
	return [3]int{cs[0], cs[len(cs)/2], cs[len(cs)-1]}, [3]float64{bs[0], bs[len(bs)/2], bs[len(bs)-1]}
}

// TestRealisticLogosLookReal measures the NBA's logos as each fake serves
// them: the flat badges are a tenth of a real logo, the realistic ones
// are within what real logos span (79 to 22,000 colours, 0.6 to 10.8
// bits per visible pixel), with thousands of colours as the rule.
func TestRealisticLogosLookReal(t *testing.T) {
	flatC, flatB := summary(leagueLogoStats(t, New(t)))
	real := leagueLogoStats(t, New(t, RealisticLogos()))
	realC, realB := summary(real)
	row := func(name string, c [3]int, b [3]float64) string {
		return fmt.Sprintf("| %s | %d | %d | %d | %.2f | %.2f | %.2f |", name, c[0], c[1], c[2], b[0], b[1], b[2])
	}
	t.Logf("NBA default logos as served (%d teams):\n| set | colours min | median | max | bits/visible px min | median | max |\n%s\n%s",
		len(real), row("flat", flatC, flatB), row("realistic", realC, realB))

	for i, st := range real {
		if st.Colours < logogen.RealMinColours || st.Colours > logogen.RealMaxColours ||
			st.BitsPerPixel() < logogen.RealMinBits || st.BitsPerPixel() > logogen.RealMaxBits {
			t.Errorf("realistic logo %d: %d colours, %.2f bits per visible pixel: outside the real range", i, st.Colours, st.BitsPerPixel())
		}
	}
	if realC[1] < 2000 {
		t.Errorf("realistic logos: median %d colours, want thousands", realC[1])
	}
	if realB[1] < 3*flatB[1] {
		t.Errorf("realistic logos: median %.2f bits per visible pixel, not three times the flat ones' %.2f", realB[1], flatB[1])
	}
	// The flat set is what it is said to be (docs quote it): a few
	// colours, under a bit per pixel.
	if flatB[2] > 1.2 || flatC[1] > 100 {
		t.Errorf("flat logos: up to %.2f bits per pixel, median %d colours: no longer flat", flatB[2], flatC[1])
	}
}

// TestRealisticLogosSameShape: the option changes the pixels, not the
// catalogue: the same paths answer, in the same formats and sizes.
func TestRealisticLogosSameShape(t *testing.T) {
	flat, real := New(t), New(t, RealisticLogos())
	for _, p := range []string{"/i/teamlogos/nba/500/lal.png", "/i/teamlogos/nba/500-dark/scoreboard/bos.png",
		"/i/teamlogos/nba/500/mem.jpg", "/i/teamlogos/nhl/500/sea.svg", "/i/teamlogos/leagues/500/nba.png"} {
		fs, fct, fb := get(t, flat.CDNURL+p)
		rs, rct, rb := get(t, real.CDNURL+p)
		if fs != http.StatusOK || rs != fs || rct != fct {
			t.Errorf("%s: flat %d %s, realistic %d %s", p, fs, fct, rs, rct)
		}
		if strings.HasSuffix(p, ".svg") != bytes.Equal(fb, rb) {
			t.Errorf("%s: realistic bytes equal to flat: %v (only SVG logos stay the same)", p, bytes.Equal(fb, rb))
		}
	}
}
