package xcproxy

import (
	"context"
	"time"

	"gamethumbs/internal/cluster"
	"gamethumbs/internal/xcproxy/xmltv"
)

// loadGuide fetches a guide, through the tier replicas share when there
// is one (REDIS_URL): a guide parsed by one replica is taken by the
// others, and while one replica downloads it the others wait for its
// result instead of downloading the same guide. key is guideKey's hash of
// the panel and credentials, never the credentials themselves.
func (h *Handler) loadGuide(key string, up *Upstream, user, pass, ua string) (*xmltv.Guide, error) {
	tier := h.cfg.Shared
	if tier == nil {
		return h.fetchGuide(up, user, pass, ua)
	}
	ctx := context.Background()
	name := "xc:guide:" + key
	if g, ok := decodeGuide(tier.Get(ctx, name)); ok {
		h.stats.guideSharedHits.Add(1)
		return g, nil
	}
	use := func(b []byte) (*xmltv.Guide, bool) { return decodeGuide(b, true) }
	g, theirs, err := cluster.OneWorks(ctx, tier, name, h.cfg.GuideTimeout, use, func() (*xmltv.Guide, error) {
		g, err := h.fetchGuide(up, user, pass, ua)
		if err == nil {
			if b, merr := g.MarshalBinary(); merr == nil {
				// Kept a little less than the local TTL, so a replica that
				// takes it never holds it longer than the one that loaded it.
				tier.Set(ctx, name, b, max(h.cfg.GuideTTL-time.Minute, h.cfg.GuideTTL/2))
			}
		}
		return g, err
	})
	if theirs {
		h.stats.guideSharedHits.Add(1)
	}
	return g, err
}

func decodeGuide(b []byte, found bool) (*xmltv.Guide, bool) {
	if !found {
		return nil, false
	}
	g := new(xmltv.Guide)
	if g.UnmarshalBinary(b) != nil || g.Len() == 0 {
		return nil, false
	}
	return g, true
}
