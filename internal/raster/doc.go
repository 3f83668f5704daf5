// Package raster is the pixel work under the pictures: pooled canvases,
// premultiplied pixel arithmetic on whole words, blending and blitting,
// compact sprites (SpanImage), anti-aliased paths rasterised into alpha
// masks, gradients and mask paints, box blur and blurred shadows,
// greyscale, trimming, and scaling through one Scaler interface
// (x/image/draw's; CatmullRom is the service's scaler). It knows nothing
// of sports pictures: internal/render draws those with it. Its functions
// are pure and safe for concurrent use; pools are process-wide.
//
// Layout: canvas.go (canvas and buffer pools, fills through masks),
// blend.go (pixel words), blit.go (blits, slanted bands), span.go
// (sprites), shape.go (paths, alpha masks), gradient.go and maskpaint.go
// (gradients, paints through masks), blur.go, shadow.go and
// shadow_half.go (box blur, shadow masks), greyscale.go, trim.go,
// scale.go and scale_rows.go (the fixed-point Catmull-Rom scaler).
package raster
