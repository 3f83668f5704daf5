// Package web holds the URL builder page that gamethumbs serves at "/":
// plain HTML, CSS and JavaScript embedded in the binary, with no build
// step and nothing loaded from other sites, so it works offline. The page
// reads /api/leagues, /api/{league}/teams and /openapi.json (for the
// allowed parameter values) and shows images from the service itself.
package web

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"io/fs"
	"path"
)

//go:embed static
var static embed.FS

// Asset is one embedded file.
type Asset struct {
	Data        []byte
	ContentType string
	ETag        string // strong validator: quoted hash of Data
}

// types are the content types of the embedded files. A fixed table, not
// package mime, whose answers depend on files of the host system.
var types = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".svg":  "image/svg+xml",
}

// assets are the embedded files by name ("index.html", "app.js", ...),
// read once at start.
var assets = func() map[string]Asset {
	m := map[string]Asset{}
	entries, err := fs.ReadDir(static, "static")
	if err != nil {
		panic("web: embedded files: " + err.Error()) // a build defect, covered by tests
	}
	for _, e := range entries {
		data, err := static.ReadFile("static/" + e.Name())
		if err != nil {
			panic("web: embedded file: " + err.Error())
		}
		sum := sha256.Sum256(data)
		ctype, known := types[path.Ext(e.Name())]
		if !known {
			panic("web: no content type for " + e.Name())
		}
		m[e.Name()] = Asset{Data: data, ContentType: ctype, ETag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`}
	}
	return m
}()

// Get returns the embedded file called name; ok is false for any other
// name (including paths: there are no directories).
func Get(name string) (a Asset, ok bool) {
	a, ok = assets[name]
	return a, ok
}

// Index is the page itself.
const Index = "index.html"

// ContentSecurityPolicy is the policy the page is served with: scripts,
// styles and requests only from the service; images also from data: URLs
// (the demo league's logos) and from provider CDNs (team logos in the
// team picker).
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
	"img-src 'self' data: https: http:; base-uri 'none'; form-action 'none'"
