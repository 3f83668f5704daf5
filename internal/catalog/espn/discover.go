package espn

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
)

// Bounds of the discovery index, far above what ESPN lists.
const (
	maxSports        = 200
	maxLeaguesPer    = 2000
	maxCodeLen       = 64
	discoveryWorkers = 4
	// discoveryTimeFactor multiplies the load timeout for the whole index.
	discoveryTimeFactor = 3
)

// leagueIndex maps a lower-case ESPN league slug to its sport and slug as
// ESPN writes them. When two sports list one slug, the sport ESPN lists
// first wins.
type leagueIndex map[string]sportSlug

type sportSlug struct{ sport, slug string }

// refList is a core API collection: {"items": [{"$ref": "..."}]}.
type refList struct {
	Items list[struct {
		Ref text `json:"$ref"`
	}] `json:"items"`
}

// Discover finds code (for example "eng.2" or "usa.1") among the leagues of
// ESPN's core API (every sport's league list), ignoring letter case, and
// returns a temporary league for it: Code is code in lower case, Name and
// ShortName ESPN's (from the league object; the code in upper case when
// ESPN does not say), Providers ["espn"], IDs {"espn": sport/slug},
// Temporary true. The index of ESPN's leagues is loaded on first use and
// cached for the TTL; while ESPN is down the last good index answers. An
// unknown code gives *catalog.UnknownLeagueError; a failed first load
// *catalog.UpstreamError.
func (p *Provider) Discover(ctx context.Context, code string) (catalog.League, error) {
	c := strings.ToLower(strings.TrimSpace(code))
	if !validCode(c) {
		return catalog.League{}, &catalog.UnknownLeagueError{Code: code}
	}
	// Discovery makes one request per sport (about fifty), a few at a
	// time, so it gets a longer bound than a single load.
	idx, err := p.discovery.Get(ctx, "leagues", providerhttp.Within(discoveryTimeFactor*p.loadTimeout, p.loadIndex))
	if err != nil {
		return catalog.League{}, callerError(err)
	}
	ss, ok := idx[c]
	if !ok {
		return catalog.League{}, &catalog.UnknownLeagueError{Code: code}
	}
	up := strings.ToUpper(c)
	l := catalog.League{
		Code:      c,
		Name:      up,
		ShortName: up,
		Sport:     ss.sport,
		Slug:      ss.slug,
		Providers: []string{ID},
		IDs:       map[string]string{ID: ss.sport + "/" + ss.slug},
		Temporary: true,
	}
	// The name is a nicety: without it (ESPN slow or down) the code
	// stands in.
	n, err := p.names.Get(ctx, ss.sport+"/"+ss.slug, load(p, func(ctx context.Context) (leagueName, error) {
		return p.loadLeagueName(ctx, ss.sport, ss.slug)
	}))
	if err == nil {
		l.Name = cmp.Or(n.name, l.Name)
		if n.short != "" && len(n.short) <= 12 {
			l.ShortName = strings.ToUpper(n.short)
		}
	}
	return l, nil
}

// leagueName is the name and abbreviation of an ESPN league object.
type leagueName struct{ name, short string }

func (p *Provider) loadLeagueName(ctx context.Context, sport, slug string) (leagueName, error) {
	var obj struct {
		Name         text `json:"name"`
		Abbreviation text `json:"abbreviation"`
	}
	u := p.core + "/v2/sports/" + url.PathEscape(sport) + "/leagues/" + url.PathEscape(slug)
	if err := p.getJSON(ctx, u, &obj); err != nil {
		var ue *catalog.UpstreamError
		if errors.As(err, &ue) && ue.Status == http.StatusNotFound {
			return leagueName{}, nil
		}
		return leagueName{}, err
	}
	return leagueName{string(obj.Name), string(obj.Abbreviation)}, nil
}

// validCode reports whether c can be an ESPN slug: 1 to 64 characters of
// a-z, 0-9, '.', '-' and '_'.
func validCode(c string) bool {
	if c == "" || len(c) > maxCodeLen {
		return false
	}
	for i := 0; i < len(c); i++ {
		ch := c[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '.' || ch == '-' || ch == '_') {
			return false
		}
	}
	return true
}

// loadIndex lists ESPN's sports, then the leagues of each sport (a few at
// a time). A sport whose league list is 404 has no leagues; any other
// failure fails the load, so a partial index is never cached.
func (p *Provider) loadIndex(ctx context.Context) (leagueIndex, error) {
	var sports refList
	if err := p.getJSON(ctx, p.core+"/v2/sports?limit=1000", &sports); err != nil {
		return nil, err
	}
	var names []string
	seen := make(map[string]bool)
	for _, it := range sports.Items {
		s := refSegment(string(it.Ref), "sports")
		if s == "" || seen[s] || !validCode(strings.ToLower(s)) {
			continue
		}
		seen[s] = true
		names = append(names, s)
		if len(names) == maxSports {
			break
		}
	}

	slugs := make([][]string, len(names))
	errs := make([]error, len(names))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sem := make(chan struct{}, discoveryWorkers)
	var wg sync.WaitGroup
	for i, sport := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			slugs[i], errs[i] = p.loadSportLeagues(ctx, sport)
			if errs[i] != nil {
				cancel()
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return nil, err
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}

	idx := make(leagueIndex)
	for i, sport := range names {
		for _, slug := range slugs[i] {
			k := strings.ToLower(slug)
			if _, taken := idx[k]; !taken {
				idx[k] = sportSlug{sport, slug}
			}
		}
	}
	return idx, nil
}

func (p *Provider) loadSportLeagues(ctx context.Context, sport string) ([]string, error) {
	var leagues refList
	err := p.getJSON(ctx, p.core+"/v2/sports/"+url.PathEscape(sport)+"/leagues?limit=1000", &leagues)
	if err != nil {
		var ue *catalog.UpstreamError
		if errors.As(err, &ue) && ue.Status == http.StatusNotFound {
			return nil, nil
		}
		return nil, err
	}
	var out []string
	for _, it := range leagues.Items {
		slug := refSegment(string(it.Ref), "leagues")
		if slug != "" && validCode(strings.ToLower(slug)) {
			out = append(out, slug)
		}
		if len(out) == maxLeaguesPer {
			break
		}
	}
	return out, nil
}

// refSegment returns the path segment after the segment named after in a
// $ref URL: refSegment("http://x/v2/sports/soccer/leagues/eng.1?lang=en",
// "leagues") is "eng.1". Only the path is read; the host is ignored.
func refSegment(ref, after string) string {
	path := ref
	if u, err := url.Parse(ref); err == nil {
		path = u.Path
	} else if i := strings.IndexAny(ref, "?#"); i >= 0 {
		path = ref[:i]
	}
	parts := strings.Split(path, "/")
	for i := 0; i+1 < len(parts); i++ {
		if parts[i] == after {
			return parts[i+1]
		}
	}
	return ""
}
