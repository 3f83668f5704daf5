package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The floors of the module, lowest first. A package may import only
// packages on lower floors (never one on its own floor or above), so data
// and calls flow one way: mechanisms below the domain's sources, sources
// below the scenes that compose them, scenes below the proxy and the
// metrics that observe it, all below the HTTP API and the commands that
// wire them. docs/development.md maps the packages by these floors.
const (
	// Imports nothing of the module: generic mechanisms (lru, redact,
	// pngenc, cluster, ...), the domain's vocabulary (catalog: leagues,
	// teams, the Provider interface, the errors every layer maps to a
	// status) and the configuration read at start.
	floorBase = iota
	// Built on the base alone: the cache tiers (on cluster and lru),
	// logging (on redact), raster (on colorx), svgx (on fonts), the
	// providers' HTTP plumbing and the name matcher (on catalog).
	floorMechanism
	// Where data and pixels come from: the catalog providers, the
	// outbound fetcher, the title reader, the demo league and the
	// render engine. fetch imports catalog for one type,
	// *catalog.UpstreamError, so that a failed logo fetch and a failed
	// provider call read the same to every caller above (one mapping to
	// 502/504); catalog imports nothing, so the direction is down.
	floorSource
	// Composes the sources: scene (catalog, fetch, match, title ->
	// render.Scene), the renderer's hard cases and eventart (whose tests
	// read titles with the real title reader).
	floorCompose
	// The Xtream-Codes proxy, which puts eventart's pictures in lists.
	floorProxy
	// Observes what lies below: metrics decorates catalog.Provider and
	// reads xcproxy.Stats, so it sits above both rather than making them
	// know about Prometheus.
	floorObserve
	// The HTTP face: routes, validation, the image store.
	floorServe
	// The commands, which only wire.
	floorCommand
)

// floors puts every package of the module (its directory under the
// module root) on a floor. A package missing here fails the test: a new
// package must be placed. Test-helper packages (see isTestHelper) have a
// floor too, which binds their own imports; test files may import them
// from any floor.
var floors = map[string]int{
	"internal/buildinfo":     floorBase,
	"internal/catalog":       floorBase,
	"internal/cluster":       floorBase,
	"internal/colorx":        floorBase,
	"internal/config":        floorBase,
	"internal/connlimit":     floorBase,
	"internal/httpframe":     floorBase,
	"internal/fonts":         floorBase,
	"internal/lru":           floorBase,
	"internal/pngenc":        floorBase,
	"internal/ratelimit":     floorBase,
	"internal/redact":        floorBase,
	"internal/web":           floorBase,
	"internal/webpenc":       floorBase,
	"internal/xcproxy/m3u":   floorBase,
	"internal/xcproxy/xmltv": floorBase,

	"internal/cache":                floorMechanism,
	"internal/catalog/providerhttp": floorMechanism,
	"internal/logging":              floorMechanism,
	"internal/match":                floorMechanism,
	"internal/raster":               floorMechanism,
	"internal/svgx":                 floorMechanism,
	"internal/warnonce":             floorMechanism,

	"internal/catalog/custom":      floorSource,
	"internal/catalog/espn":        floorSource,
	"internal/catalog/espnathlete": floorSource,
	"internal/catalog/flags":       floorSource,
	"internal/catalog/hockeytech":  floorSource,
	"internal/catalog/mlbstats":    floorSource,
	"internal/catalog/thesportsdb": floorSource,
	"internal/demo":                floorSource,
	"internal/fetch":               floorSource,
	"internal/render":              floorSource,
	"internal/title":               floorSource,

	"internal/render/hardcase":  floorCompose,
	"internal/scene":            floorCompose,
	"internal/xcproxy/eventart": floorCompose,

	"internal/xcproxy": floorProxy,
	"internal/metrics": floorObserve,
	"internal/httpapi": floorServe,
	"cmd/gallery":      floorCommand,
	"cmd/gamethumbs":   floorCommand,

	// Test helpers: fakes of upstream services and shared test tools.
	// Each sits just above what it imports (the fakes that serve venue
	// photos draw them with demo).
	"internal/catalog/providertest":                floorBase,
	"internal/cluster/redistest":                   floorBase,
	"internal/render/rendertest":                   floorBase,
	"internal/testutil":                            floorBase,
	"internal/xcproxy/xmltv/xmltvtest":             floorBase,
	"internal/logogen":                             floorMechanism,
	"internal/catalog/flags/flagstest":             floorMechanism,
	"internal/catalog/mlbstats/mlbstatstest":       floorMechanism,
	"internal/espntest":                            floorCompose,
	"internal/catalog/thesportsdb/thesportsdbtest": floorCompose,
	"internal/catalog/espnathlete/athletetest":     floorProxy,
	"internal/catalog/hockeytech/hockeytechtest":   floorProxy,
}

// isTestHelper reports whether a package of the module exists for tests:
// fakes and tools named "...test", testutil, and logogen (the test logos
// the fakes serve).
func isTestHelper(pkg string) bool {
	base := path.Base(pkg)
	return strings.HasSuffix(base, "test") || pkg == "internal/testutil" || pkg == "internal/logogen"
}

// modulePackage is what a walk of the module's Go files learns of one
// package.
type modulePackage struct {
	imports map[string]bool // packages of the module its non-test files import
	files   []*ast.File     // non-test files, parsed with comments
	names   []string        // their file names, in the order of files
}

const modulePrefix = "gamethumbs/"

// walkModule parses every Go file of the module (skipping testdata and
// hidden directories) and reports each file's imports of the module to
// visit; it returns the packages by directory.
func walkModule(t *testing.T, mode parser.Mode, visit func(pkg, file string, test bool, dep string)) map[string]*modulePackage {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]*modulePackage{}
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, mode)
		if err != nil {
			return err
		}
		mp := pkgs[pkg]
		if mp == nil {
			mp = &modulePackage{imports: map[string]bool{}}
			pkgs[pkg] = mp
		}
		test := strings.HasSuffix(p, "_test.go")
		if !test {
			mp.files = append(mp.files, f)
			mp.names = append(mp.names, filepath.Base(p))
		}
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			dep, ok := strings.CutPrefix(ip, modulePrefix)
			if !ok || dep == pkg {
				continue
			}
			if !test {
				mp.imports[dep] = true
			}
			if visit != nil {
				visit(pkg, filepath.ToSlash(filepath.Join(rel, filepath.Base(p))), test, dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 10 {
		t.Fatalf("found only %d packages under %s: is the walk rooted at the module?", len(pkgs), root)
	}
	return pkgs
}

// No import runs up a floor or across one: raster never imports render,
// fetch never imports scene, nothing below httpapi imports it. Test files
// may also import test-helper packages, from any floor.
func TestImportsRunDownTheFloors(t *testing.T) {
	pkgs := walkModule(t, parser.ImportsOnly, func(pkg, file string, test bool, dep string) {
		floor, ok := floors[pkg]
		if !ok {
			return // reported below, once per package
		}
		if test && isTestHelper(dep) {
			return
		}
		df, ok := floors[dep]
		if !ok {
			return
		}
		if df >= floor {
			t.Errorf("%s (floor %d) imports %s (floor %d): imports must run down the floors", file, floor, dep, df)
		}
	})
	var unplaced []string
	for pkg := range pkgs {
		if _, ok := floors[pkg]; !ok {
			unplaced = append(unplaced, pkg)
		}
	}
	slices.Sort(unplaced)
	for _, pkg := range unplaced {
		t.Errorf("package %s has no floor: place it in floors (layers_test.go) and in the package map of docs/development.md", pkg)
	}
	for pkg := range floors {
		if pkgs[pkg] == nil {
			t.Errorf("package %s has a floor but no Go files: remove or rename it in floors", pkg)
		}
	}
}

// The service binary links no test helper: walking the non-test imports
// from cmd/gamethumbs never reaches a fake or a test tool.
func TestServiceLinksNoTestHelper(t *testing.T) {
	pkgs := walkModule(t, parser.ImportsOnly, nil)
	seen := map[string]string{"cmd/gamethumbs": ""}
	queue := []string{"cmd/gamethumbs"}
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		mp := pkgs[pkg]
		if mp == nil {
			continue
		}
		for dep := range mp.imports {
			if _, ok := seen[dep]; ok {
				continue
			}
			seen[dep] = pkg
			if isTestHelper(dep) {
				t.Errorf("the service links test helper %s (imported by %s)", dep, pkg)
			}
			queue = append(queue, dep)
		}
	}
}

// Every package says its one concern in a package doc comment, written
// once (in one non-test file) and opening as Go documentation does:
// "Package name ..." or, for a command, "Command name ...".
func TestEveryPackageSaysItsConcern(t *testing.T) {
	pkgs := walkModule(t, parser.PackageClauseOnly|parser.ParseComments, nil)
	for pkg, mp := range pkgs {
		if len(mp.files) == 0 {
			continue // a directory of tests only
		}
		var docs []string
		var text string
		for i, f := range mp.files {
			if f.Doc != nil {
				docs = append(docs, mp.names[i])
				text = f.Doc.Text()
			}
		}
		switch {
		case len(docs) == 0:
			t.Errorf("package %s has no package doc comment: say its one concern in doc.go", pkg)
			continue
		case len(docs) > 1:
			slices.Sort(docs)
			t.Errorf("package %s has package doc comments in %d files (%s): keep one", pkg, len(docs), strings.Join(docs, ", "))
		}
		name := mp.files[0].Name.Name
		want := "Package " + name + " "
		if name == "main" {
			want = "Command " + path.Base(pkg) + " "
		}
		if !strings.HasPrefix(text, want) {
			t.Errorf("package %s: doc comment should open with %q, got %q", pkg, want, firstLine(text))
		}
		if words := len(strings.Fields(text)); words < 8 {
			t.Errorf("package %s: doc comment %q is too short to say what the package owns", pkg, firstLine(text))
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// The package map of docs/development.md lists every package once, each
// under its floor ("**Floor N, ...**") or, for a test helper, under
// "**Test helpers**", so the map and the floors cannot drift apart.
func TestPackageMapMatchesFloors(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "development.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n### Package map\n")
	if !ok {
		t.Fatal(`docs/development.md has no "### Package map" section`)
	}
	section, _, _ = strings.Cut(section, "\n#")
	const helpers = -1
	group, grouped := 0, false
	listed := map[string]int{}
	for line := range strings.SplitSeq(section, "\n") {
		if rest, ok := strings.CutPrefix(line, "**Floor "); ok {
			n, _, _ := strings.Cut(rest, ",")
			group, err = strconv.Atoi(strings.TrimSuffix(n, "**"))
			if err != nil {
				t.Fatalf("package map: unreadable floor heading %q", line)
			}
			grouped = true
			continue
		}
		if strings.HasPrefix(line, "**Test helpers") {
			group, grouped = helpers, true
			continue
		}
		rest, ok := strings.CutPrefix(line, "- `")
		if !ok {
			continue
		}
		pkg, _, _ := strings.Cut(rest, "`")
		if !grouped {
			t.Errorf("package map: %s is listed before any floor heading", pkg)
		}
		if _, dup := listed[pkg]; dup {
			t.Errorf("package map lists %s twice", pkg)
		}
		listed[pkg] = group
	}
	for pkg, floor := range floors {
		want := floor
		if isTestHelper(pkg) {
			want = helpers
		}
		got, ok := listed[pkg]
		switch {
		case !ok:
			t.Errorf("docs/development.md's package map does not list %s", pkg)
		case got != want && want == helpers:
			t.Errorf("package map lists test helper %s under floor %d, not under Test helpers", pkg, got)
		case got != want:
			t.Errorf("package map lists %s under floor %d; layers_test.go puts it on floor %d", pkg, got, want)
		}
	}
	for pkg := range listed {
		if _, ok := floors[pkg]; !ok {
			t.Errorf("package map lists %s, which has no floor (no such package?)", pkg)
		}
	}
}
