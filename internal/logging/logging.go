// Package logging builds the root logger of gamethumbs: text or JSON
// lines, every record masked by redact, and every duration written as a
// number of milliseconds (key suffixed "_ms") so that both formats read
// the same and a log pipeline need not parse "10s" or nanoseconds.
package logging

import (
	"io"
	"log/slog"
	"math"
	"strings"
	"time"

	"gamethumbs/internal/redact"
)

// New returns a logger writing to w at level ("debug", "info", "warn",
// "error"; anything else is info) in format "json" or text.
func New(w io.Writer, level, format string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level))
	opts := &slog.HandlerOptions{Level: l, ReplaceAttr: millis}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if format == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(redact.Handler(h))
}

// millis rewrites a duration attribute as milliseconds: key "grace" with
// 10s becomes grace_ms=10000; fractions keep microseconds (12.345). It
// also hands the record's level over as its text, which both handlers
// write as they would the level itself ("INFO"), without marshalling it
// into a new buffer on every line.
func millis(groups []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() != slog.KindDuration {
		if a.Value.Kind() != slog.KindAny || len(groups) > 0 || a.Key != slog.LevelKey {
			return a
		}
		if l, ok := a.Value.Any().(slog.Level); ok {
			return slog.String(a.Key, l.String())
		}
		return a
	}
	return slog.Float64(MillisKey(a.Key), Millis(a.Value.Duration()))
}

// MillisKey is the key a duration attribute named key is logged under.
func MillisKey(key string) string {
	switch {
	case strings.HasSuffix(key, "_ms"):
		return key
	case key == "duration": // every access-log line: no new string
		return "duration_ms"
	}
	return key + "_ms"
}

// Millis is d in milliseconds, rounded to the microsecond.
func Millis(d time.Duration) float64 {
	return math.Round(float64(d)/float64(time.Microsecond)) / 1000
}
