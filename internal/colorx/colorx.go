// Package colorx holds colour arithmetic for gamethumbs: hex parsing and
// formatting, luminance and contrast, distance, blending, OKLab and OKLCH
// (perceptual differences and shades that keep a colour's hue), greyscale
// and dominant-colour extraction from logos. It is pure and
// allocation-light.
package colorx

import (
	"fmt"
	"strings"
)

// RGB is an opaque sRGB colour.
type RGB struct{ R, G, B uint8 }

// ParseHex parses "#RRGGBB", "RRGGBB", "#RGB" or "RGB" (any case).
func ParseHex(s string) (RGB, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return RGB{}, false
	}
	var v [3]uint8
	for i := range 3 {
		hi, ok1 := hexDigit(s[2*i])
		lo, ok2 := hexDigit(s[2*i+1])
		if !ok1 || !ok2 {
			return RGB{}, false
		}
		v[i] = hi<<4 | lo
	}
	return RGB{v[0], v[1], v[2]}, true
}

func hexDigit(c byte) (uint8, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// Hex formats c as "#rrggbb".
func (c RGB) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
