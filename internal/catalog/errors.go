package catalog

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotCovered is returned by a Provider for a league it has no data for.
var ErrNotCovered = errors.New("league not covered by provider")

// ErrLoading is wrapped by a provider's error for a name it cannot answer
// yet because its data (a large athlete roster) is still loading. It maps
// to 503 with Retry-After.
var ErrLoading = errors.New("athlete roster is still loading")

// UnknownLeagueError reports a league code that is neither configured nor
// known to a provider.
type UnknownLeagueError struct {
	Code        string   // the code as the client typed it
	Suggestions []string // close league codes, best first; at most a handful
}

func (e *UnknownLeagueError) Error() string {
	msg := fmt.Sprintf("unknown league: %q", e.Code)
	if len(e.Suggestions) > 0 {
		msg += "; did you mean: " + strings.Join(e.Suggestions, ", ")
	}
	return msg
}

// UnknownTeamError reports a team identifier that matched no team of the
// league. Suggestions holds at most a handful of close names.
type UnknownTeamError struct {
	League      string   // league short name ("NBA")
	Query       string   // the identifier as typed
	Suggestions []string // close team names, best first; never the whole roster
	Hint        string   // why the league has no teams here, when it is known
}

func (e *UnknownTeamError) Error() string {
	msg := fmt.Sprintf("team not found: %q in %s", e.Query, e.League)
	if e.Hint != "" {
		msg += " (" + e.Hint + ")"
	}
	if len(e.Suggestions) > 0 {
		msg += "; did you mean: " + strings.Join(e.Suggestions, ", ")
	}
	return msg
}

// UpstreamError reports a failed call to a provider or another upstream.
// Timeout distinguishes a deadline (504) from an unreachable or failing
// upstream (502).
type UpstreamError struct {
	Source  string // provider id or host, never a URL with credentials
	Status  int    // upstream HTTP status, 0 when no response arrived
	Timeout bool
	Err     error
}

func (e *UpstreamError) Error() string {
	switch {
	case e.Timeout:
		return fmt.Sprintf("%s: timed out", e.Source)
	case e.Status != 0:
		return fmt.Sprintf("%s: upstream answered %d", e.Source, e.Status)
	default:
		return fmt.Sprintf("%s: %v", e.Source, e.Err)
	}
}

func (e *UpstreamError) Unwrap() error { return e.Err }
