package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// healthTimeout bounds the whole health check; container runtimes apply
// their own timeout on top.
const healthTimeout = 3 * time.Second

// healthcheck is the `gamethumbs healthcheck` subcommand, for container
// HEALTHCHECKs in images without a shell or curl: it asks
// http://127.0.0.1:$PORT/health (PORT defaults to 3000) and returns nil
// only for a 200 answer whose status is "ok". main turns an error into
// exit status 1.
func healthcheck(ctx context.Context, getenv func(string) string, stdout io.Writer) error {
	port := 3000
	if v := getenv("PORT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("healthcheck: PORT %q is not a port number from 1 to 65535", v)
		}
		port = n
	}
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	url := "http://127.0.0.1:" + strconv.Itoa(port) + "/health"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	// A transport of its own: no HTTP_PROXY, no keep-alive.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %s: %w", url, err)
	}
	defer resp.Body.Close()
	var body struct {
		Status string `json:"status"`
	}
	decodeErr := json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&body)
	switch {
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("healthcheck: %s answered %d", url, resp.StatusCode)
	case decodeErr != nil:
		return fmt.Errorf("healthcheck: %s: body is not JSON: %w", url, decodeErr)
	case body.Status != "ok":
		return errors.New("healthcheck: " + url + ` status is "` + body.Status + `", not "ok"`)
	}
	fmt.Fprintln(stdout, "healthy:", url)
	return nil
}
