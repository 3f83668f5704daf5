package xcproxy

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// endlessPanel serves /live/u/p/1.ts as an endless stream and reports on
// gone when the proxy closed the connection.
func endlessPanel(t *testing.T) (*fakePanel, chan struct{}) {
	p := newFakePanel(t)
	gone := make(chan struct{}, 1)
	p.handle("/live/u/p/1.ts", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "video/mp2t")
		chunk := bytes.Repeat([]byte{0x47}, 188*7)
		rc := http.NewResponseController(w)
		for {
			if _, err := w.Write(chunk); err != nil {
				break
			}
			if rc.Flush() != nil {
				break
			}
			select {
			case <-r.Context().Done():
				signal(gone)
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
		signal(gone)
	})
	return p, gone
}

// signal sends on c unless its buffer is full (tests with many streams
// do not wait for each).
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

func TestEndlessStreamFlowsAndStops(t *testing.T) {
	p, gone := endlessPanel(t)
	tp := newTestProxy(t, p, func(c *Config) { c.HeaderTimeout = 5 * time.Second })

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, tp.srv.URL+"/xc/main/live/u/p/1.ts", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "video/mp2t" {
		t.Fatalf("stream: status %d type %q, want 200 video/mp2t", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	// Bytes arrive although the upstream never ends.
	buf := make([]byte, 64<<10)
	got := 0
	for got < 32<<10 {
		n, err := resp.Body.Read(buf)
		if err != nil {
			t.Fatalf("reading the stream after %d bytes: %v", got, err)
		}
		got += n
	}
	if buf[0] != 0x47 {
		t.Errorf("first byte %#x, want the TS sync byte 0x47", buf[0])
	}
	// The client leaves: the panel connection must close soon.
	cancel()
	select {
	case <-gone:
	case <-time.After(10 * time.Second):
		t.Fatal("the upstream stream was still open 10s after the client left")
	}
	for deadline := time.Now().Add(5 * time.Second); tp.h.Stats().Aborted == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if tp.h.Stats().Aborted != 1 {
		t.Errorf("Stats().Aborted = %d after the client left mid-stream, want 1", tp.h.Stats().Aborted)
	}
	if tp.h.Stats().BytesStreamed < int64(got) {
		t.Errorf("Stats().BytesStreamed = %d, want at least %d", tp.h.Stats().BytesStreamed, got)
	}
}

// TestFFprobeReadsLiveStream plays a real MPEG-TS through the proxy with
// ffprobe, as a player would.
func TestFFprobeReadsLiveStream(t *testing.T) {
	ffmpeg, err1 := exec.LookPath("ffmpeg")
	ffprobe, err2 := exec.LookPath("ffprobe")
	if err1 != nil || err2 != nil {
		t.Skip("ffmpeg/ffprobe not installed (apt-get install -y ffmpeg): skipping the real-player test")
	}
	ts := filepath.Join(t.TempDir(), "clip.ts")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	gen := exec.CommandContext(ctx, ffmpeg, "-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=8000", "-t", "2",
		"-c:v", "mpeg2video", "-c:a", "mp2", "-f", "mpegts", ts)
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg could not make a test clip: %v\n%s", err, out)
	}
	clip, err := os.ReadFile(ts)
	if err != nil {
		t.Fatal(err)
	}
	p := newFakePanel(t)
	p.handle("/live/"+testUser+"/"+testPass+"/42.ts", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "video/mp2t")
		// Like a live channel: no length, sent in small flushed pieces.
		rc := http.NewResponseController(w)
		for off := 0; off < len(clip); off += 188 * 50 {
			end := min(off+188*50, len(clip))
			if _, err := w.Write(clip[off:end]); err != nil {
				return
			}
			rc.Flush()
		}
	})
	tp := newTestProxy(t, p, nil)
	probe := exec.CommandContext(ctx, ffprobe, "-v", "error", "-show_streams", "-of", "json",
		tp.srv.URL+"/xc/main/live/"+testUser+"/"+testPass+"/42.ts")
	out, err := probe.Output()
	if err != nil {
		t.Fatalf("ffprobe through the proxy failed: %v", err)
	}
	var res struct {
		Streams []struct {
			CodecType string `json:"codec_type"`
			CodecName string `json:"codec_name"`
		} `json:"streams"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("ffprobe output %q: %v", out, err)
	}
	kinds := map[string]string{}
	for _, s := range res.Streams {
		kinds[s.CodecType] = s.CodecName
	}
	if kinds["video"] != "mpeg2video" || kinds["audio"] != "mp2" {
		t.Errorf("ffprobe saw streams %v, want video mpeg2video and audio mp2", kinds)
	}
}

func TestStreamBodyIsNotBuffered(t *testing.T) {
	// The panel sends a first chunk and then waits: the client must get
	// the chunk before the panel sends more.
	p := newFakePanel(t)
	more := make(chan struct{})
	p.handle("/live/u/p/2.ts", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "video/mp2t")
		w.Write([]byte("first-chunk"))
		http.NewResponseController(w).Flush()
		select {
		case <-more:
		case <-r.Context().Done():
		}
		w.Write([]byte("-rest"))
	})
	tp := newTestProxy(t, p, nil)
	resp, err := http.Get(tp.srv.URL + "/xc/main/live/u/p/2.ts")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, len("first-chunk"))
	if _, err := io.ReadFull(resp.Body, buf); err != nil || string(buf) != "first-chunk" {
		t.Fatalf("first chunk = %q, %v; want it before the panel finishes", buf, err)
	}
	close(more)
	rest, _ := io.ReadAll(resp.Body)
	if string(rest) != "-rest" {
		t.Errorf("rest = %q, want %q", rest, "-rest")
	}
}
