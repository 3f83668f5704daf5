package config

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// reader parses variables and collects one error per bad variable.
type reader struct {
	getenv func(string) string
	errs   []error
}

func (r *reader) fail(name, value, why string) {
	if value == "" {
		r.errs = append(r.errs, fmt.Errorf("%s %s", name, why))
		return
	}
	r.errs = append(r.errs, fmt.Errorf("%s=%q %s", name, value, why))
}

func (r *reader) str(name, def string) string {
	if v := strings.TrimSpace(r.getenv(name)); v != "" {
		return v
	}
	return def
}

func (r *reader) intIn(name string, def, lo, hi int) int {
	v := strings.TrimSpace(r.getenv(name))
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		r.fail(name, v, fmt.Sprintf("must be an integer from %d to %d", lo, hi))
		return def
	}
	return n
}

func (r *reader) millis(name string, def time.Duration) time.Duration {
	n := r.intIn(name, int(def/time.Millisecond), 1, 3_600_000)
	return time.Duration(n) * time.Millisecond
}

// boolean accepts true/false, 1/0 and yes/no in any case.
func (r *reader) boolean(name string, def bool) bool {
	v := strings.ToLower(strings.TrimSpace(r.getenv(name)))
	switch v {
	case "":
		return def
	case "true", "1", "yes":
		return true
	case "false", "0", "no":
		return false
	}
	r.fail(name, v, "must be true or false")
	return def
}

func (r *reader) oneOf(name, def string, allowed ...string) string {
	v := strings.ToLower(strings.TrimSpace(r.getenv(name)))
	if v == "" {
		return def
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	r.fail(name, v, "must be one of "+strings.Join(allowed, ", "))
	return def
}

// baseURL reads an absolute http(s) URL and strips a trailing slash.
func (r *reader) baseURL(name, def string) string {
	v := strings.TrimSpace(r.getenv(name))
	if v == "" {
		return def
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		r.fail(name, v, "must be an absolute http(s) URL")
		return def
	}
	return strings.TrimRight(v, "/")
}

func (r *reader) optionalURL(name string) string {
	if strings.TrimSpace(r.getenv(name)) == "" {
		return ""
	}
	return r.baseURL(name, "")
}

// overlayURLs reads ALLOW_INSECURE_OVERLAY_URLS: true/1 allows every
// address, false/0/empty checks every address, anything else is a
// comma-separated list of host names that skip the check.
func (r *reader) overlayURLs(name string) (all bool, hosts []string) {
	v := strings.TrimSpace(r.getenv(name))
	switch strings.ToLower(v) {
	case "", "false", "0", "no":
		return false, nil
	case "true", "1", "yes":
		return true, nil
	}
	for _, h := range strings.Split(v, ",") {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" || strings.ContainsAny(h, "/:@ ") {
			r.fail(name, v, "must be true, false or a comma-separated list of host names")
			return false, nil
		}
		hosts = append(hosts, h)
	}
	return false, hosts
}

// seconds reads a duration as a number of seconds ("5", "0.5") or with a
// unit ("5s", "1500ms"), from 0 to one hour.
func (r *reader) seconds(name string, def time.Duration) time.Duration {
	v := strings.TrimSpace(r.getenv(name))
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		f, ferr := strconv.ParseFloat(v, 64)
		if ferr != nil {
			r.fail(name, v, "must be a number of seconds or a duration such as 5s")
			return def
		}
		d = time.Duration(f * float64(time.Second))
	}
	if d < 0 || d > time.Hour {
		r.fail(name, v, "must be from 0 to 1h")
		return def
	}
	return d
}
