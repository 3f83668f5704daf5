package config

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// reader parses variables and collects one error per bad variable.
type reader struct {
	getenv func(string) string
	errs   []error
	seen   []Value // effective values, in the order read
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
		r.record(name, v, true)
		return v
	}
	r.record(name, def, false)
	return def
}

func (r *reader) intIn(name string, def, lo, hi int) int {
	v := strings.TrimSpace(r.getenv(name))
	i := r.record(name, strconv.Itoa(def), v != "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		r.fail(name, v, fmt.Sprintf("must be an integer from %d to %d", lo, hi))
		return def
	}
	r.seen[i].Value = strconv.Itoa(n)
	return n
}

func (r *reader) millis(name string, def time.Duration) time.Duration {
	n := r.intIn(name, int(def/time.Millisecond), 1, 3_600_000)
	return time.Duration(n) * time.Millisecond
}

// boolean accepts true/false, 1/0 and yes/no in any case.
func (r *reader) boolean(name string, def bool) bool {
	v := strings.ToLower(strings.TrimSpace(r.getenv(name)))
	b := def
	switch v {
	case "":
	case "true", "1", "yes":
		b = true
	case "false", "0", "no":
		b = false
	default:
		r.fail(name, v, "must be true or false")
	}
	r.record(name, strconv.FormatBool(b), v != "")
	return b
}

func (r *reader) oneOf(name, def string, allowed ...string) string {
	v := strings.ToLower(strings.TrimSpace(r.getenv(name)))
	if v == "" {
		r.record(name, def, false)
		return def
	}
	r.record(name, v, true)
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
		r.record(name, def, false)
		return def
	}
	r.record(name, strings.TrimRight(v, "/"), true)
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		r.fail(name, v, "must be an absolute http(s) URL")
		return def
	}
	return strings.TrimRight(v, "/")
}

func (r *reader) optionalURL(name string) string {
	if strings.TrimSpace(r.getenv(name)) == "" {
		r.record(name, "", false)
		return ""
	}
	return r.baseURL(name, "")
}

// overlayURLs reads ALLOW_INSECURE_OVERLAY_URLS: true/1 allows every
// address, false/0/empty checks every address, anything else is a
// comma-separated list of host names that skip the check.
func (r *reader) overlayURLs(name string) (all bool, hosts []string) {
	v := strings.TrimSpace(r.getenv(name))
	shown := v
	if v == "" {
		shown = "false"
	}
	r.record(name, shown, v != "")
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

// listenAddr reads an optional host:port to listen on (":9090",
// "127.0.0.1:9090", "[::1]:9090").
func (r *reader) listenAddr(name string) string {
	v := r.str(name, "")
	if v == "" {
		return ""
	}
	_, port, err := net.SplitHostPort(v)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 {
		r.fail(name, v, "must be host:port or :port")
		return ""
	}
	return v
}

// seconds reads a duration as a number of seconds ("5", "0.5") or with a
// unit ("5s", "1500ms"), from 0 to one hour.
func (r *reader) seconds(name string, def time.Duration) time.Duration {
	v := strings.TrimSpace(r.getenv(name))
	r.record(name, def.String(), v != "")
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
	r.seen[r.record(name, "", true)].Value = d.String()
	return d
}
