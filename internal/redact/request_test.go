package redact

import (
	"strings"
	"testing"
)

func TestRequest(t *testing.T) {
	literal := func(words ...int) func(int) bool {
		return func(i int) bool {
			for _, w := range words {
				if w == i {
					return true
				}
			}
			return false
		}
	}
	api := func(n string) bool { return n == "style" || n == "title" || n == "badge" }
	tests := []struct {
		uri  string
		keep func(int) bool
		want string
	}{
		// Unknown routes: nothing is shown but XC words and extensions.
		{"/hlsr/tok3n/alice/s3cret/1/x.ts", nil, "/hlsr/***/***/***/***/***.ts"},
		{"/live/alice/s3cret/1.ts", nil, "/live/***/***/***.ts"},
		{"/alice/s3cret/123", nil, "/***/***/***"},
		{"/nope?password=s3cret&token=t0k&type=m3u", nil, "/***?password=***&token=***&type=m3u"},
		{"/nope?s3cret=alice&style=2", nil, "/***?***=***&***=***"},
		// A route's literal words; its parameters only when kept.
		{"/nba/alice/s3cret/thumb.png?style=2", literal(3), "/***/***/***/thumb.png?***=***"},
		{"/nba/lakers/celtics/thumb?style=2&title=NBA%2003%3A%20Mavs&password=x", literal(0, 1, 2, 3), "/nba/lakers/celtics/thumb?***=***&***=***&password=***"},
		{"//nba//lakers/logo.png", literal(0, 1, 2), "//nba//lakers/logo.png"},
	}
	for _, tt := range tests {
		if got := Request(tt.uri, tt.keep, nil); got != tt.want {
			t.Errorf("Request(%q) = %q, want %q", tt.uri, got, tt.want)
		}
	}
	// The API's own parameters show plain values.
	got := Request("/nba/lakers/thumb?style=2&title=NBA%2003%3A%20Mavs%20%40%206PM&badge=https://x/y&password=p", literal(0, 1, 2), api)
	if want := "/nba/lakers/thumb?style=2&title=NBA%2003%3A%20Mavs%20%40%206PM&badge=***&password=***"; got != want {
		t.Errorf("API parameters: %q, want %q", got, want)
	}
}

// FuzzRequest: a planted credential in any segment or query value of an
// unknown route's URI never reaches the result.
func FuzzRequest(f *testing.F) {
	f.Add("alice", "s3cret")
	f.Add("a.ts", "live")
	f.Add("x%2Fy", "p&q=1")
	f.Fuzz(func(t *testing.T, u, p string) {
		u, p = "Zq7u"+u, "Pw9p"+p
		for _, uri := range []string{"/hlsr/" + u + "/" + u + "/" + p + "/1.ts", "/x?password=" + p + "&token=" + u, "/" + u + "/" + p + "/1", "/" + u + "?" + p} {
			out := Request(uri, nil, nil)
			if strings.Contains(out, "Zq7u") || strings.Contains(out, "Pw9p") {
				t.Fatalf("Request(%q) = %q", uri, out)
			}
		}
	})
}
