// Package pngenc reads and writes PNG files: the one place the service's
// PNG bytes are made and taken apart.
//
// Writing: Encode writes an 8-bit RGB or RGBA PNG fast enough for a first
// response (Paeth rows filtered straight from the pixels, a deflater made
// for rendered pictures' filtered rows, an Adler-32 that skips the zeros
// the filter knows of). Stream writes the same bytes from a picture that
// arrives in bands of rows, so a picture need never be whole in memory.
//
// Reading: Parse and Info.Rows decode a PNG of any colour type and depth
// row by row into premultiplied RGBA rows, so a caller can downscale a
// huge logo without holding it decoded whole.
package pngenc
