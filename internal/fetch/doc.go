// Package fetch is the service's outbound HTTP for images and provider
// APIs.
//
// NewClient builds the plain client for provider APIs. NewPublicClient
// builds the guarded client for URLs that come from users (iconurl) or
// from provider data: it refuses, at connect time and after DNS
// resolution, every address that is not public unicast, so DNS rebinding
// and redirects to internal hosts fail with *BlockedError. CheckURL is the
// cheap syntactic check to run first.
//
// A Fetcher downloads with a byte cap, sniffs the format from the bytes
// (PNG, JPEG, GIF, WebP, SVG; never trusting Content-Type), decodes with a
// pixel cap checked before decoding (Decode), and keeps decoded images and
// raw bodies in byte-bounded LRU caches with negative caching and
// coalescing of concurrent requests for one URL (Image, Raw).
//
// Errors are typed: *BlockedError (refused URL, 400 for iconurl),
// *catalog.UpstreamError (no answer, timeout or non-2xx; IsNotFound tells
// 404/410 apart), *TooLargeError, *NotImageError and *DecodeError.
package fetch
