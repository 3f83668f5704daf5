package fetch

import (
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"
)

const svgNS = `xmlns="http://www.w3.org/2000/svg"`

func TestDecodeSVG(t *testing.T) {
	red := color.RGBA{255, 0, 0, 255}
	clear := color.RGBA{}
	tests := []struct {
		name  string
		svg   string
		w, h  int
		probe []struct {
			x, y int
			want color.RGBA
		}
	}{
		{
			name: "wide viewBox, left half red",
			svg:  `<svg ` + svgNS + ` viewBox="0 0 200 100"><rect x="0" y="0" width="100" height="100" fill="#ff0000"/></svg>`,
			w:    1024, h: 512,
			probe: []struct {
				x, y int
				want color.RGBA
			}{{256, 256, red}, {768, 256, clear}},
		},
		{
			name: "tall from width/height, xml prolog and doctype",
			svg: `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<!-- a comment -->
<svg ` + svgNS + ` width="50px" height="100px"><circle cx="25" cy="75" r="20" fill="red"/></svg>`,
			w: 512, h: 1024,
			probe: []struct {
				x, y int
				want color.RGBA
			}{{256, 768, red}, {256, 200, clear}},
		},
		{
			name: "viewBox offset",
			svg:  `<svg ` + svgNS + ` viewBox="100 100 10 10"><rect x="100" y="100" width="5" height="10" fill="#f00"/></svg>`,
			w:    1024, h: 1024,
			probe: []struct {
				x, y int
				want color.RGBA
			}{{200, 500, red}, {800, 500, clear}},
		},
	}
	for _, tt := range tests {
		img, err := Decode([]byte(tt.svg), 0)
		if err != nil {
			t.Errorf("Decode(%s) error: %v", tt.name, err)
			continue
		}
		if _, ok := img.(*image.RGBA); !ok {
			t.Errorf("Decode(%s) = %T, want *image.RGBA", tt.name, img)
		}
		if got, want := img.Bounds(), image.Rect(0, 0, tt.w, tt.h); got != want {
			t.Errorf("Decode(%s).Bounds() = %v, want %v", tt.name, got, want)
		}
		for _, p := range tt.probe {
			if got := pixel(img, p.x, p.y); got != p.want {
				t.Errorf("Decode(%s) at (%d,%d) = %v, want %v", tt.name, p.x, p.y, got, p.want)
			}
		}
	}
}

func TestDecodeSVGHonoursPixelBudget(t *testing.T) {
	svg := `<svg ` + svgNS + ` viewBox="0 0 10 10"><rect width="10" height="10"/></svg>`
	img, err := Decode([]byte(svg), 256*256)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx()*b.Dy() > 256*256 || b.Dx() < 250 {
		t.Errorf("Decode(svg, 65536 px) bounds = %v, want about 256x256", b)
	}
}

func TestDecodeSVGRefuses(t *testing.T) {
	deep := `<svg ` + svgNS + ` viewBox="0 0 1 1">` + strings.Repeat("<g>", 100) + strings.Repeat("</g>", 100) + `</svg>`
	many := `<svg ` + svgNS + ` viewBox="0 0 1 1">` + strings.Repeat(`<rect width="1" height="1"/>`, maxSVGElements+1) + `</svg>`
	huge := `<svg ` + svgNS + ` viewBox="0 0 1 1"><!--` + strings.Repeat("x", maxSVGBytes) + `--></svg>`
	tests := []struct {
		name, svg string
		want      any
	}{
		{"entity declaration", `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg ` + svgNS + ` viewBox="0 0 1 1"><text>&a;</text></svg>`, new(*DecodeError)},
		{"external entity", `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ` + svgNS + `>&x;</svg>`, new(*DecodeError)},
		{"undeclared entity", `<svg ` + svgNS + ` viewBox="0 0 1 1"><text>&x;</text></svg>`, new(*DecodeError)},
		{"external image", `<svg ` + svgNS + ` xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1 1"><image xlink:href="http://169.254.169.254/x.png"/></svg>`, new(*DecodeError)},
		{"external use", `<svg ` + svgNS + ` viewBox="0 0 1 1"><use href="other.svg#a"/></svg>`, new(*DecodeError)},
		{"no size", `<svg ` + svgNS + `><rect width="1" height="1"/></svg>`, new(*DecodeError)},
		{"negative viewBox", `<svg ` + svgNS + ` viewBox="0 0 -5 10"/>`, new(*DecodeError)},
		{"unclosed", `<svg ` + svgNS + ` viewBox="0 0 1 1"><g>`, new(*DecodeError)},
		{"too deep", deep, new(*TooLargeError)},
		{"too many elements", many, new(*TooLargeError)},
		{"too many bytes", huge, new(*TooLargeError)},
	}
	for _, tt := range tests {
		img, err := Decode([]byte(tt.svg), 0)
		if img != nil || !errors.As(err, tt.want) {
			t.Errorf("Decode(%s) = %v, %v; want nil, %T", tt.name, img, err, tt.want)
		}
	}
}

func TestDecodeSVGInternalReferenceAllowed(t *testing.T) {
	svg := `<svg ` + svgNS + ` xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
<defs><rect id="r" width="10" height="10" fill="#00f"/></defs><use xlink:href="#r"/></svg>`
	img, err := Decode([]byte(svg), 0)
	if err != nil {
		t.Fatalf("Decode(svg with <use href=#r>) error: %v", err)
	}
	if got := pixel(img, 512, 512); got != (color.RGBA{0, 0, 255, 255}) {
		t.Errorf("Decode(svg with <use>) centre = %v, want blue", got)
	}
}
