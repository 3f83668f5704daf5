package main

import (
	"os"
	"strings"
	"testing"
)

// TestComposeFilesRunAsPasted checks the compose files a user copies (the
// repository's docker-compose.yml and the one of docs/switching.md): the
// image is built here (no image name that does not exist), the container
// is named game-thumbs (templates call that host), the port follows PORT
// with 3000 as default, and the healthcheck runs the binary the
// Dockerfile installs (distroless has no curl). No compose tool is
// needed: the checks read the text.
func TestComposeFilesRunAsPasted(t *testing.T) {
	dockerfile, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	const bin = "/usr/local/bin/gamethumbs"
	if !strings.Contains(string(dockerfile), "COPY --from=build /out/gamethumbs "+bin) {
		t.Fatalf("the Dockerfile no longer installs %s", bin)
	}
	repo, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile("../../docs/switching.md")
	if err != nil {
		t.Fatal(err)
	}
	docs := string(page)
	start := strings.Index(docs, "## Docker Compose with an existing")
	if start < 0 {
		t.Fatal("docs/switching.md has no compose section")
	}
	docs = docs[start:]
	open := strings.Index(docs, "```yaml\n")
	end := strings.Index(docs[max(open, 0):], "\n```")
	if open < 0 || end < 0 {
		t.Fatal("the compose section has no yaml block")
	}
	block := docs[open+len("```yaml\n") : open+end]
	for name, text := range map[string]string{"docker-compose.yml": string(repo), "docs/switching.md": block} {
		for _, want := range []string{
			"\n    build:", "\n    container_name: game-thumbs", `"${PORT:-3000}:${PORT:-3000}"`,
			"PORT: ${PORT:-3000}", `test: ["CMD", "` + bin + `", "healthcheck"]`,
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the compose file lacks %q", name, want)
			}
		}
		if strings.Contains(text, "\t") {
			t.Errorf("%s: a tab in YAML", name)
		}
		for _, l := range strings.Split(text, "\n") {
			code, _, _ := strings.Cut(l, "#")
			if strings.Contains(code, "curl") || strings.Contains(code, "wget") {
				t.Errorf("%s: %q: the image has no curl or wget", name, l)
			}
			if strings.HasPrefix(strings.TrimSpace(code), "image:") && !strings.Contains(text, "build:") {
				t.Errorf("%s: an image name without build: %q", name, l)
			}
		}
	}
	if !strings.Contains(block, "required: false") {
		t.Errorf("docs/switching.md: the .env must be optional, so the file runs as pasted")
	}
	if !strings.Contains(docs, "curl") || !strings.Contains(docs, "autoheal") {
		t.Errorf("docs/switching.md lacks the note on an old curl healthcheck")
	}
}
