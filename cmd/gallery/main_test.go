package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamethumbs/internal/render/hardcase"
)

func TestRunWritesGallery(t *testing.T) {
	if testing.Short() || raceDetector {
		// Hundreds of pictures drawn on the renderer the render tests
		// check under the detector already: minutes under -race.
		t.Skip("renders the whole gallery")
	}
	dir := t.TempDir()
	if err := run(context.Background(), []string{"-out", dir, "-scale", "0.25"}, io.Discard); err != nil {
		t.Fatalf("run error: %v", err)
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatalf("index.html: %v", err)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if want := len(jobs()) + len(sheetBackgrounds) + len(hardcase.Cases()) + 1 + len(galleryLeagues); len(pngs) != want {
		t.Errorf("gallery wrote %d PNGs, want %d", len(pngs), want)
	}
	for _, p := range pngs {
		if !strings.Contains(string(index), filepath.Base(p)) {
			t.Errorf("index.html does not show %s", filepath.Base(p))
		}
	}
	page := t.TempDir()
	if err := run(context.Background(), []string{"-hardpage", page}, io.Discard); err != nil {
		t.Fatalf("run -hardpage error: %v", err)
	}
	md, err := os.ReadFile(filepath.Join(page, "hard-cases.md"))
	if err != nil {
		t.Fatalf("hard-cases.md: %v", err)
	}
	sheets, _ := filepath.Glob(filepath.Join(page, "hard_*.png"))
	if want := len(hardcase.Cases()) + 1; len(sheets) != want {
		t.Errorf("-hardpage wrote %d sheets, want %d", len(sheets), want)
	}
	for _, p := range sheets {
		if !strings.Contains(string(md), "("+filepath.Base(p)+")") {
			t.Errorf("hard-cases.md does not show %s", filepath.Base(p))
		}
	}
	if err := run(context.Background(), []string{"-scale", "3"}, io.Discard); err == nil {
		t.Error("run(-scale 3) error = nil, want a range error")
	}
}
