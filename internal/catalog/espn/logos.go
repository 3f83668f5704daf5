package espn

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"gamethumbs/internal/catalog"
)

// logoPair is a league's light and dark logo URL from the core API.
type logoPair struct{ light, dark string }

// encodeLogoPair and decodeLogoPair are the shared-tier form of a
// logoPair: the two URLs separated by a NUL byte.
func encodeLogoPair(p logoPair) ([]byte, error) { return []byte(p.light + "\x00" + p.dark), nil }

func decodeLogoPair(b []byte) (logoPair, error) {
	light, dark, _ := strings.Cut(string(b), "\x00")
	return logoPair{light, dark}, nil
}

// leagueObject is the part of {core}/v2/sports/{sport}/leagues/{slug} that
// holds the logos.
type leagueObject struct {
	Logos list[logoDTO] `json:"logos"`
}

// LeagueLogos returns the league's light and dark logo URLs: the league's
// own LogoURL/LogoURLDark when either is set; else the full+default and
// full+dark logos of ESPN's league object (cached for the TTL); else, when
// ESPN fails or has none, the CDN's {cdn}/i/teamlogos/leagues/500/{name}.png
// as the light logo. A league without an ESPN sport and slug and without
// its own logos gives catalog.ErrNotCovered.
func (p *Provider) LeagueLogos(ctx context.Context, l catalog.League) (light, dark string, err error) {
	if l.LogoURL != "" || l.LogoURLDark != "" {
		return l.LogoURL, l.LogoURLDark, nil
	}
	if l.Sport == "" || l.Slug == "" {
		return "", "", catalog.ErrNotCovered
	}
	key := l.Sport + "/" + l.Slug
	if p.logoFailedRecently(key) {
		return p.cdnLeagueLogo(l), "", nil
	}
	pair, err := p.logos.Get(ctx, key, load(p, func(ctx context.Context) (logoPair, error) {
		return p.loadLeagueLogos(ctx, l.Sport, l.Slug)
	}))
	if err != nil {
		var ue *catalog.UpstreamError
		if errors.As(err, &ue) { // ESPN failed, not the caller's context
			p.noteLogoFailure(key)
		}
		pair = logoPair{}
	}
	if pair.light == "" {
		pair.light = p.cdnLeagueLogo(l)
	}
	return pair.light, pair.dark, nil
}

// logoFailBackoff is how long the CDN fallback is used without asking the
// core API again after it failed for a league never loaded (the cache
// itself handles leagues it has a stale value for).
const logoFailBackoff = time.Minute

func (p *Provider) logoFailedRecently(key string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	at, ok := p.logoFailed[key]
	if ok && time.Since(at) >= logoFailBackoff {
		delete(p.logoFailed, key)
		return false
	}
	return ok
}

func (p *Provider) noteLogoFailure(key string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.logoFailed[key] = time.Now()
}

func (p *Provider) loadLeagueLogos(ctx context.Context, sport, slug string) (logoPair, error) {
	u := p.core + "/v2/sports/" + url.PathEscape(sport) + "/leagues/" + url.PathEscape(slug)
	var obj leagueObject
	if err := p.getJSON(ctx, u, &obj); err != nil {
		var ue *catalog.UpstreamError
		if errors.As(err, &ue) && ue.Status == http.StatusNotFound {
			return logoPair{}, nil // ESPN has no such league object: no logos
		}
		return logoPair{}, err
	}
	light, dark := pickLogos(obj.Logos)
	return logoPair{light, dark}, nil
}

// cdnLeagueLogo is the CDN's league logo URL, named after the league's
// short name in lower case ("nba.png"), as the reference names it.
func (p *Provider) cdnLeagueLogo(l catalog.League) string {
	name := l.ShortName
	if name == "" {
		name = l.Slug
	}
	return p.cdn + "/i/teamlogos/leagues/500/" + url.PathEscape(strings.ToLower(name)) + ".png"
}

// pickLogos chooses, by rel set membership, the light-background logo
// (full+default, preferring non-scoreboard variants, else the first other
// light logo, else the first logo) and the dark one (full+dark, preferring
// non-scoreboard variants). Logos whose href is not an http(s) URL are
// ignored.
func pickLogos(logos []logoDTO) (light, dark string) {
	bestLight, bestDark := -1, -1
	for _, lg := range logos {
		href := string(lg.Href)
		if !isHTTPURL(href) {
			continue
		}
		full, def, dk, sb := lg.Rel.has("full"), lg.Rel.has("default"), lg.Rel.has("dark"), lg.Rel.has("scoreboard")
		rank := 0
		switch {
		case full && def && !sb:
			rank = 4
		case full && def:
			rank = 3
		case !dk && !sb:
			rank = 2
		case !dk:
			rank = 1
		}
		if rank > bestLight {
			light, bestLight = href, rank
		}
		if full && dk {
			rank := 1
			if !sb {
				rank = 2
			}
			if rank > bestDark {
				dark, bestDark = href, rank
			}
		}
	}
	return light, dark
}

// isHTTPURL reports whether s is an absolute http or https URL with a host.
func isHTTPURL(s string) bool {
	if !strings.HasPrefix(s, "https://") && !strings.HasPrefix(s, "http://") {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && u.Host != ""
}
