package logging

import (
	"bytes"
	"encoding/json"
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
