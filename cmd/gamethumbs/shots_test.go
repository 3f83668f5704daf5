package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteShots writes a few rendered images to $GAMETHUMBS_SHOTS for a
// person to look at. It does nothing unless the variable is set.
func TestWriteShots(t *testing.T) {
	dir := os.Getenv("GAMETHUMBS_SHOTS")
	if dir == "" {
		t.Skip("set GAMETHUMBS_SHOTS=dir to write sample images")
	}
	svc := start(t, nil)
	for _, p := range strings.Fields(os.Getenv("GAMETHUMBS_SHOT_PATHS")) {
		resp, body := svc.get(t, p)
		name := strings.NewReplacer("/", "_", "?", "_", "&", "_", "=", "-").Replace(strings.TrimPrefix(p, "/"))
		if resp.StatusCode != 200 {
			t.Errorf("%s = %d %s", p, resp.StatusCode, body)
			continue
		}
		os.WriteFile(filepath.Join(dir, name+".png"), body, 0o644)
	}
}
