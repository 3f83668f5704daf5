package svgx

import (
	"strings"
	"testing"
)

func TestRewriteShapes(t *testing.T) {
	src := `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">
<defs><circle id="c" r="5"/></defs>
<rect x="10" y="10" width="80" height="40" rx="8" fill="red"/>
<use xlink:href="#c" x="20" y="30" transform="scale(2)" fill="blue"/>
<text x="50" y="90" font-size="20" text-anchor="middle">Ab</text></svg>`
	layers, err := Rewrite([]byte(src))
	if err != nil || len(layers) != 1 || len(layers[0].Clips) != 0 {
		t.Fatalf("Rewrite = %d layers, %v", len(layers), err)
	}
	doc := string(layers[0].Doc)
	for _, want := range []string{`<path fill="red" d="M18 10H82A8 8 0 0 1 90 18`, `transform="scale(2 2) translate(20 30)"`,
		`<circle r="5"/>`, `<g><path d="M`} {
		if !strings.Contains(doc, want) {
			t.Errorf("rewritten document lacks %q:\n%s", want, doc)
		}
	}
	if strings.Contains(doc, "<use") || strings.Contains(doc, "<text") || strings.Contains(doc, "<rect") {
		t.Errorf("use, text or rounded rect left:\n%s", doc)
	}
}

func TestClipPathLayers(t *testing.T) {
	src := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><clipPath id="k"><circle cx="5" cy="5" r="4"/></clipPath></defs>
<rect width="10" height="10" fill="#fff"/><g transform="translate(1 1)" clip-path="url(#k)"><rect width="9" height="9" fill="#f00"/></g><circle r="1"/></svg>`
	layers, err := Rewrite([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(layers) != 3 || len(layers[0].Clips) != 0 || len(layers[1].Clips) != 1 || len(layers[2].Clips) != 0 {
		t.Fatalf("layers = %d (clips %v)", len(layers), layers)
	}
	clip := string(layers[1].Clips[0])
	if !strings.Contains(clip, `<g transform="translate(1 1)"><circle cx="5" cy="5" r="4" fill="#000"/></g>`) {
		t.Errorf("clip document = %s", clip)
	}
	if strings.Contains(string(layers[1].Doc), "#fff") || !strings.Contains(string(layers[1].Doc), "#f00") {
		t.Errorf("clipped layer = %s", layers[1].Doc)
	}
}

// TestUseBombIsBounded: references that multiply (each level uses the
// previous one ten times) stop at the node bound instead of exploding.
func TestUseBombIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><circle id="l0" r="1"/>`)
	for i := 1; i <= 9; i++ {
		b.WriteString(`<g id="l` + string(rune('0'+i)) + `">`)
		for range 10 {
			b.WriteString(`<use href="#l` + string(rune('0'+i-1)) + `"/>`)
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</defs><use href="#l9"/><use href="#self" id="self"/></svg>`)
	layers, err := Rewrite([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(layers[0].Doc), "<"); n > 3*maxNodes {
		t.Errorf("rewritten document has %d elements", n)
	}
}
