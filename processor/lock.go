package processor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// ErrBusy means another pass holds the lock on this database.
var ErrBusy = errors.New("another railpost pass is running on this database")

// Lock is the advisory lock that keeps passes on one database one at a time.
// The kernel drops it when the process dies, so a crashed pass never blocks
// the next one.
type Lock struct {
	f *os.File
}

// AcquireLock takes the lock file beside the database without waiting.
// The lock is keyed on the database's real path, so that two passes given
// the same file by different names (a symlink, a relative path) still
// exclude each other.
func AcquireLock(dbPath string) (*Lock, error) {
	real, err := filepath.Abs(dbPath)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dbPath, err)
	}
	if r, err := filepath.EvalSymlinks(real); err == nil {
		real = r
	}
	path := real + ".lock"
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrBusy
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	// The pid is for people reading the file; the lock itself is the flock.
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return &Lock{f: f}, nil
}

// Release gives the lock up.
func (l *Lock) Release() error {
	syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	return l.f.Close()
}
