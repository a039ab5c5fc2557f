package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

var errNotFound = errors.New("no such page")

// Site serves the pages of every game in a database, read only.
type Site struct {
	src     Source
	titles  title.Set
	log     *slog.Logger
	mu      sync.Mutex
	cache   map[string][]byte // rendered pages and boards, by game and version
	whose   map[string]status // the status line of each game's latest page, by game
	engines engines
}

// status is a game's status line as of one version of it.
type status struct{ version, line string }

// cacheSize bounds the pages kept: a game walked again costs a replay,
// and most readers look at the same few games' latest pages.
const cacheSize = 256

// NewSite serves src's games; log gets one line per failed page (nil:
// none).
func NewSite(src Source, ts title.Set, log *slog.Logger) *Site {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Site{src: src, titles: ts, log: log, cache: map[string][]byte{}, whose: map[string]status{},
		engines: engines{kept: map[string]*kept{}}}
}

// serverLinks are the server's addresses, relative to a game's folder
// (/g/ID/).
var serverLinks = links{Home: "../../", Latest: "./", History: "history", Assets: "../../",
	board: func(i int, svg []byte) string {
		if len(svg) == 0 {
			return ""
		}
		return strconv.Itoa(i) + ".svg"
	}}

// Handler is the site: GET and HEAD only, no query read, every answer
// with headers that keep the page to itself.
func (s *Site) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /site.css", s.asset("site.css", "text/css; charset=utf-8"))
	mux.HandleFunc("GET /site.js", s.asset("site.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET /icon.svg", s.asset("icon.svg", "image/svg+xml"))
	mux.HandleFunc("GET /g/{id}", func(w http.ResponseWriter, r *http.Request) {
		// relative, so that it holds behind a proxy's prefix
		w.Header().Set("Location", url.PathEscape(r.PathValue("id"))+"/")
		w.WriteHeader(http.StatusMovedPermanently)
	})
	mux.HandleFunc("GET /g/{id}/{$}", s.gamePage)
	mux.HandleFunc("GET /g/{id}/{step}", s.gamePage)
	return guard(mux)
}

// guard sets the headers every answer carries and refuses every method
// but GET and HEAD: the site takes no input.
func guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "this site is read only", http.StatusMethodNotAllowed)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Site) asset(name, ctype string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := assets.ReadFile("assets/" + name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=3600")
		send(w, ctype, b)
	}
}

func send(w http.ResponseWriter, ctype string, b []byte) {
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, _ = w.Write(b)
}

// fail answers an error: a page that does not exist is 404, anything else
// 500 with no detail (the log has it).
func (s *Site) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, errNotFound) || errors.Is(err, store.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	s.log.Error("web page", "path", r.URL.Path, "err", err)
	http.Error(w, "the page could not be made", http.StatusInternalServerError)
}

// version names a game as it stands: a page cached under it is stale
// once a move is made, a turn resolves, the game ends or is rolled back.
func version(g store.Game) string {
	return fmt.Sprintf("%s|%d|%s|%d", g.ID, g.Turn, g.Status, g.Deadline.UnixNano())
}

func (s *Site) cached(key string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.cache[key]
	return b, ok
}

func (s *Site) keep(key string, b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.cache) >= cacheSize {
		for k := range s.cache {
			delete(s.cache, k)
			if len(s.cache) < cacheSize/2 {
				break
			}
		}
	}
	s.cache[key] = b
}

// gamePage serves a game's latest page, a step's page, its history or
// a step's board.
func (s *Site) gamePage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := s.src.Game(ctx, r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	what := r.PathValue("step")
	key := version(g) + "|" + what
	ctype := "text/html; charset=utf-8"
	if strings.HasSuffix(what, ".svg") {
		ctype = "image/svg+xml"
	}
	if b, ok := s.cached(key); ok {
		send(w, ctype, b)
		return
	}
	b, err := s.render(ctx, g, what)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.keep(key, b)
	send(w, ctype, b)
}

// render makes one of a game's pages: "" its latest, "history", "N" a
// step, "N.svg" a step's board.
func (s *Site) render(ctx context.Context, g store.Game, what string) ([]byte, error) {
	if what == "history" {
		gw, err := walk(ctx, s.src, s.titles, &s.engines, g.ID, Latest, false)
		if err != nil {
			return nil, err
		}
		return renderHistory(gw, serverLinks)
	}
	at := Latest
	svg := strings.HasSuffix(what, ".svg")
	if what != "" {
		n, err := strconv.Atoi(strings.TrimSuffix(what, ".svg"))
		if err != nil || n < 0 || strconv.Itoa(n) != strings.TrimSuffix(what, ".svg") {
			return nil, errNotFound
		}
		at = n
	}
	gw, err := walk(ctx, s.src, s.titles, &s.engines, g.ID, at, true)
	if err != nil {
		return nil, err
	}
	if svg {
		if len(gw.Page.Board) == 0 {
			return nil, errNotFound
		}
		return gw.Page.Board, nil
	}
	if at == Latest {
		s.mu.Lock()
		s.whose[g.ID] = status{version: version(g), line: gw.Page.Status}
		s.mu.Unlock()
	}
	return renderGame(gw, serverLinks)
}

// Warm makes every game's latest page once, in the background as the
// server starts: a late game's first page costs a replay of its whole log
// (tens of milliseconds), every later one only the moves since, so the
// first reader after a restart should not pay it. Errors are logged and
// left for the reader's request to report.
func (s *Site) Warm(ctx context.Context) {
	games, err := s.src.Games(ctx)
	if err != nil {
		s.log.Warn("warming the game pages", "err", err)
		return
	}
	for _, g := range games {
		if ctx.Err() != nil {
			return
		}
		if _, err := s.indexRow(ctx, g); err != nil {
			s.log.Warn("warming a game page", "game", g.ID, "err", err)
		}
	}
}

// index lists the games: each with its players, whose move it is (the
// status line of its latest page) and when it last changed.
func (s *Site) index(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	games, err := s.src.Games(ctx)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var rows []indexRow
	for _, g := range games {
		row, err := s.indexRow(ctx, g)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		rows = append(rows, row)
	}
	b, err := renderIndex(rows, links{Assets: ""})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	send(w, "text/html; charset=utf-8", b)
}

func (s *Site) indexRow(ctx context.Context, g store.Game) (indexRow, error) {
	row := indexRow{Href: "g/" + url.PathEscape(g.ID) + "/", Name: g.Name, ID: g.ID, Title: g.Title}
	positions, err := s.src.Positions(ctx, g.ID)
	if err != nil {
		return row, err
	}
	row.Players = players(positions)
	s.mu.Lock()
	st, ok := s.whose[g.ID]
	ok = ok && st.version == version(g)
	s.mu.Unlock()
	if !ok {
		// the latest page is made and kept, as if it had been asked for
		b, err := s.render(ctx, g, "")
		if err != nil {
			return row, err
		}
		s.keep(version(g)+"|", b)
		s.mu.Lock()
		st = s.whose[g.ID]
		s.mu.Unlock()
	}
	row.Whose = st.line
	if g.Status == "ended" {
		row.Whose = "over"
	}
	snaps, err := s.src.Moves(ctx, g.ID)
	if err == nil && len(snaps) > 0 {
		row.Last = when(g, snaps[len(snaps)-1].At)
	} else if last, err := s.src.SnapshotAt(ctx, g.ID, g.Turn-1); err == nil {
		row.Last = when(g, last.Created)
	}
	return row, nil
}

// Serve runs the site on addr until ctx ends, with a deadline on every
// part of every connection, so that a slow or idle client cannot hold
// the server.
func Serve(ctx context.Context, site *Site, addr string) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	return ServeOn(ctx, site, l)
}

// ServeOn is Serve on a listener already open.
func ServeOn(ctx context.Context, site *Site, l net.Listener) error {
	srv := &http.Server{
		Handler:           http.TimeoutHandler(site.Handler(), 20*time.Second, "the page took too long"),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	go site.Warm(ctx)
	select {
	case err := <-done:
		return fmt.Errorf("web: %w", err)
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return srv.Shutdown(shut)
	}
}
