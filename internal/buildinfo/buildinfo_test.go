package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestReadUsesVCSSettings(t *testing.T) {
	got := read(func() (*debug.BuildInfo, bool) {
		return &debug.BuildInfo{
			Main: debug.Module{Version: "v1.4.0"},
			Settings: []debug.BuildSetting{
				{Key: "vcs.revision", Value: "abc123"},
				{Key: "vcs.time", Value: "2026-11-22T10:00:00Z"},
				{Key: "vcs.modified", Value: "true"},
			},
		}, true
	})
	if got.Version != "v1.4.0" || got.Git.Commit != "abc123" || got.Git.Time != "2026-11-22T10:00:00Z" || !got.Git.Modified {
		t.Errorf("read = %+v", got)
	}
}

func TestReadWithoutBuildInfo(t *testing.T) {
	got := read(func() (*debug.BuildInfo, bool) { return nil, false })
	if got.Version != "dev" || got.Name != "gamethumbs" || got.Go == "" || got.Git.Commit != "" {
		t.Errorf("read without build info = %+v", got)
	}
}

func TestVersionVariableWins(t *testing.T) {
	Version = "v9.9.9"
	defer func() { Version = "" }()
	got := read(func() (*debug.BuildInfo, bool) {
		return &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true
	})
	if got.Version != "v9.9.9" {
		t.Errorf("Version = %q, want v9.9.9", got.Version)
	}
}

func TestBranchAndTagFromBuild(t *testing.T) {
	Branch, Tag = "main", "v2.0.0"
	defer func() { Branch, Tag = "", "" }()
	got := read(func() (*debug.BuildInfo, bool) { return nil, false })
	if got.Git.Branch != "main" || got.Git.Tag != "v2.0.0" {
		t.Errorf("Git = %+v, want branch main and tag v2.0.0", got.Git)
	}
}
