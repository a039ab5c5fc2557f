package web_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/railpost/railpost/demo"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/titles/g1870"
	"github.com/railpost/railpost/web"
)

// lateGame is a late game of 1870: the database RAILPOST_BENCH_DB names
// (its first game; `railpost demo --title 1870 --turns 600` makes one),
// or one the demo plays now to action 500, which takes minutes.
func lateGame(b *testing.B) (web.Source, store.Game) {
	b.Helper()
	ctx := context.Background()
	path := os.Getenv("RAILPOST_BENCH_DB")
	if path == "" {
		dir := b.TempDir()
		start := time.Now()
		res, err := demo.Run(ctx, g1870.Title{}, demo.Options{Dir: dir, Seed: 3, Limit: 500})
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("played 1870 to action %d in %s", res.Steps, time.Since(start).Round(time.Second))
		path = filepath.Join(dir, "railpost.db")
	}
	st, err := backend.OpenReadOnly(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	games, err := st.Games(ctx)
	if err != nil || len(games) == 0 {
		b.Fatalf("no game in %s: %v", path, err)
	}
	return st, games[0]
}

// BenchmarkLatePages renders a late 1870 game's pages as the server
// makes them when its cache of pages has none: the game page with the
// engine kept from an earlier request (the usual case: the game moved
// on since), the same from nothing (a replay of the whole log), the
// board alone, and the history.
func BenchmarkLatePages(b *testing.B) {
	src, g := lateGame(b)
	ctx := context.Background()
	site := web.NewSite(src, allTitles(b), nil)
	pg, err := site.Render(ctx, g, "")
	if err != nil {
		b.Fatal(err)
	}
	board, err := site.Render(ctx, g, strconv.Itoa(g.Turn-1)+".svg")
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("game %s at action %d: the page is %d KB, its board's SVG %d KB", g.ID, g.Turn-1, len(pg)/1024, len(board)/1024)
	for _, c := range []struct {
		name, what string
		cold       bool
	}{{"game", "", false}, {"game-cold", "", true}, {"board", strconv.Itoa(g.Turn-1) + ".svg", false}, {"history", "history", false}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				s := site
				if c.cold {
					s = web.NewSite(src, allTitles(b), nil)
				}
				if _, err := s.Render(ctx, g, c.what); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
