package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestLoggingAndCORSSettings checks LOG_FORMAT, LOG_LEVEL and CORS_ORIGIN
// as an operator sees them: the log lines and the response headers.
func TestLoggingAndCORSSettings(t *testing.T) {
	tests := []struct {
		name      string
		env       map[string]string
		json      bool // every log line is a JSON object
		healthLog bool // /health is logged (debug level)
		imageLog  bool // an image request is logged (info level)
		cors      string
	}{
		{"defaults", nil, false, false, true, "*"},
		{"json debug", map[string]string{"LOG_FORMAT": "json", "LOG_LEVEL": "debug", "CORS_ORIGIN": "https://guide.example"}, true, true, true, "https://guide.example"},
		{"warn", map[string]string{"LOG_LEVEL": "warn"}, false, false, false, "*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := start(t, tt.env)
			svc.get(t, "/health")
			resp, _ := svc.get(t, "/nba/lakers/raw")
			if got := resp.Header.Get("Access-Control-Allow-Origin"); got != tt.cors {
				t.Errorf("Access-Control-Allow-Origin = %q, want %q", got, tt.cors)
			}
			logs := svc.logs.String()
			for _, line := range strings.Split(strings.TrimSpace(logs), "\n") {
				var v map[string]any
				if isJSON := json.Unmarshal([]byte(line), &v) == nil; isJSON != tt.json {
					t.Errorf("log line %q: JSON = %v, want %v", line, isJSON, tt.json)
				}
			}
			if got := strings.Contains(logs, "/health"); got != tt.healthLog {
				t.Errorf("/health logged = %v, want %v", got, tt.healthLog)
			}
			if got := strings.Contains(logs, "/nba/lakers/raw"); got != tt.imageLog {
				t.Errorf("/nba/lakers/raw logged = %v, want %v", got, tt.imageLog)
			}
		})
	}
}

func TestPreflight(t *testing.T) {
	svc := start(t, map[string]string{"CORS_ORIGIN": "https://guide.example", "CORS_MAX_AGE": "600"})
	req, _ := http.NewRequest(http.MethodOptions, svc.base+"/nba/lakers/celtics/thumb", nil)
	req.Header.Set("Origin", "https://guide.example")
	req.Header.Set("Access-Control-Request-Method", "GET")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != "https://guide.example" ||
		resp.Header.Get("Access-Control-Max-Age") != "600" {
		t.Errorf("preflight = %d %v", resp.StatusCode, resp.Header)
	}
}
