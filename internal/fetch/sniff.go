package fetch

import (
	"bytes"
	"net/http"
)

// Content types reported by Sniff.
const (
	TypePNG  = "image/png"
	TypeJPEG = "image/jpeg"
	TypeGIF  = "image/gif"
	TypeWebP = "image/webp"
	TypeSVG  = "image/svg+xml"
)

// svgPrologLimit bounds how far Sniff looks for the <svg> root element past
// an XML declaration, comments and a doctype.
const svgPrologLimit = 8 << 10

// Sniff returns the image type of data judged from its bytes alone (PNG,
// JPEG, GIF, WebP or SVG), or "" when data is none of them. Headers such as
// Content-Type are never consulted.
func Sniff(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return TypePNG
	case bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff}):
		return TypeJPEG
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		return TypeGIF
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return TypeWebP
	case isSVG(data):
		return TypeSVG
	}
	return ""
}

// describe names content that Sniff rejected, for NotImageError.
func describe(data []byte) string {
	if len(data) == 0 {
		return "an empty body"
	}
	return http.DetectContentType(data)
}

// isSVG reports whether the first element of data, after an optional BOM,
// XML declaration, comments and doctype, is <svg>.
func isSVG(data []byte) bool {
	rest := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(rest) > svgPrologLimit {
		rest = rest[:svgPrologLimit]
	}
	for {
		rest = bytes.TrimLeft(rest, " \t\r\n")
		var end []byte
		switch {
		case bytes.HasPrefix(rest, []byte("<?")):
			end = []byte("?>")
		case bytes.HasPrefix(rest, []byte("<!--")):
			end = []byte("-->")
		case hasPrefixFold(rest, "<!doctype svg"):
			end = []byte(">")
			if i, j := bytes.IndexByte(rest, '['), bytes.IndexByte(rest, '>'); i >= 0 && i < j {
				end = []byte("]>")
			}
		default:
			return bytes.HasPrefix(rest, []byte("<svg")) && len(rest) > 4 && isNameEnd(rest[4])
		}
		i := bytes.Index(rest, end)
		if i < 0 {
			return false
		}
		rest = rest[i+len(end):]
	}
}

func isNameEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '>' || c == '/'
}

func hasPrefixFold(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && bytes.EqualFold(b[:len(prefix)], []byte(prefix))
}
