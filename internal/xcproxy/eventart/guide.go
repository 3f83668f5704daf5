package eventart

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"html"
	"io"
	"strings"
)

// MaxProgramme is the largest <programme> element held in memory to be
// rewritten; a larger one is copied through unchanged.
const MaxProgramme = 256 << 10

// IconFor gives the icon URL of a programme title, or ok=false.
type IconFor func(title string) (url string, ok bool)

// GuideStats counts what a rewrite did.
type GuideStats struct {
	Programmes int // <programme> elements seen
	Added      int // icons added
}

// RewriteGuide copies the XMLTV document src to dst, adding
// <icon src="..."/> to every programme that has no icon and whose first
// <title> iconFor knows. Every other byte is copied as it is. Memory is
// bounded: two 64 KiB buffers and one programme of at most MaxProgramme
// bytes. A gzip-compressed document is read decompressed (and written
// plain).
func RewriteGuide(ctx context.Context, dst io.Writer, src io.Reader, iconFor IconFor) (GuideStats, error) {
	br := bufio.NewReaderSize(src, 64<<10)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return GuideStats{}, err
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 64<<10)
	}
	bw := bufio.NewWriterSize(dst, 64<<10)
	g := guideRewriter{br: br, bw: bw, iconFor: iconFor}
	err := g.run(ctx)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return g.stats, err
}

type guideRewriter struct {
	br      *bufio.Reader
	bw      *bufio.Writer
	iconFor IconFor
	prog    []byte
	stats   GuideStats
}

var (
	openProgramme  = []byte("programme")
	closeProgramme = []byte("</programme>")
)

func (g *guideRewriter) run(ctx context.Context) error {
	for n := 0; ; n++ {
		if n%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		chunk, err := g.br.ReadSlice('<')
		switch {
		case err == nil:
			if _, werr := g.bw.Write(chunk[:len(chunk)-1]); werr != nil {
				return werr
			}
			if err := g.tag(); err != nil {
				return err
			}
		case errors.Is(err, bufio.ErrBufferFull):
			if _, werr := g.bw.Write(chunk); werr != nil {
				return werr
			}
		case err == io.EOF:
			_, werr := g.bw.Write(chunk)
			return werr
		default:
			g.bw.Write(chunk)
			return err
		}
	}
}

// tag handles the markup after a '<' that has been read but not written.
func (g *guideRewriter) tag() error {
	next, _ := g.br.Peek(len(openProgramme) + 1)
	if len(next) < len(openProgramme)+1 || !bytes.Equal(next[:len(openProgramme)], openProgramme) || !isTagEnd(next[len(openProgramme)]) {
		return g.bw.WriteByte('<')
	}
	g.stats.Programmes++
	g.prog = append(g.prog[:0], '<')
	for {
		chunk, err := g.br.ReadSlice('>')
		g.prog = append(g.prog, chunk...)
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			g.bw.Write(g.prog) // the document ends inside a programme: pass it on as it is
			if err == io.EOF {
				return nil
			}
			return err
		}
		if err == nil && bytes.HasSuffix(g.prog, closeProgramme) {
			break
		}
		if err == nil && len(g.prog) == len(chunk)+1 && bytes.HasSuffix(g.prog, []byte("/>")) {
			_, werr := g.bw.Write(g.prog) // <programme .../>: empty
			return werr
		}
		if len(g.prog) > MaxProgramme {
			if _, err := g.bw.Write(g.prog); err != nil {
				return err
			}
			return g.skipProgramme()
		}
	}
	_, err := g.bw.Write(g.rewrite(g.prog))
	return err
}

// skipProgramme copies the rest of an over-long programme unchanged.
func (g *guideRewriter) skipProgramme() error {
	var tail []byte
	for {
		chunk, err := g.br.ReadSlice('>')
		if _, werr := g.bw.Write(chunk); werr != nil {
			return werr
		}
		tail = append(tail, chunk...)
		if len(tail) > len(closeProgramme) {
			tail = tail[len(tail)-len(closeProgramme):]
		}
		switch {
		case err == nil && bytes.Equal(tail, closeProgramme):
			return nil
		case err == io.EOF:
			return nil
		case err != nil && !errors.Is(err, bufio.ErrBufferFull):
			return err
		}
	}
}

// rewrite adds the icon to one whole programme element, or returns it as
// it is.
func (g *guideRewriter) rewrite(p []byte) []byte {
	if hasElement(p, "icon") {
		return p
	}
	title, ok := firstText(p, "title")
	if !ok || title == "" {
		return p
	}
	src, ok := g.iconFor(title)
	if !ok {
		return p
	}
	closeAt := len(p) - len(closeProgramme)
	icon := `<icon src="` + escapeAttr(src) + `"/>`
	// Indent like the title's line when the closing tag has its own line.
	lineStart := bytes.LastIndexByte(p[:closeAt], '\n') + 1
	var out []byte
	if lineStart > 0 && isBlank(p[lineStart:closeAt]) {
		indent := string(p[lineStart:closeAt]) + "  "
		if t := bytes.Index(p, []byte("<title")); t > 0 {
			if ls := bytes.LastIndexByte(p[:t], '\n') + 1; ls > 0 && isBlank(p[ls:t]) {
				indent = string(p[ls:t])
			}
		}
		out = make([]byte, 0, len(p)+len(icon)+len(indent)+1)
		out = append(out, p[:lineStart]...)
		out = append(out, indent...)
		out = append(out, icon...)
		out = append(out, '\n')
		out = append(out, p[lineStart:]...)
	} else {
		out = make([]byte, 0, len(p)+len(icon))
		out = append(out, p[:closeAt]...)
		out = append(out, icon...)
		out = append(out, p[closeAt:]...)
	}
	g.stats.Added++
	return out
}

func isTagEnd(c byte) bool {
	return c == ' ' || c == '>' || c == '\t' || c == '\n' || c == '\r' || c == '/'
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// hasElement reports a child <name ...> in an element's bytes.
func hasElement(p []byte, name string) bool {
	tag := "<" + name
	for i := 0; ; {
		j := bytes.Index(p[i:], []byte(tag))
		if j < 0 {
			return false
		}
		k := i + j + len(tag)
		if k < len(p) && isTagEnd(p[k]) {
			return true
		}
		i = k
	}
}

// firstText is the decoded text of the first <name> child.
func firstText(p []byte, name string) (string, bool) {
	tag := "<" + name
	for i := 0; ; {
		j := bytes.Index(p[i:], []byte(tag))
		if j < 0 {
			return "", false
		}
		k := i + j + len(tag)
		if k >= len(p) || !isTagEnd(p[k]) {
			i = k
			continue
		}
		gt := bytes.IndexByte(p[k:], '>')
		if gt < 0 || p[k+gt-1] == '/' {
			return "", false
		}
		start := k + gt + 1
		end := bytes.Index(p[start:], []byte("</"+name))
		if end < 0 {
			return "", false
		}
		raw := string(p[start : start+end])
		if c, ok := strings.CutPrefix(strings.TrimSpace(raw), "<![CDATA["); ok {
			return strings.TrimSpace(strings.TrimSuffix(c, "]]>")), true
		}
		return strings.TrimSpace(html.UnescapeString(raw)), true
	}
}

var attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func escapeAttr(s string) string { return attrEscaper.Replace(s) }
