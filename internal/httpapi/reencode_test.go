package httpapi

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"testing"
	"time"

	"gamethumbs/internal/config"
	"gamethumbs/internal/scene"
)

// pngBackend is fakeBackend rendering a real PNG, encoded fast (no
// compression).
type pngBackend struct {
	*fakeBackend
	data []byte
}

func (b pngBackend) Prepare(ctx context.Context, req scene.Request) (scene.Job, error) {
	j, err := b.fakeBackend.Prepare(ctx, req)
	if err != nil {
		return nil, err
	}
	return pngJob{j, b.data}, nil
}

type pngJob struct {
	scene.Job
	data []byte
}

func (j pngJob) Render(ctx context.Context) (scene.Output, error) {
	j.Job.Render(ctx) // counted
	return scene.Output{Data: j.data, ContentType: "image/png"}, nil
}

// bestPNG re-encodes with image/png at its best compression: a stand-in
// for the stronger encoder.
type bestPNG struct{}

func (bestPNG) Reencode(_ context.Context, _ string, data []byte) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img)
	return b.Bytes(), err
}

// After the background pass replaced a picture with a smaller copy of the
// same pixels, the cache serves the copy under the first ETag: a client
// holding the first copy still gets 304.
func TestReencodedPictureKeepsItsETag(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 80, 60))
	for y := range 60 {
		for x := range 80 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(3 * x), uint8(4 * y), 200, 255})
		}
	}
	var fast bytes.Buffer
	(&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&fast, img)
	cfg := config.Defaults()
	cfg.RateLimitPerMinute = 0
	fb := &fakeBackend{}
	s := NewServer(Deps{Config: cfg, Backend: pngBackend{fb, fast.Bytes()}, Reencoder: bestPNG{},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer s.images.recompress.Close()

	first := do(t, s, "/nba/lakers/celtics/thumb")
	etag := first.Header().Get("ETag")
	if first.Code != 200 || !bytes.Equal(first.Body.Bytes(), fast.Bytes()) {
		t.Fatalf("first response: %d, %d bytes; want the fast encoding at once", first.Code, first.Body.Len())
	}
	deadline := time.Now().Add(5 * time.Second)
	for s.images.recompress.Stats().Replaced == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the pass never replaced the picture: %+v", s.images.recompress.Stats())
		}
		time.Sleep(5 * time.Millisecond)
	}
	later := do(t, s, "/nba/lakers/celtics/thumb")
	if later.Code != 200 || later.Body.Len() >= fast.Len() || later.Header().Get("ETag") != etag {
		t.Fatalf("after the pass: %d, %d bytes (first %d), ETag %s (first %s); want the smaller copy, same ETag",
			later.Code, later.Body.Len(), fast.Len(), later.Header().Get("ETag"), etag)
	}
	if later.Header().Get("Content-Length") != strconv.Itoa(later.Body.Len()) {
		t.Errorf("Content-Length %s for %d bytes", later.Header().Get("Content-Length"), later.Body.Len())
	}
	back, err := png.Decode(bytes.NewReader(later.Body.Bytes()))
	if err != nil || back.Bounds() != img.Bounds() {
		t.Fatalf("the smaller copy does not decode to the picture: %v", err)
	}
	for y := range 60 {
		for x := range 80 {
			if got := color.NRGBAModel.Convert(back.At(x, y)); got != img.NRGBAAt(x, y) {
				t.Fatalf("pixel %d,%d of the smaller copy is %v, want %v", x, y, got, img.NRGBAAt(x, y))
			}
		}
	}
	if nm := do(t, s, "/nba/lakers/celtics/thumb", "If-None-Match", etag); nm.Code != http.StatusNotModified {
		t.Fatalf("If-None-Match of the first copy's ETag: %d, want 304", nm.Code)
	}
	if fb.renders.Load() != 1 {
		t.Errorf("%d renders, want 1", fb.renders.Load())
	}
}
