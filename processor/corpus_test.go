package processor

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/railpost/railpost/processor/store"
)

type corpusCase struct {
	File        string   `toml:"file"`
	Status      string   `toml:"status"`
	Replies     int      `toml:"replies"`
	ReplyTo     []string `toml:"reply_to"`
	ReplyHas    []string `toml:"reply_has"`
	ReplyLacks  []string `toml:"reply_lacks"`
	SubjectHas  []string `toml:"subject_has"`
	StoredLacks []string `toml:"stored_lacks"`
	OutcomeHas  string   `toml:"outcome_has"`
	Position    int      `toml:"position"`
	Orders      *string  `toml:"orders"`
	ArriveDays  int      `toml:"arrive_days"`
}

const corpusDir = "../testdata/mail"

func readCorpusFile(t *testing.T, name string) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = gz
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var tokenRE = regexp.MustCompile(`\{\{token (\d+) (\d+)\}\}`)

// TestMailCorpus delivers every message in testdata/mail, in order, to a
// real IMAP server (go-imap's, on loopback), runs a real pass for each,
// and checks the outcome expect.toml gives it: the inbox status, the
// replies at the SMTP server, and the standing orders.
func TestMailCorpus(t *testing.T) {
	h := newHarness(t, func(g *store.Game) { g.Turn = 3; g.Early = false })
	runCorpus(t, h, func(raw []byte, at time.Time) error { return h.imap.DeliverAt("INBOX", raw, at) })
}

// corpusDeliver puts one corpus message into the mailbox a pass reads,
// with the server's arrival time at.
type corpusDeliver func(raw []byte, at time.Time) error

// runCorpus is TestMailCorpus on whatever IMAP server h's config names:
// each message is delivered, a pass runs, and the case's expectations are
// checked, with every position's standing orders compared (a mail that
// names no orders must leave them all as they were).
func runCorpus(t *testing.T, h *harness, deliver corpusDeliver) {
	var exp struct {
		Case []corpusCase `toml:"case"`
	}
	if _, err := toml.DecodeFile(filepath.Join(corpusDir, "expect.toml"), &exp); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.eml*"))
	if len(files) < 25 || len(files) != len(exp.Case) {
		t.Fatalf("%d messages and %d expectations; want at least 25, one each", len(files), len(exp.Case))
	}
	// The corpus's HELP is answered with a guide.
	h.proc.Titles["tally"] = guidedTally{}
	ctx := context.Background()
	for i, c := range exp.Case {
		if filepath.Base(files[i]) != c.File {
			t.Fatalf("expectation %d is for %s but the file is %s", i, c.File, filepath.Base(files[i]))
		}
		raw := readCorpusFile(t, c.File)
		raw = tokenRE.ReplaceAllFunc(raw, func(m []byte) []byte {
			sub := tokenRE.FindSubmatch(m)
			p, _ := strconv.Atoi(string(sub[1]))
			turn, _ := strconv.Atoi(string(sub[2]))
			return []byte(h.token(p, turn))
		})
		h.clock = testStart.Add(time.Duration(c.ArriveDays)*24*time.Hour + time.Duration(i)*time.Minute)
		before := standingOrders(t, h)
		if err := deliver(raw, h.clock); err != nil {
			t.Fatal(err)
		}
		sent := len(h.smtp.Messages())
		sum := h.mustRun()
		t.Run(c.File, func(t *testing.T) {
			checkCorpusCase(t, h, c, sum, h.sent()[sent:], before)
		})
	}
	// Every raw message stays in the archive, whatever became of it.
	counts, _ := h.st.InboxCounts(ctx)
	total := 0
	for _, n := range counts {
		total += n
	}
	if total != len(files) {
		t.Errorf("inbox holds %d messages, want all %d", total, len(files))
	}
}

// standingOrders are the open turn's orders of every position.
func standingOrders(t *testing.T, h *harness) map[int]string {
	t.Helper()
	ctx := context.Background()
	g, err := h.st.Game(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	cur, err := h.st.CurrentOrders(ctx, "t1", g.Turn)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]string{}
	for p, o := range cur {
		out[p] = string(o)
	}
	return out
}

// checkCorpusCase checks one message's pass against its expectations.
func checkCorpusCase(t *testing.T, h *harness, c corpusCase, sum Summary, sent []sentMail, before map[int]string) {
	if sum.Stored != 1 {
		t.Fatalf("stored %d messages: %s", sum.Stored, sum)
	}
	pending, _ := h.st.PendingInbox(context.Background())
	if len(pending) != 0 {
		t.Fatalf("%d messages left unread", len(pending))
	}
	row := lastInbox(t, h)
	if row.Status != c.Status {
		t.Errorf("status %s (%s), want %s", row.Status, row.Outcome, c.Status)
	}
	if c.OutcomeHas != "" && !strings.Contains(row.Outcome, c.OutcomeHas) {
		t.Errorf("outcome %q lacks %q", row.Outcome, c.OutcomeHas)
	}
	for _, secret := range c.StoredLacks {
		if strings.Contains(string(row.Raw), secret) {
			t.Errorf("the stored mail keeps %q", secret)
		}
	}
	if len(sent) != c.Replies {
		t.Fatalf("%d mails sent, want %d", len(sent), c.Replies)
	}
	if c.Replies > 0 {
		first := sent[0]
		if fmt.Sprint(first.To) != fmt.Sprint(c.ReplyTo) {
			t.Errorf("reply went to %v, want %v", first.To, c.ReplyTo)
		}
		for _, want := range c.SubjectHas {
			if !strings.Contains(first.Subject, want) {
				t.Errorf("subject %q lacks %q", first.Subject, want)
			}
		}
		for _, want := range c.ReplyHas {
			if !strings.Contains(first.Text, want) {
				t.Errorf("reply lacks %q:\n%s", want, first.Text)
			}
		}
		for _, unwanted := range c.ReplyLacks {
			if strings.Contains(first.Text, unwanted) || strings.Contains(first.Subject, unwanted) {
				t.Errorf("reply has %q:\n%s", unwanted, first.Text)
			}
		}
		if first.Mail.InReplyTo == "" {
			t.Error("reply is not threaded (no In-Reply-To)")
		}
	}
	if c.ArriveDays != 0 {
		return // the turn resolved; its orders are history
	}
	after := standingOrders(t, h)
	for _, p := range []int{1, 2, 3} {
		want := before[p]
		if c.Orders != nil && p == c.Position {
			want = *c.Orders
		}
		if after[p] != want {
			t.Errorf("position %d orders %q, want %q", p, after[p], want)
		}
	}
}

func lastInbox(t *testing.T, h *harness) store.InboxMessage {
	t.Helper()
	for id := int64(1000); id > 0; id-- {
		m, err := h.st.InboxByID(context.Background(), id)
		if err == nil {
			return m
		}
	}
	t.Fatal("inbox is empty")
	return store.InboxMessage{}
}
