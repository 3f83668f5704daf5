package m3u

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// fakeLogo is a small guide: by tvg-id, then tvg-chno, then name.
func fakeLogo(ch Channel) (string, bool) {
	byID := map[string]string{"5AABTV.ca": "http://logos/5aab.png", "CH1": "http://logos/ch1.png",
		"tvg.id.2": "http://logos/two.png", "Agromais.br": `http://logos/agro"mais.png`,
		"rtp1hd.tv.vodafone.pt": "http://logos/rtp1.png"}
	byNumber := map[string]string{"1": "http://logos/number1.png"}
	byName := map[string]string{"bbc news hd": "http://logos/bbc.png", "name,with comma": "http://logos/comma.png",
		"the good, the bad and the ugly": "http://logos/ugly.png", "tamazight tv8": "http://logos/tama.png",
		"example artist - example title": "http://logos/artist.png"}
	if l, ok := byID[ch.ID]; ok && ch.ID != "" {
		return l, true
	}
	if l, ok := byNumber[ch.Number]; ok && ch.Number != "" {
		return l, true
	}
	if l, ok := byName[strings.ToLower(ch.Name)]; ok && ch.Name != "" {
		return l, true
	}
	return "", false
}

const testGuideURL = "http://proxy:3000/xc/main/xmltv.php?password=p&username=u"

func rewriteAll(t *testing.T, in []byte, r io.Reader) []byte {
	t.Helper()
	rw := NewRewriter(r, Options{Logo: fakeLogo, GuideURL: testGuideURL})
	defer rw.Close()
	out, err := io.ReadAll(rw)
	if err != nil {
		t.Fatalf("rewrite: %v", err)
	}
	return out
}

func TestRewriterGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.m3u")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := rewriteAll(t, in, bytes.NewReader(in))
			// One byte at a time gives the same bytes.
			if slow := rewriteAll(t, in, iotest.OneByteReader(bytes.NewReader(in))); !bytes.Equal(slow, got) {
				t.Errorf("rewrite with one-byte reads differs from a full read")
			}
			checkPreserved(t, in, got)
			golden := filepath.Join("testdata", "golden", strings.TrimSuffix(name, ".m3u")+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("missing golden (run with -update and review): %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("rewrite(%s) differs from %s:\n got: %q\nwant: %q", name, golden, got, want)
			}
		})
	}
}

// checkPreserved asserts that out has the same lines as in, in order, and
// that every line that differs is an #EXTINF or #EXTM3U line of in.
func checkPreserved(t *testing.T, in, out []byte) {
	t.Helper()
	inLines := bytes.SplitAfter(in, []byte("\n"))
	outLines := bytes.SplitAfter(out, []byte("\n"))
	if len(inLines) != len(outLines) {
		t.Fatalf("rewrite changed the line count: %d, want %d", len(outLines), len(inLines))
	}
	for i := range inLines {
		if bytes.Equal(inLines[i], outLines[i]) {
			continue
		}
		trimmed := bytes.TrimLeft(inLines[i], " \t")
		if !hasPrefixFold(trimmed, "#EXTINF:") && !hasPrefixFold(trimmed, "#EXTM3U") {
			t.Errorf("line %d changed: %q -> %q", i+1, inLines[i], outLines[i])
		}
		_, eolIn := splitEOL(inLines[i])
		_, eolOut := splitEOL(outLines[i])
		if !bytes.Equal(eolIn, eolOut) {
			t.Errorf("line %d ending changed: %q -> %q", i+1, eolIn, eolOut)
		}
	}
}

func TestRewriterCRLFMatchesLF(t *testing.T) {
	lf, err := os.ReadFile("testdata/threadfin_test_list_1.m3u")
	if err != nil {
		t.Fatal(err)
	}
	crlf, err := os.ReadFile("testdata/threadfin_test_list_1.DERIVED-crlf.m3u")
	if err != nil {
		t.Fatal(err)
	}
	a := rewriteAll(t, lf, bytes.NewReader(lf))
	b := rewriteAll(t, crlf, bytes.NewReader(crlf))
	if got := bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")); !bytes.Equal(got, a) {
		t.Errorf("CRLF rewrite (CR removed) = %q, want the LF rewrite %q", got, a)
	}
	if bytes.Count(b, []byte("\r\n")) != bytes.Count(crlf, []byte("\r\n")) {
		t.Errorf("CRLF rewrite lost line endings")
	}
}

func TestRewriterLongLine(t *testing.T) {
	long := "#EXTINF:-1 tvg-id=\"5AABTV.ca\" tvg-name=\"" + strings.Repeat("x", 300) + "\",5AAB\n"
	in := "#EXTM3U\n" + long + "#EXTINF:-1 tvg-id=\"CH1\",One\nhttp://x\n"
	rw := NewRewriter(strings.NewReader(in), Options{Logo: fakeLogo, MaxLine: 64})
	out, err := io.ReadAll(rw)
	if err != nil {
		t.Fatal(err)
	}
	want := "#EXTM3U\n" + long + "#EXTINF:-1 tvg-id=\"CH1\" tvg-logo=\"http://logos/ch1.png\",One\nhttp://x\n"
	if string(out) != want {
		t.Errorf("rewrite with a line over MaxLine =\n%q, want\n%q", out, want)
	}
	if rw.Rewritten() != 1 {
		t.Errorf("Rewritten() = %d, want 1", rw.Rewritten())
	}
}

func TestRewriterNoFinalNewlineAndError(t *testing.T) {
	in := "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",X"
	out, err := io.ReadAll(NewRewriter(strings.NewReader(in), Options{Logo: fakeLogo}))
	if err != nil || string(out) != "#EXTM3U\n#EXTINF:-1 tvg-logo=\"http://logos/number1.png\" tvg-chno=\"1\",X" {
		t.Errorf("rewrite without final newline = %q, %v", out, err)
	}
	boom := io.MultiReader(strings.NewReader("#EXTM3U\n"), iotest.ErrReader(io.ErrUnexpectedEOF))
	if _, err := io.ReadAll(NewRewriter(boom, Options{Logo: fakeLogo})); err != io.ErrUnexpectedEOF {
		t.Errorf("rewrite of a failing source: err = %v, want %v", err, io.ErrUnexpectedEOF)
	}
}

// TestRewriterDoesNotWaitForSlowSource checks that buffered lines are
// handed on without waiting for the rest of the list.
func TestRewriterDoesNotWaitForSlowSource(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	go pw.Write([]byte("#EXTM3U\n#EXTINF:-1 tvg-id=\"CH1\",One\nhttp://x/1\n#EXTINF:-1,Tw"))
	rw := NewRewriter(pr, Options{Logo: fakeLogo})
	defer rw.Close()
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 4096)
		n, _ := rw.Read(buf)
		got <- string(buf[:n])
	}()
	want := "#EXTM3U\n#EXTINF:-1 tvg-id=\"CH1\" tvg-logo=\"http://logos/ch1.png\",One\nhttp://x/1\n"
	select {
	case s := <-got:
		if s != want {
			t.Errorf("first Read = %q, want %q", s, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read waited for the source to send more")
	}
}

// TestOnlyTheHeaderGetsTheGuide: lists joined together carry an #EXTM3U
// line inside; only the first line (the header) gets the guide link,
// with the request's credentials: inner ones stay byte for byte.
func TestOnlyTheHeaderGetsTheGuide(t *testing.T) {
	const inner = "#EXTM3U url-tvg=\"http://panel/xmltv.php?username=u&password=p\"\n"
	in := "\ufeff#EXTM3U\n#EXTINF:-1,One\nhttp://x/1\n" + inner + "#EXTINF:-1,Two\nhttp://x/2\n#EXTM3U\n"
	out, err := io.ReadAll(NewRewriter(strings.NewReader(in), Options{GuideURL: "http://proxy/xmltv.php?username=U&password=P"}))
	if err != nil {
		t.Fatal(err)
	}
	want := "\ufeff#EXTM3U url-tvg=\"http://proxy/xmltv.php?username=U&password=P\"\n#EXTINF:-1,One\nhttp://x/1\n" + inner + "#EXTINF:-1,Two\nhttp://x/2\n#EXTM3U\n"
	if string(out) != want {
		t.Errorf("rewrite =\n%q\nwant\n%q", out, want)
	}
	in = "\n#EXTM3U x-tvg-url=\"http://panel/xmltv.php\"\n#EXTINF:-1,One\nhttp://x/1\n" + inner + "#EXTM3U\n"
	out, _ = io.ReadAll(NewRewriter(strings.NewReader(in), Options{GuideURL: "http://proxy/g"}))
	want = "\n#EXTM3U x-tvg-url=\"http://proxy/g\"\n#EXTINF:-1,One\nhttp://x/1\n" + inner + "#EXTM3U\n"
	if string(out) != want {
		t.Errorf("rewrite =\n%q\nwant\n%q", out, want)
	}
}

// TestStreamLines: Stream sees every URL line of a channel list, and only
// those.
func TestStreamLines(t *testing.T) {
	in := "#EXTM3U\r\n#EXTINF:-1,One\r\nhttp://panel/live/u/p/1.ts\r\n\r\n#EXTVLCOPT:x=1\r\nhttp://cdn/2.ts"
	var seen []string
	out, _ := io.ReadAll(NewRewriter(strings.NewReader(in), Options{Stream: func(s string) (string, bool) {
		seen = append(seen, s)
		return "http://proxy/" + s[len("http://"):], strings.Contains(s, "panel")
	}}))
	want := "#EXTM3U\r\n#EXTINF:-1,One\r\nhttp://proxy/panel/live/u/p/1.ts\r\n\r\n#EXTVLCOPT:x=1\r\nhttp://cdn/2.ts"
	if string(out) != want || len(seen) != 2 {
		t.Errorf("rewrite =\n%q\nwant\n%q (seen %q)", out, want, seen)
	}
}
