package eventart

import (
	"context"
	"io"
	"net/http"
	"strings"
)

// Art is the event art of one proxy: what to put on matchup entries and
// how to name this service in absolute URLs. A nil *Art does nothing.
type Art struct {
	// Kind is the picture channel entries get (Thumb or Logo); Off leaves
	// them alone.
	Kind Kind
	// Guide turns on the xmltv.php rewrite (always with thumbnails).
	Guide bool
	// Namer reads names; required when Kind or Guide is on.
	Namer Namer
	// PublicRoot is the service's public root URL ("https://tv.example.com");
	// empty means the request's scheme and Host.
	PublicRoot string
	// TrustForwardedProto lets X-Forwarded-Proto set the scheme.
	TrustForwardedProto bool
}

// Channels reports whether playlist and live-stream entries get art.
func (a *Art) Channels() bool {
	return a != nil && a.Namer != nil && (a.Kind == Thumb || a.Kind == Logo)
}

// Guides reports whether xmltv.php is rewritten.
func (a *Art) Guides() bool { return a != nil && a.Namer != nil && a.Guide }

// Root is the absolute root URL for pictures in answers to r.
func (a *Art) Root(r *http.Request) string {
	if a.PublicRoot != "" {
		return strings.TrimSuffix(a.PublicRoot, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if a.TrustForwardedProto {
		if p := strings.ToLower(strings.TrimSpace(strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")[0])); p == "http" || p == "https" {
			scheme = p
		}
	}
	return scheme + "://" + r.Host
}

// Logo is the absolute URL of the channel picture of an event name, or
// ok=false when the name is not a matchup (or could not be read now).
func (a *Art) Logo(ctx context.Context, root, name string) (string, bool) {
	if !a.Channels() || strings.TrimSpace(name) == "" {
		return "", false
	}
	path, ok, err := a.Namer(ctx, name)
	if !ok || err != nil {
		return "", false
	}
	return root + path + "/" + string(a.Kind), true
}

// GuideBody wraps an xmltv.php body so that it is read rewritten (see
// RewriteGuide): programmes get our thumbnail as their icon. Closing it
// closes body. A read or rewrite error surfaces to the reader.
func (a *Art) GuideBody(ctx context.Context, root string, body io.ReadCloser) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		_, err := RewriteGuide(ctx, pw, body, func(title string) (string, bool) {
			path, ok, err := a.Namer(ctx, title)
			if !ok || err != nil {
				return "", false
			}
			return root + path + "/thumb", true
		})
		pw.CloseWithError(err) // nil: EOF for the reader
	}()
	return &guideBody{PipeReader: pr, src: body}
}

type guideBody struct {
	*io.PipeReader
	src io.Closer
}

// Close stops the rewrite (its next write fails) and closes the source.
func (b *guideBody) Close() error {
	b.PipeReader.Close()
	return b.src.Close()
}
