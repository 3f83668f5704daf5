package scene

import (
	"bytes"
	"context"
	"errors"
	"image"
	"net/url"
	"slices"
	"strings"
	"sync"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/colorx"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/render"
)

// Colours used when neither the provider nor the logo gives any.
var (
	defaultColor    = colorx.RGB{R: 0x1a, G: 0x1d, B: 0x2e}
	defaultAltColor = colorx.RGB{R: 0x0f, G: 0x14, B: 0x19}
)

// Render loads the logos the picture needs (concurrently, from the logo
// cache), builds the render.Scene and encodes the PNG.
func (j *renderJob) Render(ctx context.Context) (Output, error) {
	var missed failures
	sc, err := j.scene(ctx, &missed)
	if err != nil {
		return Output{}, err
	}
	if j.req.Kind == render.KindLogo && len(j.sides) == 2 && (j.req.Style == 5 || j.req.Style == 6) &&
		(!j.req.LeagueLogo || sc.League.Logo == nil && sc.League.LogoDark == nil) {
		return Output{}, &InputError{Msg: "logo style 5 and 6 need the league logo; league " + j.league.ShortName + " has none or logo=false"}
	}
	opts := render.Options{
		Kind: j.req.Kind, Width: j.req.Width, Height: j.req.Height, Style: j.req.Style,
		LeagueLogo: j.req.LeagueLogo, Badge: j.req.Badge, NameMode: j.nameMode, Trim: j.req.Trim,
		Title: j.req.Title, Subtitle: j.req.Subtitle,
	}
	if j.req.IconURL != "" {
		icon, err := j.svc.overlayFetcher(j.req.IconURL).Image(ctx, j.req.IconURL)
		var blocked *fetch.BlockedError
		switch {
		case errors.As(err, &blocked):
			return Output{}, &InputError{Msg: "Invalid iconurl: " + blocked.Reason}
		case err != nil:
			return Output{}, err
		}
		opts.Icon = icon
	}
	buf := pngBuffers.Get().(*bytes.Buffer)
	defer putPNGBuffer(buf)
	buf.Reset()
	if err := j.svc.cfg.Renderer.RenderPNG(ctx, buf, sc, opts); err != nil {
		return Output{}, err
	}
	// A copy of exactly the encoded length: the pooled buffer is reused,
	// and its spare capacity would otherwise live on in the image cache.
	out := Output{Data: bytes.Clone(buf.Bytes()), ContentType: "image/png"}
	missed.mark(&out)
	if out.Degraded == "" {
		out.Degraded = j.degraded // a provider outage or league logo failure (prepare.go)
	}
	return out, nil
}

// pngBuffers recycles encode buffers, so a render does not grow a new one
// by doubling every time.
var pngBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putPNGBuffer pools buf unless it grew unusually large.
func putPNGBuffer(buf *bytes.Buffer) {
	if buf.Cap() <= 4<<20 {
		pngBuffers.Put(buf)
	}
}

// scene builds the render.Scene, downloading every logo in parallel. What
// could not be had is recorded in missed.
func (j *renderJob) scene(ctx context.Context, missed *failures) (render.Scene, error) {
	sc := render.Scene{League: render.League{Code: j.league.Code, Name: j.league.Name, SkipLogos: j.league.SkipLogos}}
	sc.Teams = make([]render.Team, len(j.sides))

	var wg sync.WaitGroup
	load := func(url string, dst *image.Image) {
		if url == "" {
			return
		}
		wg.Go(func() {
			// A handle: the renderer keys its sprites by it without
			// pinning the decoded pixels.
			img, err := j.svc.cfg.Logos.Logo(ctx, url)
			if err != nil {
				j.svc.logoFailed(missed, url, err)
				return
			}
			*dst = img
		})
	}
	wg.Go(func() {
		var why string
		var card bool
		sc.League.Logo, sc.League.LogoDark, card, why = j.svc.leagueLogoImages(ctx, j.league, missed)
		if why != "" {
			j.degraded = why
		}
		// The wordmark card stands in for the league's own art on league
		// pictures; between two sides, where the reference draws the
		// league's logo or nothing, it is left out.
		if card && len(j.sides) >= 2 {
			sc.League.Logo, sc.League.LogoDark = nil, nil
		}
	})
	var records [2]string
	if venueJob(j.req, j.sides) {
		wg.Go(func() { sc.Venue, records = j.venue(ctx, missed) })
	}
	for i, sd := range j.sides {
		t := &sc.Teams[i]
		t.Missing, t.Loser = sd.missing, sd.loser
		if sd.missing {
			t.Short = firstLetter(sd.seg)
			continue
		}
		t.Name, t.Short, t.Abbr = displayName(sd.team), shortName(sd.team), sd.team.Abbreviation
		if j.nameMode {
			continue
		}
		if len(sd.athletes) > 0 { // headshots (flag fallback), composed for "a+b"
			wg.Go(func() { t.Logo = j.svc.athleteImage(ctx, sd.athletes, missed) })
			continue
		}
		if sd.team.Logo == "" && sd.team.LogoAlt == "" {
			// No logo anywhere: the configured default image, else
			// the renderer's name card.
			load(j.svc.defaultImage(j.league), &t.Logo)
			continue
		}
		load(sd.team.Logo, &t.Logo)
		if sd.team.LogoAlt != sd.team.Logo && !j.req.UseLight {
			load(sd.team.LogoAlt, &t.LogoDark)
		}
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return render.Scene{}, err
	}
	for i, sd := range j.sides {
		if !sd.missing {
			j.colors(ctx, sd, &sc.Teams[i], missed)
		}
		if i < len(records) {
			sc.Teams[i].Record = records[i]
		}
	}
	return sc, nil
}

// colors sets a team's colours: league palette, provider colours, then
// colours extracted from its logo, then neutral defaults.
func (j *renderJob) colors(ctx context.Context, sd side, t *render.Team, missed *failures) {
	team := sd.team
	if len(j.league.TeamColors) > 0 {
		team.Color, team.AlternateColor = paletteColors(j.league.TeamColors, &team)
	}
	c, okC := colorx.ParseHex(team.Color)
	a, okA := colorx.ParseHex(team.AlternateColor)
	// A logo that just failed is not asked for again: the picture is
	// degraded already, and a second timeout would double the wait.
	if (!okC || !okA) && team.Logo != "" && !missed.didFail(team.Logo) {
		if ex, ok := j.svc.logoColors(ctx, team.Logo, t.Logo); ok {
			if !okC {
				c, okC = ex[0], true
			}
			if !okA {
				a, okA = ex[1], true
			}
		}
	}
	if !okC {
		c = defaultColor
	}
	t.Color, t.AltColor, t.HasAlt = c, a, okA
	if !okA {
		t.AltColor = defaultAltColor
	}
}

func displayName(t catalog.Team) string {
	if t.FullName != "" {
		return t.FullName
	}
	return t.Name
}

func shortName(t catalog.Team) string {
	for _, s := range []string{t.Name, t.ShortName, t.Abbreviation, t.FullName} {
		if s != "" {
			return s
		}
	}
	return ""
}

// overlayFetcher picks the fetcher for an iconurl: hosts listed in
// ALLOW_INSECURE_OVERLAY_URLS skip the address check.
func (s *Service) overlayFetcher(raw string) *fetch.Fetcher {
	if s.cfg.TrustedOverlays != nil {
		if u, err := url.Parse(raw); err == nil && slices.Contains(s.cfg.TrustedOverlayHosts, strings.ToLower(u.Hostname())) {
			return s.cfg.TrustedOverlays
		}
	}
	return s.cfg.Overlays
}
