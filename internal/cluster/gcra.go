package cluster

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Decision is the answer of the shared rate limiter for one request.
type Decision struct {
	Allowed    bool
	Remaining  int           // requests left in the window
	RetryAfter time.Duration // when denied: how long until one is allowed
	Reset      time.Duration // until the bucket is full again
}

// gcraScript is the generic cell rate algorithm in one round trip. The
// key holds the theoretical arrival time (TAT) in microseconds of the
// server's clock, so every replica measures with the same clock.
//
//	KEYS[1]  the client's bucket
//	ARGV[1]  emission interval: period / limit, µs
//	ARGV[2]  period (burst tolerance + interval), µs
//
// It returns {allowed, remaining, retry_after_µs, reset_µs}.
var gcraScript = redis.NewScript(`
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local tat = tonumber(redis.call("GET", KEYS[1]) or now)
if tat < now then tat = now end
local new = tat + interval
local allowAt = new - period
if allowAt > now then
  return {0, 0, allowAt - now, tat - now}
end
redis.call("SET", KEYS[1], new, "PX", math.ceil((new - now) / 1000))
return {1, math.floor((now + period - new) / interval), 0, new - now}
`)

// Allow counts one request of key against limit requests per period. An
// error (ErrDown included) means the caller decides with its own local
// limiter.
func (c *Client) Allow(ctx context.Context, key string, limit int, period time.Duration) (Decision, error) {
	if limit <= 0 {
		return Decision{Allowed: true}, nil
	}
	interval := period.Microseconds() / int64(limit)
	var res []int64
	err := c.call(ctx, func(ctx context.Context) error {
		var e error
		res, e = gcraScript.Run(ctx, c.rdb, []string{c.key("rl:" + key)}, interval, period.Microseconds()).Int64Slice()
		return e
	})
	if err != nil || len(res) != 4 {
		if err == nil {
			err = ErrDown
		}
		return Decision{}, err
	}
	return Decision{
		Allowed:    res[0] == 1,
		Remaining:  int(res[1]),
		RetryAfter: time.Duration(res[2]) * time.Microsecond,
		Reset:      time.Duration(res[3]) * time.Microsecond,
	}, nil
}
