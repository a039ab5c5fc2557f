package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/reports/page"
)

// WriteGame writes a game's pages as files under dir, the same pages the
// server makes, for an archive browsable offline: index.html as the game
// stands, history.html, N.html for each earlier step, site.css,
// site.js and icon.svg, and each distinct board once as boards/HASH.svg (a board
// changes on few moves, and the archive of a long game stays a
// fraction of one SVG a step).
func WriteGame(ctx context.Context, src gamelog.Log, ts title.Set, id, dir string) error {
	g, err := src.Game(ctx, id)
	if err != nil {
		return err
	}
	positions, err := src.Positions(ctx, id)
	if err != nil {
		return err
	}
	out := &game{Game: g, Unit: ts.Unit(g.Title)}
	out.Players = players(positions)
	var pages []page.Page
	boards := map[int]string{}
	err = gamelog.Walk(ctx, src, ts, id, false, func(s gamelog.Step) error {
		i := len(out.Steps)
		out.Steps = append(out.Steps, publicStep(i, s))
		var p page.Page
		if s.Page != nil {
			var err error
			if p, err = s.Page(); err != nil {
				return fmt.Errorf("game %s step %d: %w", id, i, err)
			}
		}
		if len(p.Board) > 0 {
			sum := sha256.Sum256(p.Board)
			name := "boards/" + hex.EncodeToString(sum[:12]) + ".svg"
			if err := writeNew(filepath.Join(dir, name), p.Board); err != nil {
				return err
			}
			boards[i], p.Board = name, nil
		}
		pages = append(pages, p)
		return nil
	})
	if err != nil {
		return err
	}
	l := links{Latest: "index.html", History: "history.html", ext: ".html",
		board: func(i int, _ []byte) string { return boards[i] }}
	for i := range out.Steps {
		out.At, out.Page, out.HasPage = i, pages[i], true
		b, err := renderGame(out, l)
		if err != nil {
			return err
		}
		if err := write(filepath.Join(dir, l.step(i, len(out.Steps)-1)), b); err != nil {
			return err
		}
	}
	b, err := renderHistory(out, l)
	if err != nil {
		return err
	}
	if err := write(filepath.Join(dir, l.History), b); err != nil {
		return err
	}
	for _, name := range []string{"site.css", "site.js", "icon.svg"} {
		b, err := assets.ReadFile("assets/" + name)
		if err != nil {
			return err
		}
		if err := write(filepath.Join(dir, name), b); err != nil {
			return err
		}
	}
	return nil
}

// writeNew writes a file unless it is there: a board named by its hash
// is the same board.
func writeNew(path string, b []byte) error {
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	return write(path, b)
}

func write(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("web pages: %w", err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("web pages: %w", err)
	}
	return nil
}
