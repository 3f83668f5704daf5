package xcproxy

import (
	"mime"
	"net/http"
	"strings"
)

// The spec asks for application/vnd.apple.mpegurl on rewritten playlists.
// That type names HLS, and players believe it: VLC opens such a channel
// list as one HLS stream and plays nothing, while the same bytes as
// audio/x-mpegurl (or the application/octet-stream XC panels send) open
// as N channels. So the type of a rewritten channel list is chosen for
// the client:
//   - a client that names application/vnd.apple.mpegurl in Accept gets it;
//   - otherwise the panel's own type is kept, unless it is empty or one
//     that players read as HLS (application/vnd.apple.mpegurl,
//     application/x-mpegurl); those become audio/x-mpegurl, the
//     registered type of a plain M3U list.

// hlsTypes are the playlist types players take for HLS.
var hlsTypes = map[string]bool{
	"application/vnd.apple.mpegurl": true,
	"application/x-mpegurl":         true,
}

// specPlaylistType is the spec's type, sent to clients that ask for it.
const specPlaylistType = "application/vnd.apple.mpegurl"

// channelListType is the Content-Type of a rewritten channel list for the
// request in, given the panel's Content-Type.
func channelListType(panelType string, in *http.Request) string {
	if acceptsType(in.Header.Values("Accept"), specPlaylistType) {
		return specPlaylistType
	}
	mt, _, err := mime.ParseMediaType(panelType)
	if err != nil || mt == "" || hlsTypes[mt] {
		return "audio/x-mpegurl"
	}
	return panelType
}

// acceptsType reports whether an Accept header names typ (not with q=0).
func acceptsType(accept []string, typ string) bool {
	for _, v := range accept {
		for part := range strings.SplitSeq(v, ",") {
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil || mt != typ {
				continue
			}
			if q := strings.TrimSpace(params["q"]); q != "" && strings.Trim(q, "0.") == "" {
				continue
			}
			return true
		}
	}
	return false
}
