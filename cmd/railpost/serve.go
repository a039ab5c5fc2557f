package main

import (
	"context"
	"fmt"
	"io"
	"os/signal"
	"syscall"

	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/web"
)

// cmdServe runs the read-only web pages of every game over the database,
// opened read only, until SIGTERM or SIGINT.
func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "serve")
	fs, c := newFlags("serve", "serve [--addr 127.0.0.1:8080] [--config railpost.toml]", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on; put a reverse proxy in front of it for the world")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	cfg, err := c.load()
	if err != nil {
		return fail(err)
	}
	st, err := backend.OpenReadOnly(ctx, cfg.Database)
	if err != nil {
		return fail(err)
	}
	defer st.Close()
	ts, err := titles()
	if err != nil {
		return fail(err)
	}
	stop, cancel := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer cancel()
	fmt.Fprintf(stdout, "serving the games of %s at http://%s/\n", st.Path(), *addr)
	if err := web.Serve(stop, web.NewSite(st, ts, logger(cfg.LogLevel, stderr)), *addr); err != nil {
		return fail(err)
	}
	return 0
}
