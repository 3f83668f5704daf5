package xcproxy

import (
	"io"
	"sync"
	"sync/atomic"
)

// Stats are cumulative counters since New, for metrics.
type Stats struct {
	Requests             int64 // requests served (any status)
	BytesStreamed        int64 // response body bytes sent on to clients
	UpstreamErrors       int64 // 502/504 answers: panel unreachable or too slow
	GuideFetches         int64 // guide downloads started
	GuideErrors          int64 // guide downloads that failed
	GuideCacheHits       int64 // guide lookups answered from the cache
	GuideSharedHits      int64 // guides taken from the tier replicas share (REDIS_URL) instead of downloaded
	PlaylistsRewritten   int64 // channel lists rewritten
	LiveStreamsRewritten int64 // get_live_streams answers rewritten
	HLSRewritten         int64 // HLS playlists whose URIs were mapped into the proxy
	Aborted              int64 // responses cut short (client gone or panel failed mid-body)
	StreamsIdle          int64 // streams ended because the panel sent nothing for StreamIdle
	StreamsRefused       int64 // stream requests answered 503: MaxStreams open
	OpenStreams          int64 // streams open now (a gauge)
}

type counters struct {
	requests, bytes, upstreamErrors          atomic.Int64
	guideFetches, guideErrors, guideHits     atomic.Int64
	playlistsRewritten, liveStreamsRewritten atomic.Int64
	hlsRewritten, aborted                    atomic.Int64
	guideSharedHits                          atomic.Int64
	streamsIdle, streamsRefused              atomic.Int64
}

// Stats returns a snapshot of the counters.
func (h *Handler) Stats() Stats {
	c := &h.stats
	return Stats{
		Requests:             c.requests.Load(),
		BytesStreamed:        c.bytes.Load(),
		UpstreamErrors:       c.upstreamErrors.Load(),
		GuideFetches:         c.guideFetches.Load(),
		GuideErrors:          c.guideErrors.Load(),
		GuideCacheHits:       c.guideHits.Load(),
		GuideSharedHits:      c.guideSharedHits.Load(),
		PlaylistsRewritten:   c.playlistsRewritten.Load(),
		LiveStreamsRewritten: c.liveStreamsRewritten.Load(),
		HLSRewritten:         c.hlsRewritten.Load(),
		Aborted:              c.aborted.Load(),
		StreamsIdle:          c.streamsIdle.Load(),
		StreamsRefused:       c.streamsRefused.Load(),
		OpenStreams:          h.streams.open.Load(),
	}
}

// countingBody counts the bytes read through it.
type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

// bufferSize is the copy buffer of the pass-through, one per open
// stream: with 256 KiB an open stream held about 0.3 MB; 32 KiB (io.Copy's
// size) costs no throughput on a stream of a few Mbit/s (see
// docs/xc-proxy.md, Throughput and Open streams).
const bufferSize = 32 << 10

// bufferPool implements httputil.BufferPool with fixed-size buffers.
type bufferPool struct{ p sync.Pool }

func newBufferPool(size int) *bufferPool {
	bp := &bufferPool{}
	bp.p.New = func() any { b := make([]byte, size); return &b }
	return bp
}

func (bp *bufferPool) Get() []byte { return *(bp.p.Get().(*[]byte)) }

func (bp *bufferPool) Put(b []byte) {
	if cap(b) != bufferSize {
		return
	}
	b = b[:cap(b)]
	bp.p.Put(&b)
}
