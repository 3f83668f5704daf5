package cache

import (
	"context"
	"testing"
	"time"
)

// bg is the context of tier calls in tests.
var bg = context.Background()

// memoryAndDisk returns a memory and a disk tier and the two composed.
func memoryAndDisk(t *testing.T) (*Memory, *Disk, *Tiered) {
	t.Helper()
	mem := NewMemory(1<<20, time.Hour, nil)
	d, err := OpenDisk(t.TempDir(), 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return mem, d, NewTiered(mem, d)
}
