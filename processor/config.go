package processor

import (
	"bytes"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	rpmail "github.com/railpost/railpost/processor/mail"
)

// Config is the whole of railpost.toml. Every field has a default that works
// for a first run; README.md documents each one.
type Config struct {
	Database string `toml:"database"`  // SQLite file (relative paths are relative to the config file), or a postgres:// URL
	Domain   string `toml:"domain"`    // the right-hand side of our Message-IDs
	LogLevel string `toml:"log_level"` // debug | info | warn | error
	// PassTimeout bounds a whole pass: past it the pass stops where it
	// is, releases the lock and fails, so that a stuck server never holds
	// the judge down. It must be positive: an unbounded pass is the hole
	// the bound closes, so Validate refuses zero or less.
	PassTimeout Duration `toml:"pass_timeout"`

	Mail   MailConfig   `toml:"mail"`
	IMAP   IMAPConfig   `toml:"imap"`
	SMTP   SMTPConfig   `toml:"smtp"`
	Outbox OutboxConfig `toml:"outbox"`
	Web    WebConfig    `toml:"web"`
}

// MailConfig is how Railpost presents itself and what it will read.
type MailConfig struct {
	From            string `toml:"from"`              // "Name <address>" on everything we send
	LoopID          string `toml:"loop_id"`           // X-Loop value; default: the From address
	MaxMessageBytes int64  `toml:"max_message_bytes"` // larger messages are archived and refused; orders.Limits bound what is read of smaller ones
	MaxFetchBytes   int64  `toml:"max_fetch_bytes"`   // larger messages are archived only in part; at least MaxMessageBytes
	// Budget is the longest one mail may take to judge (at most a quarter
	// of pass_timeout); a mail past it is set aside for the game master,
	// so that one forged mail cannot hold up the mails behind it.
	Budget Duration `toml:"budget"`
}

// IMAPConfig is the incoming server.
type IMAPConfig struct {
	Address            string   `toml:"address"`  // host:port
	Security           string   `toml:"security"` // tls | starttls | plain
	Username           string   `toml:"username"`
	Password           string   `toml:"password"`
	PasswordFile       string   `toml:"password_file"` // read the password from this file instead
	Mailboxes          []string `toml:"mailboxes"`
	MoveTo             string   `toml:"move_to"` // move processed mail here; empty: flag it
	Flag               string   `toml:"flag"`    // flag set on processed mail when not moving
	InsecureSkipVerify bool     `toml:"insecure_skip_verify"`
	Timeout            Duration `toml:"timeout"`
}

// SMTPConfig is the outgoing server.
type SMTPConfig struct {
	Address            string   `toml:"address"`
	Security           string   `toml:"security"`
	Username           string   `toml:"username"`
	Password           string   `toml:"password"`
	PasswordFile       string   `toml:"password_file"`
	Helo               string   `toml:"helo"`
	InsecureSkipVerify bool     `toml:"insecure_skip_verify"`
	Timeout            Duration `toml:"timeout"`
}

// OutboxConfig is the retry policy for outgoing mail.
type OutboxConfig struct {
	MaxAttempts int      `toml:"max_attempts"`
	Backoff     Duration `toml:"backoff"`     // wait after the first failure; doubles each time
	MaxBackoff  Duration `toml:"max_backoff"` // the longest wait between attempts
}

// Duration reads "5m" or "90s" from TOML.
type Duration struct{ time.Duration }

// UnmarshalText implements encoding.TextUnmarshaler.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return err
	}
	d.Duration = v
	return nil
}

// MarshalText implements encoding.TextMarshaler.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// DefaultConfig is what an empty config file means.
func DefaultConfig() Config {
	return Config{
		Database:    "railpost.db",
		Domain:      "railpost.invalid",
		LogLevel:    "info",
		PassTimeout: Duration{10 * time.Minute},
		Mail: MailConfig{
			From:            "Railpost <railpost@railpost.invalid>",
			MaxMessageBytes: 25 << 20, // what the common mail services let a person send
			MaxFetchBytes:   32 << 20,
			Budget:          Duration{30 * time.Second},
		},
		IMAP: IMAPConfig{
			Security:  "tls",
			Mailboxes: []string{"INBOX"},
			Flag:      `\Seen`,
			Timeout:   Duration{30 * time.Second},
		},
		SMTP: SMTPConfig{
			Security: "starttls",
			Helo:     "localhost",
			Timeout:  Duration{30 * time.Second},
		},
		Outbox: OutboxConfig{
			MaxAttempts: 10,
			Backoff:     Duration{time.Minute},
			MaxBackoff:  Duration{6 * time.Hour},
		},
	}
}

// LoadConfig reads a TOML file over the defaults. Unknown keys are errors,
// so that a misspelt option is not silently ignored.
func LoadConfig(path string) (Config, error) {
	cfg := DefaultConfig()
	b, err := os.ReadFile(path)
	if err != nil {
		return cfg, fmt.Errorf("config: %w", err)
	}
	md, err := toml.NewDecoder(bytes.NewReader(b)).Decode(&cfg)
	if err != nil {
		return cfg, fmt.Errorf("config %s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return cfg, fmt.Errorf("config %s: unknown option(s) %s", path, strings.Join(keys, ", "))
	}
	if !filepath.IsAbs(cfg.Database) && !strings.Contains(cfg.Database, "://") {
		cfg.Database = filepath.Join(filepath.Dir(path), cfg.Database)
	}
	for _, pf := range []struct {
		file string
		into *string
	}{{cfg.IMAP.PasswordFile, &cfg.IMAP.Password}, {cfg.SMTP.PasswordFile, &cfg.SMTP.Password}} {
		if pf.file == "" {
			continue
		}
		p := pf.file
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(path), p)
		}
		secret, err := os.ReadFile(p)
		if err != nil {
			return cfg, fmt.Errorf("config %s: password_file: %w", path, err)
		}
		*pf.into = strings.TrimRight(string(secret), "\r\n")
	}
	return cfg, cfg.Validate()
}

// Validate checks the values that would otherwise fail deep inside a pass.
func (c Config) Validate() error {
	if err := c.Web.validate(); err != nil {
		return err
	}
	if _, err := mail.ParseAddress(c.Mail.From); err != nil {
		return fmt.Errorf("config: mail.from %q: %w", c.Mail.From, err)
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return fmt.Errorf("config: log_level %q: write debug, info, warn or error", c.LogLevel)
	}
	for _, srv := range []struct{ name, security, address string }{{"imap", c.IMAP.Security, c.IMAP.Address}, {"smtp", c.SMTP.Security, c.SMTP.Address}} {
		sec, err := rpmail.ParseSecurity(srv.security)
		if err != nil {
			return fmt.Errorf("config: %s.%w", srv.name, err)
		}
		if sec == rpmail.SecurityPlain && srv.address != "" && !onThisMachine(srv.address) {
			return fmt.Errorf("config: %s.security = \"plain\" sends the password in clear, and is allowed only for a server on this machine (127.0.0.1, ::1, localhost), not %s: use tls or starttls", srv.name, srv.address)
		}
	}
	if len(c.IMAP.Mailboxes) == 0 {
		return fmt.Errorf("config: imap.mailboxes is empty: name at least one, such as [\"INBOX\"]")
	}
	if c.Mail.MaxMessageBytes <= 0 || c.Mail.MaxFetchBytes < c.Mail.MaxMessageBytes {
		return fmt.Errorf("config: want 0 < mail.max_message_bytes <= mail.max_fetch_bytes")
	}
	if c.PassTimeout.Duration <= 0 {
		return fmt.Errorf("config: pass_timeout %q must be positive, so that a stuck server cannot hold a pass forever: write a duration such as pass_timeout = \"10m\"", c.PassTimeout)
	}
	if c.Mail.Budget.Duration <= 0 {
		return fmt.Errorf("config: mail.budget %q must be positive, so that one mail cannot hold up the mails behind it: write a duration such as budget = \"30s\" under [mail]", c.Mail.Budget)
	}
	if c.Outbox.MaxAttempts < 1 {
		return fmt.Errorf("config: outbox.max_attempts must be at least 1")
	}
	return nil
}

// onThisMachine tells whether a host:port is a loopback address.
func onThisMachine(address string) bool {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		host = address
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// FromAddress is the bare address of mail.from.
func (c Config) FromAddress() *mail.Address {
	a, err := mail.ParseAddress(c.Mail.From)
	if err != nil {
		return &mail.Address{Address: "railpost@railpost.invalid"}
	}
	return a
}

// LoopID is the X-Loop value stamped on our mail.
func (c Config) LoopID() string {
	if c.Mail.LoopID != "" {
		return c.Mail.LoopID
	}
	return strings.ToLower(c.FromAddress().Address)
}

// IMAPSettings is the IMAP part of the config in the mail package's terms.
func (c Config) IMAPSettings() rpmail.IMAPConfig {
	sec, _ := rpmail.ParseSecurity(c.IMAP.Security)
	return rpmail.IMAPConfig{
		Address: c.IMAP.Address, Security: sec, Username: c.IMAP.Username, Password: c.IMAP.Password,
		Mailboxes: c.IMAP.Mailboxes, MoveTo: c.IMAP.MoveTo, Flag: c.IMAP.Flag,
		InsecureSkipVerify: c.IMAP.InsecureSkipVerify, Timeout: c.IMAP.Timeout.Duration,
	}
}

// SMTPSettings is the SMTP part of the config in the mail package's terms.
func (c Config) SMTPSettings() rpmail.SMTPConfig {
	sec, _ := rpmail.ParseSecurity(c.SMTP.Security)
	return rpmail.SMTPConfig{
		Address: c.SMTP.Address, Security: sec, Username: c.SMTP.Username, Password: c.SMTP.Password,
		HeloName: c.SMTP.Helo, InsecureSkipVerify: c.SMTP.InsecureSkipVerify, Timeout: c.SMTP.Timeout.Duration,
	}
}
