package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"

	"gamethumbs/internal/catalog"
)

// BlockedError reports a URL the fetcher refuses to contact: a bad or
// non-http(s) URL, or a host that resolves to a non-public address. Reason
// is meant for users ("address 10.0.0.1 is private"); the HTTP layer can
// answer 400 "Invalid iconurl: <Reason>".
type BlockedError struct {
	Reason string
}

func (e *BlockedError) Error() string { return "url refused: " + e.Reason }

// TooLargeError reports a body or an image beyond a configured bound. It is
// returned before the oversized content is held in memory.
type TooLargeError struct {
	What  string // "body", "pixels", "width", "height", "svg"
	Size  int64  // the observed size, or -1 when the body was cut off unread
	Limit int64
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("image %s exceeds the limit of %d", e.What, e.Limit)
	}
	return fmt.Sprintf("image %s %d exceeds the limit of %d", e.What, e.Size, e.Limit)
}

// NotImageError reports content that is not a supported image (an HTML
// error page, JSON, an unknown format). Detected is the sniffed type.
type NotImageError struct {
	Detected string
}

func (e *NotImageError) Error() string {
	return fmt.Sprintf("not an image (content looks like %s)", e.Detected)
}

// DecodeError reports an image whose format was recognised but whose data
// could not be decoded.
type DecodeError struct {
	Format string // "png", "jpeg", "gif", "webp", "svg"
	Err    error
}

func (e *DecodeError) Error() string { return fmt.Sprintf("decode %s: %v", e.Format, e.Err) }

func (e *DecodeError) Unwrap() error { return e.Err }

// IsNotFound reports whether err carries an upstream 404 or 410.
func IsNotFound(err error) bool {
	var ue *catalog.UpstreamError
	return errors.As(err, &ue) && (ue.Status == http.StatusNotFound || ue.Status == http.StatusGone)
}

// isLasting reports whether err will recur for the same URL soon, so that
// remembering it for Config.NegativeTTL is safe.
func isLasting(err error) bool {
	var (
		tl *TooLargeError
		ni *NotImageError
		de *DecodeError
	)
	return IsNotFound(err) || errors.As(err, &tl) || errors.As(err, &ni) || errors.As(err, &de)
}

// upstreamError turns a transport or read error into the error callers see.
// A *BlockedError and a *TooLargeError are returned as they are; anything
// else becomes a *catalog.UpstreamError whose Err drops the URL (it may
// carry query parameters such as API keys).
func upstreamError(source string, err error) error {
	var be *BlockedError
	if errors.As(err, &be) {
		return be
	}
	var tl *TooLargeError
	if errors.As(err, &tl) {
		return tl
	}
	inner := err
	var ue *url.Error
	if errors.As(err, &ue) {
		inner = ue.Err
	}
	timeout := errors.Is(err, context.DeadlineExceeded)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		timeout = true
	}
	if errors.Is(err, context.Canceled) {
		inner = context.Canceled // keep errors.Is(err, context.Canceled) for the caller
	}
	return &catalog.UpstreamError{Source: source, Timeout: timeout, Err: inner}
}

// Lasting reports whether err will recur for the same URL soon: a 404 or
// 410, content that is not an image, too large or undecodable. Timeouts,
// connection errors, 429 and 5xx are transient: the next attempt may work.
func Lasting(err error) bool { return isLasting(err) }

// Reason is a short description of a failed fetch for logs and metric
// labels, from a small fixed set: "timeout", "rate_limited" (429),
// "server_error" (5xx), "not_found" (404/410), "status" (any other
// status), "connection", "blocked", "too_large", "not_image",
// "undecodable" or "canceled".
func Reason(err error) string {
	var (
		be *BlockedError
		tl *TooLargeError
		ni *NotImageError
		de *DecodeError
		ue *catalog.UpstreamError
	)
	switch {
	case errors.As(err, &be):
		return "blocked"
	case errors.As(err, &tl):
		return "too_large"
	case errors.As(err, &ni):
		return "not_image"
	case errors.As(err, &de):
		return "undecodable"
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.As(err, &ue):
		switch {
		case ue.Timeout:
			return "timeout"
		case ue.Status == http.StatusNotFound || ue.Status == http.StatusGone:
			return "not_found"
		case ue.Status == http.StatusTooManyRequests:
			return "rate_limited"
		case ue.Status >= 500:
			return "server_error"
		case ue.Status != 0:
			return "status"
		}
		return "connection"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	}
	return "connection"
}
