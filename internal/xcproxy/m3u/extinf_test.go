package m3u

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseExtinf(t *testing.T) {
	type kv = [2]string
	tests := []struct {
		line     string
		ok       bool
		duration string
		attrs    []kv
		name     string
		hasName  bool
	}{
		{line: "#EXTM3U"},
		{line: "http://example.com/1.ts"},
		{line: `#EXTINF:-1 tvg-id="a.b" tvg-logo="" group-title="News",BBC News`, ok: true, duration: "-1",
			attrs: []kv{{"tvg-id", "a.b"}, {"tvg-logo", ""}, {"group-title", "News"}}, name: "BBC News", hasName: true},
		{line: `    #EXTINF:-1 tvg-ID="CH1" tvg-logo="http://x/a.png,b.png" group-title="Music",Channel 1 (Tested)`, ok: true,
			duration: "-1", attrs: []kv{{"tvg-ID", "CH1"}, {"tvg-logo", "http://x/a.png,b.png"}, {"group-title", "Music"}},
			name: "Channel 1 (Tested)", hasName: true},
		{line: `#EXTINF: -1, name,with comma`, ok: true, duration: "-1", name: " name,with comma", hasName: true},
		{line: `#EXTINF: -1 tvg-name="The Good, the Bad and the Ugly",The Good, the Bad and the Ugly`, ok: true,
			duration: "-1", attrs: []kv{{"tvg-name", "The Good, the Bad and the Ugly"}},
			name: "The Good, the Bad and the Ugly", hasName: true},
		{line: `#EXTINF:1`, ok: true, duration: "1"},
		{line: `#EXTINF:0 channelID="1" tvg-chno="1", Channel 1`, ok: true, duration: "0",
			attrs: []kv{{"channelID", "1"}, {"tvg-chno", "1"}}, name: " Channel 1", hasName: true},
		// A stray quote inside a value does not end it.
		{line: `#EXTINF:-1 tvg-name="The "Best" channel" tvg-id="x",Best`, ok: true, duration: "-1",
			attrs: []kv{{"tvg-name", `The "Best" channel`}, {"tvg-id", "x"}}, name: "Best", hasName: true},
		{line: `#extinf:-1 tvg-id='single' x=unquoted junk,Name`, ok: true, duration: "-1",
			attrs: []kv{{"tvg-id", "single"}, {"x", "unquoted"}}, name: "Name", hasName: true},
		{line: `#EXTINF:-1 tvg-id="unterminated,Name`, ok: true, duration: "-1",
			attrs: []kv{{"tvg-id", "unterminated,Name"}}},
		{line: `#EXTINF:-1,`, ok: true, duration: "-1", hasName: true},
	}
	for _, tt := range tests {
		e, ok := ParseExtinf([]byte(tt.line))
		if ok != tt.ok {
			t.Errorf("ParseExtinf(%q) ok = %v, want %v", tt.line, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		var attrs []kv
		for _, a := range e.Attrs {
			attrs = append(attrs, kv{string(a.Key), string(a.Value)})
		}
		if string(e.Duration) != tt.duration || !reflect.DeepEqual(attrs, tt.attrs) || string(e.Name) != tt.name || e.HasName != tt.hasName {
			t.Errorf("ParseExtinf(%q) = (%q, %q, %q, %v), want (%q, %q, %q, %v)", tt.line,
				e.Duration, attrs, e.Name, e.HasName, tt.duration, tt.attrs, tt.name, tt.hasName)
		}
	}
}

func TestAppendWithLogo(t *testing.T) {
	tests := []struct{ line, logo, want string }{
		{`#EXTINF:-1 tvg-id="a" tvg-logo="old" group-title="G",A`, "http://n/a.png",
			`#EXTINF:-1 tvg-id="a" tvg-logo="http://n/a.png" group-title="G",A`},
		{`#EXTINF:-1 tvg-id="a" tvg-logo="" group-title="G",A`, "L",
			`#EXTINF:-1 tvg-id="a" tvg-logo="L" group-title="G",A`},
		{`#EXTINF:-1 tvg-name="x" tvg-ID="a" group-title="G",A`, "L",
			`#EXTINF:-1 tvg-name="x" tvg-ID="a" tvg-logo="L" group-title="G",A`},
		{`#EXTINF:-1 group-title="G",A`, "L", `#EXTINF:-1 tvg-logo="L" group-title="G",A`},
		{`#EXTINF:-1,A`, "L", `#EXTINF:-1 tvg-logo="L",A`},
		{`#EXTINF:-1 TVG-LOGO=old tvg-logo="second" tvg-id="a",A`, "L",
			`#EXTINF:-1 TVG-LOGO="L" tvg-id="a",A`},
		{`#EXTINF:-1 tvg-id="a",A`, `http://x/a"b` + "\n.png",
			`#EXTINF:-1 tvg-id="a" tvg-logo="http://x/a%22b%0A.png",A`},
		{`  #EXTINF:-1 tvg-id="a" tvg-logo="x, y" group-title="a,b",Name, with comma`, "L",
			`  #EXTINF:-1 tvg-id="a" tvg-logo="L" group-title="a,b",Name, with comma`},
	}
	for _, tt := range tests {
		e, ok := ParseExtinf([]byte(tt.line))
		if !ok {
			t.Fatalf("ParseExtinf(%q) failed", tt.line)
		}
		if got := string(e.appendWithLogo(nil, []byte(tt.line), tt.logo)); got != tt.want {
			t.Errorf("appendWithLogo(%q, %q) =\n %q, want\n %q", tt.line, tt.logo, got, tt.want)
		}
	}
}

func TestAppendWithGuide(t *testing.T) {
	const g = "http://proxy/xc/main/xmltv.php?username=u&password=p"
	tests := []struct {
		line, want string
		ok         bool
	}{
		{`#EXTM3U url-tvg="http://a/x.xml" x-tvg-url="http://b/y.xml"`,
			`#EXTM3U url-tvg="` + g + `" x-tvg-url="` + g + `"`, true},
		{`#EXTM3U x-tvg-url="http://b/y.xml.gz" refresh="3600"`, `#EXTM3U x-tvg-url="` + g + `" refresh="3600"`, true},
		{`#EXTM3U`, `#EXTM3U url-tvg="` + g + `"`, true},
		{`#EXTM3U refresh="3600"  `, `#EXTM3U refresh="3600" url-tvg="` + g + `"  `, true},
		{`#EXTINF:-1 tvg-url="http://x",A`, "", false},
		// A third-party guide stays; the panel's own is replaced.
		{`#EXTM3U url-tvg="http://epg.example/a.xml"`, "", false},
		{`#EXTM3U url-tvg="http://epg.example/a.xml" x-tvg-url="http://panel/xmltv.php"`,
			`#EXTM3U url-tvg="http://epg.example/a.xml" x-tvg-url="` + g + `"`, true},
	}
	keep := func(v string) bool { return strings.Contains(v, "epg.example") }
	for _, tt := range tests {
		got, ok := appendWithGuide(nil, []byte(tt.line), g, keep)
		if ok != tt.ok || string(got) != tt.want {
			t.Errorf("appendWithGuide(%q) = %q, %v, want %q, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		head string
		want Kind
	}{
		{"#EXTM3U\n#EXTINF:-1,A\nhttp://x\n", ChannelList},
		{"\xef\xbb\xbf\r\n#EXTINF:-1,A\r\n", ChannelList},
		{"#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=1\n0.m3u8\n", HLS},
		{"#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:9.9,\nseg1.ts\n", HLS},
		{"<html><body>Forbidden</body></html>", Other},
		{`{"user_info":{"auth":0}}`, Other},
		{"", Other},
		{"\n\n", Other},
	}
	for _, tt := range tests {
		if got := Classify([]byte(tt.head)); got != tt.want {
			t.Errorf("Classify(%q) = %v, want %v", tt.head, got, tt.want)
		}
	}
}
