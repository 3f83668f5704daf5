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
	ContentType string // "image/png"
	// Degraded, when not empty, says why the picture is not the one the
	// request asked for (a provider or logo source failed and a stand-in
	// was drawn). Such a picture is served short-lived and never stored,
	// so the real one is drawn once the source is back.
	Degraded string
}
