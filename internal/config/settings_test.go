package config

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestSettingsTableCoversLoad: every variable Load reads is documented in
// Settings, and every documented variable (except those read elsewhere) is
// read by Load, so -h and `gamethumbs config` list exactly the settings.
func TestSettingsTableCoversLoad(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]bool{}
	for _, v := range c.values {
		read[v.Name] = true
		if _, ok := settingOf(v.Name); !ok {
			t.Errorf("Load reads %s but Settings does not document it", v.Name)
		}
	}
	for _, s := range Settings {
		if s.Default == "" || s.Meaning == "" {
			t.Errorf("Settings row %v lacks a default or a meaning", s.Names)
		}
		for _, n := range s.Names {
			if !read[n] && !s.ReadElsewhere {
				t.Errorf("Settings documents %s but Load never reads it", n)
			}
		}
	}
}

// TestConfigurationPageMatchesTable: the table in docs/configuration.md is
// the one generated from Settings.
func TestConfigurationPageMatchesTable(t *testing.T) {
	page, err := os.ReadFile("../../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	want := MarkdownTable()
	if os.Getenv("UPDATE_CONFIG_DOCS") != "" {
		writeTable(t, "../../docs/configuration.md", string(page), want)
		return
	}
	if !strings.Contains(string(page), want) {
		var got []string
		for _, l := range strings.Split(string(page), "\n") {
			if strings.HasPrefix(l, "| `") {
				got = append(got, l)
			}
		}
		wantRows := strings.Split(strings.TrimSpace(want), "\n")[2:]
		for _, w := range wantRows {
			if !slices.Contains(got, w) {
				t.Errorf("docs/configuration.md lacks the row\n%s", w)
			}
		}
		for _, g := range got {
			if !slices.Contains(wantRows, g) {
				t.Errorf("docs/configuration.md has a row Settings does not:\n%s", g)
			}
		}
		t.Errorf("docs/configuration.md's table differs from config.Settings; the table to paste is:\n%s", want)
	}
}

func TestEffectiveMasksSecrets(t *testing.T) {
	c, err := Load(env(map[string]string{
		"PORT": "8080", "THESPORTSDB_API_KEY": "s3cret-key",
		"XC_PROXY":          "true",
		"XC_PROXY_UPSTREAM": "a=http://user:pw@panel:8080/x?token=abc,b=https://other",
		"ROOT_REDIRECT_URL": "https://example.org/?key=k",
	}))
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]string{}
	for _, v := range c.Effective() {
		shown[v.Name] = v.Shown()
	}
	for name, want := range map[string]string{
		"PORT":                "8080",
		"RENDER_QUEUE":        "64",
		"THESPORTSDB_API_KEY": "***",
		"HOCKEYTECH_API_KEY":  "(default)",
		"XC_PROXY_UPSTREAM":   "a=http://***@panel:8080/x?***,b=https://other",
		"ROOT_REDIRECT_URL":   "https://example.org/?***",
		"XC_PROXY":            "true",
		"IMAGE_CACHE_HOURS":   "24",
	} {
		if shown[name] != want {
			t.Errorf("%s shown as %q, want %q", name, shown[name], want)
		}
	}
	all := ""
	for _, v := range shown {
		all += v + " "
	}
	for _, secret := range []string{"s3cret", "pw", "abc", "key=k", "f1aa699db3d81487"} {
		if strings.Contains(all, secret) {
			t.Errorf("effective settings show %q: %s", secret, all)
		}
	}
}

// writeTable replaces the settings table of the page (UPDATE_CONFIG_DOCS=1
// go test -run TestConfigurationPage ./internal/config).
func writeTable(t *testing.T, path, page, table string) {
	start := strings.Index(page, "| Variable | Default | Meaning |")
	if start < 0 {
		t.Fatal("no settings table in", path)
	}
	end := start
	for end < len(page) && page[end] == '|' {
		nl := strings.IndexByte(page[end:], '\n')
		if nl < 0 {
			end = len(page)
			break
		}
		end += nl + 1
	}
	if err := os.WriteFile(path, []byte(page[:start]+table+page[end:]), 0o644); err != nil {
		t.Fatal(err)
	}
}
