package render

import (
	"context"
	"image"
)

// testRenderer renders the package's tests: a derivative cache of the
// default size and a gate of GOMAXPROCS renders.
var testRenderer = New(Config{CacheBytes: DefaultCacheBytes})

// Render is testRenderer.Render, for the PNG encoder's tests that still
// live in this package.
func Render(ctx context.Context, s Scene, o Options) (image.Image, error) {
	return testRenderer.Render(ctx, s, o)
}
