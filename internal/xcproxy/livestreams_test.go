package xcproxy

import (
	"bytes"
	"encoding/json"
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
	for _, file := range []string{
		"testdata/go.xtream-codes_eternal_get_live_streams.trimmed.json",
		"testdata/go.xtream-codes_tnt_get_live_streams.trimmed.json",
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
		if changed == 0 {
			t.Errorf("%s: no stream_icon was replaced", file)
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
	want := `[{"num":1,"name":"BT","stream_icon":"http://l/bt.png","epg_channel_id":"BTSport1.uk","added":"1512103894","custom_sid":null,"rating_5based":4.5},` +
		`{"num":3,"name":"x","stream_icon":"http://l/3.png","epg_channel_id":null},` +
		`{"num":"9","name":" 24\/7 FRIENDS ","epg_channel_id":null,"stream_icon":"http://l/friends.png"},` +
		`{"name":"24/7 Friends","stream_icon":"http://l/friends.png"},` +
		`{},` +
		`{"num":99,"name":"none","stream_icon":"keep","tv_archive_duration":"0"},` +
		`42,"text",null,[1,2]]`
	for name, r := range map[string]*liveStreamsReader{
		"whole":    newLiveStreamsReader(strings.NewReader(in), g),
		"one-byte": newLiveStreamsReader(iotest.OneByteReader(strings.NewReader(" \n"+in+"\n")), g),
	} {
		var out bytes.Buffer
		if _, err := out.ReadFrom(r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if out.String() != want {
			t.Errorf("%s: rewrite =\n%s\nwant\n%s", name, out.String(), want)
		}
	}
	// A broken array is an error, not a silently cut answer.
	var out bytes.Buffer
	if _, err := out.ReadFrom(newLiveStreamsReader(strings.NewReader(`[{"num":1},{"num":`), g)); err == nil {
		t.Errorf("truncated array: no error, output %q", out.String())
	}
	// An element over the item bound is an error.
	huge := `[{"name":"` + strings.Repeat("x", maxItemBytes+64<<10) + `"}]`
	if _, err := out.ReadFrom(newLiveStreamsReader(strings.NewReader(huge), g)); err == nil {
		t.Errorf("item over %d bytes: no error", maxItemBytes)
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
