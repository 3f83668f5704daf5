package config

import (
	"net/url"
	"strings"
)

// Show says how a setting's value may be shown (in `gamethumbs config`,
// the start log line, -h): everything not known to be safe is masked.
type Show int

const (
	// Secret values are never shown, only whether they are set.
	Secret Show = iota
	// Safe values are shown as they are.
	Safe
	// URLs are shown without user information, query or fragment.
	URLs
)

// Setting documents one environment variable (or a family of them that
// share a row, such as LEAGUES_ENABLE_TENNIS and LEAGUES_ENABLE_MMA).
// Settings is the one table behind `gamethumbs -h`, `gamethumbs config`,
// the start log line and docs/configuration.md (a test keeps that page's
// table equal to this one, and every variable Load reads in it).
type Setting struct {
	Names   []string // the variable names; usually one
	Default string   // the default, as documented (Markdown)
	Meaning string   // what it does (Markdown)
	Show    Show     // how its value may be shown
	// ReadElsewhere marks variables that Load does not read itself (the
	// catalogue reads LEAGUES_ENABLE_*); they are documented all the same.
	ReadElsewhere bool
}

// Value is the effective value of one variable as Load settled on it.
type Value struct {
	Name  string
	Value string // effective value (the default when unset), unmasked
	Set   bool   // the variable was set (non-empty)
}

// Shown is v's value as it may be printed: masked unless the table says
// the setting is safe to show.
func (v Value) Shown() string {
	s, ok := settingOf(v.Name)
	show := Secret
	if ok {
		show = s.Show
	}
	switch show {
	case Safe:
		return v.Value
	case URLs:
		return maskURLs(v.Value)
	}
	switch {
	case v.Set:
		return "***"
	case v.Value == "":
		return ""
	}
	return "(default)"
}

// Effective lists the variables Load read, in table order, with their
// effective values. Variables read by other packages are not included.
func (c Config) Effective() []Value {
	byName := make(map[string]Value, len(c.values))
	for _, v := range c.values {
		byName[v.Name] = v
	}
	out := make([]Value, 0, len(c.values))
	for _, s := range Settings {
		for _, n := range s.Names {
			if v, ok := byName[n]; ok {
				out = append(out, v)
				delete(byName, n)
			}
		}
	}
	for _, v := range c.values { // read but undocumented: shown masked
		if _, ok := byName[v.Name]; ok {
			out = append(out, v)
		}
	}
	return out
}

// Override records that a command-line flag set the variable name to
// value, so the effective settings (the start line, `gamethumbs config`)
// show what the service really uses. The caller sets the typed field.
func (c *Config) Override(name, value string) {
	for i, v := range c.values {
		if v.Name == name {
			c.values[i] = Value{Name: name, Value: value, Set: true}
			return
		}
	}
	c.values = append(c.values, Value{Name: name, Value: value, Set: true})
}

// settingOf finds the row documenting name.
func settingOf(name string) (Setting, bool) {
	for _, s := range Settings {
		for _, n := range s.Names {
			if n == name {
				return s, true
			}
		}
	}
	return Setting{}, false
}

// maskURLs masks the user information, query and fragment of every URL
// in a value that holds one URL or a comma-separated list of them, each
// optionally preceded by "id=" (XC_PROXY_UPSTREAM).
func maskURLs(v string) string {
	parts := strings.Split(v, ",")
	for i, p := range parts {
		id, raw, ok := strings.Cut(p, "=")
		if !ok || strings.Contains(id, "/") {
			id, raw, ok = "", p, false
		}
		m := maskURL(strings.TrimSpace(raw))
		if ok {
			m = strings.TrimSpace(id) + "=" + m
		}
		parts[i] = m
	}
	return strings.Join(parts, ",")
}

func maskURL(raw string) string {
	if raw == "" {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "***"
	}
	out := u.Scheme + "://"
	if u.User != nil {
		out += "***@"
	}
	out += u.Host + u.EscapedPath()
	if u.RawQuery != "" || u.Fragment != "" {
		out += "?***"
	}
	return out
}

// record notes the effective value of a variable the first time it is
// read and returns its index in r.seen.
func (r *reader) record(name, value string, set bool) int {
	for i, v := range r.seen {
		if v.Name == name {
			return i
		}
	}
	r.seen = append(r.seen, Value{Name: name, Value: value, Set: set})
	return len(r.seen) - 1
}

// MarkdownTable renders Settings as the table of docs/configuration.md.
func MarkdownTable() string {
	var b strings.Builder
	b.WriteString("| Variable | Default | Meaning |\n|---|---|---|\n")
	for _, s := range Settings {
		names := make([]string, len(s.Names))
		for i, n := range s.Names {
			names[i] = "`" + n + "`"
		}
		b.WriteString("| " + strings.Join(names, ", ") + " | " + s.Default + " | " + s.Meaning + " |\n")
	}
	return b.String()
}

// Plain turns a table cell's Markdown into plain text for a terminal:
// code marks dropped, and a link [text](target) reduced to its text
// followed by the page it points to ("(docs/xc-proxy.md)").
func Plain(md string) string {
	md = strings.ReplaceAll(md, "`", "")
	var b strings.Builder
	for {
		mid := strings.Index(md, "](")
		end := strings.IndexByte(md[max(mid, 0):], ')')
		open := strings.LastIndexByte(md[:max(mid, 0)], '[')
		if mid < 0 || end < 0 || open < 0 || strings.ContainsAny(md[open+1:mid], "[]") {
			break
		}
		end += mid
		page, _, _ := strings.Cut(md[mid+2:end], "#")
		if page == "" {
			page = "configuration.md"
		}
		b.WriteString(md[:open] + md[open+1:mid])
		if strings.HasSuffix(page, ".md") {
			b.WriteString(" (docs/" + page + ")")
		}
		md = md[end+1:]
	}
	b.WriteString(md)
	return b.String()
}
