package fetch

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image/color"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
)

func TestBytesSendsHeadersAndSniffs(t *testing.T) {
	img := pngBytes(t, 3, 3, color.NRGBA{0, 255, 0, 255})
	var gotUA, gotAccept string
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		gotUA, gotAccept = r.UserAgent(), r.Header.Get("Accept")
		w.Header().Set("Content-Type", "text/html") // a lying header
		_, _ = w.Write(img)
	})
	data, ct, err := New(nil, Config{UserAgent: "test-agent/1"}).Bytes(context.Background(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if ct != TypePNG || !bytes.Equal(data, img) {
		t.Errorf("Bytes = %d bytes, %q; want the %d PNG bytes, %q", len(data), ct, len(img), TypePNG)
	}
	if gotUA != "test-agent/1" || gotAccept != "image/*" {
		t.Errorf("request headers UA=%q Accept=%q, want %q and %q", gotUA, gotAccept, "test-agent/1", "image/*")
	}
}

func TestBytesDefaultUserAgent(t *testing.T) {
	var gotUA string
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		gotUA = r.UserAgent()
		_, _ = w.Write(pngBytes(t, 1, 1, color.NRGBA{A: 255}))
	})
	if _, _, err := New(nil, Config{}).Bytes(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	if gotUA != DefaultUserAgent {
		t.Errorf("User-Agent = %q, want %q", gotUA, DefaultUserAgent)
	}
}

func TestBytesSizeCap(t *testing.T) {
	const limit = 1000
	tests := []struct {
		name    string
		size    int
		chunked bool // no Content-Length, so the cap triggers while reading
		wantErr bool
	}{
		{"at limit, with length", limit, false, false},
		{"over limit, with length", limit + 1, false, true},
		{"at limit, chunked", limit, true, false},
		{"over limit, chunked", 50 * limit, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, tt.size-8)...)
			srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
				if !tt.chunked {
					w.Header().Set("Content-Length", strconv.Itoa(len(body)))
				}
				for i := 0; i < len(body); i += 100 {
					_, _ = w.Write(body[i:min(i+100, len(body))])
					if tt.chunked {
						w.(http.Flusher).Flush()
					}
				}
			})
			data, _, err := New(nil, Config{MaxBytes: limit}).Bytes(context.Background(), srv.URL)
			var tl *TooLargeError
			if tt.wantErr {
				if !errors.As(err, &tl) || data != nil {
					t.Errorf("Bytes(%d bytes) = %d bytes, %v; want no data and *TooLargeError", tt.size, len(data), err)
				}
				return
			}
			if err != nil || len(data) != tt.size {
				t.Errorf("Bytes(%d bytes) = %d bytes, %v; want all bytes", tt.size, len(data), err)
			}
		})
	}
}

func TestBytesStatus(t *testing.T) {
	tests := []struct {
		status   int
		notFound bool
	}{
		{http.StatusNotFound, true},
		{http.StatusGone, true},
		{http.StatusForbidden, false},
		{http.StatusInternalServerError, false},
		{http.StatusBadGateway, false},
	}
	for _, tt := range tests {
		srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "nope", tt.status)
		})
		_, _, err := New(nil, Config{}).Bytes(context.Background(), srv.URL+"/x.png?apikey=SECRET")
		var ue *catalog.UpstreamError
		if !errors.As(err, &ue) {
			t.Fatalf("Bytes(status %d) err = %v, want *catalog.UpstreamError", tt.status, err)
		}
		if ue.Status != tt.status || ue.Source != "127.0.0.1" || ue.Timeout {
			t.Errorf("Bytes(status %d) = %+v, want Status %d, Source 127.0.0.1, no Timeout", tt.status, ue, tt.status)
		}
		if got := IsNotFound(err); got != tt.notFound {
			t.Errorf("IsNotFound(status %d) = %v, want %v", tt.status, got, tt.notFound)
		}
		if strings.Contains(err.Error(), "SECRET") {
			t.Errorf("error %q leaks the query string", err)
		}
	}
}

func TestBytesTimeout(t *testing.T) {
	tests := []struct {
		name string
		h    http.HandlerFunc
	}{
		{"no headers", func(w http.ResponseWriter, r *http.Request) {
			<-r.Context().Done()
		}},
		{"stalled body", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "1000")
			_, _ = w.Write([]byte("\x89PNG\r\n\x1a\n"))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := countingServer(t, tt.h)
			cfg := Config{Timeout: 50 * time.Millisecond}
			_, _, err := New(nil, cfg).Bytes(context.Background(), srv.URL+"/slow.png?token=SECRET")
			var ue *catalog.UpstreamError
			if !errors.As(err, &ue) || !ue.Timeout {
				t.Fatalf("Bytes(slow) err = %v, want *catalog.UpstreamError with Timeout", err)
			}
			if strings.Contains(ue.Error(), "SECRET") || strings.Contains(ue.Err.Error(), "SECRET") {
				t.Errorf("timeout error %q leaks the URL", ue.Err)
			}
		})
	}
}

func TestBytesCallerCancel(t *testing.T) {
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := New(nil, Config{}).Bytes(ctx, srv.URL)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Bytes(cancelled ctx) = %v, want context.Canceled", err)
	}
}

func TestBytesRefusesNonImages(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"html page", "<!DOCTYPE html><html><body>Not found</body></html>", "text/html"},
		{"html without doctype", "<html><head><title>x</title></head></html>", "text/html"},
		{"json", `{"error":"no"}`, "text/plain"},
		{"empty", "", "empty"},
		{"bmp", "BM\x00\x00\x00\x00", "image/bmp"},
	}
	for _, tt := range tests {
		srv, _ := countingServer(t, serveBytes([]byte(tt.body), "image/png"))
		_, _, err := New(nil, Config{}).Bytes(context.Background(), srv.URL)
		var ni *NotImageError
		if !errors.As(err, &ni) || !strings.Contains(ni.Detected, tt.want) {
			t.Errorf("Bytes(%s) err = %v, want *NotImageError mentioning %q", tt.name, err, tt.want)
		}
	}
}

func TestBytesDataURL(t *testing.T) {
	img := pngBytes(t, 2, 2, color.NRGBA{1, 2, 3, 255})
	b64 := base64.StdEncoding.EncodeToString(img)
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>`
	tests := []struct {
		name, url string
		wantCT    string
		wantErr   any
	}{
		{"base64 png", "data:image/png;base64," + b64, TypePNG, nil},
		{"unpadded", "data:image/png;base64," + strings.TrimRight(b64, "="), TypePNG, nil},
		{"upper-case scheme", "DATA:image/png;BASE64," + b64, TypePNG, nil},
		{"declared type ignored", "data:image/gif;base64," + b64, TypePNG, nil},
		{"escaped svg", "data:image/svg+xml;utf8," + strings.ReplaceAll(svg, " ", "%20"), TypeSVG, nil},
		{"text", "data:text/plain;base64,aGVsbG8=", "", new(*NotImageError)},
		{"html in image", "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("<html></html>")), "", new(*NotImageError)},
		{"no comma", "data:image/png;base64", "", new(*BlockedError)},
		{"bad base64", "data:image/png;base64,!!!!", "", new(*BlockedError)},
		{"too large", "data:image/png;base64," + strings.Repeat("A", 4000), "", new(*TooLargeError)},
	}
	f := New(nil, Config{MaxBytes: 2000})
	for _, tt := range tests {
		_, ct, err := f.Bytes(context.Background(), tt.url)
		if tt.wantErr == nil {
			if err != nil || ct != tt.wantCT {
				t.Errorf("Bytes(%s) = %q, %v; want %q", tt.name, ct, err, tt.wantCT)
			}
			continue
		}
		if err == nil || !errors.As(err, tt.wantErr) {
			t.Errorf("Bytes(%s) err = %v, want %T", tt.name, err, tt.wantErr)
		}
	}
}
