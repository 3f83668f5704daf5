package render

import (
	"strings"
	"testing"
)

func TestFontsParse(t *testing.T) {
	for _, id := range []fontID{fontBold, fontBlack} {
		f := face(id)
		if f.upem <= 0 || f.ascent <= 0 || f.descent <= 0 {
			t.Errorf("face(%d) metrics upem=%v ascent=%v descent=%v, want positive", id, f.upem, f.ascent, f.descent)
		}
		if w1, w2 := f.width("VS", 10), f.width("VS", 20); w1 <= 0 || w2 < 1.99*w1 || w2 > 2.01*w1 {
			t.Errorf("face(%d).width(VS) at 10 and 20 px = %v, %v, want positive and proportional", id, w1, w2)
		}
	}
}

func TestFitText(t *testing.T) {
	tests := []struct {
		text       string
		maxW, maxH float64
		start      float64
		maxLines   int
		wantLines  int // 0 = don't care
	}{
		{"VS", 200, 100, 60, 1, 1},
		{"Los Angeles Lakers", 200, 200, 60, 3, 3},
		{"Golden State Warriors", 400, 400, 40, 3, 1},
		{"Supercalifragilisticexpialidocious", 100, 100, 40, 3, 1},
		{"The Extraordinarily Long Championship Final Round Name", 600, 300, 100, 2, 2},
		{"A", 10, 10, 300, 1, 1},
	}
	for _, tt := range tests {
		tb := fitText(fontBlack, tt.text, tt.maxW, tt.maxH, tt.start, tt.maxLines, 1.15)
		if tb.width > tt.maxW || tb.height() > tt.maxH || len(tb.lines) > tt.maxLines {
			t.Errorf("fitText(%q) = %d lines, %.1fx%.1f at %.1f px, want within %vx%v and %d lines",
				tt.text, len(tb.lines), tb.width, tb.height(), tb.size, tt.maxW, tt.maxH, tt.maxLines)
		}
		if tt.wantLines > 0 && len(tb.lines) != tt.wantLines {
			t.Errorf("fitText(%q) lines = %q, want %d lines", tt.text, tb.lines, tt.wantLines)
		}
		if got := strings.Join(tb.lines, " "); got != strings.Join(strings.Fields(tt.text), " ") {
			t.Errorf("fitText(%q) lines %q: words were changed or broken", tt.text, tb.lines)
		}
		if tb.size > tt.start {
			t.Errorf("fitText(%q) size %.1f, want <= start %.1f", tt.text, tb.size, tt.start)
		}
	}
	if tb := fitText(fontBold, "   ", 100, 100, 20, 2, 1.15); len(tb.lines) != 0 {
		t.Errorf("fitText(blank) lines = %q, want none", tb.lines)
	}
}

func TestRasterTextInkInsideBlock(t *testing.T) {
	tb := fitText(fontBlack, "Boston Celtics", 300, 300, 90, 3, 1.15)
	tm := rasterText(testRenderer.cache, tb)
	if tm.mask.Rect.Empty() {
		t.Fatal("rasterText: empty mask")
	}
	// Ink stays within the block box, give or take a pixel of anti-aliasing
	// and glyph side bearings.
	r := tm.mask.Rect
	if r.Min.X < -2 || r.Min.Y < -2 || float64(r.Max.X) > tm.w+2 || float64(r.Max.Y) > tm.h+2 {
		t.Errorf("rasterText ink %v outside block %.0fx%.0f", r, tm.w, tm.h)
	}
	var ink int
	for _, v := range tm.mask.Pix {
		if v > 128 {
			ink++
		}
	}
	if ink < 500 {
		t.Errorf("rasterText: %d inked pixels, want glyphs", ink)
	}
}
