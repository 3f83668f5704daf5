package render

import (
	"strings"
	"testing"

	"gamethumbs/internal/raster"
)

func TestFitNameReadableAndNeverClipped(t *testing.T) {
	// 95 % of the style-1 logo box at size 256 (0.8 bs, bs = 81).
	small := 0.95 * 0.8 * 81
	tests := []struct {
		names    []string
		w, h     float64
		want     string // first line of the chosen name
		readable bool   // at least minNamePx and readableName of the box
	}{
		{[]string{"Los Angeles Lakers", "Lakers", "LAL"}, small, small, "Los", true},
		{[]string{"Wolverhampton Wanderers Football Club", "Wolves", "WOL"}, small, small, "Wolves", true},
		{[]string{"Borussia Mönchengladbach", "Gladbach", "BMG"}, small, small, "Gladbach", true}, // one long word: too small
		{[]string{"Golden State Warriors"}, 0.86 * 0.9 * 0.44 * 256, 0.86 * 0.9 * 0.44 * 256, "Golden", true},
		{[]string{"Boston Celtics"}, 0.95 * 2.8 * 81, 0.95 * 0.8 * 81, "Boston Celtics", true},
		{[]string{"Supercalifragilisticexpialidocious"}, 40, 40, "Supercalifragilisticexpialidocious", false},
		{[]string{"Los Angeles Lakers"}, 520, 520, "Los", true},
	}
	for _, tt := range tests {
		tb := fitName(tt.names, tt.w, tt.h)
		if len(tb.lines) == 0 || tb.lines[0] != tt.want {
			t.Errorf("fitName(%q, %.0f, %.0f) lines = %q, want first line %q", tt.names, tt.w, tt.h, tb.lines, tt.want)
			continue
		}
		if tb.width > tt.w || tb.height() > tt.h {
			t.Errorf("fitName(%q) = %.1fx%.1f px, want within the %.0fx%.0f box (never clipped)", tt.names[0], tb.width, tb.height(), tt.w, tt.h)
		}
		if least := max(minNamePx, readableName*min(tt.w, tt.h)); tt.readable && tb.size < least {
			t.Errorf("fitName(%q) size %.1f px, want at least %.1f px (readable)", tt.names[0], tb.size, least)
		}
		if got := strings.Join(tb.lines, " "); !strings.Contains(strings.Join(tt.names, "|"), got) {
			t.Errorf("fitName(%q) = %q, want one of the names unbroken", tt.names, got)
		}
	}
	if tb := fitName(nil, 100, 100); len(tb.lines) != 0 {
		t.Errorf("fitName(nil) = %q, want no text", tb.lines)
	}
}

func TestLogoNameCardStaysInItsBox(t *testing.T) {
	const size = 256
	o := logoOpts(1, size, false)
	o.NameMode = true
	img := render(t, matchupScene(teamPurple, teamGreen), o)
	defer raster.Release(img)
	c := (&painter{W: size, H: size}).compactCard()
	box := teamBox(1, size, 0).Inset(-2)
	text := 0
	for y := int(c.y0); y < int(c.y1); y++ {
		for x := int(c.x0); x < int(c.at(0.38)); x++ {
			p := nrgbaPx(img, x, y)
			if p.R < 200 || p.G < 200 || p.B < 200 {
				continue // card colour, not the white name
			}
			text++
			if x < box.Min.X || x >= box.Max.X || y < box.Min.Y || y >= box.Max.Y {
				t.Fatalf("name text pixel %d,%d outside the logo box %v", x, y, box)
			}
		}
	}
	if text < 150 {
		t.Errorf("name card: %d white text pixels in team A's box, want the name drawn", text)
	}
}
