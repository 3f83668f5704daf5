package espntest

import (
	"image"
	"image/draw"
)

// LogoImages returns the pictures behind team t's logo files, decoded as
// a client would see them, for tests that render without going through
// HTTP: the default logo and the dark-background variant (nil when the
// fake serves none; SVG logos come back as the bitmap their file
// describes, without a dark variant; JPEG logos flattened on white).
func LogoImages(t Team) (light, dark image.Image) {
	if t.Logo == "none" {
		return nil, nil
	}
	li := logoImage{Label: t.Abbreviation, Color: t.Color, Alt: t.AlternateColor, Format: t.Logo}
	d := li
	d.Dark = true
	light, dark = li.picture(), d.picture()
	if t.Logo == "svg" {
		dark = nil
	}
	return light, dark
}

// picture is the logo as decoded from its file.
func (li logoImage) picture() image.Image {
	img := li.draw()
	if li.Format != "jpg" {
		return img
	}
	flat := image.NewRGBA(img.Bounds())
	draw.Draw(flat, flat.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(flat, flat.Bounds(), img, image.Point{}, draw.Over)
	return flat
}
