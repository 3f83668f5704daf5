package httpapi

import (
	"net/http"
	"strconv"

	"gamethumbs/internal/web"
)

// page serves the URL builder at "/"; ROOT_REDIRECT_URL, when set,
// redirects instead (301), as in the reference.
func (s *Server) page(w http.ResponseWriter, r *http.Request, _ params) error {
	if s.cfg.RootRedirectURL != "" {
		http.Redirect(w, r, s.cfg.RootRedirectURL, http.StatusMovedPermanently)
		return nil
	}
	return serveAsset(w, r, web.Index)
}

// asset serves the page's script, style sheet and icon under /ui/.
func (s *Server) asset(w http.ResponseWriter, r *http.Request, p params) error {
	return serveAsset(w, r, p["file"])
}

// serveAsset writes an embedded file with a strong ETag. Browsers
// revalidate on every load (no-cache), so a new binary's page shows at
// once, and get 304 while it is unchanged.
func serveAsset(w http.ResponseWriter, r *http.Request, name string) error {
	a, ok := web.Get(name)
	if !ok {
		return errorf(http.StatusNotFound, "route not found")
	}
	h := w.Header()
	h.Set("ETag", a.ETag)
	h.Set("Cache-Control", "no-cache")
	if name == web.Index {
		h.Set("Content-Security-Policy", web.ContentSecurityPolicy)
		h.Set("Referrer-Policy", "no-referrer")
	}
	if etagMatch(r.Header.Get("If-None-Match"), a.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Type", a.ContentType)
	h.Set("Content-Length", strconv.Itoa(len(a.Data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(a.Data)
	}
	return nil
}
