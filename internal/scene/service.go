package scene

import (
	"context"
	"errors"
	"image"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/colorx"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/lru"
	"gamethumbs/internal/match"
	"gamethumbs/internal/render"
	"gamethumbs/internal/title"
	"gamethumbs/internal/warnonce"
)

// Config are the collaborators of a Service.
type Config struct {
	Catalog *catalog.Catalog
	// Providers by id ("espn"). A league's providers are tried in the order
	// the league lists them; ids missing here are skipped.
	Providers map[string]catalog.Provider
	// LeagueArt lists provider ids (in Providers) also asked for a
	// league's logo when its own providers have none: TheSportsDB's
	// league badges serve ATP, WTA and PWHL, whose providers (ESPN's
	// athletes, HockeyTech) have no league logos.
	LeagueArt []string
	// Discover finds a league unknown to the catalogue at a provider
	// (catalog.FirstOf chains several). Nil disables discovery.
	Discover catalog.Discoverer
	// DefaultImage is the picture (http(s) or data:image URL) drawn for a
	// team or league that has no logo anywhere, unless the league has its
	// own (League.DefaultImage); empty keeps the built-in name card or
	// wordmark.
	DefaultImage string
	// Logos downloads and decodes provider logos (cached, coalesced).
	Logos *fetch.Fetcher
	// Photos downloads venue photos (styles 10-13) and keeps each decoded,
	// downscaled copy for a day. Nil uses Logos.
	Photos *fetch.Fetcher
	// Overlays downloads iconurl images through the SSRF-guarded client.
	// Nil disables icons.
	Overlays *fetch.Fetcher
	// TrustedOverlays downloads icons from TrustedOverlayHosts without the
	// address check (ALLOW_INSECURE_OVERLAY_URLS as a host list).
	TrustedOverlays     *fetch.Fetcher
	TrustedOverlayHosts []string

	// Renderer draws the pictures; nil for one of its own (a derivative
	// cache of render.DefaultCacheBytes, a gate of GOMAXPROCS renders).
	Renderer *render.Renderer

	// Logger receives a warning when a logo cannot be had, once per URL
	// per LogoWarnInterval. Nil logs nothing.
	Logger *slog.Logger
	// LogoFailure, when set, is called with fetch.Reason for every logo a
	// render had to do without (metrics).
	LogoFailure func(reason string)
}

// LogoWarnInterval is how often one failing logo URL is logged at most.
const LogoWarnInterval = 5 * time.Minute

// Service resolves requests into scenes and renders them.
type Service struct {
	cfg    Config
	colors sync.Map // logo URL → [2]colorx.RGB extracted from the logo
	found  findMemo // (league, query) → roster index
	marks  wordmarks
	// Discovery's answers by folded identifier: leagues it found (kept
	// while providers are down, so a discovered league never turns into
	// a 404 in an outage) and identifiers no provider knows.
	discovered *lru.Cache[string, catalog.League]
	misses     *lru.Cache[string, struct{}]

	titleOnce   sync.Once
	titleParser *title.Parser // reads /event titles (event.go)
	warned      *warnonce.Gate
}

// New returns a Service.
func New(cfg Config) *Service {
	if cfg.Renderer == nil {
		cfg.Renderer = render.New(render.Config{CacheBytes: render.DefaultCacheBytes})
	}
	return &Service{cfg: cfg, warned: warnonce.New(LogoWarnInterval, 0, nil),
		discovered: lru.New[string, catalog.League](lru.Options{MaxBytes: maxDiscovered, MaxEntries: maxDiscovered}),
		misses:     lru.New[string, struct{}](lru.Options{MaxBytes: maxMisses, MaxEntries: maxMisses}),
	}
}

// League resolves a league identifier through the catalogue (codes,
// names, aliases, provider ids; leagues switched off by their variable
// for league pictures) and then through provider discovery (ESPN's codes,
// TheSportsDB's names and ids), on every request path as game-thumbs
// does. Identifiers no provider knows are remembered for missTTL, so a
// garbage code costs one lookup, not one per request. A league discovery
// found keeps answering while its providers are down. When discovery
// cannot reach a provider for a league never found, the answer is an
// unknown league unless fallback asks for the provider's error (a picture
// depends on it).
func (s *Service) League(ctx context.Context, id string, fallback bool) (catalog.League, error) {
	if l, ok := s.cfg.Catalog.Lookup(id); ok {
		return l, nil
	}
	if l, ok := s.cfg.Catalog.LookupDisabled(id); ok {
		return l, nil // league pictures only (see findTeam)
	}
	key := catalog.Fold(id)
	if s.cfg.Discover == nil || !discoverable(id) || key == "" {
		return catalog.League{}, s.unknownLeague(id)
	}
	if _, miss := s.misses.Get(key); miss {
		return catalog.League{}, s.unknownLeague(id)
	}
	l, err := s.cfg.Discover(ctx, strings.TrimSpace(id))
	var unknown *catalog.UnknownLeagueError
	switch {
	case err == nil:
		l = s.ownCode(l)
		s.discovered.Add(key, l, 1, time.Time{})
		return l, nil
	case errors.As(err, &unknown):
		s.discovered.Remove(key)
		s.misses.Add(key, struct{}{}, 1, time.Now().Add(missTTL))
		return catalog.League{}, s.unknownLeague(id)
	}
	if l, ok := s.discovered.Get(key); ok {
		return l, nil // the provider is down: the league it gave before
	}
	if fallback || ctx.Err() != nil {
		return catalog.League{}, err
	}
	return catalog.League{}, s.unknownLeague(id)
}

// unknownLeague is the error of a league identifier nothing knows, with
// the closest league codes of the catalogue as "did you mean"
// suggestions (by code, short and full name and aliases).
func (s *Service) unknownLeague(id string) error {
	leagues := s.cfg.Catalog.Leagues()
	as := make([]catalog.Team, len(leagues))
	for i, l := range leagues {
		as[i] = catalog.Team{ID: l.Code, Slug: l.Code, FullName: l.Code, Name: l.Name,
			Abbreviation: l.ShortName, Aliases: l.Aliases}
	}
	return &catalog.UnknownLeagueError{Code: id, Suggestions: match.Suggest(id, as, leagueSuggestions)}
}

// leagueSuggestions is how many league codes an unknown league suggests.
const leagueSuggestions = 5

// ownCode keeps a discovered league from sharing a catalogued league's
// code (TheSportsDB's "NBA", found by its id, is not ESPN's nba): its code
// becomes provider-id ("thesportsdb-4387"), so cached pictures never mix.
func (s *Service) ownCode(l catalog.League) catalog.League {
	_, taken := s.cfg.Catalog.Get(l.Code)
	if !taken && l.Code != "" {
		return l
	}
	for _, p := range l.Providers {
		if id := l.IDs[p]; id != "" {
			l.Code = p + "-" + catalog.LetterSlug(id)
			return l
		}
	}
	l.Code = "discovered-" + catalog.LetterSlug(l.Name)
	return l
}

// missTTL is how long an identifier no provider knows is answered as
// unknown without asking again.
const missTTL = time.Hour

// Bounds of discovery's memory (entries).
const (
	maxMisses     = 4096
	maxDiscovered = 1024
)

// discoverable filters identifiers that cannot name a provider's league
// before any network call: 1 to 64 bytes of valid UTF-8 without control
// characters or slashes (codes such as "sui.1", names such as "Danish
// Superliga").
func discoverable(id string) bool {
	if id == "" || len(id) > 64 || !utf8.ValidString(id) {
		return false
	}
	for _, r := range id {
		if unicode.IsControl(r) || r == '/' || r == '\\' || r == '?' || r == '#' || r == '%' {
			return false
		}
	}
	return true
}

// teams returns the roster of l from the first provider that has it.
func (s *Service) teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	var firstErr error
	for _, id := range l.Providers {
		p, ok := s.cfg.Providers[id]
		if !ok {
			continue
		}
		list, err := p.Teams(ctx, l)
		if err == nil {
			return list, nil
		}
		if !errors.Is(err, catalog.ErrNotCovered) && firstErr == nil {
			firstErr = err
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	return nil, nil
}

// Team resolves one team of l for the raw endpoint, with colours filled.
func (s *Service) Team(ctx context.Context, l catalog.League, id string) (catalog.Team, error) {
	t, _, err := s.findTeam(ctx, l, id)
	if err != nil {
		return catalog.Team{}, err
	}
	s.fillColors(ctx, l, &t)
	return t, nil
}

// findTeam searches l, then its feeder leagues (recursively), then its
// fallback league, and returns the team with the league it was found in.
func (s *Service) findTeam(ctx context.Context, l catalog.League, query string) (catalog.Team, catalog.League, error) {
	if strings.TrimSpace(query) == "" {
		return catalog.Team{}, l, &catalog.UnknownTeamError{League: l.ShortName, Query: query}
	}
	if l.Disabled {
		return catalog.Team{}, l, &catalog.UnknownTeamError{League: l.ShortName, Query: query,
			Hint: "its teams and athletes are off; set " + l.EnvVar + "=true to enable them"}
	}
	if parts := s.splitAthletes(l, query); parts != nil {
		return s.findAthletes(ctx, l, parts)
	}
	visited := map[string]bool{}
	var suggestions []string
	t, where, found, err := s.search(ctx, l, query, visited, &suggestions)
	if err != nil {
		return catalog.Team{}, l, err
	}
	if found {
		return t, where, nil
	}
	if len(l.FeederLeagues) == 0 && l.FallbackLeague != "" && !visited[l.FallbackLeague] {
		if fl, ok := s.cfg.Catalog.Get(l.FallbackLeague); ok {
			t, where, found, err = s.search(ctx, fl, query, visited, nil)
			if err != nil {
				return catalog.Team{}, l, err
			}
			if found {
				return t, where, nil
			}
		}
	}
	if len(suggestions) > 5 {
		suggestions = suggestions[:5]
	}
	return catalog.Team{}, l, &catalog.UnknownTeamError{League: l.ShortName, Query: query, Suggestions: suggestions}
}

// search looks in l and its feeders depth-first.
func (s *Service) search(ctx context.Context, l catalog.League, query string, visited map[string]bool, suggestions *[]string) (catalog.Team, catalog.League, bool, error) {
	visited[l.Code] = true
	if t, found, handled, err := s.findIndexed(ctx, l, query); handled {
		if err != nil || found {
			return t, l, found, err
		}
	} else {
		list, err := s.teams(ctx, l)
		if err != nil {
			return catalog.Team{}, l, false, err
		}
		if i, ok := s.find(l.Code, query, list); ok {
			return list[i], l, true, nil
		}
		if suggestions != nil && len(*suggestions) < 5 {
			*suggestions = append(*suggestions, match.Suggest(query, list, 5-len(*suggestions))...)
		}
	}
	for _, code := range l.FeederLeagues {
		if visited[code] {
			continue
		}
		fl, ok := s.cfg.Catalog.Get(code)
		if !ok {
			continue
		}
		t, where, found, err := s.search(ctx, fl, query, visited, suggestions)
		if err != nil || found {
			return t, where, found, err
		}
	}
	return catalog.Team{}, l, false, nil
}

// fillColors applies the league palette (teamColors) or, when the
// provider has no colours, extracts them from the team's logo. Colours
// that cannot be obtained stay empty (omitted from raw output).
func (s *Service) fillColors(ctx context.Context, l catalog.League, t *catalog.Team) {
	if len(l.TeamColors) > 0 {
		t.Color, t.AlternateColor = paletteColors(l.TeamColors, t)
		return
	}
	if t.Color != "" && t.AlternateColor != "" || t.Logo == "" {
		return
	}
	c, ok := s.logoColors(ctx, t.Logo, nil)
	if !ok {
		return
	}
	if t.Color == "" {
		t.Color = c[0].Hex()
	}
	if t.AlternateColor == "" {
		t.AlternateColor = c[1].Hex()
	}
}

// logoColors extracts (and remembers) the two dominant colours of the
// logo at url. img, when not nil, is the already decoded logo.
func (s *Service) logoColors(ctx context.Context, url string, img image.Image) ([2]colorx.RGB, bool) {
	if v, ok := s.colors.Load(url); ok {
		return v.([2]colorx.RGB), true
	}
	if img == nil {
		var err error
		img, err = s.cfg.Logos.Image(ctx, url)
		if err != nil {
			return [2]colorx.RGB{}, false
		}
	}
	p, a := colorx.TeamColors(fetch.PixelsOf(img))
	c := [2]colorx.RGB{p, a}
	s.colors.Store(url, c)
	return c, true
}

// paletteColors picks a primary and alternate colour from a league
// palette, deterministically per team (djb2 hash of its id).
func paletteColors(palette []string, t *catalog.Team) (string, string) {
	key := t.ID
	for _, k := range []string{t.Slug, t.Abbreviation, t.FullName, t.Name} {
		if key != "" {
			break
		}
		key = k
	}
	var h uint32 = 5381
	for i := 0; i < len(key); i++ {
		h = h*33 + uint32(key[i])
	}
	n := uint32(len(palette))
	i := h % n
	j := (i + (n+1)/2) % n
	return palette[i], palette[j]
}
