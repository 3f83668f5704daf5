package fetch

import (
	"strings"
	"testing"
)

func TestSniff(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"png", "\x89PNG\r\n\x1a\n....", TypePNG},
		{"jpeg", "\xff\xd8\xff\xe0\x00\x10JFIF", TypeJPEG},
		{"gif87", "GIF87a....", TypeGIF},
		{"gif89", "GIF89a....", TypeGIF},
		{"webp", "RIFF\x10\x00\x00\x00WEBPVP8L", TypeWebP},
		{"riff wave", "RIFF\x10\x00\x00\x00WAVEfmt ", ""},
		{"svg", `<svg xmlns="http://www.w3.org/2000/svg"/>`, TypeSVG},
		{"svg with bom and blanks", "\xef\xbb\xbf \n\t<svg>", TypeSVG},
		{"svg after prolog", `<?xml version="1.0"?>` + "\n<!-- Generator: x -->\n" + `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">` + "\n<svg>", TypeSVG},
		{"svg doctype with subset", `<!DOCTYPE svg [ <!ENTITY a "b"> ]><svg>`, TypeSVG},
		{"svgz name prefix only", "<svgfoo>", ""},
		{"html", "<!DOCTYPE html><html><svg></svg></html>", ""},
		{"xhtml", `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>`, ""},
		{"unterminated comment", "<!-- " + strings.Repeat("x", 100), ""},
		{"svg past the prolog limit", "<!--" + strings.Repeat("x", svgPrologLimit) + "--><svg>", ""},
		{"json", `{"a":1}`, ""},
		{"empty", "", ""},
		{"truncated png", "\x89PNG", ""},
	}
	for _, tt := range tests {
		if got := Sniff([]byte(tt.data)); got != tt.want {
			t.Errorf("Sniff(%s) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
