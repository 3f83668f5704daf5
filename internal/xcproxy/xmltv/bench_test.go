//go:build linux

package xmltv

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/testutil"
	"gamethumbs/internal/xcproxy/xmltv/xmltvtest"
)

const benchSize = 150 << 20

// BenchmarkParse150MB parses a generated 150 MB guide (20,000 channels,
// then programmes) read through an io.Reader, to the end. It reports the
// process's peak RSS (VmHWM) in MB.
func BenchmarkParse150MB(b *testing.B) {
	benchParse(b, Options{})
}

// BenchmarkParse150MBStopAtProgramme is the same guide read only up to the
// first <programme>.
func BenchmarkParse150MBStopAtProgramme(b *testing.B) {
	benchParse(b, Options{StopAtProgramme: true})
}

func benchParse(b *testing.B, opt Options) {
	b.SetBytes(benchSize)
	cpu0 := cpuTime()
	for b.Loop() {
		g, err := Parse(&xmltvtest.Reader{Channels: 20_000, Size: benchSize}, opt)
		if err != nil {
			b.Fatal(err)
		}
		if g.Len() != 20_000 {
			b.Fatalf("Len() = %d, want 20000", g.Len())
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
	if mb, ok := peakRSSMB(); ok {
		b.ReportMetric(mb, "peak-RSS-MB")
	}
}

// cpuTime is the process's user+system CPU time: on a shared, busy
// machine it shows the work done better than wall time.
func cpuTime() time.Duration { return testutil.CPUTime() }

// BenchmarkGenerator150MB measures the generator alone, to subtract.
func BenchmarkGenerator150MB(b *testing.B) {
	b.SetBytes(benchSize)
	buf := make([]byte, bufSize)
	for b.Loop() {
		r := &xmltvtest.Reader{Channels: 20_000, Size: benchSize}
		for {
			if _, err := r.Read(buf); err != nil {
				break
			}
		}
	}
}

// peakRSSMB reads VmHWM from /proc/self/status (Linux only).
func peakRSSMB() (float64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			if err != nil {
				return 0, false
			}
			return kb / 1024, true
		}
	}
	return 0, false
}
