package xcproxy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/redact"
	"gamethumbs/internal/xcproxy/xmltv"
)

var errNoCredentials = errors.New("no username/password in the request: no guide")

// guideFlight is a guide lookup in progress or done.
type guideFlight struct {
	ch      <-chan singleflight.Result
	res     guideResult
	started time.Time // when the fetch began (shared by its joiners)
}

// wait returns the guide, or gives up when ctx ends (the fetch goes on
// for the others and for the cache).
func (f *guideFlight) wait(ctx context.Context) (*xmltv.Guide, error) {
	if f.ch != nil {
		select {
		case r := <-f.ch:
			f.res, f.ch = r.Val.(guideResult), nil
		case <-ctx.Done():
			select {
			case r := <-f.ch: // it ended just now
				f.res, f.ch = r.Val.(guideResult), nil
			default:
				return nil, ctx.Err()
			}
		}
	}
	return f.res.guide, f.res.err
}

// guideKey identifies a guide: the panel and the credentials, hashed so
// that no password is kept as a key.
func guideKey(base *url.URL, user, pass string) string {
	sum := sha256.Sum256([]byte(base.String() + "\x00" + user + "\x00" + pass))
	return hex.EncodeToString(sum[:])
}

// startGuide returns the cached guide for the exchange's credentials or
// starts (or joins) its fetch.
func (h *Handler) startGuide(x *exchange) *guideFlight {
	if x.user == "" || x.pass == "" {
		return &guideFlight{res: guideResult{err: errNoCredentials}}
	}
	key := guideKey(x.up.Base, x.user, x.pass)
	up, user, pass, ua := x.up, x.user, x.pass, x.in.Header.Get("User-Agent")
	load := func() (<-chan singleflight.Result, time.Time) {
		started := h.guides.flightStarted(key)
		return h.guides.flights.DoChan(key, func() (any, error) {
			defer h.guides.flightEnded(key)
			if res, fresh, ok := h.guides.get(key); ok && fresh { // a flight that just ended stored it
				return res, nil
			}
			g, err := h.loadGuide(key, up, user, pass, ua)
			h.guides.put(key, g, err)
			if res, _, ok := h.guides.get(key); ok && res.guide != nil {
				return res, nil // a failed refresh keeps the stale guide
			}
			return guideResult{g, err}, nil
		}), started
	}
	if res, fresh, ok := h.guides.get(key); ok {
		h.stats.guideHits.Add(1)
		if !fresh {
			load() // refresh in the background; the stale guide serves now
		}
		return &guideFlight{res: res}
	}
	ch, started := load()
	return &guideFlight{ch: ch, started: started}
}

// fetchGuide downloads and parses a guide, logging the outcome once.
func (h *Handler) fetchGuide(up *Upstream, user, pass, ua string) (*xmltv.Guide, error) {
	h.stats.guideFetches.Add(1)
	start := time.Now()
	g, err := h.downloadGuide(up, user, pass, ua)
	took := time.Since(start).Round(time.Millisecond)
	if err != nil {
		h.stats.guideErrors.Add(1)
		h.log.Warn("xc guide unavailable; playlists pass through unchanged", "upstream", up.ID,
			"err", err.Error(), "took", took, "retry_after", h.cfg.GuideErrorTTL)
		return nil, err
	}
	h.log.Info("xc guide loaded", "upstream", up.ID, "channels", g.Len(), "truncated", g.Truncated(),
		"size_bytes", g.SizeBytes(), "took", took)
	return g, nil
}

func (h *Handler) downloadGuide(up *Upstream, user, pass, ua string) (g *xmltv.Guide, err error) {
	defer func() {
		// The fetch runs on its own goroutine: a bug must not take the
		// process down.
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("guide parse: internal error: %v", r)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), h.cfg.GuideTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, guideUpstreamURL(up.Base, user, pass), nil)
	if err != nil {
		return nil, errors.New("guide request: " + redact.URL(err.Error()))
	}
	if ua != "" {
		req.Header.Set("User-Agent", ua)
	}
	resp, err := h.client.Do(req)
	if err != nil {
		// A *url.Error holds the URL and so the credentials: keep its
		// masked text only.
		return nil, errors.New("guide request: " + redact.URL(err.Error()))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("guide request: upstream answered %d", resp.StatusCode)
	}
	g, err = xmltv.Parse(resp.Body, xmltv.Options{
		MaxBytes:        h.cfg.GuideMaxBytes,
		MaxChannels:     h.cfg.GuideMaxChannels,
		StopAtProgramme: !h.cfg.GuideFullScan,
	})
	if err != nil {
		return nil, errors.New("guide parse: " + redact.URL(err.Error()))
	}
	if g.Len() == 0 {
		return nil, errors.New("guide parse: no channel has a logo")
	}
	return g, nil
}

// guideUpstreamURL is <base>/xmltv.php?username=…&password=… (encoded).
func guideUpstreamURL(base *url.URL, user, pass string) string {
	u := *base
	u.Path = strings.TrimRight(u.Path, "/") + "/xmltv.php"
	u.RawPath = ""
	if base.RawPath != "" {
		u.RawPath = strings.TrimRight(base.RawPath, "/") + "/xmltv.php"
	}
	u.RawQuery = joinQuery(base.RawQuery, url.Values{"username": {user}, "password": {pass}}.Encode())
	return u.String()
}

// proxyGuideURL is the proxy's own xmltv.php for the exchange, absolute,
// for the playlist header.
func (x *exchange) proxyGuideURL() string {
	base := x.h.publicBase
	if base == "" || x.rt.root {
		base = x.requestScheme() + "://" + x.in.Host
	}
	if !x.rt.root {
		base += "/xc/" + url.PathEscape(x.rt.id)
	}
	q := url.Values{"username": {x.user}, "password": {x.pass}}.Encode()
	return base + "/xmltv.php?" + q
}

// proxyOrigin is the scheme and host the client reaches the proxy at:
// those of XC_PROXY_PUBLIC_URL (not on root listeners), else the
// request's. Paths under it start with x.rt.prefix.
func (x *exchange) proxyOrigin() string {
	if x.h.publicBase != "" && !x.rt.root {
		return strings.TrimSuffix(x.h.publicBase, x.h.publicPath)
	}
	return x.requestScheme() + "://" + x.in.Host
}

// requestScheme is the scheme the client used: https on TLS, or the
// X-Forwarded-Proto of a trusted proxy.
func (x *exchange) requestScheme() string {
	scheme := "http"
	if x.in.TLS != nil {
		scheme = "https"
	}
	if x.h.cfg.TrustForwardedProto {
		p, _, _ := strings.Cut(x.in.Header.Get("X-Forwarded-Proto"), ",")
		if p = strings.ToLower(strings.TrimSpace(p)); p == "http" || p == "https" {
			scheme = p
		}
	}
	return scheme
}
