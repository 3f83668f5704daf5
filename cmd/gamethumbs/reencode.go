package main

import (
	"context"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/config"
	"gamethumbs/internal/pngenc"
)

// pngReencoder is the image cache's background re-encoder
// (IMAGE_RECOMPRESS): pngenc's slow, stronger encoder for the PNGs the
// renderer wrote; WebP pictures and PNGs of another make come back as
// they are (the pass keeps them).
type pngReencoder struct{}

func (pngReencoder) Reencode(ctx context.Context, contentType string, data []byte) ([]byte, error) {
	if contentType != "image/png" {
		return data, nil
	}
	return pngenc.ReencodeContext(ctx, data)
}

// newReencoder returns the re-encoder the settings ask for, nil when off.
func newReencoder(cfg config.Config) cache.Reencoder {
	if !cfg.ImageRecompress {
		return nil
	}
	return pngReencoder{}
}
