package main

import (
	"bytes"
	"debug/elf"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// maxBinaryBytes keeps the container image under 30 MB: the distroless
// static base adds about 2 MB to the binary.
const maxBinaryBytes = 27 << 20

// TestStaticBinary builds the binary the way the Dockerfile does and
// checks that it is a static ELF small enough for the image, that the
// version reaches it, and that its healthcheck subcommand exits 0 and 1.
func TestStaticBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped with -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	const version = "v9.9.9-buildtest"
	bin := filepath.Join(t.TempDir(), "gamethumbs")
	cmd := exec.Command(goBin, "build", "-trimpath",
		"-ldflags", "-s -w -X gamethumbs/internal/buildinfo.Version="+version, "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	f, err := elf.Open(bin)
	if err != nil {
		t.Fatalf("not an ELF file: %v", err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			t.Errorf("binary has a %v program header: dynamically linked", p.Type)
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("binary needs shared libraries %v", libs)
	}
	info, _ := os.Stat(bin)
	if info.Size() > maxBinaryBytes {
		t.Errorf("binary is %.1f MB, want at most %.1f MB (image budget 30 MB)", float64(info.Size())/(1<<20), float64(maxBinaryBytes)/(1<<20))
	}
	t.Logf("static binary: %.1f MB", float64(info.Size())/(1<<20))
	data, _ := os.ReadFile(bin)
	if !bytes.Contains(data, []byte(version)) {
		t.Errorf("binary does not contain the -X version %q", version)
	}

	healthy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"status":"ok"}`))
	}))
	defer healthy.Close()
	for _, tt := range []struct {
		port string
		want int
	}{
		{portOf(t, healthy.URL), 0},
		{deadPort(t), 1},
	} {
		cmd := exec.Command(bin, "healthcheck")
		cmd.Env = []string{"PORT=" + tt.port}
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("run healthcheck: %v", err)
		}
		if code != tt.want {
			t.Errorf("gamethumbs healthcheck with PORT=%s exited %d, want %d", tt.port, code, tt.want)
		}
	}
}
