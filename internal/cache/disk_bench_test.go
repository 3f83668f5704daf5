package cache

import (
	"strconv"
	"testing"
	"time"
)

// BenchmarkDiskPut stores thumbnail-sized pictures under new keys, as the
// disk tier's writer does for every cold render (CPU per Put, including
// the kernel's, is what a cold request pays for the disk tier).
func BenchmarkDiskPut(b *testing.B) {
	d, err := OpenDisk(b.TempDir(), 1<<30, time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	data := make([]byte, 140<<10)
	created := time.Now()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu0 := cpuTime()
	for i := 0; b.Loop(); i++ {
		if err := d.Set(bg, "/nba/lal/bos/thumb?aspect=4-3&n="+strconv.Itoa(i), &Image{Data: data, ContentType: "image/png", Modified: created}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
}
