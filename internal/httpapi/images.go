package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"gamethumbs/internal/render"
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
	req, herr := s.parseImage(kind, p["league"], teamsOf(p), r.URL.Query())
	if herr != nil {
		return herr
	}
	job, err := s.backend.Prepare(r.Context(), req)
	if err != nil {
		return err
	}
	img, err := s.images.get(r.Context(), job)
	if err != nil {
		return err
	}
	s.writeImage(w, r, img)
	return nil
}

// writeImage writes an image with its validators, answering a matching
// If-None-Match with 304 Not Modified.
func (s *Server) writeImage(w http.ResponseWriter, r *http.Request, img *storedImage) {
	h := w.Header()
	h.Set("ETag", img.etag)
	h.Set("Last-Modified", img.modified.Format(http.TimeFormat))
	maxAge := s.cfg.ImageCacheHours * 3600
	switch {
	case img.degraded != "":
		maxAge = min(maxAge, int(degradedMaxAge/time.Second))
	case img.incomplete != "":
		maxAge = min(maxAge, int(incompleteTTL/time.Second))
	}
	if maxAge > 0 {
		h.Set("Cache-Control", "public, max-age="+strconv.Itoa(maxAge))
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if etagMatch(r.Header.Get("If-None-Match"), img.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", img.contentType)
	h.Set("Content-Length", strconv.Itoa(len(img.data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(img.data)
	}
}

// etagMatch implements the weak comparison of If-None-Match.
func etagMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}
