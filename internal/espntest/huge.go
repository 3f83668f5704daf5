package espntest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"math"
	"sync"
)

var hugeLogos sync.Map // side → []byte

// HugeLogo returns a side×side 16-bit RGBA PNG: a two-colour disc on
// transparency, the worst case of a provider logo within the pixel caps
// (6000² is 288 MB decoded whole, in a file under 1 MB). It is written
// row by row, never held decoded, and kept for the process.
func HugeLogo(side int) []byte {
	if b, ok := hugeLogos.Load(side); ok {
		return b.([]byte)
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, body []byte) {
		binary.Write(&out, binary.BigEndian, uint32(len(body)))
		c := append([]byte(typ), body...)
		out.Write(c)
		binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(side))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(side))
	chunk("IHDR", append(ihdr, 16, 6, 0, 0, 0))
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, 1+8*side)
	row[0] = 1 // Sub: a run of one colour is zeros after its first pixel
	r := side / 2
	blue := [4]uint16{0x1d00, 0x4280, 0x8800, 0xffff}
	red := [4]uint16{0xc800, 0x1000, 0x2e00, 0xffff}
	// put writes at x the difference from the pixel before (Sub filter:
	// byte by byte, modulo 256).
	put := func(x int, from, to [4]uint16) {
		if x < 0 || x >= side {
			return
		}
		var f, t [8]byte
		for c := range 4 {
			binary.BigEndian.PutUint16(f[2*c:], from[c])
			binary.BigEndian.PutUint16(t[2*c:], to[c])
		}
		for i := range 8 {
			row[1+8*x+i] = t[i] - f[i]
		}
	}
	for y := range side {
		clear(row[1:])
		dy := y - r
		if h := halfChord(r*r - dy*dy); h > 0 {
			put(r-h, [4]uint16{}, blue)
			put(r+h, blue, [4]uint16{})
			if hr := halfChord(r*r/4 - dy*dy); hr > 0 {
				put(r-hr, blue, red)
				put(r+hr, red, blue)
			}
		}
		zw.Write(row)
	}
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	b := out.Bytes()
	hugeLogos.Store(side, b)
	return b
}

// halfChord is the integer square root of n (0 for n ≤ 0).
func halfChord(n int) int {
	if n <= 0 {
		return 0
	}
	x := int(math.Sqrt(float64(n)))
	for x*x > n {
		x--
	}
	return x
}
