//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cache

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

// lockDir takes the cache directory's lock: an exclusive flock(2) on its
// lock file, held for as long as the returned file stays open (the kernel
// lets go of it when the process ends, however it ends). A directory
// another process (or another Disk in this one) holds gives ErrDirInUse.
func lockDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrDirInUse
		}
		return nil, err
	}
	return f, nil
}
