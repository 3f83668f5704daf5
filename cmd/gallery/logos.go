package main

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"
	"path/filepath"

	"gamethumbs/internal/pngenc"
	"gamethumbs/internal/render"
)

// logoJobs lists the logo pictures: every matchup style with the league
// logo, the special cases, and the compact league and team logos. They are
// rendered at 1024 (times -scale) and trimmed, like the service's default.
func logoJobs() []job {
	var js []job
	logo := func(st int, f func(*render.Options)) render.Options {
		o := render.Options{Kind: render.KindLogo, Width: 1024, Height: 1024, Style: st, Trim: true}
		if f != nil {
			f(&o)
		}
		return o
	}
	pair := func(a, b render.Team) render.Scene { return render.Scene{League: league, Teams: []render.Team{a, b}} }
	withLeague := func(o *render.Options) { o.LeagueLogo = true }
	for st := 1; st <= 6; st++ {
		js = append(js,
			job{fmt.Sprintf("logo_style%d", st), pair(lakers, celtics), logo(st, withLeague)},
			job{fmt.Sprintf("logo_style%d_nologo", st), pair(nets, raptors), logo(st, func(o *render.Options) { o.LeagueLogo = st >= 5 })})
	}
	lost := pair(lakers, celtics)
	lost.Teams[1].Loser = true
	missing := pair(lakers, celtics)
	missing.Teams[0].Missing = true
	skip := pair(lakers, celtics)
	skip.League.SkipLogos = true
	for _, st := range []int{1, 2, 3, 5} {
		js = append(js,
			job{fmt.Sprintf("logo_style%d_loser", st), lost, logo(st, withLeague)},
			job{fmt.Sprintf("logo_style%d_missing", st), missing, logo(st, nil)},
			job{fmt.Sprintf("logo_style%d_name", st), pair(lakers, warriors), logo(st, func(o *render.Options) { o.NameMode, o.LeagueLogo = true, st >= 5 })},
			job{fmt.Sprintf("logo_style%d_badge", st), pair(bulls, rockets), logo(st, func(o *render.Options) { o.Badge, o.LeagueLogo = "4K", true })})
	}
	js = append(js,
		job{"logo_style1_untrimmed", pair(lakers, celtics), logo(1, func(o *render.Options) { o.Trim, o.LeagueLogo = false, true })},
		job{"logo_style5_untrimmed", pair(lakers, celtics), logo(5, func(o *render.Options) { o.Trim = false })},
		job{"logo_skiplogos", skip, logo(1, nil)},
		job{"logo_skiplogos_name", skip, logo(3, func(o *render.Options) { o.NameMode = true })},
		job{"logo_league_compact", render.Scene{League: league}, logo(1, nil)},
		job{"logo_league_compact_badge", render.Scene{League: league}, logo(1, func(o *render.Options) { o.Badge = "HD" })},
		job{"logo_team_lakers_compact", render.Scene{League: league, Teams: []render.Team{lakers}}, logo(1, nil)},
		job{"logo_team_nets_compact", render.Scene{League: league, Teams: []render.Team{nets}}, logo(1, nil)},
		job{"logo_team_bulls_compact", render.Scene{League: league, Teams: []render.Team{bulls}}, logo(1, nil)},
		job{"logo_team_warriors_name", render.Scene{League: league, Teams: []render.Team{warriors}}, logo(1, func(o *render.Options) { o.NameMode = true })},
	)
	return js
}

// Page colours of the logo contact sheets.
var sheetBackgrounds = []struct {
	name string
	c    color.RGBA
}{{"dark", color.RGBA{0x1a, 0x1d, 0x23, 255}}, {"light", color.RGBA{0xf4, 0xf4, 0xf4, 255}}}

// logoSheets renders the logo jobs again and composes two contact sheets,
// logos_on_dark.png and logos_on_light.png, so transparent logos can be
// judged on both kinds of page. It returns their entries.
func logoSheets(ctx context.Context, r *render.Renderer, dir string, scale float64) ([]entry, error) {
	var imgs []image.Image
	for _, j := range logoJobs() {
		o := j.opts
		o.Width, o.Height = int(float64(o.Width)*scale), int(float64(o.Height)*scale)
		img, err := r.Render(ctx, j.scene, o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", j.name, err)
		}
		imgs = append(imgs, img)
	}
	defer func() {
		for _, img := range imgs {
			render.Release(img)
		}
	}()
	cell := int(1024*scale) + 16
	const cols = 6
	rows := (len(imgs) + cols - 1) / cols
	var out []entry
	for _, bg := range sheetBackgrounds {
		sheet := image.NewRGBA(image.Rect(0, 0, cols*cell, rows*cell))
		draw.Draw(sheet, sheet.Rect, image.NewUniform(bg.c), image.Point{}, draw.Src)
		for i, img := range imgs {
			b := img.Bounds()
			x := (i%cols)*cell + (cell-b.Dx())/2
			y := (i/cols)*cell + (cell-b.Dy())/2
			draw.Draw(sheet, image.Rect(x, y, x+b.Dx(), y+b.Dy()), img, b.Min, draw.Over)
		}
		name := "logos_on_" + bg.name + ".png"
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		cw := &countWriter{w: f}
		err = pngenc.Encode(cw, sheet)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
		out = append(out, entry{File: name, Title: "logos on a " + bg.name + " page", W: sheet.Rect.Dx(), H: sheet.Rect.Dy(), Bytes: cw.n})
	}
	return out, nil
}
