package web_test

import (
	"context"
	"io"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/web"
)

// TestASlowClientIsCutOff: a client that sends half a request and waits
// is disconnected once the header deadline passes, and the server stops
// when its context ends.
func TestASlowClientIsCutOff(t *testing.T) {
	_, _ = site(t)
	st, err := backend.OpenReadOnly(context.Background(), filepath.Join(fixture.dir, "chicago-express", "railpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- web.ServeOn(ctx, web.NewSite(st, allTitles(t), nil), l) }()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_ = c.SetReadDeadline(time.Now().Add(20 * time.Second))
	_, _ = io.ReadAll(c) // ends when the server closes the connection
	if waited := time.Since(start); waited > 10*time.Second {
		t.Errorf("the half-sent request held its connection %s", waited)
	}
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("the server stopped with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("the server did not stop with its context")
	}
}
