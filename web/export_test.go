package web

import (
	"context"

	"github.com/railpost/railpost/processor/store"
)

// Render makes a page as the server does, past its cache of pages (the
// engines it keeps still count): for the benchmarks.
func (s *Site) Render(ctx context.Context, g store.Game, what string) ([]byte, error) {
	return s.render(ctx, g, what)
}

// Kept tells whether the site holds a game's latest page made.
func (s *Site) Kept(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.whose[id]
	return ok
}
