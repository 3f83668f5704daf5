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
}
