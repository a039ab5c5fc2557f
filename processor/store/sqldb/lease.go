package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"

	"github.com/railpost/railpost/processor/store"
)

// Lease takes the right to change one game without waiting; it returns
// store.ErrLeased if another judge holds it. The empty game id is the
// pass's own lease: on SQLite it is the whole database, as every lease
// there is; on PostgreSQL passes run side by side and only games are
// leased.
//
// On SQLite every lease is the lock file beside the database; work that
// runs under the lease already (its ctx says so: store.WithLease) is given
// it again without touching the file. On PostgreSQL a lease is a session
// advisory lock held on a connection of its own: the server drops it when
// the connection ends, so a judge killed mid-pass holds nothing once its
// connection is gone.
func (s *Store) Lease(ctx context.Context, gameID string) (store.Lease, error) {
	if s.d.oneJudge {
		return s.fileLease(ctx)
	}
	if gameID == "" {
		return noLease{}, nil
	}
	return advisoryLease(ctx, s.db, "game "+gameID)
}

// Claim is Lease for any named piece of work (an inbox message, an
// outbox mail): one judge at a time works on it.
func (s *Store) Claim(ctx context.Context, what string) (store.Lease, error) {
	if s.d.oneJudge {
		return s.fileLease(ctx)
	}
	return advisoryLease(ctx, s.db, what)
}

func (s *Store) fileLease(ctx context.Context) (store.Lease, error) {
	if held, ok := store.HeldLease(ctx).(*fileLease); ok && held.db == s.name {
		return noLease{}, nil
	}
	lock, err := LockFile(s.name)
	if err != nil {
		return nil, err
	}
	return &fileLease{lock: lock, db: s.name}, nil
}

type noLease struct{}

func (noLease) Release() error { return nil }

// fileLease is the lock file held as a lease.
type fileLease struct {
	lock *FileLock
	db   string
	once sync.Once
}

func (f *fileLease) Release() error {
	var err error
	f.once.Do(func() { err = f.lock.Release() })
	return err
}

// FileLock is the advisory lock that keeps passes on one SQLite database
// one at a time. The kernel drops it when the process dies, so a crashed
// pass never blocks the next one.
type FileLock struct {
	f *os.File
}

// LockFile takes the lock file beside the database without waiting. The
// lock is keyed on the database's real path, so that two passes given the
// same file by different names (a symlink, a relative path) still exclude
// each other.
func LockFile(dbPath string) (*FileLock, error) {
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
			return nil, store.ErrLeased
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	// The pid is for people reading the file; the lock itself is the flock.
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return &FileLock{f: f}, nil
}

// Release gives the lock up.
func (l *FileLock) Release() error {
	syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	return l.f.Close()
}

// advisoryLease takes a PostgreSQL session advisory lock on a connection
// of its own, without waiting.
func advisoryLease(ctx context.Context, db *sql.DB, what string) (store.Lease, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("lease %s: %w", what, err)
	}
	key := leaseKey(what)
	var got bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&got); err != nil {
		conn.Close()
		return nil, fmt.Errorf("lease %s: %w", what, err)
	}
	if !got {
		conn.Close()
		return nil, fmt.Errorf("%s: %w", what, store.ErrLeased)
	}
	return &pgLease{conn: conn, key: key}, nil
}

// leaseKey is the advisory lock's number for a piece of work.
func leaseKey(what string) int64 {
	h := fnv.New64a()
	h.Write([]byte("railpost " + what))
	return int64(h.Sum64())
}

type pgLease struct {
	conn *sql.Conn
	key  int64
	once sync.Once
}

func (p *pgLease) Release() error {
	var err error
	p.once.Do(func() {
		// Closing the connection would drop the lock too, but the pool
		// keeps connections open: unlock first.
		_, err = p.conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, p.key)
		if cerr := p.conn.Close(); err == nil {
			err = cerr
		}
	})
	return err
}
