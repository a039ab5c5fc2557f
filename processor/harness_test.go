package processor

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail/loopback"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/processor/title"
)

// The players of the test game "t1".
var players = []struct {
	number   int
	address  string
	password string
	human    bool
}{
	{1, "alice@example.org", "alpha-pass", true},
	{2, "bob@example.org", "bravo-pass", true},
	{3, "", "", false},
}

var (
	hashOnce sync.Once
	hashes   map[string][]byte
)

// passwordHash hashes each test password once; bcrypt is slow on purpose.
func passwordHash(t testing.TB, pw string) []byte {
	hashOnce.Do(func() {
		hashes = map[string][]byte{}
		for _, p := range players {
			if p.password != "" {
				h, err := HashPassword(p.password)
				if err != nil {
					panic(err)
				}
				hashes[p.password] = h
			}
		}
	})
	return hashes[pw]
}

type harness struct {
	t     testing.TB
	dir   string
	imap  *loopback.IMAPServer
	smtp  *loopback.SMTPServer
	st    store.Store
	proc  *Processor
	clock time.Time
	db    string // a database URL; "" for a file in dir
}

var testStart = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// newHarness starts loopback IMAP and SMTP servers, opens a fresh database
// and creates the tally game t1 with two humans and one computer position;
// tweaks adjust the game before it is created.
func newHarness(t testing.TB, tweaks ...func(*store.Game)) *harness {
	t.Helper()
	h := newLoopback(t, tally{})
	var pos []store.Position
	for _, p := range players {
		pos = append(pos, store.Position{Number: p.number, Address: p.address, PasswordHash: passwordHash(t, p.password), Human: p.human, Name: fmt.Sprintf("Player %d", p.number)})
	}
	g := store.Game{ID: "t1", Title: "tally", Name: "Test Tally", Seed: 42, Early: true, TimeZone: "America/Chicago",
		Deadline: testStart.Add(7 * 24 * time.Hour), Period: 7 * 24 * time.Hour}
	for _, tw := range tweaks {
		tw(&g)
	}
	if err := CreateGame(context.Background(), h.st, tally{}, g, pos, h.clock); err != nil {
		t.Fatal(err)
	}
	return h
}

// newLoopback starts loopback IMAP and SMTP servers, opens a fresh
// database and readies a processor for the titles, with no game yet.
func newLoopback(t testing.TB, titles ...title.Title) *harness {
	t.Helper()
	return newLoopbackOn(t, "", titles...)
}

// newLoopbackOn is newLoopback on a given database (a postgres:// URL);
// "" is a fresh SQLite file.
func newLoopbackOn(t testing.TB, db string, titles ...title.Title) *harness {
	t.Helper()
	h := &harness{t: t, dir: t.TempDir(), clock: testStart, db: db}
	var err error
	if h.imap, err = loopback.StartIMAP("gm", "imap-secret"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.imap.Close() })
	if h.smtp, err = loopback.StartSMTP("gm", "smtp-secret"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.smtp.Close() })
	cfg := h.config()
	if h.st, err = backend.Open(context.Background(), cfg.Database); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.st.Close() })
	ts := map[string]title.Title{}
	for _, ti := range titles {
		ts[ti.Name()] = ti
	}
	h.proc = &Processor{
		Store: h.st, Config: cfg, Titles: ts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return h.clock },
	}
	return h
}

// config is the railpost.toml a GM would write for these servers.
func (h *harness) config() Config {
	cfg := DefaultConfig()
	cfg.Database = filepath.Join(h.dir, "railpost.db")
	if h.db != "" {
		cfg.Database = h.db
	}
	cfg.Domain = "railpost.test"
	cfg.Mail.From = "Railpost GM <gm@railpost.test>"
	cfg.IMAP.Address, cfg.IMAP.Username, cfg.IMAP.Password = h.imap.Addr, "gm", "imap-secret"
	cfg.SMTP.Address, cfg.SMTP.Username, cfg.SMTP.Password = h.smtp.Addr, "gm", "smtp-secret"
	cfg.IMAP.Security, cfg.SMTP.Security = "plain", "plain"
	cfg.Outbox.Backoff = Duration{time.Minute}
	return cfg
}

func (h *harness) deliver(raw string) {
	h.t.Helper()
	raw = strings.ReplaceAll(raw, "\r\n", "\n")
	raw = strings.ReplaceAll(raw, "\n", "\r\n")
	if err := h.imap.DeliverAt("INBOX", []byte(raw), h.clock); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) run() (Summary, error) {
	h.t.Helper()
	return h.proc.Run(context.Background())
}

func (h *harness) mustRun() Summary {
	h.t.Helper()
	sum, err := h.run()
	if err != nil {
		h.t.Fatalf("pass failed: %v (%s)", err, sum)
	}
	return sum
}

// sent decodes every message the SMTP server accepted.
func (h *harness) sent() []sentMail {
	h.t.Helper()
	var out []sentMail
	for _, r := range h.smtp.Messages() {
		m, err := orders.ReadMail(r.Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			h.t.Fatalf("our own mail does not parse: %v", err)
		}
		out = append(out, sentMail{Received: r, Mail: m})
	}
	return out
}

type sentMail struct {
	loopback.Received
	*orders.Mail
}

func (h *harness) token(position, turn int) string {
	secret, err := h.st.Secret(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	return TurnsheetToken(secret, "t1", position, turn)
}

// orderMail is a plain turnsheet from a player.
func orderMail(from, msgID, body string) string {
	return "From: " + from + "\nTo: gm@railpost.test\nSubject: orders\nMessage-ID: <" + msgID + ">\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\n" + body
}
