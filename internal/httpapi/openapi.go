package httpapi

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"net/http"
	"strconv"
)

// openapiJSON is the OpenAPI 3.1 description of every route, parameter,
// default, allowed value and error body. TestOpenAPICoversRoutes keeps it
// in step with the route table and the allowed values in params.go.
//
//go:embed openapi.json
var openapiJSON []byte

var openapiETag = func() string {
	sum := sha256.Sum256(openapiJSON)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
}()

// openapi serves /openapi.json.
func (s *Server) openapi(w http.ResponseWriter, r *http.Request, _ params) error {
	h := w.Header()
	h.Set("ETag", openapiETag)
	h.Set("Cache-Control", "public, max-age=300")
	if etagMatch(r.Header.Get("If-None-Match"), openapiETag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(openapiJSON)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(openapiJSON)
	}
	return nil
}
