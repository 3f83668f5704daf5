package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLeaguePage(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the provider fakes and renders 24 pictures")
	}
	dir := t.TempDir()
	if err := run(context.Background(), []string{"-leaguepage", dir}, io.Discard); err != nil {
		t.Fatalf("run -leaguepage: %v", err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "leagues.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range galleryLeagues {
		name := "leagues_" + l.code + ".png"
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("sheet %s: %v", name, err)
		}
		if !strings.Contains(string(md), "("+name+")") {
			t.Errorf("leagues.md does not show %s", name)
		}
	}
}
