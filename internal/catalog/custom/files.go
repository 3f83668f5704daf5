package custom

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"

	"gamethumbs/internal/catalog"
)

// Bounds on custom data.
const (
	maxJSONFile  = 4 << 20 // one leagues/ or teams/ file
	maxImageFile = 2 << 20 // one local logo
	maxAliases   = 32
	maxText      = 200 // one name, alias or key
)

// readFile reads name inside root, bounded.
func readFile(root *os.Root, name string, limit int64) ([]byte, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return io.ReadAll(io.LimitReader(f, limit+1))
}

// readLeagues reads one leagues file: a JSON array of league objects in
// the built-in table's format, or game-thumbs' object keyed by league code
// (merged over the built-in leagues, see keyedLeagues). logoUrl,
// logoUrlDark and defaultImage may name image files of the directory.
func readLeagues(root *os.Root, name string) ([]catalog.League, catalog.SettingsTable, []string, error) {
	data, err := readFile(root, name, maxJSONFile)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	var warnings []string
	if trimmed := bytes.TrimSpace(data); len(trimmed) > 0 && trimmed[0] == '{' {
		// game-thumbs' own format: an object keyed by league code.
		var warns []string
		data, warns, err = keyedLeagues(trimmed)
		for _, w := range warns {
			warnings = append(warnings, name+": "+w)
		}
		if err != nil {
			return nil, nil, warnings, fmt.Errorf("%s: game-thumbs leagues object: %w", name, jsonError(trimmed, err))
		}
	}
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, nil, warnings, fmt.Errorf("%s: neither a JSON array of league objects nor game-thumbs' object keyed by league code: %w", name, jsonError(data, err))
	}
	for i, obj := range raw {
		for _, field := range []string{"logoUrl", "logoUrlDark", "defaultImage"} {
			v, ok := obj[field]
			if !ok {
				continue
			}
			var s string
			err := json.Unmarshal(v, &s)
			if err == nil {
				s, err = logoValue(root, s)
			} else {
				err = errors.New("must be a string")
			}
			if err == nil {
				obj[field], _ = json.Marshal(s)
				continue
			}
			// A logo never stops start: game-thumbs' own files name
			// images of its app directory ("./assets/F1.png"). The league
			// keeps the built-in logo, else its provider's, else the card.
			code := leagueKey(obj, i)
			warnings = append(warnings, fmt.Sprintf("%s: league %s: %s %s: %v; %s", name, code, field, v, err, logoFallback))
			delete(obj, field)
			var c string
			if json.Unmarshal(obj["code"], &c) == nil {
				if base, ok := catalog.BuiltinEntry(c); ok && base[field] != nil {
					obj[field] = base[field]
				}
			}
		}
	}
	data, _ = json.Marshal(raw)
	ls, settings, err := catalog.ParseLeagues(data, name)
	return ls, settings, warnings, err
}

// logoFallback ends the warning of a logo that cannot be used.
const logoFallback = "logo ignored: the provider's logo (or the designed card) is used"

// leagueKey names a league entry in a warning: its code, else its place.
func leagueKey(obj map[string]json.RawMessage, i int) string {
	var c string
	if json.Unmarshal(obj["code"], &c) == nil && c != "" {
		return strconv.Quote(c)
	}
	return fmt.Sprintf("entry %d", i)
}

// teamEntry is one team of a teams/*.json file.
type teamEntry struct {
	Aliases  []string                   `json:"aliases"`
	Override map[string]json.RawMessage `json:"override"`
	Custom   bool                       `json:"custom"`
}

// fields are the overridable fields of a team record; nil means "keep".
type fields struct {
	ID, City, Name, FullName, Abbreviation, Conference, Division *string
	Logo, LogoAlt, Color, AlternateColor                         *string
}

func (f *fields) applyTo(t *catalog.Team) {
	for _, p := range []struct {
		src *string
		dst *string
	}{
		{f.ID, &t.ID}, {f.City, &t.City}, {f.Name, &t.Name}, {f.FullName, &t.FullName},
		{f.Abbreviation, &t.Abbreviation}, {f.Conference, &t.Conference}, {f.Division, &t.Division},
		{f.Logo, &t.Logo}, {f.LogoAlt, &t.LogoAlt}, {f.Color, &t.Color}, {f.AlternateColor, &t.AlternateColor},
	} {
		if p.src != nil {
			*p.dst = *p.src
		}
	}
}

// readTeams reads one teams/*.json:
// {"<league>": {"<team key>": {"aliases": [...], "override": {...}, "custom": true}}}.
// A logo that cannot be used is left out and reported to warn, naming the
// file and the entry (league.key).
func (d *Data) readTeams(root *os.Root, name string, known func(string) bool, warn func(string)) error {
	data, err := readFile(root, name, maxJSONFile)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	var leagues map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &leagues); err != nil {
		return fmt.Errorf("%s: not a JSON object of leagues of teams: %w", name, jsonError(data, err))
	}
	var errs []error
	for _, key := range sortedKeys(leagues) {
		code := key
		if !known(code) {
			// Another name of a built-in league (Teamarr's "esp.1").
			if b, ok := catalog.BuiltinCode(code); ok && known(b) {
				code = b
			} else {
				errs = append(errs, fmt.Errorf("%s: %s: unknown league code (neither built in nor in leagues/; codes are lower case)", name, code))
				continue
			}
		}
		teams := leagues[key]
		for _, key := range sortedKeys(teams) {
			where := name + ": " + code + "." + key
			e, err := parseEntry(root, key, teams[key], func(msg string) { warn(where + msg) })
			if err != nil {
				errs = append(errs, fmt.Errorf("%s%w", where, err))
				continue
			}
			d.merge(code, e)
		}
	}
	return errors.Join(errs...)
}

// parseEntry validates one team entry; errors start with ": " or "." and
// the field path.
func parseEntry(root *os.Root, key string, raw json.RawMessage, warn func(string)) (*entry, error) {
	if key == "" || len(key) > maxText || key != strings.ToLower(strings.TrimSpace(key)) {
		return nil, errors.New(": team key must be non-empty, lower case and at most 200 characters")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var te teamEntry
	if err := dec.Decode(&te); err != nil {
		return nil, fmt.Errorf(": %v (allowed: aliases, override, custom)", err)
	}
	e := &entry{key: key, custom: te.Custom}
	if len(te.Aliases) > maxAliases {
		return nil, fmt.Errorf(".aliases: more than %d", maxAliases)
	}
	for i, a := range te.Aliases {
		if a = strings.TrimSpace(a); a == "" || len(a) > maxText {
			return nil, fmt.Errorf(".aliases[%d]: must be non-empty and at most %d characters", i, maxText)
		}
		e.aliases = append(e.aliases, a)
	}
	if te.Custom && te.Override == nil {
		return nil, errors.New(": a custom team needs an override object with at least its name")
	}
	if te.Override == nil && len(e.aliases) == 0 {
		return nil, errors.New(": neither aliases nor override: the entry does nothing")
	}
	if err := parseFields(root, te.Override, &e.override, warn); err != nil {
		return nil, err
	}
	if e.custom {
		e.team = customTeam(key, &e.override, e.aliases)
	}
	return e, nil
}

// parseFields fills f from an override object. A logo that cannot be
// used is left out (the provider's logo stays) and reported to warn.
func parseFields(root *os.Root, obj map[string]json.RawMessage, f *fields, warn func(string)) error {
	targets := map[string]**string{
		"id": &f.ID, "city": &f.City, "name": &f.Name, "fullName": &f.FullName, "abbreviation": &f.Abbreviation,
		"conference": &f.Conference, "division": &f.Division, "logo": &f.Logo, "logoUrl": &f.Logo,
		"logoAlt": &f.LogoAlt, "color": &f.Color, "alternateColor": &f.AlternateColor,
	}
	for _, k := range sortedKeys(obj) {
		dst, ok := targets[k]
		if !ok {
			return fmt.Errorf(".override.%s: unknown field (allowed: id, city, name, fullName, abbreviation, conference, division, logo, logoAlt, color, alternateColor)", k)
		}
		var s string
		if err := json.Unmarshal(obj[k], &s); err != nil {
			return fmt.Errorf(".override.%s: must be a string", k)
		}
		s = strings.TrimSpace(s)
		switch k {
		case "color", "alternateColor":
			c, ok := normColor(s)
			if !ok {
				return fmt.Errorf(".override.%s: %q is not a colour #rrggbb", k, s)
			}
			s = c
		case "logo", "logoUrl", "logoAlt":
			u, err := logoValue(root, s)
			if err != nil {
				warn(fmt.Sprintf(".override.%s: %q: %v; %s", k, s, err, logoFallback))
				continue
			}
			s = u
		default:
			if len(s) > maxText {
				return fmt.Errorf(".override.%s: longer than %d characters", k, maxText)
			}
		}
		*dst = &s
	}
	return nil
}

// customTeam builds the record of a custom team: name defaults to the
// key, abbreviation to the key's first three letters upper-cased.
func customTeam(key string, f *fields, aliases []string) catalog.Team {
	t := catalog.Team{ID: key, Slug: key, Name: key, Aliases: aliases}
	f.applyTo(&t)
	if t.FullName == "" {
		t.FullName = t.Name
	}
	if t.Abbreviation == "" {
		r := []rune(strings.ToUpper(strings.ReplaceAll(key, "-", "")))
		t.Abbreviation = string(r[:min(3, len(r))])
	}
	return t
}

// merge adds e to the league's entries, merging it into an earlier entry
// with the same key: aliases appended (case-insensitively distinct),
// override fields replaced.
func (d *Data) merge(code string, e *entry) {
	for _, old := range d.teams[code] {
		if old.key != e.key {
			continue
		}
		for _, a := range e.aliases {
			if !containsFold(old.aliases, a) {
				old.aliases = append(old.aliases, a)
			}
		}
		mergeFields(&old.override, &e.override)
		old.custom = old.custom || e.custom
		if old.custom {
			old.team = customTeam(old.key, &old.override, old.aliases)
		}
		return
	}
	d.teams[code] = append(d.teams[code], e)
}

func mergeFields(dst, src *fields) {
	for _, p := range []struct{ d, s **string }{
		{&dst.ID, &src.ID}, {&dst.City, &src.City}, {&dst.Name, &src.Name}, {&dst.FullName, &src.FullName},
		{&dst.Abbreviation, &src.Abbreviation}, {&dst.Conference, &src.Conference}, {&dst.Division, &src.Division},
		{&dst.Logo, &src.Logo}, {&dst.LogoAlt, &src.LogoAlt}, {&dst.Color, &src.Color}, {&dst.AlternateColor, &src.AlternateColor},
	} {
		if *p.s != nil {
			*p.d = *p.s
		}
	}
}

// logoValue checks a logo value: an http(s) URL is kept; anything else
// is a path of an image file inside the directory, returned as a data:
// URL.
func logoValue(root *os.Root, v string) (string, error) {
	if strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://") {
		if len(v) > 2048 {
			return "", errors.New("URL longer than 2048 characters")
		}
		return v, nil
	}
	if v == "" {
		return "", errors.New("empty")
	}
	if strings.Contains(v, "://") || strings.HasPrefix(v, "data:") {
		return "", errors.New("only http(s) URLs or image files inside the custom data directory")
	}
	clean := path.Clean(strings.TrimPrefix(v, "./"))
	if path.IsAbs(v) || strings.Contains(v, "\\") || clean == ".." || strings.HasPrefix(clean, "../") {
		return "", errors.New("path must be relative and stay inside the custom data directory")
	}
	data, err := readFile(root, clean, maxImageFile)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", errors.New("file not found in the custom data directory")
		}
		return "", fmt.Errorf("cannot read the file: %v", err)
	}
	mime := sniffImage(data)
	if mime == "" {
		return "", errors.New("not a PNG, JPEG, GIF, WebP or SVG image")
	}
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data), nil
}

// sniffImage returns the MIME type of an image file, "" for anything else.
func sniffImage(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}):
		return "image/jpeg"
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return "image/gif"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "image/webp"
	}
	head := b[:min(len(b), 1024)]
	if bytes.Contains(bytes.ToLower(head), []byte("<svg")) {
		return "image/svg+xml"
	}
	return ""
}

func normColor(s string) (string, bool) {
	s = strings.TrimPrefix(s, "#")
	if len(s) != 6 {
		return "", false
	}
	for i := 0; i < 6; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return "", false
		}
	}
	return "#" + strings.ToLower(s), true
}

// jsonError adds the line of a syntax error.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) && se.Offset <= int64(len(data)) {
		return fmt.Errorf("line %d: %v", bytes.Count(data[:se.Offset], []byte("\n"))+1, err)
	}
	return err
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
