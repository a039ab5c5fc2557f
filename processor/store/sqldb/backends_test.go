package sqldb

import (
	"context"
	"os"
	"testing"

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
	s, err := Open(context.Background(), pg.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
