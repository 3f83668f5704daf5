package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"gamethumbs/internal/render"
	"gamethumbs/internal/webpenc"
)

func (s *Server) thumb(w http.ResponseWriter, r *http.Request, p params) error {
	return s.image(w, r, p, render.KindThumb)
}

func (s *Server) cover(w http.ResponseWriter, r *http.Request, p params) error {
	return s.image(w, r, p, render.KindCover)
}

func (s *Server) logo(w http.ResponseWriter, r *http.Request, p params) error {
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

// image serves every image route: parse, resolve, render (cached), write.
func (s *Server) image(w http.ResponseWriter, r *http.Request, p params, kind render.Kind) error {
	req, warnings, herr := s.parseImage(kind, p["league"], teamsOf(p), r.URL.Query())
	if herr != nil {
		return herr
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
		return err
	}
	if wantsWebP(p, r) {
		job = webpJob{Job: job, opts: webpenc.Options{Lossless: kind == render.KindLogo, Quality: s.cfg.WebPQuality}}
	}
	charged := false
	key := job.Key()
	rec, _ := w.(*recorder)
	img, err := s.images.getKey(r.Context(), key, job, func() error {
		charged = true
		return s.chargeImage(w, r)
	}, rec != nil && rec.memoryMissed == key)
	if err != nil {
		return err
	}
	if rec != nil {
		if !charged {
			rec.cacheHit = true // answered from a cache tier: not rate limited
		}
		if img.degraded == "" {
			rec.resolvedKey = key // ServeHTTP remembers the URL's picture
		}
	}
	s.writeImage(w, r, img)
	return nil
}

// writeImage writes an image with its validators, answering a matching
// If-None-Match with 304 Not Modified.
func (s *Server) writeImage(w http.ResponseWriter, r *http.Request, img *storedImage) {
	// Values are prebuilt slices under canonical keys: no allocation.
	h := w.Header()
	h["Etag"] = img.etagHdr
	h["Last-Modified"] = img.modifiedHdr
	h["Cache-Control"] = s.cacheControlOf(img)
	if etagMatch(r.Header.Get("If-None-Match"), img.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = img.typeHdr
	h["Content-Length"] = img.lengthHdr
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(img.data)
	}
}

// cacheControlOf is the Cache-Control value of img: the prebuilt one of
// complete pictures, a minute for a degraded one (rendered again once the
// source is back), at most incompleteTTL for one missing a 404 logo.
func (s *Server) cacheControlOf(img *storedImage) []string {
	if img.degraded == "" && img.incomplete == "" {
		return s.imageCacheControl()
	}
	maxAge := s.cfg.ImageCacheHours * 3600
	if img.degraded != "" {
		maxAge = min(maxAge, int(degradedMaxAge/time.Second))
	} else {
		maxAge = min(maxAge, int(incompleteTTL/time.Second))
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
