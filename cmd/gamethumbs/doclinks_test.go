package main

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The repository's Markdown links resolve: every relative link of every
// .md file (README, docs, testdata notes) names a file or directory that
// exists, and a link with a #fragment names a heading (or an HTML anchor)
// of that Markdown file, as GitHub builds heading anchors. Links to other
// sites are not followed (tests stay off the network).
func TestMarkdownLinksResolve(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("found only %d Markdown files under %s", len(files), root)
	}
	anchors := map[string]map[string]bool{} // file -> its anchors, read once
	anchorsOf := func(p string) map[string]bool {
		if a, ok := anchors[p]; ok {
			return a
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		a := markdownAnchors(string(b))
		anchors[p] = a
		return a
	}
	links := 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, file)
		for _, l := range markdownLinks(string(b)) {
			if l.target == "" || strings.Contains(l.target, ":") && !strings.HasPrefix(l.target, "#") {
				continue // another site, mailto: and the like
			}
			links++
			pathPart, frag, _ := strings.Cut(l.target, "#")
			if p, err := url.PathUnescape(pathPart); err == nil {
				pathPart = p
			}
			target := file
			if pathPart != "" {
				if strings.HasPrefix(pathPart, "/") {
					target = filepath.Join(root, filepath.FromSlash(pathPart))
				} else {
					target = filepath.Join(filepath.Dir(file), filepath.FromSlash(pathPart))
				}
				if _, err := os.Stat(target); err != nil {
					t.Errorf("%s:%d: link %q: no such file", filepath.ToSlash(rel), l.line, l.target)
					continue
				}
			}
			if frag == "" {
				continue
			}
			if !strings.HasSuffix(target, ".md") {
				t.Errorf("%s:%d: link %q: a fragment of a file that is not Markdown", filepath.ToSlash(rel), l.line, l.target)
				continue
			}
			if !anchorsOf(target)[strings.ToLower(frag)] {
				t.Errorf("%s:%d: link %q: %s has no heading with anchor #%s", filepath.ToSlash(rel), l.line, l.target, filepath.Base(target), frag)
			}
		}
	}
	if links < 20 {
		t.Errorf("checked only %d relative links: is the link parser reading the files?", links)
	}
}

type markdownLink struct {
	target string
	line   int
}

var (
	// [text](target "title") and ![alt](target); the text may hold
	// brackets one level deep.
	inlineLink = regexp.MustCompile(`!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)`)
	// [label]: target
	refLink    = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$`)
	codeSpan   = regexp.MustCompile("`+[^`]*`+")
	htmlAnchor = regexp.MustCompile(`<a\s+(?:[^>]*\s)?(?:id|name)="([^"]+)"`)
)

// markdownLinks returns the links of a Markdown document outside code
// blocks and code spans.
func markdownLinks(doc string) []markdownLink {
	var out []markdownLink
	var fences codeFences
	for i, line := range strings.Split(doc, "\n") {
		if fences.inCode(line) || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			out = append(out, markdownLink{m[1], i + 1})
		}
		if m := refLink.FindStringSubmatch(line); m != nil {
			out = append(out, markdownLink{m[1], i + 1})
		}
	}
	return out
}

// codeFences follows a Markdown document's fenced code blocks line by
// line.
type codeFences struct{ open string } // the fence of the block we are in, or ""

// inCode reports whether line opens, closes or lies inside a fenced code
// block, following the block it opens or closes.
func (f *codeFences) inCode(line string) bool {
	trimmed := strings.TrimSpace(line)
	if c := fenceOf(trimmed); c != "" {
		switch {
		case f.open == "":
			f.open = c
		case strings.HasPrefix(trimmed, f.open) && strings.TrimLeft(trimmed, f.open[:1]) == "":
			f.open = ""
		}
		return true
	}
	return f.open != ""
}

// fenceOf returns the fence that opens or closes a fenced code block on
// this (trimmed) line, or "".
func fenceOf(trimmed string) string {
	for _, c := range []string{"```", "~~~"} {
		if strings.HasPrefix(trimmed, c) {
			n := len(trimmed) - len(strings.TrimLeft(trimmed, c[:1]))
			return strings.Repeat(c[:1], n)
		}
	}
	return ""
}

// markdownAnchors returns the anchors GitHub gives the headings of a
// Markdown document (lower case, punctuation dropped, spaces as hyphens,
// "-1", "-2" after repeats), and the ids of its HTML anchors.
func markdownAnchors(doc string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	var fences codeFences
	for _, line := range strings.Split(doc, "\n") {
		if fences.inCode(line) {
			continue
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			anchors[strings.ToLower(m[1])] = true
		}
		if !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		if text != "" && text[0] != ' ' {
			continue // "#hashtag", not a heading
		}
		slug := headingSlug(strings.TrimRight(strings.TrimSpace(text), "#"))
		if n := seen[slug]; n > 0 {
			anchors[slug+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
	}
	return anchors
}

// headingSlug is GitHub's anchor of a heading's text.
func headingSlug(text string) string {
	// Links in headings keep their text only.
	text = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(strings.TrimSpace(text), "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The slugs match GitHub's for the kinds of headings the docs use.
func TestHeadingSlug(t *testing.T) {
	for _, c := range []struct{ heading, want string }{
		{"Sizing and performance", "sizing-and-performance"},
		{"How it works (`internal/render/png*.go`)", "how-it-works-internalrenderpnggo"},
		{"Clean room: only Go", "clean-room-only-go"},
		{"XC_GUIDE_WAIT & friends", "xc_guide_wait--friends"},
		{"Floor 0, base", "floor-0-base"},
	} {
		if got := headingSlug(c.heading); got != c.want {
			t.Errorf("headingSlug(%q) = %q, want %q", c.heading, got, c.want)
		}
	}
	a := markdownAnchors("# A\n\n## A\n\n```\n# not a heading\n```\n<a id=\"x-y\"></a>\n")
	for _, want := range []string{"a", "a-1", "x-y"} {
		if !a[want] {
			t.Errorf("anchors %v lack %q", a, want)
		}
	}
	if a["not-a-heading"] {
		t.Errorf("a line in a code block became a heading")
	}
}

// The tests, benchmarks and fuzz targets the docs name by their function
// name (in code spans, such as `BenchmarkEncodeEffort`) exist, so a
// renamed or removed benchmark does not leave the docs pointing at
// nothing. Names ending in "*" are patterns and not checked.
func TestDocsNameExistingTests(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string]bool{}
	decl := regexp.MustCompile(`(?m)^func ((?:Test|Benchmark|Fuzz)[A-Za-z0-9_]*)\(`)
	named := regexp.MustCompile("`[^`]*?\\b((?:Test|Benchmark|Fuzz)[A-Z][A-Za-z0-9_]*)(\\*?)")
	var docs []string
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(p, "_test.go"):
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, m := range decl.FindAllStringSubmatch(string(b), -1) {
				funcs[m[1]] = true
			}
		case strings.HasSuffix(p, ".md"):
			docs = append(docs, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !funcs["TestDocsNameExistingTests"] {
		t.Fatal("the walk found no test functions: is it rooted at the module?")
	}
	for _, p := range docs {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range named.FindAllStringSubmatch(line, -1) {
				if m[2] == "" && !funcs[m[1]] && !prefixOfAny(m[1], funcs) {
					t.Errorf("%s:%d: names %s, which no test file declares", filepath.ToSlash(rel), i+1, m[1])
				}
			}
		}
	}
}

// prefixOfAny reports whether name is a -run or -bench pattern that
// selects some declared function (such as TestConfigurationPage).
func prefixOfAny(name string, funcs map[string]bool) bool {
	for f := range funcs {
		if strings.HasPrefix(f, name) {
			return true
		}
	}
	return false
}
