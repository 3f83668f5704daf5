package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"gamethumbs/internal/catalog"
)

// TestEveryLeagueHasPictures walks every catalogued league against the
// provider fakes: /logo, /thumb and /cover each answer 200 with a PNG
// that is not blank (a real logo, or the league's wordmark card where no
// source has one).
func TestEveryLeagueHasPictures(t *testing.T) {
	svc := startWithProviders(t)
	cat, err := catalog.New(func(string) string { return "true" })
	if err != nil {
		t.Fatal(err)
	}
	shots := os.Getenv("GAMETHUMBS_SHOTS")
	// Every league, every kind: about 450 pictures, 16 s of CPU. Under the
	// race detector (several times slower) or -short, a sample: the logo
	// of every third league, thumbnail and cover of every twelfth.
	logoStep, imageStep := 1, 1
	if raceDetector || testing.Short() {
		logoStep, imageStep = 3, 12
	}
	var paths []string
	for i, l := range cat.Leagues() {
		if i%logoStep == 0 {
			paths = append(paths, "/"+l.Code+"/logo")
		}
		if i%imageStep == 0 {
			paths = append(paths, "/"+l.Code+"/thumb", "/"+l.Code+"/cover")
		}
	}
	var wg sync.WaitGroup
	next := make(chan string)
	for range 3 {
		wg.Go(func() {
			for path := range next {
				checkPicture(t, svc, path, shots)
			}
		})
	}
	for _, p := range paths {
		next <- p
	}
	close(next)
	wg.Wait()
}

// checkPicture fails t unless path answers 200 with a PNG that is not
// blank, and saves it in shots when set.
func checkPicture(t *testing.T, svc *service, path, shots string) {
	resp, body := svc.get(t, path)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Errorf("GET %s = %d %s %.120s", path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		return
	}
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		t.Errorf("GET %s: PNG does not decode: %v", path, err)
		return
	}
	if blank(img) {
		t.Errorf("GET %s: blank picture", path)
	}
	if shots != "" {
		name := strings.ReplaceAll(strings.TrimPrefix(path, "/"), "/", "_")
		_ = os.WriteFile(filepath.Join(shots, "league_"+name+".png"), body, 0o644)
	}
}

// blank reports whether img is one flat colour, or a flat background with
// next to nothing on it: fewer than 1 % of sampled pixels differ from the
// centre-weighted background by a visible amount.
func blank(img image.Image) bool {
	b := img.Bounds()
	r0, g0, b0, a0 := img.At(b.Min.X+1, b.Min.Y+1).RGBA()
	differ, total := 0, 0
	step := max(1, b.Dx()/64)
	for y := b.Min.Y; y < b.Max.Y; y += step {
		for x := b.Min.X; x < b.Max.X; x += step {
			r, g, bl, a := img.At(x, y).RGBA()
			total++
			if absDiff(r, r0)+absDiff(g, g0)+absDiff(bl, b0)+absDiff(a, a0) > 3*0x2000 {
				differ++
			}
		}
	}
	return differ*100 < total
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
