package m3u

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRewriter checks that the rewrite never panics, keeps the line count
// and endings, and changes only #EXTINF and #EXTM3U lines; a rewritten
// #EXTINF line keeps its channel (id, number, name) and has exactly one
// tvg-logo with the new value.
func FuzzRewriter(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.m3u")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("#EXTINF:-1 tvg-logo=\"\" tvg-logo='x' TVG-LOGO=y,\"\r\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		const logo = "http://L/\"q\".png"
		rw := NewRewriter(bytes.NewReader(in), Options{
			Logo:     func(Channel) (string, bool) { return logo, true },
			GuideURL: "http://g/",
			MaxLine:  256,
		})
		out, err := io.ReadAll(rw)
		if err != nil {
			t.Fatalf("rewrite error: %v", err)
		}
		inLines := bytes.SplitAfter(in, []byte("\n"))
		outLines := bytes.SplitAfter(out, []byte("\n"))
		if len(inLines) != len(outLines) {
			t.Fatalf("line count %d, want %d", len(outLines), len(inLines))
		}
		for i := range inLines {
			if bytes.Equal(inLines[i], outLines[i]) {
				continue
			}
			if len(inLines[i]) > 256 {
				t.Fatalf("over-long line %d changed", i)
			}
			trimmed := bytes.TrimLeft(inLines[i], " \t")
			if !hasPrefixFold(trimmed, "#EXTINF:") && !hasPrefixFold(trimmed, "#EXTM3U") {
				t.Fatalf("line %d changed: %q -> %q", i, inLines[i], outLines[i])
			}
			c, _ := splitEOL(inLines[i])
			oc, _ := splitEOL(outLines[i])
			before, ok1 := ParseExtinf(c)
			after, ok2 := ParseExtinf(oc)
			if !ok1 {
				continue // a header
			}
			if !ok2 || !bytes.Equal(before.Name, after.Name) || !sameAttr(&before, &after, "tvg-id") || !sameAttr(&before, &after, "tvg-chno") {
				t.Fatalf("channel changed: %q -> %q", c, oc)
			}
			logos := 0
			for _, a := range after.Attrs {
				if equalFoldASCII(a.Key, "tvg-logo") {
					logos++
					if string(a.Value) != "http://L/%22q%22.png" {
						t.Fatalf("tvg-logo = %q in %q", a.Value, oc)
					}
				}
			}
			if logos != 1 {
				t.Fatalf("%d tvg-logo attributes in %q", logos, oc)
			}
		}
	})
}

func sameAttr(a, b *Extinf, key string) bool {
	x, ok1 := a.Attr(key)
	y, ok2 := b.Attr(key)
	return bytes.Equal(x, y) && ok1 == ok2
}
