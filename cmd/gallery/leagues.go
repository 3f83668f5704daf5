package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/espnathlete"
	"gamethumbs/internal/catalog/espnathlete/athletetest"
	"gamethumbs/internal/catalog/hockeytech"
	"gamethumbs/internal/catalog/hockeytech/hockeytechtest"
	"gamethumbs/internal/catalog/thesportsdb"
	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
)

// galleryLeagues are the leagues of the leagues section: the ones whose
// league logo was once a placeholder card, each with a matchup of the
// providers' test fakes.
var galleryLeagues = []struct{ code, team1, team2 string }{
	{"f1", "mclaren", "mercedes"},
	{"nascar", "hendrick", "gibbs"},
	{"atp", "alcaraz", "sinner"},
	{"wta", "swiatek", "gauff"},
	{"pwhl", "minnesota", "ottawa"},
	{"urc", "leinster", "munster"},
}

// leagueShots are the pictures of each league in its sheet: the league
// thumbnail, then the matchup's thumbnail, cover and logo.
var leagueShots = []struct {
	name    string
	kind    render.Kind
	w, h    int
	matchup bool
}{
	{"league thumb", render.KindThumb, 1440, 1080, false},
	{"thumb style 1", render.KindThumb, 1440, 1080, true},
	{"cover style 1", render.KindCover, 1080, 1440, true},
	{"logo style 1", render.KindLogo, 512, 512, true},
}

// leagueSheets renders, through the scene service as the server does, the
// league pictures and a matchup of F1, NASCAR, ATP, WTA, PWHL and a rugby
// league against the providers' test fakes (TheSportsDB, ESPN athletes,
// HockeyTech on 127.0.0.1, with badges drawn by the fakes), one sheet a
// league (leagues_<code>.png), so a reader sees each league's own
// (fake-served) logo where a placeholder card used to stand.
func leagueSheets(ctx context.Context, r *render.Renderer, dir string, scale float64) ([]entry, error) {
	svc, stop, err := fakeLeagueService(ctx, r)
	if err != nil {
		return nil, err
	}
	defer stop()
	var out []entry
	for _, l := range galleryLeagues {
		var imgs []image.Image
		for _, shot := range leagueShots {
			req := scene.Request{Kind: shot.kind, League: l.code, Style: 1, LeagueLogo: true,
				Width: int(float64(shot.w) * scale), Height: int(float64(shot.h) * scale)}
			if shot.matchup {
				req.Teams = []string{l.team1, l.team2}
			} else {
				req.Style = 0
			}
			if shot.kind == render.KindLogo {
				req.Height = req.Width
			}
			img, err := renderScene(ctx, svc, req)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", l.code, shot.name, err)
			}
			imgs = append(imgs, img)
		}
		name := "leagues_" + l.code + ".png"
		w, h, n, err := writeSheet(filepath.Join(dir, name), imgs, int(720*scale), len(imgs))
		if err != nil {
			return nil, err
		}
		out = append(out, entry{File: name, Title: fmt.Sprintf("league %s (test fakes): league thumb; %s vs %s thumb, cover and logo",
			l.code, l.team1, l.team2), W: w, H: h, Bytes: n})
	}
	return out, nil
}

// leaguePage writes the leagues page of the docs into dir: the league
// sheets (leagues_<code>.png) and leagues.md, which shows them.
//
//	go run ./cmd/gallery -leaguepage docs/gallery
func leaguePage(ctx context.Context, r *render.Renderer, dir string) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	entries, err := leagueSheets(ctx, r, dir, leaguePageScale)
	if err != nil {
		return 0, err
	}
	var b strings.Builder
	b.WriteString(leaguePageHead)
	for i, e := range entries {
		if err := recompress(filepath.Join(dir, e.File)); err != nil {
			return 0, err
		}
		l := galleryLeagues[i]
		fmt.Fprintf(&b, "### %s\n\n`/%s/thumb`, `/%s/%s/%s/thumb`, `.../cover`, `.../logo?style=1`\n\n![%s](%s)\n\n",
			l.code, l.code, l.code, l.team1, l.team2, l.code, e.File)
	}
	if err := os.WriteFile(filepath.Join(dir, "leagues.md"), []byte(b.String()), 0o644); err != nil {
		return 0, err
	}
	return len(entries), nil
}

// leaguePageScale is the canvas scale of the docs page's sheets (cells
// of 216 px).
const leaguePageScale = 0.3

const leaguePageHead = `# League art

[Back to the gallery](README.md)

Each league's own logo where a source serves it, for the leagues whose
pictures once showed a placeholder card: Formula 1 and NASCAR (TheSportsDB
badges by id), ATP and WTA (TheSportsDB badges by id, taken before
ESPN's as the reference does), PWHL
(TheSportsDB, found by name; HockeyTech has no league logos) and a rugby
league (URC, TheSportsDB). Rendered by ` + "`go run ./cmd/gallery -leaguepage docs/gallery`" + `
through the scene service against the providers' test fakes on 127.0.0.1:
the badges are squares the fake TheSportsDB draws with the league's short
name, not the real logos, and the teams and athletes are the fakes' own.
Each row: the league thumbnail, then a matchup's thumbnail (style 1),
cover (style 1) and logo (style 1).

`

// renderScene prepares and renders req and decodes the PNG.
func renderScene(ctx context.Context, svc *scene.Service, req scene.Request) (image.Image, error) {
	job, err := svc.Prepare(ctx, req)
	if err != nil {
		return nil, err
	}
	o, err := job.Render(ctx)
	if err != nil {
		return nil, err
	}
	if o.Degraded != "" {
		return nil, errors.New("degraded picture: " + o.Degraded)
	}
	return png.Decode(bytes.NewReader(o.Data))
}

// fakeLeagueService starts the fakes and a scene service wired to them
// like cmd/gamethumbs wires the real providers (TheSportsDB's badges as
// league art). stop closes the fakes.
func fakeLeagueService(ctx context.Context, r *render.Renderer) (svc *scene.Service, stop func(), err error) {
	tb := &standalone{}
	defer func() {
		if err != nil {
			tb.stop()
		}
	}()
	tsdb := thesportsdbtest.New(tb)
	athletes := athletetest.New(tb)
	ht := hockeytechtest.New(tb)
	cat, err := catalog.New(func(k string) string {
		if k == "LEAGUES_ENABLE_TENNIS" {
			return "true"
		}
		return ""
	})
	if err != nil {
		return nil, nil, err
	}
	settings := catalog.BuiltinSettings()
	client := &http.Client{Timeout: 10 * time.Second}
	rosterDir, err := os.MkdirTemp("", "gallery-rosters-")
	if err != nil {
		return nil, nil, err
	}
	tb.Cleanup(func() { os.RemoveAll(rosterDir) })
	ath := espnathlete.New(espnathlete.Config{CoreURL: athletes.CoreURL, CDNURL: athletes.CDNURL, Client: client, Dir: rosterDir,
		Logger: slog.New(slog.DiscardHandler)})
	tb.Cleanup(ath.Close)
	tsdbP := thesportsdb.New(thesportsdb.Config{BaseURL: tsdb.URL, Client: client, Settings: settings})
	providers := map[string]catalog.Provider{
		tsdbP.ID(): tsdbP,
		ath.ID():   ath,
		hockeytech.ID: hockeytech.New(hockeytech.Config{BaseURL: ht.URL, DefaultKey: hockeytechtest.PWHLKey,
			Client: client, Settings: settings}),
	}
	for _, l := range cat.Leagues() {
		if slices.Contains(l.Providers, espnathlete.ID) {
			ath.Preload(l)
		}
	}
	fcfg := fetch.Config{Timeout: 10 * time.Second}
	svc = scene.New(scene.Config{Catalog: cat, Providers: providers, LeagueArt: []string{tsdbP.ID()},
		Logos: fetch.New(fetch.NewClient(fcfg), fcfg), Renderer: r})
	// The athlete rosters load in the background.
	for _, code := range []string{"atp", "wta"} {
		for deadline := time.Now().Add(30 * time.Second); ; {
			l, err := svc.League(ctx, code, false)
			if err == nil {
				if teams, err := svc.Teams(ctx, l); err == nil && len(teams) > 0 {
					break
				}
			}
			if time.Now().After(deadline) {
				return nil, nil, fmt.Errorf("%s roster of the fake did not load: %v", code, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return svc, tb.stop, nil
}

// standalone lets the providers' test fakes, written for tests, run in
// this command: it keeps their cleanups (closing the servers) for stop
// and turns a failure into a panic. Only the methods the fakes call are
// implemented.
type standalone struct {
	testing.TB
	mu       sync.Mutex
	cleanups []func()
}

func (s *standalone) Helper() {}

func (s *standalone) Cleanup(f func()) {
	s.mu.Lock()
	s.cleanups = append(s.cleanups, f)
	s.mu.Unlock()
}

func (s *standalone) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

func (s *standalone) Fatal(args ...any) { panic(fmt.Sprint(args...)) }

func (s *standalone) Name() string { return "gallery" }

// stop runs the cleanups, last first.
func (s *standalone) stop() {
	s.mu.Lock()
	fs := s.cleanups
	s.cleanups = nil
	s.mu.Unlock()
	for _, f := range slices.Backward(fs) {
		f()
	}
}
