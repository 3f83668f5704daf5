// Package flagstest is a fake flagcdn for tests: an httptest server on
// 127.0.0.1 serving /en/codes.json (a short list, with one country the
// provider's table lacks, Antarctica "aq", and one US state) and flags
// drawn on request at /{width}/{code}.png: simplified United States and
// Canada flags, and vertical tricolours for every other code.
package flagstest

import (
	"bytes"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strings"
	"sync"
	"testing"

	"gamethumbs/internal/catalog/providertest"
)

// Codes is the fake's codes.json.
var Codes = map[string]string{
	"us": "United States", "ca": "Canada", "fr": "France", "gb-eng": "England", "aq": "Antarctica", "us-ca": "California",
}

// Server is a running fake.
type Server struct {
	URL string

	// Counter counts requests by path (Hits).
	providertest.Counter

	mu        sync.Mutex
	failCodes bool
}

// New starts a fake that is closed when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{}
	s.URL = providertest.Start(t, s.serve)
	return s
}

// FailCodes makes codes.json answer 503.
func (s *Server) FailCodes(fail bool) {
	s.mu.Lock()
	s.failCodes = fail
	s.mu.Unlock()
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.Count(r.URL.Path)
	s.mu.Lock()
	fail := s.failCodes
	s.mu.Unlock()
	if r.URL.Path == "/en/codes.json" {
		if fail {
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
			return
		}
		var b strings.Builder
		b.WriteString("{")
		first := true
		for k, v := range Codes {
			if !first {
				b.WriteString(",")
			}
			first = false
			b.WriteString(`"` + k + `":"` + v + `"`)
		}
		b.WriteString("}")
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(b.String()))
		return
	}
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if len(parts) != 2 || !strings.HasPrefix(parts[0], "w") || !strings.HasSuffix(parts[1], ".png") {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	_, _ = w.Write(Flag(strings.TrimSuffix(parts[1], ".png")))
}

var (
	red   = color.NRGBA{0xd8, 0x1e, 0x2c, 255}
	white = color.NRGBA{0xff, 0xff, 0xff, 255}
	blue  = color.NRGBA{0x1f, 0x3a, 0x93, 255}
)

// Flag draws the 320×160 flag of code as a PNG.
func Flag(code string) []byte {
	const w, h = 320, 160
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, pixel(code, x, y, w, h))
		}
	}
	var buf bytes.Buffer
	_ = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	return buf.Bytes()
}

func pixel(code string, x, y, w, h int) color.NRGBA {
	switch code {
	case "us":
		if x < w*2/5 && y < h*7/13 {
			return blue
		}
		if (y*13/h)%2 == 0 {
			return red
		}
		return white
	case "ca":
		if x < w/4 || x >= w*3/4 {
			return red
		}
		if x > w*2/5 && x < w*3/5 && y > h/4 && y < h*3/4 {
			return red // the leaf, squared
		}
		return white
	}
	hs := fnv.New32a()
	hs.Write([]byte(code))
	v := hs.Sum32()
	band := []color.NRGBA{
		{uint8(v), uint8(v >> 8), uint8(v >> 16), 255}, white, {uint8(v >> 16), uint8(v >> 24), uint8(v), 255},
	}
	return band[min(2, x*3/w)]
}
