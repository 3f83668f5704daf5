package pngenc

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// withChunk returns data with a chunk of type typ inserted after IHDR.
func withChunk(data []byte, typ string, body []byte) []byte {
	var c bytes.Buffer
	binary.Write(&c, binary.BigEndian, uint32(len(body)))
	c.WriteString(typ)
	c.Write(body)
	binary.Write(&c, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), body...)))
	at := 8 + 8 + 13 + 4 // signature, IHDR
	return append(append(append([]byte(nil), data[:at]...), c.Bytes()...), data[at:]...)
}

// Reencode makes Encode's PNGs smaller with the same pixels and colour
// type, and hands back untouched what it must not change: other depths
// and colour types, interlaced files, files with other chunks (a tRNS
// colour, a gamma); it refuses what is not a PNG.
func TestReencode(t *testing.T) {
	for name, m := range pathPictures() {
		var enc bytes.Buffer
		if err := Encode(&enc, m); err != nil {
			t.Fatal(err)
		}
		got, err := Reencode(enc.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got) > enc.Len() {
			t.Errorf("%s: Reencode gave %d bytes for %d", name, len(got), enc.Len())
		}
		want, wantType := decodeNRGBA(t, enc.Bytes())
		px, gotType := decodeNRGBA(t, got)
		if gotType != wantType || !bytes.Equal(px.Pix, want.Pix) {
			t.Errorf("%s: Reencode changed the pixels or colour type", name)
		}
	}

	var enc bytes.Buffer
	if err := Encode(&enc, pathPictures()["diagonal"]); err != nil {
		t.Fatal(err)
	}
	if got, _ := Reencode(enc.Bytes()); len(got) >= enc.Len() {
		t.Fatalf("a diagonal edge: Reencode %d bytes, not below Encode's %d", len(got), enc.Len())
	}
	deep := image.NewNRGBA64(image.Rect(0, 0, 40, 30))
	for i := range deep.Pix {
		deep.Pix[i] = byte(i * 13)
	}
	var sixteen bytes.Buffer
	if err := png.Encode(&sixteen, deep); err != nil {
		t.Fatal(err)
	}
	gray := image.NewGray(image.Rect(0, 0, 40, 30))
	var grey bytes.Buffer
	if err := png.Encode(&grey, gray); err != nil {
		t.Fatal(err)
	}
	pal := image.NewPaletted(image.Rect(0, 0, 40, 30), color.Palette{color.Black, color.White})
	var paletted bytes.Buffer
	if err := png.Encode(&paletted, pal); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"16-bit":     sixteen.Bytes(),
		"grey":       grey.Bytes(),
		"paletted":   paletted.Bytes(),
		"interlaced": interlace(enc.Bytes()),
		"tRNS":       withChunk(enc.Bytes(), "tRNS", []byte{0, 9, 0, 9, 0, 9}),
		"gAMA":       withChunk(enc.Bytes(), "gAMA", []byte{0, 0, 0xb1, 0x8f}),
	} {
		got, err := Reencode(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got, data) {
			t.Errorf("%s: Reencode changed a PNG it must leave alone", name)
		}
	}
	if _, err := Reencode([]byte("GIF89a not a png")); err == nil {
		t.Error("Reencode(not a PNG) = nil error")
	}
}
