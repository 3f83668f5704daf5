package httpapi

import (
	"bytes"
	"strings"
	"testing"

	"gamethumbs/internal/logging"
	"gamethumbs/internal/testutil"
)

// TestAccessLogMasksEveryRoute: credentials a player puts in a path
// resolved against the root (HLS tokens, /live/<user>/<pass>/..., the
// direct form) or in any query (?password=, ?token=) never reach the
// access log, on unknown routes and on the API's routes alike; an
// answered image request still shows its league and teams, and a 404 its
// route's words.
func TestAccessLogMasksEveryRoute(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		var buf bytes.Buffer
		s, _, _ := newClockServer(t, logging.New(&buf, "debug", format))
		const user, pass, token = "Zq7uAlice", "Pw9pS3cret", "Tk5tT0ken"
		paths := []string{
			"/hlsr/" + token + "/" + user + "/" + pass + "/1/x.ts",
			"/hls/" + user + "/" + pass + "/1/0.ts",
			"/live/" + user + "/" + pass + "/1.ts",
			"/movie/" + user + "/" + pass + "/7.mp4",
			"/" + user + "/" + pass + "/123",
			"/" + user + "/" + pass + "/123.m3u8",
			"/nope?password=" + pass + "&token=" + token + "&username=" + user,
			"/?password=" + pass + "&token=" + token,
			"/health?" + token + "=" + pass,
			"/nba/" + user + "/" + pass + "/thumb.png",
			"/" + user + "/" + pass + "/logo",
			"/nba/lakers/celtics/thumb?password=" + pass + "&token=" + token,
			"/nba/lakers/raw?" + user + "=" + pass,
			"/get.php?username=" + user + "&password=" + pass + "&type=m3u_plus",
		}
		for _, p := range paths {
			do(t, s, p)
		}
		logs := buf.String()
		testutil.KeepLog(t, "httpapi.log", logs)
		for _, mark := range []string{"Zq7u", "Pw9p", "Tk5t"} {
			if i := strings.Index(logs, mark); i >= 0 {
				t.Errorf("%s: the log shows a planted credential: ...%s...", format, logs[max(0, i-120):min(len(logs), i+60)])
			}
		}
		for _, want := range []string{"/nba/lakers/celtics/thumb?password=***", "/hlsr/***/***/***/***/***.ts", "/live/***/***/***.ts", "/***/***/***/thumb.png", "/nba/lakers/raw?***=***"} {
			if !strings.Contains(logs, want) {
				t.Errorf("%s: the log lacks %q:\n%s", format, want, logs)
			}
		}
	}
}
