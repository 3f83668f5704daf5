package redact

import (
	"context"
	"fmt"
	"log/slog"
)

// Handler returns an slog.Handler that passes every record to h with
// credentials masked by URL: the message, every string attribute (in
// groups too, and those added with WithAttrs), errors and fmt.Stringer
// values (a *url.URL prints its query), and any other value whose printed
// form would show a credential (that value is replaced by its masked
// text). Wrapping an already wrapped handler is harmless.
func Handler(h slog.Handler) slog.Handler {
	if r, ok := h.(*handler); ok {
		return r
	}
	return &handler{next: h, mask: URL}
}

// XCHandler returns an slog.Handler for the XC proxy's scope (the /xc
// routes and root-mode listeners): like Handler, but every text is masked
// by allowlist with XCText, so any path, URL or query in a record shows
// only the words known to be safe. Wrapping a Handler makes it strict.
func XCHandler(h slog.Handler) slog.Handler {
	if r, ok := h.(*handler); ok {
		h = r.next
	}
	return &handler{next: h, mask: XCText}
}

type handler struct {
	next slog.Handler
	mask func(string) string
}

func (h *handler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.next.Enabled(ctx, level)
}

func (h *handler) Handle(ctx context.Context, rec slog.Record) error {
	if h.clean(rec) {
		return h.next.Handle(ctx, rec) // nothing to mask: no copy
	}
	out := slog.NewRecord(rec.Time, rec.Level, h.mask(rec.Message), rec.PC)
	attrs := make([]slog.Attr, 0, rec.NumAttrs())
	rec.Attrs(func(a slog.Attr) bool {
		attrs = append(attrs, redactAttr(a, h.mask))
		return true
	})
	out.AddAttrs(attrs...)
	return h.next.Handle(ctx, out)
}

func (h *handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	red := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		red[i] = redactAttr(a, h.mask)
	}
	return &handler{next: h.next.WithAttrs(red), mask: h.mask}
}

func (h *handler) WithGroup(name string) slog.Handler {
	return &handler{next: h.next.WithGroup(h.mask(name)), mask: h.mask}
}

// clean reports whether masking would leave rec as it is: its message,
// keys and string values unchanged, and no value of a kind that is
// masked through its printed form (errors, Stringers, any other value,
// groups), which are left to the copying path.
func (h *handler) clean(rec slog.Record) bool {
	if h.mask(rec.Message) != rec.Message {
		return false
	}
	ok := true
	rec.Attrs(func(a slog.Attr) bool {
		switch a.Value.Kind() {
		case slog.KindString:
			ok = h.mask(a.Value.String()) == a.Value.String()
		case slog.KindInt64, slog.KindUint64, slog.KindFloat64, slog.KindBool, slog.KindDuration, slog.KindTime:
		default:
			ok = false
		}
		ok = ok && h.mask(a.Key) == a.Key
		return ok
	})
	return ok
}

// redactAttr masks credentials in one attribute, recursively for groups.
func redactAttr(a slog.Attr, mask func(string) string) slog.Attr {
	a.Key = mask(a.Key)
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, mask(v.String()))
	case slog.KindGroup:
		group := v.Group()
		red := make([]slog.Attr, len(group))
		for i, g := range group {
			red[i] = redactAttr(g, mask)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(red...)}
	case slog.KindAny:
		switch x := v.Any().(type) {
		case nil:
			return slog.Attr{Key: a.Key, Value: v}
		case error:
			return slog.String(a.Key, mask(safeText(x.Error)))
		case fmt.Stringer:
			return slog.String(a.Key, mask(safeText(x.String)))
		default:
			text := fmt.Sprintf("%+v", x)
			if red := mask(text); red != text {
				return slog.String(a.Key, red)
			}
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}

// safeText calls f, turning a panic (a nil pointer behind an interface)
// into a placeholder, as fmt does.
func safeText(f func() string) (s string) {
	defer func() {
		if recover() != nil {
			s = "<nil>"
		}
	}()
	return f()
}
