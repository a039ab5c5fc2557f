package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// SMTPConfig says where and how to send mail.
type SMTPConfig struct {
	Address            string // host:port
	Security           Security
	Username           string // empty: no AUTH
	Password           string
	HeloName           string
	InsecureSkipVerify bool
	Timeout            time.Duration
}

// SMTP is an open SMTP session that can send many messages.
type SMTP struct {
	c    *smtp.Client
	stop func() bool // detaches the close on the pass's end
}

// DialSMTP connects, greets and authenticates.
func DialSMTP(ctx context.Context, cfg SMTPConfig) (*SMTP, error) {
	if cfg.Timeout == 0 {
		cfg.Timeout = 30 * time.Second
	}
	host, _, err := net.SplitHostPort(cfg.Address)
	if err != nil {
		return nil, fmt.Errorf("smtp address %q: %w", cfg.Address, err)
	}
	conn, stop, err := dial(ctx, cfg.Address, cfg.Timeout, false)
	if err != nil {
		return nil, fmt.Errorf("smtp connect %s: %w", cfg.Address, err)
	}
	tlsConf := &tls.Config{ServerName: host, InsecureSkipVerify: cfg.InsecureSkipVerify}
	var c *smtp.Client
	switch cfg.Security {
	case SecurityTLS:
		c = smtp.NewClient(tls.Client(conn, tlsConf))
	case SecuritySTARTTLS:
		c, err = smtp.NewClientStartTLS(conn, tlsConf)
	default:
		c = smtp.NewClient(conn)
	}
	if err != nil {
		stop()
		conn.Close()
		return nil, fmt.Errorf("smtp starttls %s: %w", cfg.Address, err)
	}
	c.CommandTimeout = cfg.Timeout
	c.SubmissionTimeout = 2 * cfg.Timeout
	helo := cfg.HeloName
	if helo == "" {
		helo = "localhost"
	}
	if err := c.Hello(helo); err != nil {
		stop()
		c.Close()
		return nil, fmt.Errorf("smtp hello %s: %w", cfg.Address, err)
	}
	if cfg.Username != "" {
		if err := c.Auth(sasl.NewPlainClient("", cfg.Username, cfg.Password)); err != nil {
			stop()
			c.Close()
			return nil, fmt.Errorf("smtp auth as %s at %s: %w", cfg.Username, cfg.Address, err)
		}
	}
	return &SMTP{c: c, stop: stop}, nil
}

// Close ends the session politely.
func (s *SMTP) Close() error {
	defer s.stop()
	if err := s.c.Quit(); err != nil {
		return s.c.Close()
	}
	return nil
}

// Extensions lists what the server offers, for `railpost mail test`.
func (s *SMTP) Extensions() []string {
	var out []string
	for _, ext := range []string{"STARTTLS", "AUTH", "SIZE", "8BITMIME", "PIPELINING", "SMTPUTF8", "DSN"} {
		if ok, param := s.c.Extension(ext); ok {
			out = append(out, strings.TrimSpace(ext+" "+param))
		}
	}
	return out
}

// SendError is a failed send with the server's answer.
type SendError struct {
	Answer    string
	Code      int  // the SMTP reply code; 0 if the connection failed before one came
	Permanent bool // a 5xx answer: retrying the same message will not help
	Err       error
}

func (e *SendError) Error() string { return e.Answer }
func (e *SendError) Unwrap() error { return e.Err }

// Send transmits one message and returns the server's final answer.
func (s *SMTP) Send(from string, to []string, raw []byte) (string, error) {
	fail := func(stage string, err error) (string, error) {
		s.c.Reset()
		var se *smtp.SMTPError
		if errors.As(err, &se) {
			return "", &SendError{Answer: fmt.Sprintf("%s: %d %s", stage, se.Code, se.Message), Code: se.Code, Permanent: se.Code >= 500, Err: err}
		}
		return "", &SendError{Answer: fmt.Sprintf("%s: %v", stage, err), Err: err}
	}
	if err := s.c.Mail(from, nil); err != nil {
		return fail("MAIL FROM", err)
	}
	for _, r := range to {
		if err := s.c.Rcpt(r, nil); err != nil {
			return fail("RCPT TO "+r, err)
		}
	}
	w, err := s.c.Data()
	if err != nil {
		return fail("DATA", err)
	}
	if _, err := w.Write(raw); err != nil {
		w.Close()
		return fail("DATA", err)
	}
	resp, err := w.CloseWithResponse()
	if err != nil {
		return fail("DATA", err)
	}
	return "250 " + resp.StatusText, nil
}
