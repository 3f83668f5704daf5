package main

import (
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// floors puts packages of the module on floors: a package may import
// only packages on lower floors, so data and calls flow one way (pixels
// below pictures, pictures below scenes, scenes below the HTTP API, all
// below the commands that wire them). Packages not listed are not
// checked; a new package of the render engine gets its floor here.
var floors = map[string]int{
	"internal/colorx":            0,
	"internal/fonts":             0,
	"internal/lru":               0,
	"internal/pngenc":            0,
	"internal/render/rendertest": 0,
	"internal/raster":            1,
	"internal/render":            2,
	"internal/render/hardcase":   3,
	"internal/scene":             4,
	"internal/httpapi":           5,
	"cmd/gamethumbs":             6,
	"cmd/gallery":                6,
}

// No import runs up a floor or across one: raster never imports render,
// render never imports scene or the HTTP API. Test files may also import
// test helper packages (import paths ending in "test").
func TestImportsRunDownTheFloors(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	const module = "gamethumbs/"
	checked := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (strings.HasPrefix(name, ".") || name == "testdata") {
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
		floor, ok := floors[pkg]
		if !ok {
			return nil
		}
		checked[pkg] = true
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		test := strings.HasSuffix(p, "_test.go")
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			dep, ok := strings.CutPrefix(ip, module)
			if !ok || dep == pkg || test && strings.HasSuffix(path.Base(dep), "test") {
				continue
			}
			if df, ok := floors[dep]; ok && df >= floor {
				t.Errorf("%s (floor %d) imports %s (floor %d): imports must run down the floors",
					filepath.ToSlash(filepath.Join(rel, filepath.Base(p))), floor, dep, df)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg := range floors {
		if !checked[pkg] {
			t.Errorf("package %s has a floor but no Go files: remove or rename it in floors", pkg)
		}
	}
}
