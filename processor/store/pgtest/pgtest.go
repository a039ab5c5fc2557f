// Package pgtest starts a throwaway PostgreSQL cluster for tests, the way
// the end-to-end test starts its own Dovecot: initdb into a temporary
// folder, a server on a loopback port, stopped and removed at the end.
// Nothing is shared with a PostgreSQL the machine may run.
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, to make databases
)

// RequireEnv, set to 1 (as .ci/run does), turns a missing PostgreSQL
// into a failure instead of a skip.
const RequireEnv = "RAILPOST_REQUIRE_POSTGRES"

// ErrNotInstalled means no PostgreSQL server binaries were found.
var ErrNotInstalled = errors.New("PostgreSQL is not installed (apt-get install -y postgresql)")

// Cluster is a running throwaway server.
type Cluster struct {
	dir  string
	port int
	cmd  *exec.Cmd
	done chan struct{}

	mu sync.Mutex
	n  int
}

// Bin finds the directory of initdb and postgres: Debian keeps them in
// /usr/lib/postgresql/VERSION/bin, out of PATH; elsewhere they are on it.
func Bin() (string, error) {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(found, func(i, j int) bool { return version(found[i]) > version(found[j]) })
	if len(found) > 0 {
		return filepath.Dir(found[0]), nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if _, err := exec.LookPath("postgres"); err == nil {
			return filepath.Dir(p), nil
		}
	}
	return "", ErrNotInstalled
}

func version(initdb string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return v
}

// Start makes and starts a cluster. As root it runs the server as nobody,
// since PostgreSQL refuses to run as root.
func Start(ctx context.Context) (*Cluster, error) {
	bin, err := Bin()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "railpost-pg-")
	if err != nil {
		return nil, err
	}
	cred, err := credential(dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	data := filepath.Join(dir, "data")
	initdb := exec.CommandContext(ctx, filepath.Join(bin, "initdb"), "-D", data, "-U", "railpost", "--auth=trust", "--no-locale", "-E", "UTF8", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %w\n%s", err, out)
	}
	port, err := freePort()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	c := &Cluster{dir: dir, port: port, done: make(chan struct{})}
	c.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-p", strconv.Itoa(port), "-h", "127.0.0.1", "-k", dir,
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200")
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL}
	log, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	c.cmd.Stdout, c.cmd.Stderr = log, log
	if err := c.cmd.Start(); err != nil {
		log.Close()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start postgres: %w", err)
	}
	go func() { c.cmd.Wait(); log.Close(); close(c.done) }()
	if err := c.waitReady(ctx); err != nil {
		out, _ := os.ReadFile(filepath.Join(dir, "server.log"))
		c.Stop()
		return nil, fmt.Errorf("%w\n%s", err, out)
	}
	return c, nil
}

// credential is who runs the server: this user, or nobody for root, who
// then owns the folder.
func credential(dir string) (*syscall.Credential, error) {
	if os.Getuid() != 0 {
		return nil, nil
	}
	nobody, err := user.Lookup("nobody")
	if err != nil {
		return nil, err
	}
	uid, _ := strconv.Atoi(nobody.Uid)
	gid, _ := strconv.Atoi(nobody.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// URL is the address of one database of the cluster.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://railpost@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

func (c *Cluster) waitReady(ctx context.Context) error {
	deadline := time.Now().Add(30 * time.Second)
	for {
		db, err := sql.Open("pgx", c.URL("postgres"))
		if err == nil {
			err = db.PingContext(ctx)
			db.Close()
		}
		if err == nil {
			return nil
		}
		select {
		case <-c.done:
			return fmt.Errorf("postgres stopped at start: %w", err)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("postgres did not answer in 30s: %w", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// NewDatabase makes an empty database and returns its URL.
func (c *Cluster) NewDatabase(ctx context.Context) (string, error) {
	c.mu.Lock()
	c.n++
	name := fmt.Sprintf("t%d", c.n)
	c.mu.Unlock()
	db, err := sql.Open("pgx", c.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	return c.URL(name), nil
}

// Stop shuts the server down (fast: open sessions are ended) and removes
// its folder.
func (c *Cluster) Stop() {
	if c.cmd != nil && c.cmd.Process != nil {
		c.cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-c.done:
		case <-time.After(20 * time.Second):
			c.cmd.Process.Kill()
			<-c.done
		}
	}
	os.RemoveAll(c.dir)
}

// Shared is one cluster for a test binary, started by the first test that
// asks for a database and stopped by the test binary's TestMain.
type Shared struct {
	once    sync.Once
	cluster *Cluster
	err     error
}

// Database returns the URL of a fresh database, or skips the test when no
// PostgreSQL is installed (fails it under RAILPOST_REQUIRE_POSTGRES=1).
func (s *Shared) Database(t testing.TB) string {
	t.Helper()
	s.once.Do(func() { s.cluster, s.err = Start(context.Background()) })
	if errors.Is(s.err, ErrNotInstalled) {
		if os.Getenv(RequireEnv) != "" {
			t.Fatalf("PostgreSQL is required here (%s) but not installed: apt-get install -y postgresql", RequireEnv)
		}
		t.Skipf("%v; skipping the PostgreSQL half of this test", s.err)
	}
	if s.err != nil {
		t.Fatalf("start PostgreSQL: %v", s.err)
	}
	url, err := s.cluster.NewDatabase(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return url
}

// Stop stops the cluster if one was started.
func (s *Shared) Stop() {
	if s.cluster != nil {
		s.cluster.Stop()
	}
}
