// Package mail talks to the mail servers: it pulls raw messages over IMAP,
// pushes outbox messages over SMTP, and builds the messages Railpost sends.
// It knows nothing of games; the processor decides what to pull and send.
package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"sort"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Security is how a connection is protected.
type Security string

// The connection security modes a server may be configured with.
const (
	SecurityTLS      Security = "tls"      // implicit TLS (IMAPS 993, SMTPS 465)
	SecuritySTARTTLS Security = "starttls" // plain connection upgraded with STARTTLS
	SecurityPlain    Security = "plain"    // no encryption: loopback and tests only
)

// ParseSecurity checks a configured security mode.
func ParseSecurity(s string) (Security, error) {
	switch Security(strings.ToLower(strings.TrimSpace(s))) {
	case SecurityTLS:
		return SecurityTLS, nil
	case SecuritySTARTTLS:
		return SecuritySTARTTLS, nil
	case SecurityPlain, "none", "":
		return SecurityPlain, nil
	}
	return "", fmt.Errorf("security %q: want tls, starttls or plain", s)
}

// IMAPConfig says where and how to read incoming mail.
type IMAPConfig struct {
	Address            string // host:port
	Security           Security
	Username           string
	Password           string
	Mailboxes          []string
	MoveTo             string // if set, processed mail is moved here; else it is flagged
	Flag               string // the flag set on processed mail when not moving
	InsecureSkipVerify bool
	// Timeout bounds the connect and every read and write after it: a
	// server silent that long is given up on.
	Timeout time.Duration
}

// IMAP is a logged-in IMAP session.
type IMAP struct {
	c    *imapclient.Client
	cfg  IMAPConfig
	stop func() bool // detaches the close on the pass's end
	conn idleConn    // each operation's reads have the timeout while it runs
}

// DialIMAP connects and logs in.
func DialIMAP(ctx context.Context, cfg IMAPConfig) (*IMAP, error) {
	if cfg.Timeout == 0 {
		cfg.Timeout = 30 * time.Second
	}
	host, _, err := net.SplitHostPort(cfg.Address)
	if err != nil {
		return nil, fmt.Errorf("imap address %q: %w", cfg.Address, err)
	}
	conn, stop, err := dial(ctx, cfg.Address, cfg.Timeout, true)
	if err == nil {
		conn.begin() // the greeting and the login
		defer conn.end()
	}
	if err != nil {
		return nil, fmt.Errorf("imap connect %s: %w", cfg.Address, err)
	}
	tlsConf := &tls.Config{ServerName: host, InsecureSkipVerify: cfg.InsecureSkipVerify}
	opts := &imapclient.Options{TLSConfig: tlsConf}
	var c *imapclient.Client
	switch cfg.Security {
	case SecurityTLS:
		c = imapclient.New(tls.Client(conn, tlsConf), opts)
	case SecuritySTARTTLS:
		c, err = imapclient.NewStartTLS(conn, opts)
	default:
		c = imapclient.New(conn, opts)
	}
	if err != nil {
		stop()
		conn.Close()
		return nil, fmt.Errorf("imap starttls %s: %w", cfg.Address, err)
	}
	if err := c.WaitGreeting(); err != nil {
		stop()
		c.Close()
		return nil, fmt.Errorf("imap greeting from %s: %w", cfg.Address, err)
	}
	if err := c.Login(cfg.Username, cfg.Password).Wait(); err != nil {
		stop()
		c.Close()
		return nil, fmt.Errorf("imap login as %s at %s: %w", cfg.Username, cfg.Address, err)
	}
	return &IMAP{c: c, cfg: cfg, stop: stop, conn: conn}, nil
}

// Close logs out and closes the connection.
func (m *IMAP) Close() error {
	defer m.stop()
	m.conn.begin()
	defer m.conn.end()
	m.c.Logout().Wait()
	return m.c.Close()
}

// Caps lists the server's capabilities, for `railpost mail test`.
func (m *IMAP) Caps() []string {
	var out []string
	for c := range m.c.Caps() {
		out = append(out, string(c))
	}
	sort.Strings(out)
	return out
}

// MailboxInfo is what selecting a mailbox tells us.
type MailboxInfo struct {
	Name        string
	UIDValidity uint32
	Messages    uint32
	UIDNext     uint32
}

// Select opens a mailbox for reading and marking.
func (m *IMAP) Select(name string) (MailboxInfo, error) {
	m.conn.begin()
	defer m.conn.end()
	d, err := m.c.Select(name, nil).Wait()
	if err != nil {
		return MailboxInfo{}, fmt.Errorf("imap select %s: %w", name, err)
	}
	return MailboxInfo{Name: name, UIDValidity: d.UIDValidity, Messages: d.NumMessages, UIDNext: uint32(d.UIDNext)}, nil
}

// UIDsAfter lists the UIDs in the selected mailbox above after, in order.
func (m *IMAP) UIDsAfter(after uint32) ([]uint32, error) {
	m.conn.begin()
	defer m.conn.end()
	var set imap.UIDSet
	set.AddRange(imap.UID(after+1), 0) // after+1:*
	d, err := m.c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{set}}, nil).Wait()
	if err != nil {
		return nil, fmt.Errorf("imap search: %w", err)
	}
	var out []uint32
	for _, u := range d.AllUIDs() {
		// "n:*" always matches the highest UID, even below n (RFC 3501 6.4.8).
		if uint32(u) > after {
			out = append(out, uint32(u))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

// Fetched is one message as the server holds it.
type Fetched struct {
	UID       uint32
	Raw       []byte
	Arrived   time.Time // INTERNALDATE
	Size      int64     // RFC822.SIZE: the whole message, even if Raw was cut
	Truncated bool
}

// FetchRaw fetches each UID, in order, without setting \Seen, and hands it
// to fn. Messages larger than maxBytes are cut to maxBytes so that one huge
// message cannot exhaust memory. fn's error stops the fetch.
func (m *IMAP) FetchRaw(uids []uint32, maxBytes int64, fn func(f Fetched) error) error {
	const batch = 100
	for start := 0; start < len(uids); start += batch {
		end := min(start+batch, len(uids))
		var set imap.UIDSet
		for _, u := range uids[start:end] {
			set.AddNum(imap.UID(u))
		}
		section := &imap.FetchItemBodySection{Peek: true}
		if maxBytes > 0 {
			section.Partial = &imap.SectionPartial{Offset: 0, Size: maxBytes}
		}
		// The fetch is an operation in flight; storing each message after
		// it, in fn, is not, however long it takes.
		m.conn.begin()
		cmd := m.c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true, InternalDate: true, BodySection: []*imap.FetchItemBodySection{section}})
		got := map[uint32]Fetched{}
		for {
			msg := cmd.Next()
			if msg == nil {
				break
			}
			buf, err := msg.Collect()
			if err != nil {
				cmd.Close()
				m.conn.end()
				return fmt.Errorf("imap fetch: %w", err)
			}
			if len(buf.BodySection) == 0 {
				continue
			}
			got[uint32(buf.UID)] = Fetched{
				UID:       uint32(buf.UID),
				Raw:       buf.BodySection[0].Bytes,
				Arrived:   buf.InternalDate,
				Size:      buf.RFC822Size,
				Truncated: maxBytes > 0 && buf.RFC822Size > maxBytes,
			}
		}
		err := cmd.Close()
		m.conn.end()
		if err != nil {
			return fmt.Errorf("imap fetch: %w", err)
		}
		for _, u := range uids[start:end] {
			f, ok := got[u]
			if !ok {
				continue // expunged meanwhile
			}
			if err := fn(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// Mark flags or moves processed messages, as configured.
func (m *IMAP) Mark(uids []uint32) error {
	m.conn.begin()
	defer m.conn.end()
	if len(uids) == 0 {
		return nil
	}
	var set imap.UIDSet
	for _, u := range uids {
		set.AddNum(imap.UID(u))
	}
	if m.cfg.MoveTo != "" {
		if _, err := m.c.Move(set, m.cfg.MoveTo).Wait(); err != nil {
			return fmt.Errorf("imap move to %s: %w", m.cfg.MoveTo, err)
		}
		return nil
	}
	flag := imap.Flag(m.cfg.Flag)
	if flag == "" {
		flag = imap.FlagSeen
	}
	if err := m.c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{flag}}, nil).Close(); err != nil {
		return fmt.Errorf("imap flag %s: %w", flag, err)
	}
	return nil
}

// EnsureMailbox creates a mailbox if it does not exist, so that moving
// processed mail works on a fresh account.
func (m *IMAP) EnsureMailbox(name string) error {
	m.conn.begin()
	defer m.conn.end()
	list, err := m.c.List("", name, nil).Collect()
	if err != nil {
		return fmt.Errorf("imap list %s: %w", name, err)
	}
	if len(list) > 0 {
		return nil
	}
	if err := m.c.Create(name, nil).Wait(); err != nil {
		return fmt.Errorf("imap create %s: %w", name, err)
	}
	return nil
}

// Append stores a raw message in a mailbox. The demo's scripted players and
// the tests deliver mail this way.
func (m *IMAP) Append(mailbox string, raw []byte) error {
	m.conn.begin()
	defer m.conn.end()
	cmd := m.c.Append(mailbox, int64(len(raw)), nil)
	if _, err := cmd.Write(raw); err != nil {
		cmd.Close()
		return fmt.Errorf("imap append: %w", err)
	}
	if err := cmd.Close(); err != nil {
		return fmt.Errorf("imap append: %w", err)
	}
	if _, err := cmd.Wait(); err != nil {
		return fmt.Errorf("imap append: %w", err)
	}
	return nil
}
