package processor

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	nmail "net/mail"
	"strings"
	"testing"
	"time"

	crtitle "github.com/railpost/railpost/titles/contrails"

	cr "github.com/railpost/railpost/games/contrails"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/mail/loopback"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// crHarness is a Continental Rails game on loopback servers: positions 1
// to 3 are people, the other twelve the computer.
type crHarness struct {
	*harness
	title *crtitle.ContinentalRails
	game  store.Game
}

var crPlayers = map[int]string{1: "ada@example.org", 2: "ben@example.org", 3: "cyd@example.org"}

func newCRHarness(t *testing.T) *crHarness {
	t.Helper()
	title, err := crtitle.New()
	if err != nil {
		t.Fatal(err)
	}
	h := newLoopback(t, title)
	var pos []store.Position
	hash := passwordHash(t, "alpha-pass")
	for n := 1; n <= cr.Positions; n++ {
		p := store.Position{Number: n, Name: fmt.Sprintf("Tycoon %d", n)}
		if addr, ok := crPlayers[n]; ok {
			p.Address, p.Human, p.PasswordHash = addr, true, hash
		}
		pos = append(pos, p)
	}
	g := store.Game{ID: "cr1", Title: title.Name(), Name: "Round Trip", Seed: 1841, Early: true, TimeZone: "America/Chicago",
		Deadline: testStart.Add(7 * 24 * time.Hour), Period: 7 * 24 * time.Hour}
	if err := CreateGame(context.Background(), h.st, title, g, pos, h.clock); err != nil {
		t.Fatal(err)
	}
	return &crHarness{harness: h, title: title, game: g}
}

func (h *crHarness) state() (*cr.State, int) {
	h.t.Helper()
	snap, err := h.st.LatestSnapshot(context.Background(), h.game.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	var s cr.State
	if err := json.Unmarshal(snap.State, &s); err != nil {
		h.t.Fatal(err)
	}
	return &s, snap.Turn
}

// latestTo is the newest mail the SMTP server took for an address.
func (h *crHarness) latestTo(addr string) loopback.Received {
	h.t.Helper()
	msgs := h.smtp.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, to := range msgs[i].To {
			if to == addr {
				return msgs[i]
			}
		}
	}
	h.t.Fatalf("no mail to %s", addr)
	return loopback.Received{}
}

// turnsheetOf cuts the turnsheet out of a turn mail's text.
func turnsheetOf(t testing.TB, text string) string {
	t.Helper()
	i := strings.Index(text, "# CONTINENTAL RAILS II - TURNSHEET")
	if i < 0 {
		t.Fatalf("no turnsheet in the mail:\n%s", text)
	}
	return text[i:]
}

// replyRaw is a player's answer to one of our mails.
func replyRaw(t testing.TB, from string, to loopback.Received, msgID string, body string, att []mail.Attachment, at time.Time) []byte {
	t.Helper()
	orig, err := orders.ReadMail(to.Raw, orders.Identity{}, orders.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := mail.Build(mail.Outgoing{MessageID: msgID, From: &nmail.Address{Address: from},
		To: []*nmail.Address{{Address: "gm@railpost.test"}}, Subject: "Re: " + orig.Subject, Date: at,
		InReplyTo: orig.MessageID, References: []string{orig.MessageID}, Text: body, Attachments: att})
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// TestContinentalRailsRoundTripThroughThePipe plays turns the way people
// do: the turnsheets go out over SMTP; each simulated player takes the
// computer player's decisions for their position, writes them into the
// turnsheet and mails it back over IMAP (one fills in the quoted mail, one
// the attached .txt, one writes the bare sheet); the pass reads them and
// resolves the turn. The stored result must equal the engine run directly
// on the same orders.
func TestContinentalRailsRoundTripThroughThePipe(t *testing.T) {
	h := newCRHarness(t)
	m := h.title.Map()

	// Turn 1 resolves at its deadline with no human orders.
	h.clock = h.game.Deadline.Add(time.Minute)
	h.mustRun()
	for turn := 2; turn <= 4; turn++ {
		before, snapTurn := h.state()
		if before.Turn != turn || snapTurn != turn-1 {
			t.Fatalf("state at turn %d (snapshot %d), want %d", before.Turn, snapTurn, turn)
		}
		want := map[int]cr.Orders{}
		for n, addr := range crPlayers {
			got := h.latestTo(addr)
			mm, err := orders.ReadMail(got.Raw, orders.Identity{}, orders.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(mm.Subject, fmt.Sprintf("turnsheet for turn %d", turn)) {
				t.Fatalf("position %d's latest mail is %q", n, mm.Subject)
			}
			o := cr.ComputerOrders(m, before, n)
			want[n] = o
			msgID := fmt.Sprintf("<t%d-p%d@example.org>", turn, n)
			var raw []byte
			switch n {
			case 1: // fills in the quoted mail, Gmail style
				filled, err := orders.FillContinentalRails(mm.Text, o)
				if err != nil {
					t.Fatal(err)
				}
				body := "Here are my orders.\n\nOn Mon, 9 Mar 2026 at 18:00, Railpost GM <gm@railpost.test> wrote:\n" + quote(filled)
				raw = replyRaw(t, addr, got, msgID, body, nil, h.clock)
			case 2: // fills in the attachment and sends it back
				sheet := attachment(t, got.Raw, "text/plain")
				filled, err := orders.FillContinentalRails(string(sheet), o)
				if err != nil {
					t.Fatal(err)
				}
				raw = replyRaw(t, addr, got, msgID, "Orders attached.\n", []mail.Attachment{{Name: "orders.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(filled)}}, h.clock)
			default: // writes the bare sheet
				filled, err := orders.FillContinentalRails(turnsheetOf(t, mm.Text), o)
				if err != nil {
					t.Fatal(err)
				}
				raw = replyRaw(t, addr, got, msgID, filled, nil, h.clock)
			}
			if err := h.imap.DeliverAt("INBOX", raw, h.clock); err != nil {
				t.Fatal(err)
			}
		}
		sum := h.mustRun()
		if sum.Accepted != 3 || sum.Rejected != 0 || sum.Resolved != 1 {
			t.Fatalf("turn %d: pass %s, want 3 accepted and the turn resolved early", turn, sum)
		}
		// Every confirmation lists the orders and no rejected line.
		for n, addr := range crPlayers {
			var conf string
			for _, r := range h.smtp.Messages() {
				mm, _ := orders.ReadMail(r.Raw, orders.Identity{}, orders.DefaultLimits)
				if r.To[0] == addr && strings.Contains(mm.Subject, fmt.Sprintf("Turn %d orders accepted", turn)) {
					conf = mm.Text
				}
			}
			if conf == "" || strings.Contains(conf, "Lines not accepted") || !strings.Contains(conf, "Your orders as understood") {
				t.Fatalf("turn %d position %d: confirmation %q", turn, n, conf)
			}
		}
		direct, _, err := cr.Resolve(m, withHumans(before), want, title.Rand(h.game.Seed, turn))
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(direct)
		snap, err := h.st.LatestSnapshot(context.Background(), h.game.ID)
		if err != nil {
			t.Fatal(err)
		}
		if snap.Turn != turn || !bytes.Equal(snap.State, wantJSON) {
			t.Fatalf("turn %d: the piped turn differs from the engine run directly (%d vs %d bytes)", turn, len(snap.State), len(wantJSON))
		}
		h.clock = h.clock.Add(time.Hour)
	}
}

func withHumans(s *cr.State) *cr.State {
	c, _ := s.Clone()
	for i := range c.Players {
		_, c.Players[i].Human = crPlayers[c.Players[i].Number]
	}
	return c
}

func quote(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "> " + l
	}
	return strings.Join(lines, "\n") + "\n"
}

func TestContinentalRailsReportCarriesTheNextTurnsheet(t *testing.T) {
	h := newCRHarness(t)
	h.clock = h.game.Deadline.Add(time.Minute)
	h.mustRun()
	got := h.latestTo("ben@example.org")
	mm, err := orders.ReadMail(got.Raw, orders.Identity{}, orders.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	sheet := string(attachment(t, got.Raw, "text/plain"))
	secret, _ := h.st.Secret(context.Background())
	for _, want := range []string{"GAME: cr1", "POSITION: 2", "TURN: 2", "TOKEN: " + TurnsheetToken(secret, "cr1", 2, 2),
		"# Deadline: Mon 16 Mar 2026", "== BANK LOAN (10.1A) ==", "== STOCK MARKET (10.1C, 6) =="} {
		if !strings.Contains(sheet, want) {
			t.Errorf("attached turnsheet lacks %q", want)
		}
	}
	if !strings.Contains(mm.Text, sheet) {
		t.Errorf("the mail body does not carry the attached turnsheet")
	}
	for _, want := range []string{"turn 1 is resolved", "Victory points", "Cash $"} {
		if !strings.Contains(mm.Text, want) {
			t.Errorf("summary lacks %q", want)
		}
	}
	report := pdfText(t, attachment(t, got.Raw, "application/pdf"))
	for _, want := range []string{"turn 1 report for", "Player Summary (9.2)", "Private Report (9.6)", "The network"} {
		if !strings.Contains(report, want) {
			t.Errorf("the PDF report lacks %q", want)
		}
	}
	if !strings.Contains(mm.Subject, "turnsheet for turn 2") {
		t.Errorf("subject %q", mm.Subject)
	}
	// The archive renders the same file again, byte for byte.
	titles := title.Set{h.title.Name(): h.title}
	again, err := archive.Report(context.Background(), h.st, titles, "cr1", 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, attachment(t, got.Raw, "application/pdf")) {
		t.Error("the report rendered from the archive differs from the one mailed")
	}
	for _, bad := range []struct{ turn, pos int }{{2, 2}, {-1, 2}, {1, 99}} {
		if _, err := archive.Report(context.Background(), h.st, titles, "cr1", bad.turn, bad.pos); err == nil {
			t.Errorf("turn %d position %d: a report of what does not exist", bad.turn, bad.pos)
		}
	}
}
