package sqldb

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/pgtest"
)

// pg is this test binary's throwaway PostgreSQL, started by the first test
// that needs it.
var pg pgtest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	pg.Stop()
	os.Exit(code)
}

// backend opens an empty store of one kind.
type backend struct {
	name string
	open func(t testing.TB) *Store
}

var backends = []backend{
	{"sqlite", openTemp},
	{"postgres", openPostgresTemp},
}

// onBoth runs a store test on SQLite and on PostgreSQL.
func onBoth(t *testing.T, test func(*testing.T, backend)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { test(t, b) })
	}
}

func openPostgresTemp(t testing.TB) *Store {
	t.Helper()
	s, err := testOpen(context.Background(), pg.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestPostgresRefusesANewerSchema: a database a newer railpost migrated
// is refused at start, read-only too, saying what to do; and an empty one
// is refused by every command but init.
func TestPostgresRefusesANewerSchema(t *testing.T) {
	ctx := context.Background()
	url := pg.Database(t)
	if _, err := testOpenExisting(ctx, url); err == nil || !strings.Contains(err.Error(), "railpost init") {
		t.Errorf("an empty database opened as existing: %v", err)
	}
	s, err := testOpen(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s.SchemaVersion(ctx); err != nil || v != LatestSchemaVersion() {
		t.Fatalf("schema version %d (%v), want %d", v, err, LatestSchemaVersion())
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE railpost_schema SET version = version + 1`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	for name, open := range map[string]func(context.Context, string) (*Store, error){"Open": testOpen, "OpenExisting": testOpenExisting, "OpenReadOnly": testOpenReadOnly} {
		if s, err := open(ctx, url); err == nil || !strings.Contains(err.Error(), "install a newer railpost") {
			if s != nil {
				s.Close()
			}
			t.Errorf("%s on a newer schema: %v", name, err)
		}
	}
}

// TestLeasesExcludeEachOther: a game's lease is held by one judge at a
// time, on both databases; on PostgreSQL two games are leased apart and a
// lease is free again once released or once its holder's connection
// ends.
func TestLeasesExcludeEachOther(t *testing.T) { onBoth(t, testLeasesExcludeEachOther) }

func testLeasesExcludeEachOther(t *testing.T, b backend) {
	ctx := context.Background()
	one := b.open(t)
	// A second judge on the same database (the test URL has no password
	// for Path to hide).
	two, err := testOpen(ctx, one.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	held, err := one.Lease(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := two.Lease(ctx, "g1"); !errors.Is(err, store.ErrLeased) {
		t.Errorf("a second judge leased a held game: %v", err)
	}
	if b.name == "postgres" {
		other, err := two.Lease(ctx, "g2")
		if err != nil {
			t.Errorf("another game: %v", err)
		} else {
			other.Release()
		}
	}
	if _, err := one.Lease(store.WithLease(ctx, held), "g1"); err != nil && b.name == "sqlite" {
		t.Errorf("work under the pass's lease: %v", err)
	}
	held.Release()
	again, err := two.Lease(ctx, "g1")
	if err != nil {
		t.Fatalf("a released game: %v", err)
	}
	again.Release()
}

// TestPostgresReadOnlyWritesNothing: the commands that only read open
// PostgreSQL in sessions the server keeps from writing.
func TestPostgresReadOnlyWritesNothing(t *testing.T) {
	ctx := context.Background()
	url := pg.Database(t)
	s, err := testOpen(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	ro, err := testOpenReadOnly(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if ro.Path() != url {
		t.Errorf("Path() = %q, want %q", ro.Path(), url)
	}
	err = ro.CreateGame(ctx, Game{ID: "g", Title: "t", Name: "G", Created: t0})
	if err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("a write on a read-only store: %v", err)
	}
}

// TestPostgresSessionsKeepAlive: our sessions ask the server to notice a
// vanished judge within about a minute, unless the URL says otherwise.
func TestPostgresSessionsKeepAlive(t *testing.T) {
	ctx := context.Background()
	url := pg.Database(t)
	for _, tc := range []struct{ url, want string }{{url, "30"}, {url + "&tcp_keepalives_idle=45", "45"}} {
		s, err := testOpen(ctx, tc.url)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		if err := s.db.QueryRowContext(ctx, `SHOW tcp_keepalives_idle`).Scan(&got); err != nil || got != tc.want {
			t.Errorf("%s: tcp_keepalives_idle = %q (%v), want %q", tc.url, got, err, tc.want)
		}
		s.Close()
	}
}
