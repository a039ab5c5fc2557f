// Package loopback runs real IMAP and SMTP servers inside the process, on
// 127.0.0.1. The demo uses them so that it needs no mail account, and the
// tests use them so that they talk real protocols rather than mocks.
package loopback

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// IMAPServer is an in-memory IMAP server with one user.
type IMAPServer struct {
	Addr     string
	User     string
	Password string

	mem  *imapmemserver.User
	srv  *imapserver.Server
	ln   net.Listener
	done chan struct{}
}

// StartIMAP starts an IMAP server on a free loopback port with one user and
// the given mailboxes (INBOX is always there).
func StartIMAP(user, password string, mailboxes ...string) (*IMAPServer, error) {
	mem := imapmemserver.New()
	u := imapmemserver.NewUser(user, password)
	mem.AddUser(u)
	for _, name := range append([]string{"INBOX"}, mailboxes...) {
		if err := u.Create(name, nil); err != nil {
			return nil, fmt.Errorf("create mailbox %s: %w", name, err)
		}
	}
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true,
		Logger:       log.New(io.Discard, "", 0),
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("imap listen: %w", err)
	}
	s := &IMAPServer{Addr: ln.Addr().String(), User: user, Password: password, mem: u, srv: srv, ln: ln, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		srv.Serve(ln)
	}()
	return s, nil
}

// Close stops the server.
func (s *IMAPServer) Close() error {
	err := s.srv.Close()
	<-s.done
	return err
}

type literal struct {
	*bytes.Reader
}

func (l literal) Size() int64 { return l.Reader.Size() }

// Deliver puts a raw message into a mailbox, as a delivery agent would.
func (s *IMAPServer) Deliver(mailbox string, raw []byte) error {
	return s.DeliverAt(mailbox, raw, time.Now())
}

// DeliverAt delivers with the given arrival time (INTERNALDATE), for tests
// and demos that run on a clock of their own.
func (s *IMAPServer) DeliverAt(mailbox string, raw []byte, at time.Time) error {
	_, err := s.mem.Append(mailbox, literal{bytes.NewReader(raw)}, &imap.AppendOptions{Time: at})
	if err != nil {
		return fmt.Errorf("deliver to %s: %w", mailbox, err)
	}
	return nil
}

// Renumber deletes and recreates a mailbox with the same messages, which
// gives it a new UIDVALIDITY, as a server restore or migration does.
func (s *IMAPServer) Renumber(mailbox string, raws [][]byte, at time.Time) error {
	if err := s.mem.Delete(mailbox); err != nil && mailbox != "INBOX" {
		return err
	}
	if err := s.mem.Create(mailbox, nil); err != nil {
		return err
	}
	for _, r := range raws {
		if err := s.DeliverAt(mailbox, r, at); err != nil {
			return err
		}
	}
	return nil
}

// Received is one message the SMTP server accepted.
type Received struct {
	From string
	To   []string
	Raw  []byte
}

// SMTPServer accepts mail on loopback and keeps it.
type SMTPServer struct {
	Addr string

	mu     sync.Mutex
	got    []Received
	refuse func(from string, to []string) error
	drop   string // a recipient at whose RCPT the connection is cut
	wait   chan struct{}
	srv    *smtp.Server
	done   chan struct{}
	user   string
	pass   string
	serial int
}

// StartSMTP starts an SMTP server on a free loopback port. If user is not
// empty, clients must authenticate with PLAIN.
func StartSMTP(user, password string) (*SMTPServer, error) {
	s := &SMTPServer{done: make(chan struct{}), user: user, pass: password, wait: make(chan struct{})}
	srv := smtp.NewServer(s)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.MaxMessageBytes = 64 << 20
	srv.ReadTimeout = time.Minute
	srv.WriteTimeout = time.Minute
	srv.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("smtp listen: %w", err)
	}
	s.Addr = ln.Addr().String()
	s.srv = srv
	go func() {
		defer close(s.done)
		srv.Serve(ln)
	}()
	return s, nil
}

// Close stops the server.
func (s *SMTPServer) Close() error {
	err := s.srv.Close()
	<-s.done
	return err
}

// Refuse makes the server answer each message with fn's error (an
// *smtp.SMTPError gives the code); nil accepts again.
func (s *SMTPServer) Refuse(fn func(from string, to []string) error) {
	s.mu.Lock()
	s.refuse = fn
	s.mu.Unlock()
}

// DropOn makes the server cut the connection whenever a client names this
// recipient, as a relay that falls over on one address does; "" stops it.
func (s *SMTPServer) DropOn(recipient string) {
	s.mu.Lock()
	s.drop = recipient
	s.mu.Unlock()
}

// Messages returns a copy of everything accepted so far.
func (s *SMTPServer) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.got...)
}

// Changed returns a channel closed at the next accepted message.
func (s *SMTPServer) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.wait
}

// NewSession implements smtp.Backend.
func (s *SMTPServer) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &smtpSession{srv: s, conn: c}, nil
}

type smtpSession struct {
	srv    *SMTPServer
	conn   *smtp.Conn
	authed bool
	from   string
	to     []string
}

func (ss *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *smtpSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != ss.srv.user || password != ss.srv.pass {
			return errors.New("invalid credentials")
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if ss.srv.user != "" && !ss.authed {
		return smtp.ErrAuthRequired
	}
	ss.from = from
	return nil
}

func (ss *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.srv.mu.Lock()
	drop := ss.srv.drop != "" && ss.srv.drop == to
	ss.srv.mu.Unlock()
	if drop {
		ss.conn.Close()
		return errors.New("connection dropped")
	}
	ss.to = append(ss.to, to)
	return nil
}

func (ss *smtpSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s := ss.srv
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuse != nil {
		if err := s.refuse(ss.from, ss.to); err != nil {
			return err
		}
	}
	s.serial++
	s.got = append(s.got, Received{From: ss.from, To: append([]string(nil), ss.to...), Raw: raw})
	close(s.wait)
	s.wait = make(chan struct{})
	return &smtp.SMTPError{Code: 250, EnhancedCode: smtp.EnhancedCode{2, 0, 0}, Message: fmt.Sprintf("OK queued as %d", s.serial)}
}

func (ss *smtpSession) Reset() {
	ss.from = ""
	ss.to = nil
}

func (ss *smtpSession) Logout() error { return nil }

// Create adds a mailbox.
func (s *IMAPServer) Create(mailbox string) error {
	return s.mem.Create(mailbox, nil)
}
