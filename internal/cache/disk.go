package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// DiskEntry is one value of the disk tier.
type DiskEntry struct {
	Data        []byte
	ContentType string
	Created     time.Time
	// Degraded marks a result a transient failure changed: Put refuses it
	// with ErrDegraded.
	Degraded bool
}

// Disk is an on-disk cache that survives restarts: one file per key,
// written atomically (temporary file, then rename), bounded by the total
// size of its files with least-recently-used eviction. Keys are hashed
// into file names, and each file repeats its key so a hash collision or a
// foreign file is never served.
type Disk struct {
	dir string
	max int64
	ttl time.Duration
	now func() time.Time

	mu    sync.Mutex
	used  int64
	files map[string]*diskFile // file name → entry
}

type diskFile struct {
	size int64
	used time.Time // last access, for eviction
}

const (
	diskMagic  = "GTC1"
	diskSuffix = ".gtc"
	maxHeader  = 64 << 10
)

type diskHeader struct {
	Key         string    `json:"key"`
	ContentType string    `json:"type"`
	Created     time.Time `json:"created"`
}

// OpenDisk opens (creating if needed) the cache directory dir, indexes the
// files already there, removes leftovers of interrupted writes and evicts
// down to maxBytes. Entries older than ttl are not served.
func OpenDisk(dir string, maxBytes int64, ttl time.Duration) (*Disk, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cache dir: %w", err)
	}
	d := &Disk{dir: dir, max: maxBytes, ttl: ttl, now: time.Now, files: make(map[string]*diskFile)}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("cache dir: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".tmp-") {
			os.Remove(filepath.Join(dir, name))
			continue
		}
		if !strings.HasSuffix(name, diskSuffix) || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		d.files[name] = &diskFile{size: info.Size(), used: info.ModTime()}
		d.used += info.Size()
	}
	d.mu.Lock()
	d.evict()
	d.mu.Unlock()
	return d, nil
}

func fileName(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16]) + diskSuffix
}

// Get returns the live entry for key.
func (d *Disk) Get(key string) (DiskEntry, bool) {
	name := fileName(key)
	d.mu.Lock()
	f, ok := d.files[name]
	if ok {
		f.used = d.now()
	}
	d.mu.Unlock()
	if !ok {
		return DiskEntry{}, false
	}
	raw, err := os.ReadFile(filepath.Join(d.dir, name))
	if err != nil {
		d.drop(name)
		return DiskEntry{}, false
	}
	h, data, err := decodeDisk(raw)
	if err != nil || h.Key != key {
		return DiskEntry{}, false
	}
	if d.ttl > 0 && !d.now().Before(h.Created.Add(d.ttl)) {
		d.drop(name)
		return DiskEntry{}, false
	}
	return DiskEntry{Data: data, ContentType: h.ContentType, Created: h.Created}, true
}

// Put stores e under key atomically and evicts old entries beyond the
// bound. A value larger than the whole cache is not stored; a degraded
// one fails with ErrDegraded.
func (d *Disk) Put(key string, e DiskEntry) error {
	if e.Degraded {
		return ErrDegraded
	}
	head, err := json.Marshal(diskHeader{Key: key, ContentType: e.ContentType, Created: e.Created})
	if err != nil {
		return err
	}
	size := int64(len(diskMagic) + 4 + len(head) + len(e.Data))
	if size > d.max {
		return nil
	}
	tmp, err := os.CreateTemp(d.dir, ".tmp-*")
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString(diskMagic)
	binary.Write(&buf, binary.BigEndian, uint32(len(head)))
	buf.Write(head)
	_, werr := tmp.Write(buf.Bytes())
	if werr == nil {
		_, werr = tmp.Write(e.Data)
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	name := fileName(key)
	if werr == nil {
		werr = os.Rename(tmp.Name(), filepath.Join(d.dir, name))
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return werr
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if old, ok := d.files[name]; ok {
		d.used -= old.size
	}
	d.files[name] = &diskFile{size: size, used: d.now()}
	d.used += size
	d.evict()
	return nil
}

// evict removes least recently used files until the total fits. d.mu held.
func (d *Disk) evict() {
	if d.used <= d.max {
		return
	}
	names := make([]string, 0, len(d.files))
	for n := range d.files {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return d.files[names[i]].used.Before(d.files[names[j]].used) })
	for _, n := range names {
		if d.used <= d.max {
			break
		}
		if err := os.Remove(filepath.Join(d.dir, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		d.used -= d.files[n].size
		delete(d.files, n)
	}
}

func (d *Disk) drop(name string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if f, ok := d.files[name]; ok {
		os.Remove(filepath.Join(d.dir, name))
		d.used -= f.size
		delete(d.files, name)
	}
}

// Used reports the bytes of the cache files.
func (d *Disk) Used() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.used
}

func decodeDisk(raw []byte) (diskHeader, []byte, error) {
	var h diskHeader
	if len(raw) < 8 || string(raw[:4]) != diskMagic {
		return h, nil, errors.New("not a cache file")
	}
	n := binary.BigEndian.Uint32(raw[4:8])
	if n > maxHeader || int(n) > len(raw)-8 {
		return h, nil, errors.New("corrupt cache file")
	}
	if err := json.Unmarshal(raw[8:8+n], &h); err != nil {
		return h, nil, err
	}
	return h, raw[8+n:], nil
}
