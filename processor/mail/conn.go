package mail

import (
	"context"
	"net"
	"sync/atomic"
	"time"
)

// idleConn gives reads and writes on a connection a deadline, so that a
// server that accepts the connection and then says nothing, or freezes in
// the middle of a fetch or a DATA, is given up on after the timeout
// instead of being waited for forever, while a large transfer that keeps
// moving is never cut. Writes always have one. With gated set, reads have
// one only while an operation is in flight: the IMAP client reads in the
// background all the time, and must not time out while we are busy with
// the database between commands.
//
// A read that fails fails every read after it, at once. The IMAP client's
// response decoder reads again after an error (it tries '+', then '*',
// then a tag, each a fresh read of a buffered reader that hands an error
// back only once), and each of those reads would re-arm the deadline: a
// silent server held a session four timeouts long, not one.
type idleConn struct {
	net.Conn
	timeout time.Duration
	gated   bool
	busy    *atomic.Bool
	readErr *atomic.Pointer[error] // the first read error, returned ever after
}

func (c idleConn) Read(b []byte) (int, error) {
	if err := c.readErr.Load(); err != nil {
		return 0, *err
	}
	if !c.gated || c.busy.Load() {
		if err := c.Conn.SetReadDeadline(time.Now().Add(c.timeout)); err != nil {
			return 0, err
		}
	}
	n, err := c.Conn.Read(b)
	if err != nil {
		c.readErr.CompareAndSwap(nil, &err)
	}
	return n, err
}

func (c idleConn) Write(b []byte) (int, error) {
	if err := c.Conn.SetWriteDeadline(time.Now().Add(c.timeout)); err != nil {
		return 0, err
	}
	return c.Conn.Write(b)
}

// begin marks an operation in flight: a read already waiting gets the
// deadline too. end lifts it.
func (c idleConn) begin() {
	c.busy.Store(true)
	c.Conn.SetReadDeadline(time.Now().Add(c.timeout))
}

func (c idleConn) end() {
	c.busy.Store(false)
	c.Conn.SetReadDeadline(time.Time{})
}

// dial connects within the timeout, and closes the connection when ctx
// ends, so that the pass's own limit stops a session however it is
// stuck. The returned stop detaches that close once the session ends.
func dial(ctx context.Context, address string, timeout time.Duration, gated bool) (idleConn, func() bool, error) {
	d := net.Dialer{Timeout: timeout}
	conn, err := d.DialContext(ctx, "tcp", address)
	if err != nil {
		return idleConn{}, nil, err
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	return idleConn{Conn: conn, timeout: timeout, gated: gated, busy: new(atomic.Bool), readErr: new(atomic.Pointer[error])}, stop, nil
}
