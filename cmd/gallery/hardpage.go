package main

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	"gamethumbs/internal/render"
)

// hardPage writes the hard-case page of the docs into dir: one small
// contact sheet per hard case (hard_<case>.png, every thumbnail and
// cover style, then the matchup logo styles; hard_teams.png for the team
// pictures) and hard-cases.md, which shows them with what each case
// tests and its lowest team-logo legibility.
//
//	go run ./cmd/gallery -hardpage docs/gallery
func hardPage(ctx context.Context, r *render.Renderer, dir string) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	entries, err := hardSheets(ctx, r, dir, hardPageScale)
	if err != nil {
		return 0, err
	}
	// The sheets stay in the repository: recompressed harder than the
	// service's fast encoder does.
	for _, e := range entries {
		if err := recompress(filepath.Join(dir, e.File)); err != nil {
			return 0, err
		}
	}
	var b strings.Builder
	b.WriteString(hardPageHead)
	for _, e := range entries {
		g := strings.TrimSuffix(strings.TrimPrefix(e.File, "hard_"), ".png")
		fmt.Fprintf(&b, "### %s\n\n%s\n\n%s\n\n![%s](%s)\n\n", g, hardCaseNotes[g], e.Title, g, e.File)
	}
	if err := os.WriteFile(filepath.Join(dir, "hard-cases.md"), []byte(b.String()), 0o644); err != nil {
		return 0, err
	}
	return len(entries), nil
}

// hardPageScale is the canvas scale of the docs page's sheets: cells of
// 144 px, large enough to judge a picture and small enough that the
// sheets stay light in the repository.
const hardPageScale = 0.2

// recompress rewrites the PNG file at path with the standard library's
// best compression.
func recompress(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

const hardPageHead = `# Hard cases

[Back to the gallery](README.md)

Pictures rendered by gamethumbs itself from the synthetic hard cases of
` + "`internal/render/hardcase`" + ` (generated logos; nothing here comes
from a real team), regenerated with

    go run ./cmd/gallery -hardpage docs/gallery

Each sheet shows one case in thumbnail styles 1, 2, 3, 4, 5, 6, 98 and
99, each followed by its cover, then the matchup logo styles 1 to 6. The
line above a sheet gives the lowest legibility score of a team logo in
it (render.Legibility on the finished pictures; 0.50 and more reads).

What to look for (the colour identity rule, internal/render/contrast.go):
every side, badge, panel and grid line is its team's own colour; a logo
that would vanish on it is saved by its dark-background variant, then by
a white or near-black halo, then by a shade of the same hue, and only a
white badge on the white page of logo styles 5 and 6 takes the team's
alternate colour. Two teams of one colour stay apart by shade and
divider, never by turning one grey. A loser (winner=) is grey; the winner
keeps its colour.

`

// hardCaseNotes says what each hard case tests.
var hardCaseNotes = map[string]string{
	"white_black":     "A white logo on a white team next to a black logo on a black team: both keep their colour (white, black); the logos get a dark and a white halo. On the dark style 4 the black badge takes a dark grey shade of itself to stand off the page; on the white logo styles 5 and 6 the white badge takes the team's alternate.",
	"yellow_purple":   "A yellow logo on a yellow team: the side stays yellow and the star gets a dark halo; the purple team's logo switches to its gold dark-background variant. Style 98/99 panels deepen to amber at their edges, not to olive.",
	"green_white":     "A logo whose body is the team's green: the side stays green and the logo is outlined.",
	"same_reds":       "Two teams in the same red with red logos: both stay red, one a lighter and one a darker shade, apart by shade and the divider.",
	"tiny_wide":       "A 24-px logo (shown as the team's name where it would be blown up) and an 8:1 wordmark.",
	"tall_yellow":     "A 1:4 mark on orange next to the yellow team.",
	"daylight_violet": "A yellow logo on a white team (a white card, a white half) and a dark purple logo on a purple team (and on the near-black grid of styles 5 and 6): both teams keep their colour, both logos get a halo (dark round the yellow, white round the purple).",
	"long_names":      "Name mode with a 45-letter club name next to \"Ajax\": each side fits its own name; Ajax keeps its full name.",
	"doubles":         "Athlete pairs (two busts each) standing on their side.",
	"teams":           "Team pictures (thumbnail and compact logo) of every hard-case team: the colour deepened in OKLCH (gold turns amber, not olive).",
}
