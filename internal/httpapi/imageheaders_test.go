package httpapi

import (
	"testing"
	"time"
)

// Images from every tier (rendered, disk, shared) carry the prebuilt
// header values writeImage sets, so none is served without its ETag,
// Last-Modified, Content-Type or Content-Length.
func TestStoredImageHeaders(t *testing.T) {
	made := newStoredImage([]byte("png bytes"), "image/png", time.Date(2026, 11, 25, 12, 0, 0, 5, time.UTC))
	shared, err := decodeSharedImage(encodeSharedImage(made))
	if err != nil {
		t.Fatal(err)
	}
	for name, img := range map[string]*storedImage{"rendered": made, "shared": shared} {
		want := map[string]string{"Etag": made.etag, "Last-Modified": "Wed, 25 Nov 2026 12:00:00 GMT",
			"Content-Type": "image/png", "Content-Length": "9"}
		got := map[string][]string{"Etag": img.etagHdr, "Last-Modified": img.modifiedHdr,
			"Content-Type": img.typeHdr, "Content-Length": img.lengthHdr}
		for k, v := range want {
			if len(got[k]) != 1 || got[k][0] != v {
				t.Errorf("%s image: %s header value %q, want %q", name, k, got[k], v)
			}
		}
	}
}
