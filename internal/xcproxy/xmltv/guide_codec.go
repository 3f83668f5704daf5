package xmltv

import (
	"bytes"
	"encoding/gob"
	"errors"
)

var errCorruptGuide = errors.New("xmltv: corrupt encoded guide")

// guideWire is the exported form of a Guide for MarshalBinary.
type guideWire struct {
	Logos                  []string
	ByID, ByNumber, ByName map[string]int32
	Size                   int64
	Truncated              bool
}

// MarshalBinary encodes the guide's logo maps (so replicas can share a
// parsed guide instead of each downloading it).
func (g *Guide) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(guideWire{g.logos, g.byID, g.byNumber, g.byName, g.size, g.truncated})
	return b.Bytes(), err
}

// UnmarshalBinary decodes what MarshalBinary wrote. Indexes that point
// outside the logo list are refused, so a corrupt entry cannot make a
// lookup panic.
func (g *Guide) UnmarshalBinary(data []byte) error {
	var w guideWire
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return err
	}
	for _, m := range []map[string]int32{w.ByID, w.ByNumber, w.ByName} {
		for _, i := range m {
			if i < 0 || int(i) >= len(w.Logos) {
				return errCorruptGuide
			}
		}
	}
	*g = Guide{logos: w.Logos, byID: w.ByID, byNumber: w.ByNumber, byName: w.ByName, size: w.Size, truncated: w.Truncated}
	if g.byID == nil {
		g.byID = map[string]int32{}
	}
	if g.byNumber == nil {
		g.byNumber = map[string]int32{}
	}
	if g.byName == nil {
		g.byName = map[string]int32{}
	}
	return nil
}
