package httpapi

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
)

// openapiDoc is the embedded document, decoded.
func openapiDoc(t *testing.T) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(openapiJSON, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	return doc
}

// at walks a decoded JSON document along keys.
func at(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// resolve follows a local "$ref" ("#/components/...").
func resolve(doc map[string]any, v any) any {
	for range 5 {
		ref, ok := at(v, "$ref").(string)
		if !ok {
			return v
		}
		v = at(doc, strings.Split(strings.TrimPrefix(ref, "#/"), "/")...)
	}
	return v
}

// openapiPaths maps a route of the table to the OpenAPI paths that
// document it, the way the router matches them without ambiguity for a
// linter: "[.png]" becomes the path parameter {ext} ("", ".png" or
// ".webp"); the NCAA {type} is spelled out (one path per type); the
// page's assets are listed by name.
func openapiPaths(route string) []string {
	switch {
	case route == "/ui/{file}":
		return []string{"/ui/app.js", "/ui/style.css", "/ui/icon.svg", "/ui/index.html"}
	case strings.HasPrefix(route, "/ncaa/"):
		base := strings.TrimSuffix(route, "/{type}")
		out := []string{base + "/thumb{ext}", base + "/cover{ext}", base + "/logo{ext}"}
		if !strings.Contains(route, "{team2}") {
			out = append(out, base+"/raw")
		}
		return out
	}
	return []string{strings.ReplaceAll(route, "[.png]", "{ext}")}
}

// TestOpenAPILintRules checks the rules of Redocly's "recommended" set
// that fail most easily when the document is edited by hand (.ci/run runs
// the linter itself when npm can install it): servers present, an
// operationId on every operation and each unique, a 4xx answer on every
// operation, and no two paths a request could match alike (same number of
// segments and of templated segments, and equal wherever neither is
// templated, as Redocly's no-ambiguous-paths compares them).
func TestOpenAPILintRules(t *testing.T) {
	doc := openapiDoc(t)
	if len(asList(doc["servers"])) == 0 {
		t.Error("openapi.json has no servers")
	}
	paths, _ := doc["paths"].(map[string]any)
	ids := map[string]string{}
	for p, item := range paths {
		get, _ := at(resolve(doc, item), "get").(map[string]any)
		id, _ := get["operationId"].(string)
		if id == "" {
			t.Errorf("%s: no operationId", p)
		} else if other, dup := ids[id]; dup {
			t.Errorf("operationId %s on both %s and %s", id, other, p)
		}
		ids[id] = p
		has4xx := false
		for code := range asMap(get["responses"]) {
			has4xx = has4xx || strings.HasPrefix(code, "4")
		}
		if !has4xx {
			t.Errorf("%s: no 4xx response", p)
		}
	}
	type shape struct {
		segs []string
		vars []bool
		n    int
	}
	shapes := map[string]shape{}
	for p := range paths {
		sh := shape{segs: strings.Split(p, "/")}
		for _, s := range sh.segs {
			v := strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") && strings.Count(s, "{") == 1
			sh.vars = append(sh.vars, v)
			if v {
				sh.n++
			}
		}
		shapes[p] = sh
	}
	for p, a := range shapes {
		for q, b := range shapes {
			if p >= q || len(a.segs) != len(b.segs) || a.n != b.n {
				continue
			}
			ambiguous := true
			for i := range a.segs {
				if !a.vars[i] && !b.vars[i] && a.segs[i] != b.segs[i] {
					ambiguous = false
				}
			}
			if ambiguous {
				t.Errorf("ambiguous paths %s and %s", p, q)
			}
		}
	}
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func TestOpenAPICoversRoutes(t *testing.T) {
	doc := openapiDoc(t)
	if v, _ := doc["openapi"].(string); !strings.HasPrefix(v, "3.1") {
		t.Errorf("openapi = %q, want 3.1.x", v)
	}
	paths, _ := doc["paths"].(map[string]any)
	documented := map[string]bool{}
	for _, rt := range (&Server{}).routes() {
		for _, p := range openapiPaths(rt.path) {
			documented[p] = true
			if _, ok := paths[p]; !ok {
				t.Errorf("route %s: path %s is not in openapi.json", rt.path, p)
			}
		}
	}
	for p := range paths {
		if !documented[p] && !strings.HasPrefix(p, "/xc/") {
			t.Errorf("openapi.json documents %s, which is not in the route table", p)
		}
	}
	template := regexp.MustCompile(`\{([a-z0-9]+)\}`)
	for p, item := range paths {
		get, _ := at(resolve(doc, item), "get").(map[string]any)
		if get == nil {
			t.Errorf("%s: no get operation", p)
			continue
		}
		// Every path parameter is declared, and nothing else in the path.
		declared := map[string]bool{}
		for _, raw := range asList(get["parameters"]) {
			prm := resolve(doc, raw)
			if at(prm, "in") == "path" {
				declared[at(prm, "name").(string)] = true
			}
			if at(prm, "schema") == nil {
				t.Errorf("%s: parameter %v has no schema", p, at(prm, "name"))
			}
		}
		for _, m := range template.FindAllStringSubmatch(p, -1) {
			if !declared[m[1]] {
				t.Errorf("%s: path parameter {%s} is not declared", p, m[1])
			}
			delete(declared, m[1])
		}
		if len(declared) > 0 {
			t.Errorf("%s: declares path parameters %v that are not in the path", p, declared)
		}
		// Every error answer is {"error": string}.
		responses, _ := get["responses"].(map[string]any)
		if len(responses) == 0 {
			t.Errorf("%s: no responses", p)
		}
		for code, r := range responses {
			if code < "400" || code > "599" {
				continue
			}
			schema := resolve(doc, at(resolve(doc, r), "content", "application/json", "schema"))
			if at(schema, "properties", "error", "type") != "string" || !slices.Contains(asList(at(schema, "required")), any("error")) {
				t.Errorf("%s %s: the error body is not {\"error\": string}", p, code)
			}
		}
	}
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// enumOf returns the enum and default of a schema as strings.
func enumOf(t *testing.T, doc map[string]any, name string) (values []string, def string) {
	t.Helper()
	s := at(doc, "components", "schemas", name)
	if s == nil {
		t.Fatalf("schema %s is missing", name)
	}
	for _, v := range asList(at(s, "enum")) {
		values = append(values, fmt.Sprint(v))
	}
	if d := at(s, "default"); d != nil {
		def = fmt.Sprint(d)
	}
	if labels := asList(at(s, "x-enum-descriptions")); labels != nil && len(labels) != len(values) {
		t.Errorf("schema %s: %d x-enum-descriptions for %d values", name, len(labels), len(values))
	}
	return values, def
}

func TestOpenAPIAllowedValuesMatchParams(t *testing.T) {
	doc := openapiDoc(t)
	names := func(as []aspect) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.name)
		}
		return out
	}
	ints := func(ns []int) []string {
		var out []string
		for _, n := range ns {
			out = append(out, fmt.Sprint(n))
		}
		return out
	}
	var sports []string
	for _, e := range catalog.NCAASports() {
		sports = append(sports, e.Sport)
	}
	tests := []struct {
		schema string
		want   []string
	}{
		{"ThumbAspect", names(thumbAspects)},
		{"CoverAspect", names(coverAspects)},
		{"LogoSize", ints(logoSizes)},
		{"MatchupStyle", ints(matchupStyles)},
		{"LogoStyle", ints(logoStyles)},
		{"Badge", badges},
		{"NCAASport", sports},
	}
	for _, tt := range tests {
		got, _ := enumOf(t, doc, tt.schema)
		if !slices.Equal(got, tt.want) {
			t.Errorf("schema %s enum = %v, want %v (params.go)", tt.schema, got, tt.want)
		}
	}
}

// TestOpenAPIDefaultsMatchServer asks the server for pictures without the
// parameter and compares what it chose with the documented default.
func TestOpenAPIDefaultsMatchServer(t *testing.T) {
	doc := openapiDoc(t)
	s, fb := newTestServer(t, nil)
	size := func(as []aspect, name string) string {
		for _, a := range as {
			if a.name == name {
				return fmt.Sprintf("%dx%d", a.width, a.height)
			}
		}
		return "unknown aspect " + name
	}
	_, thumbDef := enumOf(t, doc, "ThumbAspect")
	_, coverDef := enumOf(t, doc, "CoverAspect")
	_, sizeDef := enumOf(t, doc, "LogoSize")
	_, styleDef := enumOf(t, doc, "MatchupStyle")
	_, logoStyleDef := enumOf(t, doc, "LogoStyle")
	trimDef := fmt.Sprint(at(doc, "components", "parameters", "trim", "schema", "default"))
	logoDef := fmt.Sprint(at(doc, "components", "parameters", "logoThumb", "schema", "default"))
	fallbackDef := fmt.Sprint(at(doc, "components", "parameters", "fallback", "schema", "default"))
	tests := []struct {
		path, what, want string
		got              func() string
	}{
		{"/nba/lakers/celtics/thumb", "aspect", size(thumbAspects, thumbDef), func() string { r := fb.lastRequest(); return fmt.Sprintf("%dx%d", r.Width, r.Height) }},
		{"/nba/lakers/celtics/cover", "aspect", size(coverAspects, coverDef), func() string { r := fb.lastRequest(); return fmt.Sprintf("%dx%d", r.Width, r.Height) }},
		{"/nba/lakers/celtics/thumb", "style", styleDef, func() string { return fmt.Sprint(fb.lastRequest().Style) }},
		{"/nba/lakers/celtics/logo", "style", logoStyleDef, func() string { return fmt.Sprint(fb.lastRequest().Style) }},
		{"/nba/lakers/celtics/logo", "size", sizeDef, func() string { return fmt.Sprint(fb.lastRequest().Width) }},
		{"/nba/lakers/celtics/logo", "trim", trimDef, func() string { return fmt.Sprint(fb.lastRequest().Trim) }},
		{"/nba/lakers/celtics/thumb", "logo", logoDef, func() string { return fmt.Sprint(fb.lastRequest().LeagueLogo) }},
		{"/nba/lakers/celtics/thumb", "fallback", fallbackDef, func() string { return fmt.Sprint(fb.lastRequest().Fallback) }},
	}
	for _, tt := range tests {
		if rec := do(t, s, tt.path); rec.Code != 200 {
			t.Fatalf("GET %s = %d", tt.path, rec.Code)
		}
		if got := tt.got(); got != tt.want {
			t.Errorf("GET %s: server's %s = %s, openapi.json default = %s", tt.path, tt.what, got, tt.want)
		}
	}
}

func TestOpenAPIServed(t *testing.T) {
	s, _ := newTestServer(t, nil)
	rec := do(t, s, "/openapi.json")
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || rec.Body.Len() != len(openapiJSON) {
		t.Fatalf("GET /openapi.json = %d %q, %d bytes", rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len())
	}
	if rec := do(t, s, "/openapi.json", "If-None-Match", rec.Header().Get("ETag")); rec.Code != 304 {
		t.Errorf("GET /openapi.json with If-None-Match = %d, want 304", rec.Code)
	}
}
