package providerhttp

import (
	"context"
	"net/http"
	"testing"
	"time"
)

func TestWithinBoundsTheLoad(t *testing.T) {
	f := Within(time.Minute, func(ctx context.Context) (bool, error) {
		_, ok := ctx.Deadline()
		return ok, nil
	})
	if ok, _ := f(context.Background()); !ok {
		t.Errorf("Within(time.Minute, f): f's context has no deadline, want one")
	}
}

func TestClientDefaults(t *testing.T) {
	tests := []struct {
		in          *http.Client
		wantTimeout time.Duration
	}{
		{nil, DefaultClientTimeout},
		{&http.Client{}, DefaultLoadTimeout},
		{&http.Client{Timeout: time.Second}, time.Second},
	}
	for _, tt := range tests {
		c := Client(tt.in)
		if got := LoadTimeout(c); got != tt.wantTimeout || (tt.in != nil && c != tt.in) {
			t.Errorf("LoadTimeout(Client(%v)) = %v, want %v", tt.in, got, tt.wantTimeout)
		}
	}
}
