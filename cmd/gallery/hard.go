package main

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"
	"path/filepath"
	"strings"

	"gamethumbs/internal/pngenc"
	"gamethumbs/internal/render"
	"gamethumbs/internal/render/hardcase"
)

// hardSheets renders the hard cases (internal/render/hardcase) in every
// style and kind, one contact sheet a case (hard_<case>.png, plus
// hard_teams.png for the team pictures) with each picture's lowest team
// logo legibility score in the index, so a vanished logo shows as a
// number as well as a picture.
func hardSheets(ctx context.Context, r *render.Renderer, dir string, scale float64) ([]entry, error) {
	groups := map[string][]hardcase.Picture{}
	var order []string
	for _, pic := range hardcase.Pictures(scale / 2) {
		g := "teams"
		if !strings.HasPrefix(pic.Name, "team_") {
			g = pic.Name[:strings.Index(pic.Name, "_"+pic.Opts.Kind.String()+"_")]
		}
		if _, ok := groups[g]; !ok {
			order = append(order, g)
		}
		groups[g] = append(groups[g], pic)
	}
	var out []entry
	for _, g := range order {
		pics := groups[g]
		var imgs []image.Image
		worst := 1.0
		for _, pic := range pics {
			img, score, err := renderScored(ctx, r, pic)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", pic.Name, err)
			}
			worst = min(worst, score)
			imgs = append(imgs, img)
		}
		name := "hard_" + g + ".png"
		w, h, n, err := writeSheet(filepath.Join(dir, name), imgs, int(720*scale), 8)
		for _, img := range imgs {
			render.Release(img)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, entry{File: name, Title: fmt.Sprintf("hard case %s: every style and kind (lowest team logo legibility %.2f)", g, worst),
			W: w, H: h, Bytes: n})
	}
	return out, nil
}

// renderScored renders pic and returns it with the lowest legibility of
// the team logos it drew (1 when it drew none).
func renderScored(ctx context.Context, r *render.Renderer, pic hardcase.Picture) (image.Image, float64, error) {
	team := map[image.Image]bool{}
	for _, t := range pic.Scene.Teams {
		team[t.Logo], team[t.LogoDark] = t.Logo != nil, t.LogoDark != nil
	}
	var draws []render.LogoDraw
	tctx := render.WithLogoTrace(ctx, func(d render.LogoDraw) {
		if team[d.Logo] && !d.Grey {
			draws = append(draws, d)
		}
	})
	img, err := r.Render(tctx, pic.Scene, pic.Opts)
	if err != nil {
		return nil, 0, err
	}
	worst := 1.0
	for _, d := range draws {
		worst = min(worst, render.Legibility(img, d))
	}
	return img, worst, nil
}

// writeSheet lays imgs out in a grid of cols columns of cell x cell
// pixels on a mid-grey page (so both light and dark designs and
// transparent logos show) and writes it as a PNG.
func writeSheet(path string, imgs []image.Image, cell, cols int) (w, h, n int, err error) {
	cell = max(cell, 64)
	rows := (len(imgs) + cols - 1) / cols
	pad := 8
	sheet := image.NewRGBA(image.Rect(0, 0, cols*(cell+pad)+pad, rows*(cell+pad)+pad))
	draw.Draw(sheet, sheet.Rect, image.NewUniform(color.RGBA{0x7a, 0x7d, 0x85, 255}), image.Point{}, draw.Src)
	for i, img := range imgs {
		b := img.Bounds()
		// Pictures larger than a cell are shown at half size steps.
		src := img
		for b.Dx() > cell || b.Dy() > cell {
			src = halve(src)
			b = src.Bounds()
		}
		x := pad + (i%cols)*(cell+pad) + (cell-b.Dx())/2
		y := pad + (i/cols)*(cell+pad) + (cell-b.Dy())/2
		draw.Draw(sheet, image.Rect(x, y, x+b.Dx(), y+b.Dy()), src, b.Min, draw.Over)
	}
	f, err := os.Create(path)
	if err != nil {
		return 0, 0, 0, err
	}
	cw := &countWriter{w: f}
	err = pngenc.Encode(cw, sheet)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return sheet.Rect.Dx(), sheet.Rect.Dy(), cw.n, err
}

// halve averages 2x2 blocks (premultiplied), for sheet thumbnails.
func halve(img image.Image) *image.RGBA {
	b := img.Bounds()
	src := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(src, src.Rect, img, b.Min, draw.Src)
	dst := image.NewRGBA(image.Rect(0, 0, max(1, b.Dx()/2), max(1, b.Dy()/2)))
	for y := range dst.Rect.Dy() {
		for x := range dst.Rect.Dx() {
			for c := range 4 {
				s := 0
				for _, o := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
					s += int(src.Pix[src.PixOffset(min(2*x+o[0], b.Dx()-1), min(2*y+o[1], b.Dy()-1))+c])
				}
				dst.Pix[dst.PixOffset(x, y)+c] = uint8((s + 2) / 4)
			}
		}
	}
	return dst
}
