package scene

import (
	"bytes"
	"context"
	"errors"
	"image"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/pngenc"
)

// rawMaxPixels bounds a raw logo converted to PNG (an SVG drawn at its
// natural size, a WebP or GIF decoded): 2048 x 2048.
const rawMaxPixels = 2048 * 2048

// asPNG returns a provider logo as PNG bytes: a PNG as it is, an SVG drawn
// at its natural size (wordmarkSide when it has none), any other image
// (JPEG, WebP, GIF's first frame) decoded and encoded again. Media
// servers that cannot show SVG or WebP (Channels on Apple TV, Plex) get a
// picture they can show.
func asPNG(data []byte, ctype string) ([]byte, error) {
	if ctype == fetch.TypePNG {
		return data, nil
	}
	var img image.Image
	var err error
	if ctype == fetch.TypeSVG {
		img, err = fetch.RasteriseSVG(data, wordmarkSide, rawMaxPixels)
	} else {
		img, err = fetch.Decode(data, rawMaxPixels)
	}
	if err != nil {
		return nil, err
	}
	return encodePNG(img)
}

// encodePNG returns img as PNG bytes.
func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := pngenc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// rawJob serves a provider's logo file as PNG. A league logo (league set)
// that cannot be had is replaced by the configured default image, else
// the league's wordmark card.
type rawJob struct {
	svc      *Service
	url      string
	league   *catalog.League
	degraded string // set: a stand-in for a team logo a provider failed to give
}

func (j *rawJob) Key() string {
	if j.degraded != "" {
		return "rawpng|" + j.url + "|degraded"
	}
	return "rawpng|" + j.url
}

func (j *rawJob) Render(ctx context.Context) (Output, error) {
	data, ctype, err := j.svc.cfg.Logos.Raw(ctx, j.url)
	if err == nil {
		var out []byte
		if out, err = asPNG(data, ctype); err == nil {
			return Output{Data: out, ContentType: fetch.TypePNG, Degraded: j.degraded}, nil
		}
	}
	if d := j.svc.defaultImage(*j.leagueOrZero()); j.league != nil && d != "" && d != j.url && ctx.Err() == nil {
		if data, ctype, derr := j.svc.cfg.Logos.Raw(ctx, d); derr == nil {
			if out, perr := asPNG(data, ctype); perr == nil {
				return Output{Data: out, ContentType: fetch.TypePNG, Degraded: j.degraded}, nil
			}
		}
	}
	if j.league != nil && ctx.Err() == nil {
		out, werr := encodePNG(j.svc.wordmark(*j.league))
		if werr != nil {
			return Output{}, werr
		}
		o := Output{Data: out, ContentType: fetch.TypePNG, Degraded: j.degraded}
		if transient(err) {
			o.Degraded = "league logo download failed"
		}
		return o, nil
	}
	return Output{}, rawLogoError(err)
}

// leagueOrZero is the league of a league logo, the zero league otherwise.
func (j *rawJob) leagueOrZero() *catalog.League {
	if j.league == nil {
		return &catalog.League{}
	}
	return j.league
}

// rawLogoError maps a failed logo download for the raw routes: a 404 is
// the provider not having it; a file that is not an image, too large or
// corrupt is the provider's fault (502), never ours (500).
func rawLogoError(err error) error {
	if fetch.IsNotFound(err) {
		return &NotFoundError{Msg: "logo not found at provider"}
	}
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) && fetch.Lasting(err) {
		return &catalog.UpstreamError{Source: "logo host", Err: err}
	}
	return err
}

// wordmarkJob serves the wordmark card of a league that has no logo.
type wordmarkJob struct {
	svc      *Service
	league   catalog.League
	degraded string
}

func (j *wordmarkJob) Key() string {
	return "wordmark|" + j.league.Code + "|" + j.league.ShortName + "|" + j.league.Name
}

func (j *wordmarkJob) Render(context.Context) (Output, error) {
	out, err := encodePNG(j.svc.wordmark(j.league))
	if err != nil {
		return Output{}, err
	}
	return Output{Data: out, ContentType: fetch.TypePNG, Degraded: j.degraded}, nil
}
