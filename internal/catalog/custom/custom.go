// Package custom reads user-defined data from the directory named by
// CUSTOM_DATA_DIR: leagues to add (leagues.json and leagues/*.json, our
// array format or game-thumbs' object keyed by code) and teams to add or
// to adjust (teams.json and teams/*.json), with logos given as URLs or as
// image files inside the directory. It also holds the built-in team facts
// (Builtin) that user data is merged over. Everything is validated at start; an error names the
// file, the field and the reason, and the service refuses to start. A logo
// is the exception: one that cannot be used (a path of game-thumbs' own
// app directory such as "./assets/F1.png", a missing or unreadable file)
// is a warning naming the entry, and the provider's logo or the designed
// card stands in.
//
// Files are read in name order. Team entries of the same league and key
// in later files are merged into earlier ones (aliases added, override
// fields replaced). Local image files are embedded as data: URLs when the
// files are read, so nothing outside the directory, and nothing but
// images, is ever served; paths may not leave the directory, through ".."
// or through symbolic links.
package custom

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/match"
)

// ProviderID is the id of the provider that serves custom teams of
// leagues that have no other provider.
const ProviderID = "custom"

// Data is the validated content of a custom data directory. It is
// immutable and safe for concurrent use.
type Data struct {
	// Leagues are the leagues of leagues/*.json, in file order; a league
	// without providers gets ProviderID.
	Leagues []catalog.League
	// Settings are their provider settings.
	Settings catalog.SettingsTable
	// Warnings name what was left out of game-thumbs files (a provider
	// gamethumbs does not have); worth a log line each at start.
	Warnings []string

	teams map[string][]*entry // league code → entries in file order
}

// entry is one team of teams/*.json.
type entry struct {
	key      string
	custom   bool
	aliases  []string
	override fields
	team     catalog.Team // custom teams: the record
}

// Load reads and validates dir. known reports whether a league code
// exists (built in); leagues of leagues/ are known too. A missing leagues/
// or teams/ subdirectory is fine; a missing dir is an error.
func Load(dir string, known func(code string) bool) (*Data, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("CUSTOM_DATA_DIR: %w", err)
	}
	defer root.Close()
	d := &Data{Settings: catalog.SettingsTable{}, teams: map[string][]*entry{}}
	var errs []error
	codes := map[string]bool{}
	for _, name := range jsonFiles(root, "leagues") {
		ls, settings, warns, err := readLeagues(root, name)
		d.Warnings = append(d.Warnings, warns...)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, l := range ls {
			if codes[l.Code] {
				errs = append(errs, fmt.Errorf("%s: league %q: defined twice in leagues/", name, l.Code))
				continue
			}
			codes[l.Code] = true
			if len(l.Providers) == 0 {
				l.Providers = []string{ProviderID}
			}
			d.Leagues = append(d.Leagues, l)
			if s, ok := settings[l.Code]; ok {
				d.Settings[l.Code] = s
			}
		}
	}
	isKnown := func(code string) bool { return codes[code] || (known != nil && known(code)) }
	for _, name := range jsonFiles(root, "teams") {
		if err := d.readTeams(root, name, isKnown, func(w string) { d.Warnings = append(d.Warnings, w) }); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return d, nil
}

// jsonFiles lists the files of one kind ("leagues" or "teams"): a
// "<kind>.json" at the top of the directory (where game-thumbs keeps its
// own), then <kind>/*.json in name order.
func jsonFiles(root *os.Root, sub string) []string {
	var out []string
	if st, err := root.Stat(sub + ".json"); err == nil && st.Mode().IsRegular() {
		out = append(out, sub+".json")
	}
	return append(out, subFiles(root, sub)...)
}

// subFiles lists sub/*.json in name order (none for a missing sub).
func subFiles(root *os.Root, sub string) []string {
	f, err := root.Open(sub)
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(-1)
	var out []string
	for _, n := range names {
		if strings.HasSuffix(n, ".json") && !strings.HasPrefix(n, ".") {
			out = append(out, sub+"/"+n)
		}
	}
	sort.Strings(out)
	return out
}

// CustomTeams returns the custom teams of a league (copies).
func (d *Data) CustomTeams(code string) []catalog.Team {
	var out []catalog.Team
	for _, e := range d.teams[code] {
		if e.custom {
			out = append(out, e.team)
		}
	}
	return out
}

// HasTeams reports whether any team entry names the league.
func (d *Data) HasTeams(code string) bool { return len(d.teams[code]) > 0 }

// apply returns t with the entries of its league that match it applied:
// override fields replaced, aliases added. ok is false when none matches.
func (d *Data) apply(code string, t catalog.Team) (catalog.Team, bool) {
	hit := false
	for _, e := range d.teams[code] {
		if e.custom || !e.matches(&t) {
			continue
		}
		hit = true
		// The provider's names stay names of the team: a user who types
		// ESPN's abbreviation ("MAN") finds the team an override renamed
		// ("MUN").
		before := [...]string{t.Abbreviation, t.FullName, t.Name}
		e.override.applyTo(&t)
		var kept []string
		for i, now := range [...]string{t.Abbreviation, t.FullName, t.Name} {
			if before[i] != "" && before[i] != now && !containsFold(e.aliases, before[i]) {
				kept = append(kept, before[i])
			}
		}
		if len(e.aliases)+len(kept) > 0 {
			t.Aliases = append(append(slices.Clip(t.Aliases), e.aliases...), kept...)
		}
	}
	return t, hit
}

// matches reports whether the entry key names t: its slug (the part after
// a "." with "_" read as "-"), its id, or its full name or name in kebab
// case.
func (e *entry) matches(t *catalog.Team) bool {
	slug := t.Slug
	if i := strings.IndexByte(slug, '.'); i >= 0 {
		slug = slug[i+1:]
	}
	slug = strings.ReplaceAll(strings.ToLower(slug), "_", "-")
	return e.key == slug || e.key == strings.ToLower(t.ID) || e.key == kebab(t.FullName) || e.key == kebab(t.Name)
}

// kebab is a name in lower-case kebab form ("Kansas City Chiefs" →
// "kansas-city-chiefs"), accents folded.
func kebab(s string) string {
	return strings.ReplaceAll(catalog.Fold(s), " ", "-")
}

// provider serves the custom teams of leagues listed with ProviderID.
type provider struct{ d *Data }

// Provider returns the provider of custom-only leagues.
func (d *Data) Provider() catalog.Provider { return provider{d} }

func (p provider) ID() string { return ProviderID }

func (p provider) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	ts := p.d.CustomTeams(l.Code)
	if len(ts) == 0 {
		return nil, catalog.ErrNotCovered
	}
	return ts, nil
}

func (p provider) LeagueLogos(ctx context.Context, l catalog.League) (string, string, error) {
	return "", "", catalog.ErrNotCovered
}

// Wrap returns p with the custom data of each league applied to its
// answers: custom teams first, then the provider's teams with their
// overrides. Leagues without team entries get p's answers unchanged (the
// same slice). When p resolves names with an index (FindTeam), so does
// the wrapper. Custom teams are served even when p fails.
func (d *Data) Wrap(p catalog.Provider) catalog.Provider {
	w := &wrapped{inner: p, d: d, memo: map[string]memoEntry{}}
	if _, ok := p.(finder); ok {
		return &wrappedFinder{w}
	}
	return w
}

type finder interface {
	FindTeam(ctx context.Context, l catalog.League, query string) (catalog.Team, bool, error)
}

type wrapped struct {
	inner catalog.Provider
	d     *Data

	mu   sync.Mutex
	memo map[string]memoEntry // league code → last merge
}

type memoEntry struct {
	in  *catalog.Team
	n   int
	out []catalog.Team
}

func (w *wrapped) ID() string { return w.inner.ID() }

func (w *wrapped) LeagueLogos(ctx context.Context, l catalog.League) (string, string, error) {
	return w.inner.LeagueLogos(ctx, l)
}

// Details forwards to the provider when it knows teams' details; a
// custom team (not the provider's) has none.
func (w *wrapped) Details(ctx context.Context, l catalog.League, t catalog.Team) (catalog.Details, error) {
	dp, ok := w.inner.(catalog.DetailsProvider)
	if !ok {
		return catalog.Details{}, catalog.ErrNotCovered
	}
	for _, c := range w.d.CustomTeams(l.Code) {
		if c.ID == t.ID && c.FullName == t.FullName {
			return catalog.Details{}, catalog.ErrNotCovered
		}
	}
	return dp.Details(ctx, l, t)
}

func (w *wrapped) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	list, err := w.inner.Teams(ctx, l)
	if !w.d.HasTeams(l.Code) {
		return list, err
	}
	custom := w.d.CustomTeams(l.Code)
	if err != nil {
		if len(custom) > 0 && !errors.Is(err, catalog.ErrNotCovered) {
			return custom, nil
		}
		return nil, err
	}
	// The merge is kept for the provider's slice, so warm requests get the
	// same slice (and the scene's match memo stays valid).
	var first *catalog.Team
	if len(list) > 0 {
		first = &list[0]
	}
	w.mu.Lock()
	m, ok := w.memo[l.Code]
	w.mu.Unlock()
	if ok && m.in == first && m.n == len(list) {
		return m.out, nil
	}
	out := make([]catalog.Team, 0, len(custom)+len(list))
	out = append(out, custom...)
	for _, t := range list {
		t, _ = w.d.apply(l.Code, t)
		out = append(out, t)
	}
	w.mu.Lock()
	w.memo[l.Code] = memoEntry{first, len(list), out}
	w.mu.Unlock()
	return out, nil
}

type wrappedFinder struct{ *wrapped }

// FindTeam looks among the custom teams first, then asks the provider's
// index and applies the overrides to what it finds.
func (w *wrappedFinder) FindTeam(ctx context.Context, l catalog.League, query string) (catalog.Team, bool, error) {
	if custom := w.d.CustomTeams(l.Code); len(custom) > 0 {
		if i, ok := match.Find(query, custom); ok {
			return custom[i], true, nil
		}
	}
	t, ok, err := w.inner.(finder).FindTeam(ctx, l, query)
	if ok {
		t, _ = w.d.apply(l.Code, t)
	}
	return t, ok, err
}

// Files names the JSON files of dir that Load reads, for logs.
func Files(dir string) []string {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil
	}
	defer root.Close()
	return append(jsonFiles(root, "leagues"), jsonFiles(root, "teams")...)
}
