package httpapi

import (
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// etagOf is the strong ETag of an encoded picture: its length and two
// CRC-32s of its bytes (Castagnoli and IEEE polynomials, 64 bits of
// checksum), quoted. It depends on the bytes alone, so restarts and
// replicas agree on it. Both CRCs run on the CPU's CRC and carry-less
// multiply instructions, about 12 µs for a 150 KB thumbnail where SHA-256
// took 90 µs (a cold request computes it once, a disk or shared hit once
// more); the server makes the pictures itself, so no one is trying to
// collide them.
func etagOf(data []byte) string {
	var sum [12]byte
	binary.BigEndian.PutUint32(sum[0:], uint32(len(data)))
	binary.BigEndian.PutUint32(sum[4:], crc32.Checksum(data, castagnoli))
	binary.BigEndian.PutUint32(sum[8:], crc32.ChecksumIEEE(data))
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:]) + `"`
}
