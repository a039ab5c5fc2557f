package mail

import (
	"context"
	"net"
	"time"
)

// idleConn gives every read and every write on a connection its own
// deadline. A server that accepts the connection and then says nothing,
// or freezes in the middle of a fetch or a DATA, is given up on after the
// timeout instead of being waited for forever, while a large transfer
// that keeps moving is never cut.
type idleConn struct {
	net.Conn
	timeout time.Duration
}

func (c idleConn) Read(b []byte) (int, error) {
	if err := c.Conn.SetReadDeadline(time.Now().Add(c.timeout)); err != nil {
		return 0, err
	}
	return c.Conn.Read(b)
}

func (c idleConn) Write(b []byte) (int, error) {
	if err := c.Conn.SetWriteDeadline(time.Now().Add(c.timeout)); err != nil {
		return 0, err
	}
	return c.Conn.Write(b)
}

// dial connects within the timeout, and closes the connection when ctx
// ends, so that the pass's own limit stops a session however it is
// stuck. The returned stop detaches that close once the session ends.
func dial(ctx context.Context, address string, timeout time.Duration) (net.Conn, func() bool, error) {
	d := net.Dialer{Timeout: timeout}
	conn, err := d.DialContext(ctx, "tcp", address)
	if err != nil {
		return nil, nil, err
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	return idleConn{Conn: conn, timeout: timeout}, stop, nil
}
