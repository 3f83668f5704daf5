package pngenc

import (
	"bytes"
	"image/png"
)

// Reencode returns the PNG data as EncodeBest writes its pixels when that
// is smaller, else data itself. Only a PNG as Encode writes it is
// re-encoded (8-bit RGB or RGBA, not interlaced, no chunks but IHDR, IDAT
// and IEND), so the pixels and everything a viewer reads from the file
// stay the same; any other PNG comes back as it is. An error means data
// is not a PNG that decodes.
func Reencode(data []byte) ([]byte, error) {
	info, err := Parse(data)
	if err != nil {
		return nil, err
	}
	if info.depth != 8 || (info.ctype != 2 && info.ctype != 6) || info.Interlaced || info.others {
		return data, nil
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(len(data))
	if err := EncodeBest(&buf, img); err != nil {
		return nil, err
	}
	if buf.Len() >= len(data) {
		return data, nil
	}
	return buf.Bytes(), nil
}
