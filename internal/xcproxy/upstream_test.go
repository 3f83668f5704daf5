package xcproxy

import (
	"net/url"
	"strings"
	"testing"
)

func TestParseUpstreams(t *testing.T) {
	tests := []struct {
		in      string
		want    []string // id=base
		wantErr string   // substring of the error
	}{
		{in: "main=http://10.0.0.5:8080", want: []string{"main=http://10.0.0.5:8080"}},
		{in: " a = http://a.example/ , b=https://b.example/panel?token=x=y&k=v ",
			want: []string{"a=http://a.example/", "b=https://b.example/panel?token=x=y&k=v"}},
		{in: "", wantErr: "is empty"},
		{in: "  ", wantErr: "is empty"},
		{in: "main=http://a,", wantErr: "entry 2 is empty"},
		{in: "http://panel:8080", wantErr: "has no '='"},
		{in: "=http://a", wantErr: "empty id"},
		{in: "a b=http://a", wantErr: "may only hold"},
		{in: "main=ftp://a", wantErr: "not an http(s) URL"},
		{in: "main=panel:8080", wantErr: "not an http(s) URL"},
		{in: "main=http://", wantErr: "not an http(s) URL"},
		{in: "main=http://a,MAIN=http://b", wantErr: "duplicate id"},
		// Errors never show credentials.
		{in: "main=ftp://bob:hunter2@panel/get.php?username=bob&password=hunter2", wantErr: "not an http(s) URL"},
		{in: "http://bob:hunter2@panel/?username=bob&password=hunter2", wantErr: "want id=url"},
		{in: "http://bob:hunter2@panel/", wantErr: "has no '='"},
	}
	for _, tt := range tests {
		ups, err := ParseUpstreams(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseUpstreams(%q) error = %v, want one containing %q", tt.in, err, tt.wantErr)
				continue
			}
			if !strings.Contains(err.Error(), "XC_PROXY_UPSTREAM") {
				t.Errorf("ParseUpstreams(%q) error %q does not name XC_PROXY_UPSTREAM", tt.in, err)
			}
			if strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), "bob") {
				t.Errorf("ParseUpstreams(%q) error %q shows a credential", tt.in, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseUpstreams(%q) error = %v", tt.in, err)
			continue
		}
		var got []string
		for _, u := range ups {
			got = append(got, u.ID+"="+u.Base.String())
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("ParseUpstreams(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseRoute(t *testing.T) {
	tests := []struct {
		path, query string
		ok          bool
		id, rest    string
		kind        kind
	}{
		{path: "/xc/main", query: "type=m3u_plus", ok: true, id: "main", rest: "/get.php", kind: kindPlaylist},
		{path: "/XC/main/", ok: true, id: "main", rest: "/", kind: kindOther},
		{path: "/xc/main/get.php", ok: true, id: "main", rest: "/get.php", kind: kindPlaylist},
		{path: "/xc/main/player_api.php", query: "action=get_live_streams", ok: true, id: "main", rest: "/player_api.php", kind: kindLiveStreams},
		{path: "/xc/main/player_api.php", query: "action=get_vod_streams", ok: true, id: "main", rest: "/player_api.php", kind: kindAPI},
		{path: "/xc/main/xmltv.php", ok: true, id: "main", rest: "/xmltv.php", kind: kindGuide},
		{path: "/xc/main/live/u/p/1.ts", ok: true, id: "main", rest: "/live/u/p/1.ts", kind: kindStream},
		{path: "/xc/main/live/u/p/1.m3u8", query: "type=m3u", ok: true, id: "main", rest: "/live/u/p/1.m3u8", kind: kindHLS},
		{path: "/xc/main/timeshift/u/p/60/2024-01-01:10-00/5.ts", ok: true, id: "main", rest: "/timeshift/u/p/60/2024-01-01:10-00/5.ts", kind: kindStream},
		{path: "/xc/main/u/p/123", ok: true, id: "main", rest: "/u/p/123", kind: kindStream},
		{path: "/xc/main/panel_api.php", query: "type=m3u8", ok: true, id: "main", rest: "/panel_api.php", kind: kindPlaylist},
		{path: "/xc", ok: false},
		{path: "/xc/", ok: false},
		{path: "/nfl/xc/main", ok: false},
	}
	for _, tt := range tests {
		rt, ok := parseRoute(tt.path)
		if ok != tt.ok {
			t.Errorf("parseRoute(%q) ok = %v, want %v", tt.path, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		q, _ := url.ParseQuery(tt.query)
		rt.classify(q)
		if rt.id != tt.id || rt.rest != tt.rest || rt.kind != tt.kind {
			t.Errorf("route(%q?%s) = %q %q %v, want %q %q %v", tt.path, tt.query, rt.id, rt.rest, rt.kind, tt.id, tt.rest, tt.kind)
		}
	}
	for _, p := range []string{"/xc/main/../x", "/xc/main/live/%2e%2e/p", "/xc/main/./get.php"} {
		if rt, _ := parseRoute(p); !rt.dotSegs {
			t.Errorf("parseRoute(%q).dotSegs = false, want true", p)
		}
	}
}
