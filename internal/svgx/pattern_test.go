package svgx

import (
	"strings"
	"testing"
)

// TestMaskLayer: an element with a luminance mask is a layer of its own
// whose mask document draws the mask's content in its colours, with the
// gradients it uses.
func TestMaskLayer(t *testing.T) {
	src := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>
<linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient>
<mask id="m"><rect width="10" height="10" fill="url(#g)"/></mask></defs>
<rect width="10" height="10" fill="#00f"/><g transform="translate(1 0)" mask="url(#m)"><circle cx="5" cy="5" r="4" fill="#f00"/></g></svg>`
	layers, err := Rewrite([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(layers) != 2 || len(layers[1].Masks) != 1 || len(layers[1].Clips) != 0 {
		t.Fatalf("layers = %+v", layers)
	}
	m := string(layers[1].Masks[0])
	for _, want := range []string{`<linearGradient id="g">`, `<g transform="translate(1 0)"><rect width="10" height="10" fill="url(#g)"/></g>`} {
		if !strings.Contains(m, want) {
			t.Errorf("mask document lacks %s: %s", want, m)
		}
	}
	if strings.Contains(string(layers[1].Doc), "mask=") {
		t.Errorf("masked layer keeps its mask attribute: %s", layers[1].Doc)
	}
}

// TestPatternTiles: a shape filled with a user-space pattern becomes the
// tile repeated over its bounds, clipped by the shape, with its stroke
// drawn over; a pattern too fine to tile is its average colour.
func TestPatternTiles(t *testing.T) {
	src := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs>
<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="#fff"/><rect width="5" height="10" fill="#000"/></pattern>
<pattern id="fine" width="0.1" height="0.1" patternUnits="userSpaceOnUse"><rect width="0.1" height="0.1" fill="#fff"/><rect width="0.05" height="0.1" fill="#000"/></pattern>
<pattern id="box" width="0.5" height="0.5"><rect width="1" height="1" fill="#0f0"/></pattern></defs>
<circle cx="50" cy="50" r="20" fill="url(#p)" stroke="#00f"/>
<rect x="0" y="90" width="100" height="10" fill="url(#fine)"/>
<rect x="0" y="0" width="10" height="10" style="fill:url(#box)"/></svg>`
	layers, err := Rewrite([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(layers) != 2 || len(layers[0].Clips) != 1 || len(layers[1].Clips) != 0 {
		t.Fatalf("want the patterned circle as a clipped layer under the rest, got %+v", layers)
	}
	tiles := string(layers[0].Doc)
	if n := strings.Count(tiles, `<g transform="translate(`); n != 16 {
		t.Errorf("%d tiles over a 40x40 circle of 10x10 tiles, want 16: %s", n, tiles)
	}
	if !strings.Contains(string(layers[0].Clips[0]), `<circle cx="50" cy="50" r="20" fill="#000"/>`) {
		t.Errorf("clip = %s", layers[0].Clips[0])
	}
	rest := string(layers[1].Doc)
	for _, want := range []string{`fill="none" stroke="#00f"`, `fill="#808080"`, `fill="#0f0"`} {
		if !strings.Contains(rest, want) {
			t.Errorf("unclipped layer lacks %s: %s", want, rest)
		}
	}
	if strings.Contains(rest, "url(#") {
		t.Errorf("a pattern reference is left: %s", rest)
	}
}
