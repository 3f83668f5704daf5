package httpapi

import (
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"gamethumbs/internal/buildinfo"
)

// healthRecord is the spec's health record. Go has no V8 heap, so the
// memory names map to Go's runtime statistics like this:
//
//	rss          resident set size of the process (/proc/self/statm; Sys elsewhere)
//	heapTotal    HeapSys: heap memory obtained from the OS
//	heapUsed     HeapAlloc: bytes of live and not-yet-swept heap objects
//	external     memory the runtime holds outside the heap: stacks, span and
//	             cache structures, GC metadata, profiling buckets and other
//	             runtime allocations (Sys - HeapSys)
//	arrayBuffers bytes of the encoded images held in the image cache
type healthRecord struct {
	Status    string       `json:"status"`
	Uptime    float64      `json:"uptime"`
	Memory    healthMemory `json:"memory"`
	Timestamp string       `json:"timestamp"`
	// Redis is "up" or "down" when REDIS_URL is set, absent otherwise.
	Redis string `json:"redis,omitempty"`
}

type healthMemory struct {
	RSS          uint64 `json:"rss"`
	HeapTotal    uint64 `json:"heapTotal"`
	HeapUsed     uint64 `json:"heapUsed"`
	External     uint64 `json:"external"`
	ArrayBuffers uint64 `json:"arrayBuffers"`
}

func (s *Server) health(w http.ResponseWriter, _ *http.Request, _ params) error {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	now := s.now()
	rec := healthRecord{
		Status: "ok",
		Uptime: now.Sub(s.started).Seconds(),
		Memory: healthMemory{
			RSS:       residentBytes(ms.Sys),
			HeapTotal: ms.HeapSys,
			HeapUsed:  ms.HeapAlloc,
			External:  ms.Sys - ms.HeapSys,
		},
		Timestamp: now.UTC().Format(time.RFC3339Nano),
	}
	if s.images != nil {
		rec.Memory.ArrayBuffers = uint64(s.images.Bytes())
	}
	if s.shared != nil {
		rec.Redis = "down"
		if s.shared.Up() {
			rec.Redis = "up"
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, rec)
	return nil
}

// residentBytes reads the resident set size on Linux and falls back to
// the runtime's total when /proc is not available.
func residentBytes(fallback uint64) uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return fallback
	}
	fields := strings.Fields(string(b))
	if len(fields) < 2 {
		return fallback
	}
	pages, err := strconv.ParseUint(fields[1], 10, 64)
	if err != nil {
		return fallback
	}
	return pages * uint64(os.Getpagesize())
}

func (s *Server) info(w http.ResponseWriter, _ *http.Request, _ params) error {
	w.Header().Set("Cache-Control", "public, max-age=60")
	writeJSON(w, http.StatusOK, buildinfo.Get())
	return nil
}
