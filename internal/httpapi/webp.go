package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/gif"  // raw provider logos
	_ "image/jpeg" // raw provider logos
	"image/png"
	"net/http"
	"strings"

	"gamethumbs/internal/scene"
	"gamethumbs/internal/webpenc"
)

// wantsWebP reports whether an image request asks for WebP: a ".webp"
// suffix (the router sets format) or format=webp. Any other format value
// is PNG, as game-thumbs ignored parameters it did not know.
func wantsWebP(p params, r *http.Request) bool {
	return p["format"] == "webp" || strings.EqualFold(r.URL.Query().Get("format"), "webp")
}

// webpJob is a job whose picture is encoded as WebP. Its key differs from
// the PNG job's, so both are cached separately (memory and disk).
type webpJob struct {
	scene.Job
	opts webpenc.Options
}

func (j webpJob) Key() string {
	if j.opts.Lossless {
		return j.Job.Key() + "|webp"
	}
	return fmt.Sprintf("%s|webp:q%d", j.Job.Key(), j.opts.Quality)
}

// Render renders the PNG job, decodes it and encodes WebP, keeping every
// other field of the output (a degraded picture stays degraded). A body
// that is not a decodable picture (an SVG logo) is served as it is.
func (j webpJob) Render(ctx context.Context) (scene.Output, error) {
	out, err := j.Job.Render(ctx)
	if err != nil {
		return out, err
	}
	var img image.Image
	if out.ContentType == "image/png" {
		img, err = png.Decode(bytes.NewReader(out.Data))
	} else {
		img, _, err = image.Decode(bytes.NewReader(out.Data))
	}
	if err != nil {
		return out, nil
	}
	data, err := webpenc.Encode(img, j.opts)
	if err != nil {
		return scene.Output{}, err
	}
	out.Data, out.ContentType = data, webpenc.ContentType
	return out, nil
}
