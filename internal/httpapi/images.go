package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/render"
	"gamethumbs/internal/webpenc"
)

func (s *Server) thumb(w http.ResponseWriter, r *http.Request, p params) (served, error) {
	return s.image(w, r, p, render.KindThumb)
}

func (s *Server) cover(w http.ResponseWriter, r *http.Request, p params) (served, error) {
	return s.image(w, r, p, render.KindCover)
}

func (s *Server) logo(w http.ResponseWriter, r *http.Request, p params) (served, error) {
	return s.image(w, r, p, render.KindLogo)
}

// teamsOf returns the team parameters of a matched route, in order.
func teamsOf(p params) []string {
	var teams []string
	for _, k := range []string{"team1", "team2"} {
		if t, ok := p[k]; ok {
			teams = append(teams, t)
		}
	}
	return teams
}

// image serves every image route: parse, resolve, render (cached); the
// dispatcher writes the picture it returns.
func (s *Server) image(w http.ResponseWriter, r *http.Request, p params, kind render.Kind) (served, error) {
	req, warnings, herr := s.parseImage(kind, p["league"], teamsOf(p), r.URL.Query())
	if herr != nil {
		return served{}, herr
	}
	// Values game-thumbs ignores are ignored here too, and named (RFC 9111
	// Warning, code 299 "miscellaneous persistent warning").
	for _, msg := range warnings {
		w.Header().Add("Warning", `299 gamethumbs "`+msg+`"`)
	}
	ctx, cancel := s.lookupContext(r)
	job, err := s.backend.Prepare(ctx, req)
	cancel()
	if err != nil {
		return served{}, err
	}
	if wantsWebP(p, r) {
		job = webpJob{Job: job, opts: webpenc.Options{Lossless: kind == render.KindLogo, Quality: s.cfg.WebPQuality}}
	}
	var res served
	key := job.Key()
	img, hit, err := s.images.get(r.Context(), key, job, func() error {
		res.charged = true
		return s.chargeImage(w, r)
	})
	if err != nil {
		return res, err
	}
	res.img, res.hit = img, hit
	if img.Degraded == "" {
		res.key = key // ServeHTTP remembers the URL's picture
	}
	return res, nil
}

// writeImage writes an image with its validators, answering a matching
// If-None-Match with 304 Not Modified.
func (s *Server) writeImage(w http.ResponseWriter, r *http.Request, img *cache.Image) {
	// Values are prebuilt slices under canonical keys: no allocation.
	h := w.Header()
	ih := headersOf(img)
	h["Etag"] = ih.etag
	h["Last-Modified"] = ih.modified
	h["Cache-Control"] = s.cacheControlOf(img)
	if etagMatch(r.Header.Get("If-None-Match"), img.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = ih.contentType
	h["Content-Length"] = ih.length
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(img.Data)
	}
}

// cacheControlOf is the Cache-Control value of img: the prebuilt one of
// complete pictures, a minute for a degraded one (rendered again once the
// source is back), at most cache.IncompleteTTL for one missing a 404 logo.
func (s *Server) cacheControlOf(img *cache.Image) []string {
	if img.Degraded == "" && img.Incomplete == "" {
		return s.imageCacheControl()
	}
	maxAge := s.cfg.ImageCacheHours * 3600
	if img.Degraded != "" {
		maxAge = min(maxAge, int(degradedMaxAge/time.Second))
	} else {
		maxAge = min(maxAge, int(cache.IncompleteTTL/time.Second))
	}
	if maxAge <= 0 {
		return []string{"no-cache"}
	}
	return []string{"public, max-age=" + strconv.Itoa(maxAge)}
}

// imageCacheControl is the Cache-Control value of stored images, built once.
func (s *Server) imageCacheControl() []string {
	s.cacheControlOnce.Do(func() {
		v := "no-cache"
		if s.cfg.ImageCacheHours > 0 {
			v = "public, max-age=" + strconv.Itoa(s.cfg.ImageCacheHours*3600)
		}
		s.cacheControl = []string{v}
	})
	return s.cacheControl
}

// etagMatch implements the weak comparison of If-None-Match.
func etagMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}
