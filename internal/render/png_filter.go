package render

import "encoding/binary"

// filterRow writes the Up-filtered row (type byte 2, then bpp bytes per
// pixel) of the 4-byte pixels pix, whose row above is above (zero for the
// first row); bpp 3 drops the alpha bytes. row needs two spare bytes past
// its end.
//
// Every row uses Up. Measured on rendered 1440x1080 thumbnails (styles 1,
// 2, 99) with the level-1 deflate: choosing Paeth per row where a sampled
// sum of residuals favours it saves 0.8-5 % of the bytes, but Paeth costs
// about eight times Up per row and the estimate itself a third of the
// encode; Sub or Average chosen the same way made the files larger. See
// docs/operations.md (Performance).
func filterRow(row, pix, above []byte, bpp int) {
	row[0] = 2
	if bpp == 3 {
		upFilterRGB(row[1:], pix, above)
		return
	}
	subBytes(row[1:len(pix)+1], pix, above)
}

// subBytes sets dst[i] = a[i] - b[i] (mod 256), eight bytes at a time with
// a borrow-free bytewise subtract.
func subBytes(dst, a, b []byte) {
	const hi = 0x8080808080808080
	const lo = 0x7f7f7f7f7f7f7f7f
	n := len(dst)
	i := 0
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(a[i:])
		y := binary.LittleEndian.Uint64(b[i:])
		binary.LittleEndian.PutUint64(dst[i:], ((x|hi)-(y&lo))^((x^^y)&hi))
	}
	for ; i < n; i++ {
		dst[i] = a[i] - b[i]
	}
}

// upFilterRGB writes the Up-filtered RGB bytes of 4-byte pixels pix (row
// above: above) to dst, which needs two spare bytes at the
// end. Two pixels at a time are handled as one uint64 with a borrow-free
// bytewise subtract and stored with one overlapping 8-byte write.
func upFilterRGB(dst, pix, above []byte) {
	n := len(pix) / 4
	const hi = 0x8080808080808080
	const lo = 0x7f7f7f7f7f7f7f7f
	i := 0
	for ; i+2 <= n; i += 2 {
		a := binary.LittleEndian.Uint64(pix[4*i : 4*i+8])
		b := binary.LittleEndian.Uint64(above[4*i : 4*i+8])
		d := ((a | hi) - (b & lo)) ^ ((a ^ ^b) & hi)
		binary.LittleEndian.PutUint64(dst[3*i:3*i+8], d&0xffffff|(d>>8)&0xffffff000000)
	}
	for ; i < n; i++ {
		dst[3*i] = pix[4*i] - above[4*i]
		dst[3*i+1] = pix[4*i+1] - above[4*i+1]
		dst[3*i+2] = pix[4*i+2] - above[4*i+2]
	}
}
