package scene

import "context"

// Job is a resolved image request: its key is canonical (league and teams
// as resolved, every option after defaults), so two URLs that mean the
// same picture share one key, and Render produces the bytes.
type Job interface {
	Key() string
	Render(ctx context.Context) (Output, error)
}

// Output is an encoded image.
type Output struct {
	Data        []byte
	ContentType string // "image/png", or the provider's type for raw logos

	// Degraded, when not empty, says why the picture lacks something a
	// transient failure took away (a logo that timed out or answered 5xx
	// or 429, a provider outage that left a team unresolved): "logo:
	// timeout". Such a picture must be served short-lived and never
	// stored in a cache tier, so the next request renders it again.
	Degraded string
	// Incomplete, when not empty, says which lasting miss the picture
	// does without (a logo the provider answers 404 for, or that is not an
	// image): "logo: not_found". It may be cached, for less time than a
	// complete picture, since the provider may still fix it.
	Incomplete string
}
