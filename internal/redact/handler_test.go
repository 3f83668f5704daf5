package redact

import (
	"bytes"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"testing"
)

func TestHandlerHidesSecrets(t *testing.T) {
	const user, pass = "alice77", "s3cretPW"
	raw := "http://panel:8080/get.php?username=" + user + "&password=" + pass + "&type=m3u_plus"
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	fetchErr := &url.Error{Op: "Get", URL: raw, Err: errors.New("connection refused")}
	type req struct{ Path string }

	for _, format := range []string{"text", "json"} {
		var buf bytes.Buffer
		var base slog.Handler = slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})
		if format == "json" {
			base = slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})
		}
		log := slog.New(Handler(base))
		log.Info("fetching "+raw, "url", raw)
		log.Warn("guide failed", "err", fetchErr, "target", u)
		log.With("path", "/xc/main/live/"+user+"/"+pass+"/1.ts").Info("stream")
		log.WithGroup("req").Info("access", slog.Group("http", "uri", "/xc/main/"+user+"/"+pass+"/99.ts"))
		log.Info("any", "value", req{Path: "/movie/" + user + "/" + pass + "/3.mp4"})
		log.Info("plain", "n", 3, "ok", true, "league", "nfl")

		out := buf.String()
		for _, secret := range []string{user, pass} {
			if strings.Contains(out, secret) {
				t.Errorf("%s log output shows %q:\n%s", format, secret, out)
			}
		}
		if got := strings.Count(out, Mask); got < 10 {
			t.Errorf("%s log output has %d masks, want at least 10:\n%s", format, got, out)
		}
		if !strings.Contains(out, "nfl") || !strings.Contains(out, "type=m3u_plus") {
			t.Errorf("%s log output lost ordinary values:\n%s", format, out)
		}
	}
}

func TestHandlerIdempotentWrap(t *testing.T) {
	h := Handler(slog.NewTextHandler(&bytes.Buffer{}, nil))
	if Handler(h) != h {
		t.Errorf("Handler(Handler(h)) wraps twice, want the same handler")
	}
}

func TestHandlerNilStringer(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(Handler(slog.NewTextHandler(&buf, nil)))
	var u *url.URL
	log.Info("nil url", "u", u)
	if !strings.Contains(buf.String(), "u=<nil>") {
		t.Errorf("log of a nil *url.URL = %q, want u=<nil>", buf.String())
	}
}
