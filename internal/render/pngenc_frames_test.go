package render

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"gamethumbs/internal/pngenc"
)

var pngencFrames = flag.Bool("pngenc-frames", false, "rewrite the rendered frames in ../pngenc/testdata")

// TestPNGEncFrames writes, with -pngenc-frames, the full-size renders that
// internal/pngenc's tests and benchmarks encode (pngenc cannot import
// render): 1440x1080 matchup thumbnails in styles 1, 2 and 99, stored
// as EncodeBest writes them (the smallest files of the same pixels).
func TestPNGEncFrames(t *testing.T) {
	if !*pngencFrames {
		t.Skip("run with -pngenc-frames to rewrite ../pngenc/testdata")
	}
	for name, o := range map[string]Options{
		"thumb-style1":  {Kind: KindThumb, Width: 1440, Height: 1080, Style: 1, LeagueLogo: true},
		"thumb-style2":  {Kind: KindThumb, Width: 1440, Height: 1080, Style: 2, LeagueLogo: true},
		"thumb-style99": {Kind: KindThumb, Width: 1440, Height: 1080, Style: 99},
	} {
		img, err := testRenderer.Render(context.Background(), matchupScene(teamPurple, teamGreen), o)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := pngenc.EncodeBest(&buf, img); err != nil {
			t.Fatal(err)
		}
		Release(img)
		if err := os.WriteFile(filepath.Join("..", "pngenc", "testdata", name+".png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
