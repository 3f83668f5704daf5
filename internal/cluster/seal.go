package cluster

import (
	"crypto/sha256"
	"encoding/binary"
	"hash/crc32"
)

// Every value Set stores is sealed: it carries a hash of the full Redis
// key it was stored under and the length and CRC-32C of its bytes, and
// Get opens it only when all three match. A value another deployment
// sharing the Redis left, one copied under another key, a truncated or a
// garbled one is a miss, never another key's bytes: the caller loads or
// renders again and overwrites it.
//
// Layout: magic, 16 bytes of SHA-256 of the key, length (4 bytes), CRC-32C
// (4 bytes), the bytes.
const (
	sealMagic = "GTS1"
	sealHead  = len(sealMagic) + 16 + 4 + 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func keyHash(key string) [16]byte {
	sum := sha256.Sum256([]byte(key))
	return [16]byte(sum[:16])
}

// seal frames value for the full Redis key key.
func seal(key string, value []byte) []byte {
	h := keyHash(key)
	b := make([]byte, 0, sealHead+len(value))
	b = append(b, sealMagic...)
	b = append(b, h[:]...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(value)))
	b = binary.BigEndian.AppendUint32(b, crc32.Checksum(value, castagnoli))
	return append(b, value...)
}

// unseal returns the bytes of a value sealed for key, or false when b is
// not one: another layout, another key, a length or checksum that does
// not match its bytes.
func unseal(key string, b []byte) ([]byte, bool) {
	if len(b) < sealHead || string(b[:len(sealMagic)]) != sealMagic {
		return nil, false
	}
	if [16]byte(b[len(sealMagic):len(sealMagic)+16]) != keyHash(key) {
		return nil, false
	}
	n := binary.BigEndian.Uint32(b[sealHead-8:])
	sum := binary.BigEndian.Uint32(b[sealHead-4:])
	v := b[sealHead:]
	if uint64(len(v)) != uint64(n) || crc32.Checksum(v, castagnoli) != sum {
		return nil, false
	}
	return v, true
}
