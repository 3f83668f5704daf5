package main

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// maxDefaultImage bounds the DEFAULT_IMAGE file.
const maxDefaultImage = 4 << 20

// imageSetting turns an image setting into what the logo fetcher loads:
// an http(s) URL as it is, a file as a data: URL of its bytes (PNG, JPEG,
// GIF, WebP or SVG, at most maxDefaultImage), "" as "".
func imageSetting(v string) (string, error) {
	if v == "" || strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://") {
		return v, nil
	}
	f, err := os.Open(v)
	if err != nil {
		return "", fmt.Errorf("neither an http(s) URL nor a readable file: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxDefaultImage+1))
	if err != nil {
		return "", err
	}
	if len(data) > maxDefaultImage {
		return "", fmt.Errorf("%s is larger than %d bytes", v, maxDefaultImage)
	}
	mime := http.DetectContentType(data)
	if bytes.Contains(bytes.ToLower(data[:min(len(data), 512)]), []byte("<svg")) {
		mime = "image/svg+xml"
	}
	switch mime {
	case "image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml":
	default:
		return "", fmt.Errorf("%s is not a PNG, JPEG, GIF, WebP or SVG image (%s)", v, mime)
	}
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data), nil
}
