package cluster

import "regexp"

// userinfo matches the credentials part of a URL ("scheme://user:pass@").
var userinfo = regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.-]*://)[^/@\s]*@`)

// redactURLs removes credentials from URLs inside s, so an error message
// that quotes REDIS_URL never carries its password into a log.
func redactURLs(s string) string {
	return userinfo.ReplaceAllString(s, "${1}***@")
}
