// Package buildinfo reports what binary is running: the version (set at
// build time with -ldflags "-X gamethumbs/internal/buildinfo.Version=v1.2.3",
// otherwise the module version from the build info) and the VCS stamp the
// Go toolchain embeds. It never runs git.
package buildinfo

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// Version is set at build time; empty means "use the module version".
var Version string

// Branch and Tag are the git branch and tag of the source, set at build
// time (-X gamethumbs/internal/buildinfo.Branch=main; the Dockerfile's
// GIT_BRANCH and GIT_TAG build args). Empty when the build does not know.
var Branch, Tag string

// Info describes the running binary.
type Info struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Go      string `json:"go"`
	Git     Git    `json:"git"`
}

// Git is the VCS stamp of the build. Fields are empty (and Modified false)
// when the binary was built without VCS information, e.g. with
// -buildvcs=false or from a source tree without .git.
type Git struct {
	Commit   string `json:"commit"`
	Time     string `json:"time"`
	Modified bool   `json:"modified"`
	Branch   string `json:"branch,omitempty"`
	Tag      string `json:"tag,omitempty"`
}

var (
	once   sync.Once
	cached Info
)

// Get returns the build information; it is computed once.
func Get() Info {
	once.Do(func() { cached = read(debug.ReadBuildInfo) })
	return cached
}

func read(readBuild func() (*debug.BuildInfo, bool)) Info {
	info := Info{Name: "gamethumbs", Version: Version, Go: runtime.Version(),
		Git: Git{Branch: Branch, Tag: Tag}}
	bi, ok := readBuild()
	if ok {
		if info.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			info.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				info.Git.Commit = s.Value
			case "vcs.time":
				info.Git.Time = s.Value
			case "vcs.modified":
				info.Git.Modified = s.Value == "true"
			}
		}
	}
	if info.Version == "" {
		info.Version = "dev"
	}
	return info
}

// UserAgent is the honest User-Agent gamethumbs sends to providers.
func UserAgent() string { return "gamethumbs/" + Get().Version }
