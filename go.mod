module gamethumbs

go 1.26.0

require (
	github.com/klauspost/compress v1.20.3 // indirect
	github.com/muktihari/xmltokenizer v0.0.5 // indirect
	github.com/prometheus/client_golang v1.25.0 // indirect
	github.com/srwiley/oksvg v0.0.0-20221011165216-be6e8873101c // indirect
	github.com/srwiley/rasterx v0.0.0-20220730225603-2ab79fcdd4ef // indirect
	golang.org/x/image v0.47.0 // indirect
	golang.org/x/net v0.59.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
