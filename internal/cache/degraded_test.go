package cache

import (
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"gamethumbs/internal/cluster"
	"gamethumbs/internal/cluster/redistest"
)

// Every tier refuses a degraded result, whoever asks it to store one; the
// tiers that outlive the process refuse an incomplete one too.
func TestTiersRefuseDegraded(t *testing.T) {
	d, err := OpenDisk(t.TempDir(), 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	tiers := map[string]Cache{"memory": NewMemory(1<<20, time.Hour, nil), "disk": d,
		"disk behind": WriteBehind(d, 4)}
	if testing.Short() {
		t.Log("-short: the shared tier is left out")
	} else {
		srv := redistest.Start(t)
		c, err := cluster.New(cluster.Config{URL: srv.URL(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		tiers["shared"] = NewShared(c, "img:", 1<<20, time.Hour)
	}
	var all []Cache
	for _, c := range tiers {
		all = append(all, c)
	}
	tiers["tiered"] = NewTiered(all...)
	for name, c := range tiers {
		key := "k-" + name
		bad := pic(10)
		bad.Degraded = "logo download failed"
		if err := c.Set(bg, key, bad); !errors.Is(err, ErrDegraded) {
			t.Errorf("%s tier Set(degraded) = %v, want ErrDegraded", name, err)
		}
		inc := pic(10)
		inc.Incomplete = "logo 404"
		err := c.Set(bg, key+"-inc", inc)
		if name != "memory" && name != "tiered" && !errors.Is(err, ErrIncomplete) {
			t.Errorf("%s tier Set(incomplete) = %v, want ErrIncomplete", name, err)
		}
	}
	time.Sleep(50 * time.Millisecond) // the write-behind queue
	for name, c := range tiers {
		if _, ok := c.Get(bg, "k-"+name); ok {
			t.Errorf("%s tier stored a degraded picture", name)
		}
		if name != "memory" && name != "tiered" {
			if _, ok := c.Get(bg, "k-"+name+"-inc"); ok {
				t.Errorf("%s tier stored an incomplete picture", name)
			}
		}
	}
	if d.Used() != 0 {
		t.Error("the disk tier wrote a record of a picture it must refuse")
	}
}
