package providerhttp

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
)

func TestGetJSON(t *testing.T) {
	var gotUA, gotAccept string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotUA, gotAccept = r.Header.Get("User-Agent"), r.Header.Get("Accept")
		switch r.URL.Path {
		case "/ok":
			w.Write([]byte(`{"id": 7, "name": " Bears ", "n": "x"}`))
		case "/created":
			w.WriteHeader(http.StatusCreated)
			w.Write([]byte(`{"id": "8"}`))
		case "/big":
			w.Write([]byte(`{"id": "` + strings.Repeat("a", 100) + `"}`))
		case "/bad":
			w.Write([]byte(`<html>`))
		case "/busy":
			w.Header().Set("Retry-After", "5")
			w.WriteHeader(http.StatusTooManyRequests)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	type answer struct {
		ID   Text `json:"id"`
		Name Text `json:"name"`
		N    int  `json:"n"`
	}
	tests := []struct {
		path    string
		any2xx  bool
		wantID  string
		status  int    // want UpstreamError.Status; -1 for no error
		wantErr string // in the error text
	}{
		{"/ok", false, "7", -1, ""},
		{"/created", true, "8", -1, ""},
		{"/created", false, "", 201, "GET /created: 201 Created"},
		{"/missing", true, "", 404, "GET /missing: 404 Not Found"},
		{"/big", false, "", 0, "answer larger than 64 bytes"},
		{"/bad", false, "", 0, "GET /bad: invalid character"},
	}
	for _, tt := range tests {
		g := Getter{Source: "src", Client: srv.Client(), UserAgent: "ua/1", Accept: "application/json", MaxBytes: 64, Any2xx: tt.any2xx}
		var a answer
		err := g.GetJSON(context.Background(), srv.URL+tt.path, "GET "+tt.path, &a)
		if tt.status < 0 {
			if err != nil || string(a.ID) != tt.wantID {
				t.Errorf("GetJSON(%s, any2xx %v) = id %q, %v; want %q, nil", tt.path, tt.any2xx, a.ID, err, tt.wantID)
			}
			continue
		}
		var ue *catalog.UpstreamError
		if !errors.As(err, &ue) || ue.Source != "src" || ue.Status != tt.status || !strings.Contains(ue.Err.Error(), tt.wantErr) {
			t.Errorf("GetJSON(%s, any2xx %v) = %v; want UpstreamError from src, status %d, with %q", tt.path, tt.any2xx, err, tt.status, tt.wantErr)
		}
	}
	if gotUA != "ua/1" || gotAccept != "application/json" {
		t.Errorf("headers = User-Agent %q, Accept %q; want ua/1, application/json", gotUA, gotAccept)
	}
	g := Getter{Source: "src", Client: srv.Client(), MaxBytes: 64}
	err := g.GetJSON(context.Background(), srv.URL+"/busy", "GET /busy", new(answer))
	var se *StatusError
	if !errors.As(err, &se) || se.Code != http.StatusTooManyRequests || se.RetryAfter != "5" {
		t.Errorf("GetJSON(/busy) = %v; want a StatusError 429 with Retry-After 5", err)
	}
	if g.GetJSON(context.Background(), srv.URL+"/ok", "GET /ok", new(answer)); gotAccept != "" {
		t.Errorf("Accept without Getter.Accept = %q, want none", gotAccept)
	}
}

func TestGetJSONRedactsAndTimesOut(t *testing.T) {
	// A closed port: the transport error quotes the URL, key included.
	g := Getter{Source: "src", Client: &http.Client{Timeout: 5 * time.Second}, MaxBytes: 64, Redact: Mask("s3cr3t", "***")}
	err := g.GetJSON(context.Background(), "http://127.0.0.1:1/json/s3cr3t/x", "GET x", new(any))
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) || strings.Contains(ue.Err.Error(), "s3cr3t") || !strings.Contains(ue.Err.Error(), "/json/***/x") {
		t.Errorf("transport error = %v; want an UpstreamError naming /json/***/x without the key", ue.Err)
	}

	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-block:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(block)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	g = Getter{Source: "src", Client: srv.Client(), MaxBytes: 64, Redact: Mask("127", "***")}
	err = g.GetJSON(ctx, srv.URL+"/slow", "GET /slow", new(any))
	if !errors.As(err, &ue) || !ue.Timeout || strings.Contains(ue.Err.Error(), "127") {
		t.Errorf("GetJSON past the deadline = %v; want a redacted UpstreamError with Timeout", err)
	}
}

func TestUpstreamAndCallerError(t *testing.T) {
	own := &catalog.UpstreamError{Source: "other", Status: 500}
	tests := []struct {
		in          error
		wantSame    bool
		wantTimeout bool
	}{
		{nil, true, false},
		{own, true, false},
		{catalog.ErrNotCovered, true, false},
		{context.DeadlineExceeded, false, true},
		{context.Canceled, false, false},
	}
	for _, tt := range tests {
		got := CallerError("src", tt.in)
		if tt.wantSame {
			if got != tt.in {
				t.Errorf("CallerError(%v) = %v, want it unchanged", tt.in, got)
			}
			continue
		}
		var ue *catalog.UpstreamError
		if !errors.As(got, &ue) || ue.Source != "src" || ue.Timeout != tt.wantTimeout || !errors.Is(got, tt.in) {
			t.Errorf("CallerError(%v) = %v; want UpstreamError from src, timeout %v, wrapping it", tt.in, got, tt.wantTimeout)
		}
	}
}
