package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/railpost/railpost/demo"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/titles/chicagoexpress"
	"github.com/railpost/railpost/titles/contrails"
	"github.com/railpost/railpost/titles/g1870"
	"github.com/railpost/railpost/titles/g18ez"
	"github.com/railpost/railpost/web"
)

// played is a game of each title played by the demo's scripted players
// through the real processor and mail, far enough to have a history:
// the database the pages read, made once for all the package's tests.
type played struct {
	once  sync.Once
	err   error
	dir   string
	games map[string]string // title -> game id
}

var fixture played

// limits are how far each title's game is played: past its opening, so
// that its page has track, tokens and trades to show.
var limits = map[string]int{"contrails": 3, "chicago-express": 40, "1870": 300, "18ez": 90}

func allTitles(t testing.TB) title.Set {
	t.Helper()
	crt, err := contrails.New()
	if err != nil {
		t.Fatal(err)
	}
	ts, err := title.NewSet(crt, chicagoexpress.Title{}, g1870.Title{}, g18ez.Title{})
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// site is the site over the fixture's games, merged into one database
// per title (the demo makes one each), served by an httptest server.
func site(t testing.TB) (map[string]*httptest.Server, map[string]string) {
	t.Helper()
	fixture.once.Do(func() {
		fixture.dir, fixture.err = os.MkdirTemp("", "railpost-web-")
		fixture.games = map[string]string{}
		ts := allTitles(t)
		for name, limit := range limits {
			res, err := demo.Run(context.Background(), ts[name], demo.Options{Dir: filepath.Join(fixture.dir, name), Seed: 3, Limit: limit})
			if err != nil {
				fixture.err = err
				return
			}
			fixture.games[name] = res.GameID
		}
	})
	if fixture.err != nil {
		t.Fatal(fixture.err)
	}
	servers := map[string]*httptest.Server{}
	for name := range fixture.games {
		st, err := backend.OpenReadOnly(context.Background(), filepath.Join(fixture.dir, name, "railpost.db"))
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(web.NewSite(st, allTitles(t), nil).Handler())
		t.Cleanup(func() { srv.Close(); st.Close() })
		servers[name] = srv
	}
	return servers, fixture.games
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fixture.dir != "" {
		os.RemoveAll(fixture.dir)
	}
	os.Exit(code)
}

// get fetches a path and gives its status, headers and body.
func get(t testing.TB, srv *httptest.Server, path string) (int, http.Header, []byte) {
	t.Helper()
	resp, err := srv.Client().Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b []byte
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		b = append(b, buf[:n]...)
		if err != nil {
			break
		}
	}
	return resp.StatusCode, resp.Header, b
}
