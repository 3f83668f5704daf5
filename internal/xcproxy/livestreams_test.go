package xcproxy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"

	"gamethumbs/internal/xcproxy/xmltv"
)

// rawItems decodes a JSON array into its objects' raw fields.
func rawItems(t *testing.T, body []byte) []map[string]json.RawMessage {
	t.Helper()
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(body, &items); err != nil {
		t.Fatalf("not a JSON array of objects: %v", err)
	}
	return items
}

func TestLiveStreamsRewrite(t *testing.T) {
	// The tnt list has no epg_channel_id and names no guide channel: its
	// "num" is the list position ("EVENT 1: UFC..." is num 1), which must
	// not pick the logo of guide channel 1 or 2.
	for file, wantChanged := range map[string]bool{
		"testdata/go.xtream-codes_eternal_get_live_streams.trimmed.json": true,
		"testdata/go.xtream-codes_tnt_get_live_streams.trimmed.json":     false,
	} {
		p := newFakePanel(t)
		in := p.serveFile(t, "/player_api.php", file, "application/json")
		tp := newTestProxy(t, p, nil)
		resp, body := tp.get(t, "/xc/main/player_api.php?"+credQuery()+"&action=get_live_streams", nil)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("%s: status %d type %q", file, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		before, after := rawItems(t, in), rawItems(t, body)
		if len(before) != len(after) {
			t.Fatalf("%s: %d items, want %d", file, len(after), len(before))
		}
		changed := 0
		for i := range before {
			if len(before[i]) != len(after[i]) {
				t.Errorf("%s item %d: %d fields, want %d", file, i, len(after[i]), len(before[i]))
			}
			// Every field but stream_icon keeps its exact JSON text (and so its type).
			for k, v := range before[i] {
				if k != "stream_icon" && !bytes.Equal(after[i][k], v) {
					t.Errorf("%s item %d field %s = %s, want %s", file, i, k, after[i][k], v)
				}
			}
			if !bytes.Equal(before[i]["stream_icon"], after[i]["stream_icon"]) {
				changed++
			}
		}
		if (changed > 0) != wantChanged {
			t.Errorf("%s: %d stream_icon values replaced, want changes: %v", file, changed, wantChanged)
		}
		if s := tp.h.Stats(); s.LiveStreamsRewritten != 1 {
			t.Errorf("%s: Stats().LiveStreamsRewritten = %d, want 1", file, s.LiveStreamsRewritten)
		}
	}
}

func TestLiveStreamsMatching(t *testing.T) {
	g, err := xmltv.Parse(strings.NewReader(`<tv>
<channel id="BTSport1.uk"><icon src="http://l/bt.png"/></channel>
<channel id="g"><display-name>Curious</display-name><lcn>3</lcn><icon src="http://l/3.png"/></channel>
<channel id="f"><display-name>24/7 Friends</display-name><icon src="http://l/friends.png"/></channel>
</tv>`), xmltv.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := `[{"num":1,"name":"BT","stream_icon":"","epg_channel_id":"BTSport1.uk","added":"1512103894","custom_sid":null,"rating_5based":4.5},` +
		`{"num":3,"name":"x","stream_icon":"http:\/\/old\/3.png","epg_channel_id":null},` +
		`{"num":"9","name":" 24\/7 FRIENDS ","epg_channel_id":null,"stream_icon":"a"},` +
		`{"name":"24/7 Friends"},` +
		`{},` +
		`{"num":99,"name":"none","stream_icon":"keep","tv_archive_duration":"0"},` +
		`42,"text",null,[1,2]]`
	// num is the list position on real panels: it matches nothing unless
	// MatchNumber is set.
	want := `[{"num":1,"name":"BT","stream_icon":"http://l/bt.png","epg_channel_id":"BTSport1.uk","added":"1512103894","custom_sid":null,"rating_5based":4.5},` +
		`{"num":3,"name":"x","stream_icon":"http:\/\/old\/3.png","epg_channel_id":null},` +
		`{"num":"9","name":" 24\/7 FRIENDS ","epg_channel_id":null,"stream_icon":"http://l/friends.png"},` +
		`{"name":"24/7 Friends","stream_icon":"http://l/friends.png"},` +
		`{},` +
		`{"num":99,"name":"none","stream_icon":"keep","tv_archive_duration":"0"},` +
		`42,"text",null,[1,2]]`
	if got := listRewrite(t, in, g, Config{}, false); got != want {
		t.Errorf("rewrite =\n%s\nwant\n%s", got, want)
	}
	if got := listRewrite(t, " \n"+in+"\n", g, Config{}, true); got != " \n"+want+"\n" {
		t.Errorf("one byte at a time: rewrite =\n%s\nwant\n%s", got, want)
	}
	withNum := strings.Replace(want, `"stream_icon":"http:\/\/old\/3.png"`, `"stream_icon":"http://l/3.png"`, 1)
	if got := listRewrite(t, in, g, Config{MatchNumber: true}, false); got != withNum {
		t.Errorf("MatchNumber: rewrite =\n%s\nwant\n%s", got, withNum)
	}
	// fill: only items without a logo get one.
	gotFill := listRewrite(t, in, g, Config{LogoMode: LogoFill}, false)
	if !strings.Contains(gotFill, `"stream_icon":"http://l/bt.png"`) || !strings.Contains(gotFill, `"stream_icon":"a"`) ||
		!strings.Contains(gotFill, `{"name":"24/7 Friends","stream_icon":"http://l/friends.png"}`) {
		t.Errorf("fill: rewrite =\n%s", gotFill)
	}
}

// listRewrite runs the live-stream list rewrite over in.
func listRewrite(t *testing.T, in string, g *xmltv.Guide, cfg Config, oneByte bool) string {
	t.Helper()
	x := &exchange{h: &Handler{cfg: cfg}}
	sources := x.logoSources(g)
	var src io.Reader = strings.NewReader(in)
	if oneByte {
		src = iotest.OneByteReader(src)
	}
	r := newJSONListReader(bufio.NewReaderSize(src, 4096), maxItemBytes,
		func(dst, e []byte) []byte { return x.appendItem(dst, e, sources) })
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("rewrite: %v", err)
	}
	return string(out)
}

// TestLiveStreamsNeverLoseTheList feeds lists with elements the rewrite
// cannot read: each passes byte for byte and the others are still
// rewritten.
func TestLiveStreamsNeverLoseTheList(t *testing.T) {
	g, err := xmltv.Parse(strings.NewReader(`<tv><channel id="a.uk"><icon src="http://l/a.png"/></channel></tv>`), xmltv.Options{})
	if err != nil {
		t.Fatal(err)
	}
	good := `{"epg_channel_id":"a.uk","stream_icon":""}`
	goodOut := `{"epg_channel_id":"a.uk","stream_icon":"http://l/a.png"}`
	bad := map[string]string{
		"control character": "{\"name\":\"a\u0001b\",\"epg_channel_id\":\"a.uk\"}",
		"NaN":               `{"num":NaN,"epg_channel_id":"a.uk"}`,
		"deep nesting":      `{"x":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `,"epg_channel_id":"a.uk"}`,
		"4 MiB item":        `{"epg_channel_id":"a.uk","name":"` + strings.Repeat("x", maxItemBytes+10) + `"}`,
		"trailing junk":     `{"epg_channel_id":"a.uk"} junk`,
	}
	for name, b := range bad {
		in := "[ " + good + ",\n" + b + " ,\t" + good + "]"
		want := "[ " + goodOut + ",\n" + b + " ,\t" + goodOut + "]"
		if got := listRewrite(t, in, g, Config{}, false); got != want {
			t.Errorf("%s: the list changed beyond its readable items (len %d, want %d)", name, len(got), len(want))
		}
	}
	// A wrapped list is rewritten; other top-level fields stay.
	in := `{"status":"ok","data": [` + good + `],"total":1}`
	want := `{"status":"ok","data": [` + goodOut + `],"total":1}`
	if got := listRewrite(t, in, g, Config{}, false); got != want {
		t.Errorf("wrapped: %s\nwant %s", got, want)
	}
	// Not a list, or a cut one: passes whole.
	for _, in := range []string{`{"user_info":{"auth":1}}`, `{"data":{"a":[` + good + `]}}`, `"text"`, `[` + good + `,{"epg_channel_id":`} {
		if got := listRewrite(t, in, g, Config{}, false); got != in && !strings.HasPrefix(in, "[") {
			t.Errorf("%q passed as %q", in, got)
		}
	}
	cut := `[` + good + `,{"epg_channel_id":`
	if got := listRewrite(t, cut, g, Config{}, false); got != `[`+goodOut+`,{"epg_channel_id":` {
		t.Errorf("cut list: %q", got)
	}
}

func TestLiveStreamsPassThrough(t *testing.T) {
	tests := []struct {
		name, contentType string
		status            int
		body              string
	}{
		{"auth object", "application/json", 200, `{"user_info":{"auth":1,"status":"Active"},"server_info":{"port":"8080"}}`},
		{"error json", "application/json", 200, `{"error":"invalid action"}`},
		{"html", "text/html", 200, "<html><body>Maintenance</body></html>"},
		{"empty", "application/json", 200, ""},
		{"unauthorized", "application/json", 401, `[]`},
	}
	for _, tt := range tests {
		p := newFakePanel(t)
		p.handle("/player_api.php", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", tt.contentType)
			w.WriteHeader(tt.status)
			w.Write([]byte(tt.body))
		})
		tp := newTestProxy(t, p, nil)
		resp, body := tp.get(t, "/xc/main/player_api.php?action=get_live_streams&"+credQuery(), nil)
		if resp.StatusCode != tt.status || string(body) != tt.body || resp.Header.Get("Content-Type") != tt.contentType {
			t.Errorf("%s: got %d %q %q, want %d %q %q unchanged", tt.name, resp.StatusCode,
				resp.Header.Get("Content-Type"), body, tt.status, tt.contentType, tt.body)
		}
	}
}
