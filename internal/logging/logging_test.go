package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestDurationsAreMillisecondsInBothFormats(t *testing.T) {
	var text, js bytes.Buffer
	for _, c := range []struct {
		buf    *bytes.Buffer
		format string
	}{{&text, "text"}, {&js, "json"}} {
		log := New(c.buf, "info", c.format)
		log.Info("shutting down", "grace", 10*time.Second, "took", 1234567*time.Nanosecond, "wait_ms", 2*time.Millisecond)
		log.With("d", time.Minute).Info("with")
	}
	for _, want := range []string{"grace_ms=10000 ", "took_ms=1.235 ", "wait_ms=2\n", "d_ms=60000"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text log lacks %q:\n%s", want, text.String())
		}
	}
	lines := strings.Split(strings.TrimSpace(js.String()), "\n")
	var rec map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec["grace_ms"] != 10000.0 || rec["took_ms"] != 1.235 || rec["wait_ms"] != 2.0 {
		t.Errorf("JSON durations: %v", rec)
	}
	if !strings.Contains(lines[1], `"d_ms":60000`) {
		t.Errorf("JSON With duration: %s", lines[1])
	}
}

func TestCredentialsMasked(t *testing.T) {
	var b bytes.Buffer
	New(&b, "debug", "json").Debug("x", "url", "http://h/live?username=u&password=secret")
	if strings.Contains(b.String(), "secret") {
		t.Errorf("credential in log: %s", b.String())
	}
}

// The level is written as the handlers write it themselves, in both
// formats and for levels between the named ones, and a line costs no
// allocation of its own beyond slog's.
func TestLevelAsSlogWritesIt(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		var got, want bytes.Buffer
		log := New(&got, "debug", format)
		opts := &slog.HandlerOptions{Level: slog.LevelDebug}
		var plain slog.Handler = slog.NewTextHandler(&want, opts)
		if format == "json" {
			plain = slog.NewJSONHandler(&want, opts)
		}
		ref := slog.New(plain)
		at := time.Date(2026, 11, 25, 15, 4, 5, 6e6, time.UTC)
		for _, l := range []slog.Level{slog.LevelDebug, slog.LevelInfo, slog.LevelWarn, slog.LevelError, slog.LevelInfo + 2, slog.LevelError + 4} {
			for _, lg := range []*slog.Logger{log, ref} {
				r := slog.NewRecord(at, l, "request", 0)
				r.AddAttrs(slog.String("path", "/nba/lakers/thumb"), slog.Int("status", 200), slog.String("level", "x"))
				_ = lg.Handler().Handle(context.Background(), r)
			}
		}
		if got.String() != want.String() {
			t.Errorf("%s lines differ from slog's:\n%s\nwant:\n%s", format, got.String(), want.String())
		}
	}
}

func TestAccessLineAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector empties sync.Pools at random: allocations are not counted under -race")
	}
	log := New(io.Discard, "info", "text")
	ctx := context.Background()
	n := testing.AllocsPerRun(100, func() {
		log.LogAttrs(ctx, slog.LevelInfo, "request", slog.String("method", "GET"), slog.String("path", "/nba/lakers/celtics/thumb"),
			slog.String("route", "image"), slog.Int("status", 200), slog.Int64("bytes", 1234),
			slog.Duration("duration", 1234*time.Microsecond), slog.String("client", "192.0.2.1"))
	})
	// slog keeps five attributes in the record; the other two take one
	// allocation. Masking, the level and the duration key take none.
	if n > 1 {
		t.Errorf("an access-log line allocates %v times, want at most 1", n)
	}
}
