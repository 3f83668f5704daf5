package main

import (
	"bytes"
	"image"
	"image/png"
	"path/filepath"
	"strings"
	"testing"

	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
)

// share is the fraction of img's pixels within a small distance of the
// opaque colour (r, g, b).
func share(img image.Image, r, g, b uint8) float64 {
	bnd := img.Bounds()
	n := 0
	for y := bnd.Min.Y; y < bnd.Max.Y; y++ {
		for x := bnd.Min.X; x < bnd.Max.X; x++ {
			cr, cg, cb, ca := img.At(x, y).RGBA()
			d := func(c uint32, v uint8) int { return max(int(c>>8)-int(v), int(v)-int(c>>8)) }
			if ca>>8 > 200 && d(cr, r) < 24 && d(cg, g) < 24 && d(cb, b) < 24 {
				n++
			}
		}
	}
	return float64(n) / float64(bnd.Dx()*bnd.Dy())
}

func pictureShare(t *testing.T, svc *service, path string, r, g, b uint8) float64 {
	t.Helper()
	resp, body := svc.get(t, path)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s = %d %s", path, resp.StatusCode, body)
	}
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return share(img, r, g, b)
}

// TestDefaultImage: DEFAULT_IMAGE (a file) stands in for a league logo no
// source has (PLL on the fakes) and for a team without a logo (Austin FC
// in MLS); a league's defaultImage in custom data wins over it; without
// either the built-in pictures (no magenta) are drawn.
func TestDefaultImage(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"default.png":          thesportsdbtest.Badge("", "ff00ff", "ff00ff", thesportsdbtest.Square, 256),
		"data/logos/green.png": thesportsdbtest.Badge("", "00ff00", "00ff00", thesportsdbtest.Square, 256),
		"data/leagues/gt.json": []byte(`{"dimayor": {"defaultImage": "logos/green.png"}}`),
	})
	plain, _ := startLeagueFakes(t)
	if s := pictureShare(t, plain, "/pll/logo", 255, 0, 255); s > 0.01 {
		t.Errorf("without DEFAULT_IMAGE /pll/logo is %.0f%% magenta", 100*s)
	}
	svc := startOn(t, plain.espn, nil, map[string]string{
		"DEFAULT_IMAGE": filepath.Join(dir, "default.png"), "CUSTOM_DATA_DIR": filepath.Join(dir, "data"),
	})
	if s := pictureShare(t, svc, "/pll/logo", 255, 0, 255); s < 0.3 {
		t.Errorf("/pll/logo with DEFAULT_IMAGE is %.0f%% magenta, want the default image", 100*s)
	}
	if s := pictureShare(t, svc, "/mls/atx/logo", 255, 0, 255); s < 0.1 {
		t.Errorf("/mls/atx/logo (no logo) with DEFAULT_IMAGE is %.0f%% magenta, want the default image", 100*s)
	}
	if s := pictureShare(t, svc, "/mls/orlando/logo", 255, 0, 255); s > 0.01 {
		t.Errorf("/mls/orlando/logo (has a logo) is %.0f%% magenta", 100*s)
	}
	if s := pictureShare(t, svc, "/dimayor/logo", 0, 255, 0); s < 0.3 {
		t.Errorf("/dimayor/logo with its own defaultImage is %.0f%% green", 100*s)
	}
}

// TestImageSetting: DEFAULT_IMAGE is a URL, an image file or an error
// that stops the service.
func TestImageSetting(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{"a.png": thesportsdbtest.Badge("A", "112233", "445566", thesportsdbtest.Circle, 32),
		"a.txt": []byte("not an image")})
	for _, v := range []string{"", "https://example.com/a.png"} {
		if got, err := imageSetting(v); err != nil || got != v {
			t.Errorf("imageSetting(%q) = %q, %v", v, got, err)
		}
	}
	if got, err := imageSetting(filepath.Join(dir, "a.png")); err != nil || !strings.HasPrefix(got, "data:image/png;base64,") {
		t.Errorf("imageSetting(a.png) = %.40q, %v", got, err)
	}
	for _, bad := range []string{filepath.Join(dir, "missing.png"), filepath.Join(dir, "a.txt")} {
		if _, err := imageSetting(bad); err == nil {
			t.Errorf("imageSetting(%q) accepted", bad)
		}
	}
}
