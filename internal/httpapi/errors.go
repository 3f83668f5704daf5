package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
)

// Error is an error with an HTTP status and a message safe to show the
// client. Err, when set, is the cause that is logged but never sent.
type Error struct {
	Status int
	Msg    string
	Err    error
	Header http.Header // extra response headers (Retry-After, ...)
	// Suggestions are the "did you mean" names of an unknown league or
	// team, sent as the answer's "suggestions" list too.
	Suggestions []string
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%d %s: %v", e.Status, e.Msg, e.Err)
	}
	return fmt.Sprintf("%d %s", e.Status, e.Msg)
}

func (e *Error) Unwrap() error { return e.Err }

func errorf(status int, format string, args ...any) *Error {
	return &Error{Status: status, Msg: fmt.Sprintf(format, args...)}
}

// errNotImplemented answers routes whose renderer has not landed yet.
var errNotImplemented = &Error{Status: http.StatusNotImplemented, Msg: "not implemented yet"}

// toHTTP maps any error from the layers below to an *Error. It is the
// only place that decides statuses.
func toHTTP(err error) *Error {
	var he *Error
	var unknownLeague *catalog.UnknownLeagueError
	var unknownTeam *catalog.UnknownTeamError
	var upstream *catalog.UpstreamError
	var blocked *fetch.BlockedError
	var notImage *fetch.NotImageError
	var tooLarge *fetch.TooLargeError
	var undecodable *fetch.DecodeError
	var input *scene.InputError
	var notFound *scene.NotFoundError
	switch {
	case errors.As(err, &he):
		return he
	case errors.As(err, &unknownLeague):
		msg := fmt.Sprintf("unknown league: %s", unknownLeague.Code)
		if len(unknownLeague.Suggestions) > 0 {
			msg += "; did you mean: " + strings.Join(unknownLeague.Suggestions, ", ")
		}
		return &Error{Status: http.StatusNotFound, Msg: msg, Suggestions: unknownLeague.Suggestions}
	case errors.As(err, &unknownTeam):
		return &Error{Status: http.StatusNotFound, Msg: unknownTeam.Error(), Suggestions: unknownTeam.Suggestions}
	case errors.As(err, &input):
		return &Error{Status: http.StatusBadRequest, Msg: input.Msg}
	case errors.As(err, &notFound):
		return &Error{Status: http.StatusNotFound, Msg: notFound.Msg}
	case errors.Is(err, render.ErrInvalid):
		// Options the renderer cannot draw come from the request; the
		// parameter checks should have caught them, this is the net.
		return &Error{Status: http.StatusBadRequest, Msg: "invalid options: " + strings.TrimPrefix(err.Error(), "render: invalid "), Err: err}
	case errors.As(err, &blocked):
		return &Error{Status: http.StatusBadRequest, Msg: "Invalid iconurl: " + blocked.Reason, Err: err}
	case errors.As(err, &notImage), errors.As(err, &tooLarge), errors.As(err, &undecodable):
		// An icon or logo URL answered something that is not a usable
		// image: the fault is the far side's, and the reason is useful.
		var reason string
		switch {
		case notImage != nil:
			reason = notImage.Error()
		case tooLarge != nil:
			reason = tooLarge.Error()
		default:
			reason = "image data is corrupt (" + undecodable.Format + ")"
		}
		return &Error{Status: http.StatusBadGateway, Msg: "image unusable: " + reason, Err: err}
	case errors.Is(err, catalog.ErrLoading):
		return &Error{Status: http.StatusServiceUnavailable, Msg: "athlete roster still loading; try again shortly", Err: err,
			Header: http.Header{"Retry-After": {"30"}}}
	case errors.As(err, &upstream):
		if upstream.Timeout {
			return &Error{Status: http.StatusGatewayTimeout, Msg: "provider timed out", Err: err}
		}
		return &Error{Status: http.StatusBadGateway, Msg: "provider unavailable", Err: err}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Status: http.StatusGatewayTimeout, Msg: "request timed out", Err: err}
	case errors.Is(err, context.Canceled):
		return &Error{Status: statusClientClosed, Msg: "client closed request", Err: err}
	}
	return &Error{Status: http.StatusInternalServerError, Msg: "internal error", Err: err}
}

// statusClientClosed is logged (never sent) when the client went away.
const statusClientClosed = 499

// writeError writes e as JSON {"error": msg}, msg bounded (see bounded).
// It writes nothing for a client that has gone.
func writeError(w http.ResponseWriter, e *Error) {
	if e.Status == statusClientClosed {
		return
	}
	h := w.Header()
	for k, v := range e.Header {
		h[k] = v
	}
	if len(e.Suggestions) > 0 {
		writeJSON(w, e.Status, struct {
			Error       string   `json:"error"`
			Suggestions []string `json:"suggestions"`
		}{bounded(e.Msg), e.Suggestions})
		return
	}
	writeJSON(w, e.Status, map[string]string{"error": bounded(e.Msg)})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		slog.Error("encode json response", "err", err)
		status, body = http.StatusInternalServerError, []byte(`{"error":"internal error"}`)
	}
	body = append(body, '\n')
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h["X-Content-Type-Options"] = nosniff
	w.WriteHeader(status)
	w.Write(body)
}
