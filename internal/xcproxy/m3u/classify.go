package m3u

import "bytes"

// Kind is what the start of a body looks like.
type Kind int

const (
	// Other is not a playlist (HTML, JSON, XML, empty...).
	Other Kind = iota
	// ChannelList is an IPTV channel list: #EXTM3U / #EXTINF entries.
	ChannelList
	// HLS is an HTTP Live Streaming master or media playlist (#EXT-X- tags),
	// which must never be rewritten.
	HLS
)

func (k Kind) String() string {
	switch k {
	case ChannelList:
		return "channel-list"
	case HLS:
		return "hls"
	}
	return "other"
}

// Classify looks at the first bytes of a body (a few KB are enough; a cut
// last line is fine). The first non-blank line must start with #EXTM3U or
// #EXTINF for a playlist; any line starting with #EXT-X- makes it HLS.
func Classify(head []byte) Kind {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	kind := Other
	for len(head) > 0 {
		var line []byte
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			line, head = head, nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if kind == Other {
			if !hasPrefixFold(line, "#EXTM3U") && !hasPrefixFold(line, "#EXTINF") {
				return Other
			}
			kind = ChannelList
		}
		if hasPrefixFold(line, "#EXT-X-") {
			return HLS
		}
	}
	return kind
}
