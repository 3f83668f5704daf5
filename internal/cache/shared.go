package cache

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/gob"
	"time"

	"gamethumbs/internal/cluster"
)

// Tier is a store several replicas share (internal/cluster's Redis
// client). Get returns only a value that Set stored under the same name,
// whole (the client seals every value with a hash of its key and a
// checksum); the caller still checks what the bytes say. Every method
// must fail fast and quietly: a miss, a dropped write or a refused lock,
// never a long wait.
type Tier interface {
	Get(ctx context.Context, name string) ([]byte, bool)
	Set(ctx context.Context, name string, value []byte, ttl time.Duration)
	Delete(ctx context.Context, name string)
	cluster.Locker // one replica works, the others wait (cluster.OneWorks)
}

// Codec turns a Store's values into bytes for a Tier and back.
type Codec[V any] struct {
	Encode func(V) ([]byte, error)
	Decode func([]byte) (V, error)
}

// sharing is how a Store reads and writes its values in a Tier.
type sharing[V any] struct {
	tier  Tier
	name  string
	codec Codec[V]
}

// maxClockSkew is how far ahead of this replica's clock another's may be.
const maxClockSkew = time.Minute

// sharedWait bounds how long a replica waits for another replica's load
// of the same key (and how long that one may hold the lock) before it
// loads itself.
const sharedWait = 20 * time.Second

// Share makes the Store look in tier before it loads, and put what it
// loads there, under name+":"+key. With several replicas that share a
// tier, one of them calls the provider per key and refresh; the others
// take its value (with its load time, so they all refresh together and
// the lock makes one of them do it). Call Share before the first Get.
func (s *Store[V]) Share(tier Tier, name string, codec Codec[V]) {
	if tier == nil {
		return
	}
	s.shared = &sharing[V]{tier: tier, name: name, codec: codec}
}

// loadThrough loads key's value, through the shared tier when there is
// one, and reports when the value was loaded.
func (s *Store[V]) loadThrough(ctx context.Context, key string, load func(context.Context) (V, error)) (V, time.Time, error) {
	sh := s.shared
	if sh == nil {
		v, err := load(ctx)
		return v, s.now(), err
	}
	name := sh.name + ":" + key
	if v, at, ok := s.usable(sh.tier.Get(ctx, name)); ok {
		return v, at, nil
	}
	type loaded struct {
		v  V
		at time.Time
	}
	use := func(b []byte) (loaded, bool) {
		v, at, ok := s.usable(b, true)
		return loaded{v, at}, ok
	}
	got, _, err := cluster.OneWorks(ctx, sh.tier, name, sharedWait, use, func() (loaded, error) {
		v, err := load(ctx)
		now := s.now()
		if err == nil {
			if b, eerr := sh.codec.Encode(v); eerr == nil {
				sh.tier.Set(ctx, name, append(binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(b)), uint64(now.UnixNano())), b...), s.ttl)
			}
		}
		return loaded{v, now}, err
	})
	return got.v, got.at, err
}

// usable decodes a shared entry and accepts it while it is younger than
// the age at which this Store would load again (the refresh age when
// background refreshes are on, else the TTL).
func (s *Store[V]) usable(b []byte, found bool) (V, time.Time, bool) {
	var zero V
	if !found || len(b) < 8 {
		return zero, time.Time{}, false
	}
	at := time.Unix(0, int64(binary.BigEndian.Uint64(b)))
	limit := s.ttl
	if s.Refresh > 0 {
		limit = s.Refresh
	}
	// Too old, or loaded in the future beyond a replica's clock skew (it
	// would never be loaded again).
	if age := s.now().Sub(at); age >= limit || age < -maxClockSkew {
		return zero, time.Time{}, false
	}
	v, err := s.shared.codec.Decode(b[8:])
	if err != nil {
		return zero, time.Time{}, false
	}
	return v, at, true
}

// Gob is the Codec of V in encoding/gob: it keeps every exported field,
// including those a JSON form leaves out.
func Gob[V any]() Codec[V] {
	enc := func(v V) ([]byte, error) {
		var b bytes.Buffer
		err := gob.NewEncoder(&b).Encode(v)
		return b.Bytes(), err
	}
	dec := func(b []byte) (V, error) {
		var v V
		err := gob.NewDecoder(bytes.NewReader(b)).Decode(&v)
		return v, err
	}
	return Codec[V]{Encode: enc, Decode: dec}
}
