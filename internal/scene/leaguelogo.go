package scene

import (
	"context"
	"errors"
	"image"
	"sync"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/fetch"
)

// wordmarkSide is the size of the wordmark card that stands in for a
// league logo no source has, and of raw logos without a natural size.
const wordmarkSide = 512

// maxWordmarks bounds the remembered wordmark cards (catalogued leagues
// and discovered ones).
const maxWordmarks = 512

// wordmarks remembers drawn wordmark cards by league code.
type wordmarks struct {
	mu    sync.Mutex
	cards map[string]image.Image
}

// wordmark returns the card of l, drawn once per league.
func (s *Service) wordmark(l catalog.League) image.Image {
	s.marks.mu.Lock()
	defer s.marks.mu.Unlock()
	if img, ok := s.marks.cards[l.Code]; ok {
		return img
	}
	img := s.cfg.Renderer.Wordmark(l.Code, l.Name, l.ShortName, wordmarkSide)
	if s.marks.cards == nil {
		s.marks.cards = make(map[string]image.Image)
	}
	if len(s.marks.cards) < maxWordmarks {
		s.marks.cards[l.Code] = img
	}
	return img
}

// transient reports whether err is a source that is down or slow (worth
// asking again soon), as opposed to one that answered "no such file".
func transient(err error) bool {
	var ue *catalog.UpstreamError
	return err != nil && (errors.As(err, &ue) && !fetch.IsNotFound(err) ||
		errors.Is(err, context.DeadlineExceeded))
}

// leagueLogoImages loads the league's logos (configured URLs, then its
// providers). When neither loads, the configured default image (see
// defaultImage) or else the league's wordmark card stands in (card is
// true for the wordmark); degraded says why when that is because a
// source failed rather than because the league has no logo anywhere.
func (s *Service) leagueLogoImages(ctx context.Context, l catalog.League, missed *failures) (light, dark image.Image, card bool, degraded string) {
	lightURL, darkURL, err := s.leagueLogoURLs(ctx, l)
	if transient(err) {
		degraded = "league logo source unavailable"
	}
	var wg sync.WaitGroup
	var lightErr, darkErr error
	if lightURL != "" {
		wg.Go(func() { light, lightErr = s.cfg.Logos.Logo(ctx, lightURL) })
	}
	if darkURL != "" && darkURL != lightURL {
		wg.Go(func() { dark, darkErr = s.cfg.Logos.Logo(ctx, darkURL) })
	}
	wg.Wait()
	if lightErr != nil {
		s.logoFailed(missed, lightURL, lightErr)
	}
	if darkErr != nil {
		s.logoFailed(missed, darkURL, darkErr)
	}
	if light != nil || dark != nil {
		return light, dark, false, ""
	}
	if transient(lightErr) || transient(darkErr) {
		degraded = "league logo download failed"
	}
	if u := s.defaultImage(l); u != "" {
		img, err := s.cfg.Logos.Logo(ctx, u)
		if err == nil {
			return img, nil, false, degraded
		}
		s.logoFailed(missed, u, err)
	}
	return s.wordmark(l), nil, true, degraded
}

// defaultImage is the picture configured for what has no logo in l: the
// league's own defaultImage, else DEFAULT_IMAGE, else "" (built-in).
func (s *Service) defaultImage(l catalog.League) string {
	if l.DefaultImage != "" {
		return l.DefaultImage
	}
	return s.cfg.DefaultImage
}
