package scene

import (
	"context"
	"image"
	"image/draw"
	"strings"
	"sync"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/raster"
)

// compositeHeight is the height athlete pictures are scaled to before
// they are put side by side; the renderer scales the result again.
const compositeHeight = 400

// athleteImage returns the picture of one side of an athlete league: the
// athlete's headshot, or the country flag when the headshot cannot be
// had; for several athletes their pictures side by side, each scaled to
// the same height with a small gap. nil when no picture loads.
// Failures are recorded in missed (nil: reported only).
func (s *Service) athleteImage(ctx context.Context, athletes []catalog.Team, missed *failures) image.Image {
	imgs := make([]image.Image, len(athletes))
	var wg sync.WaitGroup
	for i, a := range athletes {
		wg.Go(func() {
			for _, u := range []string{a.Logo, a.LogoAlt} {
				if u == "" {
					continue
				}
				img, err := s.cfg.Logos.Image(ctx, u)
				if err == nil {
					imgs[i] = img
					return
				}
				s.logoFailed(missed, u, err)
			}
		})
	}
	wg.Wait()
	var got []image.Image
	for _, img := range imgs {
		if img != nil && !img.Bounds().Empty() {
			got = append(got, img)
		}
	}
	switch len(got) {
	case 0:
		return nil
	case 1:
		return got[0]
	}
	return sideBySide(got, compositeHeight)
}

// sideBySide scales every image to height h (keeping its aspect ratio)
// and places them left to right on a transparent canvas, each overlapping
// the next by a sixth of the height with the first in front: partners
// read as one pair (a group photo), not as separate pictures in a row.
func sideBySide(imgs []image.Image, h int) image.Image {
	overlap := h / 6
	widths := make([]int, len(imgs))
	xs := make([]int, len(imgs))
	total := 0
	for i, img := range imgs {
		b := img.Bounds()
		widths[i] = max(1, min(4*h, b.Dx()*h/max(1, b.Dy())))
		if i > 0 {
			total -= min(overlap, widths[i]/2, widths[i-1]/2)
		}
		xs[i] = total
		total += widths[i]
	}
	dst := image.NewNRGBA(image.Rect(0, 0, total, h))
	for i := len(imgs) - 1; i >= 0; i-- {
		raster.CatmullRom.Scale(dst, image.Rect(xs[i], 0, xs[i]+widths[i], h), imgs[i], imgs[i].Bounds(), draw.Over, nil)
	}
	return dst
}

// athleteRawJob serves the raw logo of an athlete side: the headshot as
// ESPN has it (the flag when it has none), or for "a+b" the composed
// picture as a PNG. nil for sides that are not athletes.
func (s *Service) athleteRawJob(sides []side) Job {
	if len(sides) != 1 || len(sides[0].athletes) == 0 {
		return nil
	}
	return &athleteJob{svc: s, athletes: sides[0].athletes}
}

type athleteJob struct {
	svc      *Service
	athletes []catalog.Team
}

func (j *athleteJob) Key() string {
	ids := make([]string, len(j.athletes))
	for i, a := range j.athletes {
		ids[i] = a.ID
	}
	return "athletes|" + strings.Join(ids, "+")
}

func (j *athleteJob) Render(ctx context.Context) (Output, error) {
	if len(j.athletes) == 1 {
		a := j.athletes[0]
		var lastErr error
		for _, u := range []string{a.Logo, a.LogoAlt} {
			if u == "" {
				continue
			}
			data, ctype, err := j.svc.cfg.Logos.Raw(ctx, u)
			if err == nil {
				data, err = asPNG(data, ctype)
			}
			if err == nil {
				return Output{Data: data, ContentType: fetch.TypePNG}, nil
			}
			lastErr = err
		}
		if lastErr == nil || fetch.IsNotFound(lastErr) {
			return Output{}, &NotFoundError{Msg: "athlete " + a.FullName + " has no picture"}
		}
		return Output{}, rawLogoError(lastErr)
	}
	var missed failures
	img := j.svc.athleteImage(ctx, j.athletes, &missed)
	if img == nil {
		if err := ctx.Err(); err != nil {
			return Output{}, err
		}
		return Output{}, &NotFoundError{Msg: "no picture of these athletes"}
	}
	data, err := encodePNG(img)
	if err != nil {
		return Output{}, err
	}
	out := Output{Data: data, ContentType: fetch.TypePNG}
	missed.mark(&out)
	return out, nil
}
