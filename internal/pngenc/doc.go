// Package pngenc reads and writes PNG files: the one place the service's
// PNG bytes are made and taken apart.
//
// Writing, two ways, to the same pixels:
//
//   - Encode writes an 8-bit RGB or RGBA PNG fast enough for a first
//     response: Paeth rows filtered straight from the pixels, a deflater
//     made for rendered pictures' filtered rows, an Adler-32 that skips
//     the zeros the filter knows of. Stream writes the same bytes from a
//     picture that arrives in bands of rows, so a picture need never be
//     whole in memory.
//   - EncodeBest writes a smaller PNG of the same colour type that
//     decodes to exactly Encode's pixels, for far more CPU: filters
//     chosen per row by several strategies including a trial of each
//     filter, and a slow optimal-parse deflate with block splitting. It is for re-encoding stored pictures in the background
//     (a cache replacing its copy with the smaller one); nothing that
//     answers a request should wait on it. Reencode does that to a stored
//     PNG's bytes: an Encode-made PNG comes back smaller with the same
//     pixels, anything else (other depths, colour types or chunks) as it
//     is. Both take far more CPU and short-lived memory than Encode
//     (BenchmarkEncodeBest measures them): run one at a time.
//
// Reading: Parse and Info.Rows decode a PNG of any colour type and depth
// row by row into premultiplied RGBA rows, so a caller can downscale a
// huge logo without holding it decoded whole.
package pngenc
