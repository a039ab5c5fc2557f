package processor

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

func TestPlayerRequestOf(t *testing.T) {
	lines := func(ss ...string) []orders.Line {
		out := make([]orders.Line, len(ss))
		for i, s := range ss {
			out[i] = orders.Line{N: i + 4, Text: s}
		}
		return out
	}
	for _, c := range []struct {
		name      string
		body      []orders.Line
		fromQuote bool
		ok        bool
		want      playerRequest
	}{
		{"help alone", lines("", "help"), false, true, playerRequest{verb: "HELP", line: 5}},
		{"confirm", lines("CONFIRM"), false, true, playerRequest{verb: "CONFIRM", line: 4}},
		{"password keeps its case", lines("# a note", "Password  Copper-Pacific-1869 "), false, true, playerRequest{verb: "PASSWORD", arg: "Copper-Pacific-1869", line: 5}},
		{"password alone", lines("PASSWORD"), false, true, playerRequest{verb: "PASSWORD", line: 4}},
		{"other lines are not read", lines("HELP", "PICK 4"), false, true, playerRequest{verb: "HELP", line: 4, others: true}},
		{"a quoted turnsheet is ours", lines("HELP", "PICK 4"), true, true, playerRequest{verb: "HELP", line: 4}},
		{"our signature ends it", lines("CONFIRM", "--", "Railpost"), false, true, playerRequest{verb: "CONFIRM", line: 4}},
		{"not first", lines("PICK 4", "HELP"), false, false, playerRequest{}},
		{"help with words is not help", lines("HELP ME WITH BUY"), false, false, playerRequest{}},
		{"an order", lines("PICK 4"), false, false, playerRequest{}},
		{"empty", nil, false, false, playerRequest{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := playerRequestOf(c.body, c.fromQuote)
			if ok != c.ok || (ok && got != c.want) {
				t.Errorf("got %+v, %v; want %+v, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

func TestCheckNewPassword(t *testing.T) {
	for _, c := range []struct {
		pw, want string // want: a piece of the refusal, "" to accept
	}{
		{"copper-Pacific-1869", ""},
		{"ünïcødé-pässwörd", ""},
		{"", "needs the new password"},
		{"short-1", "it needs at least 10"},
		{strings.Repeat("x1", 33), "longer than 64"},
		{"two words here", "space"},
		{"\"quoted-pass\"", "quote or a bracket"},
		{"<bracketed-pass>", "quote or a bracket"},
		{"alpha-pass-old", "the one you have now"},
		{"aaaaaaaaaaaa", "too easy"},
		{"alice@example.org", "too easy"},
	} {
		err := checkNewPassword(c.pw, "alpha-pass-old", "t1", "alice@example.org")
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q refused: %v", c.pw, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: got %v, want an error with %q", c.pw, err, c.want)
		}
	}
}

func TestDueCountsOnlyConfirmedOrders(t *testing.T) {
	g := store.Game{Early: true}
	positions := []store.Position{{Number: 1, Human: true}, {Number: 2, Human: true}, {Number: 3}}
	standing := map[int][]byte{1: []byte("a"), 2: []byte("b")}
	for _, c := range []struct {
		name        string
		unconfirmed map[int]int
		due         bool
	}{
		{"all clean", nil, true},
		{"one with refused lines", map[int]int{2: 1}, false},
		{"confirmed", map[int]int{2: 0}, true},
		{"the computer's seat does not count", map[int]int{3: 2}, true},
	} {
		due, why := Due(g, positions, countingIn(standing, c.unconfirmed), testStart)
		if due != c.due {
			t.Errorf("%s: due %v (%s), want %v", c.name, due, why, c.due)
		}
	}
}

// TestRefusedLinesWaitForConfirm: a turnsheet accepted with a line refused
// is answered "accepted with 1 line refused" and keeps an early turn
// waiting until the player answers CONFIRM, or sends a clean sheet.
func TestRefusedLinesWaitForConfirm(t *testing.T) {
	for _, how := range []string{"CONFIRM", "clean sheet"} {
		t.Run(how, func(t *testing.T) {
			h := newHarness(t)
			h.deliver(orderMail("alice@example.org", "rl-1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 4\nPICK eleven\n"))
			h.deliver(orderMail("bob@example.org", "rl-2@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 5\n"))
			sum := h.mustRun()
			if sum.Accepted != 2 || sum.Resolved != 0 {
				t.Fatalf("with refused lines unconfirmed: %s", sum)
			}
			sent := h.sent()
			if !strings.Contains(sent[0].Subject, "Turn 1 orders accepted with 1 line refused (position 1)") ||
				!strings.Contains(sent[0].Text, "reply with the one word CONFIRM") {
				t.Fatalf("alice's reply: %s\n%s", sent[0].Subject, sent[0].Text)
			}
			if !strings.Contains(sent[1].Subject, "Turn 1 orders accepted (position 2)") {
				t.Fatalf("bob's reply: %s", sent[1].Subject)
			}
			body := "CONFIRM\n"
			if how != "CONFIRM" {
				body = "PICK 6\n"
			}
			h.deliver(orderMail("alice@example.org", "rl-3@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\n"+body))
			if sum := h.mustRun(); sum.Resolved != 1 {
				t.Fatalf("after %s: %s", how, sum)
			}
			reply := h.sent()[2]
			if how == "CONFIRM" && (!strings.Contains(reply.Subject, "Turn 1 orders confirmed") || !strings.Contains(reply.Text, "without the 1 line refused")) {
				t.Errorf("the answer to CONFIRM: %s\n%s", reply.Subject, reply.Text)
			}
		})
	}
}

// TestConfirmWithNothingToConfirm: CONFIRM without orders is refused with
// its line; CONFIRM of clean orders changes nothing.
func TestConfirmWithNothingToConfirm(t *testing.T) {
	h := newHarness(t, func(g *store.Game) { g.Early = false })
	h.deliver(orderMail("alice@example.org", "nc-1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nCONFIRM\n"))
	h.deliver(orderMail("bob@example.org", "nc-2@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 5\n"))
	h.mustRun()
	h.deliver(orderMail("bob@example.org", "nc-3@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nCONFIRM\n"))
	sum := h.mustRun()
	sent := h.sent()
	if len(sent) != 3 || sum.Accepted != 1 {
		t.Fatalf("%d mails, %s", len(sent), sum)
	}
	if !strings.Contains(sent[0].Text, "Line 4 says CONFIRM, but we have no orders") {
		t.Errorf("CONFIRM without orders: %s", sent[0].Text)
	}
	if !strings.Contains(sent[2].Text, "already count as in") {
		t.Errorf("CONFIRM of clean orders: %s", sent[2].Text)
	}
}

// guidedTally is the tally title with a players' guide.
type guidedTally struct{ tally }

func (guidedTally) Guide() string { return "PICK a number from 1 to 10, as in PICK 7." }

// unguided is a turn title without a guide.
type unguided struct{ title.TurnTitle }

// TestHelpSendsTheTitlesGuide: HELP is answered with the title's guide,
// in the text and attached, under the game's tag; a title without one is
// answered so; and the rest of the mail is not read.
func TestHelpSendsTheTitlesGuide(t *testing.T) {
	h := newHarness(t, func(g *store.Game) { g.Early = false })
	h.proc.Titles["tally"] = guidedTally{}
	h.deliver(orderMail("alice@example.org", "help-1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nhelp\nPICK 4\n"))
	if sum := h.mustRun(); sum.Accepted != 1 {
		t.Fatalf("HELP: %s", sum)
	}
	m := h.sent()[0]
	if m.Subject != "[t1] The players' guide (position 1)" || !strings.Contains(m.Text, "PICK a number from 1 to 10") ||
		!strings.Contains(m.Text, "Nothing else in your mail was read") || !strings.Contains(string(m.Raw), "t1-guide.txt") {
		t.Fatalf("the answer to HELP: %q\n%s", m.Subject, m.Text)
	}
	if standing, _ := h.st.CurrentOrders(context.Background(), "t1", 1); len(standing) != 0 {
		t.Errorf("HELP's mail sent orders: %v", standing)
	}
	h.proc.Titles["tally"] = unguided{tally{}}
	h.deliver(orderMail("alice@example.org", "help-2@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nHELP\n"))
	h.mustRun()
	if m := h.sent()[1]; !strings.Contains(m.Text, "no guide here yet") || strings.Contains(string(m.Raw), "t1-guide.txt") {
		t.Errorf("HELP without a guide: %s", m.Text)
	}
}

// TestPasswordByMail: a player changes their password with the current
// one; the reply never repeats it, the stored mail loses it, the old one
// stops working and the new one works. A token cannot change it, and a
// weak one is refused with its line.
func TestPasswordByMail(t *testing.T) {
	h := newHarness(t, func(g *store.Game) { g.Early = false })
	const fresh = "copper-Pacific-1869"
	h.deliver(orderMail("bob@example.org", "pw-1@example.org", "GAME: t1\nPOSITION: 2\nTOKEN: "+h.token(2, 1)+"\nPASSWORD "+fresh+"\n"))
	h.deliver(orderMail("alice@example.org", "pw-2@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\n\nPASSWORD tiny-1\n"))
	h.deliver(orderMail("bob@example.org", "pw-3@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPASSWORD "+fresh+"\n"))
	h.mustRun()
	h.deliver(orderMail("bob@example.org", "pw-4@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 3\n"))
	h.deliver(orderMail("bob@example.org", "pw-5@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: "+fresh+"\nPICK 4\n"))
	h.mustRun()
	sent := h.sent()
	if len(sent) != 5 {
		t.Fatalf("%d mails, want 5", len(sent))
	}
	for i, want := range []string{"signed by a turnsheet's TOKEN", "line 5: the new password has 6 characters; it needs at least 10", "was changed, as your mail asked", "the password is wrong", "PICK 4"} {
		if !strings.Contains(sent[i].Text, want) {
			t.Errorf("mail %d lacks %q:\n%s", i, want, sent[i].Text)
		}
		if strings.Contains(sent[i].Text, fresh) || strings.Contains(sent[i].Subject, fresh) {
			t.Errorf("mail %d repeats the new password:\n%s", i, sent[i].Text)
		}
	}
	if !strings.Contains(sent[2].Subject, "[t1] Your password was changed (position 2)") {
		t.Errorf("subject %q", sent[2].Subject)
	}
	assertNotStored(t, h, fresh, "tiny-1")
}

// TestGMPassword: the game master changes their own password from the
// command line and by mail; neither the log, the reply nor the stored
// mail keeps it, and the new one signs GM mail.
func TestGMPassword(t *testing.T) {
	ctx := context.Background()
	hash, err := HashPassword("gm-very-secret")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(g *store.Game) { g.GMAddress = "gm-person@example.org"; g.GMPasswordHash = hash })
	c, _ := gmcmd.Parse("PASSWORD short")
	if _, err := h.proc.GM(ctx, "t1", c, GMActor{Name: "cli"}); err == nil || !strings.Contains(err.Error(), "at least 10") {
		t.Fatalf("a short GM password: %v", err)
	}
	c, _ = gmcmd.Parse("PASSWORD from-the-shell-42")
	said, err := h.proc.GM(ctx, "t1", c, GMActor{Name: "cli"})
	if err != nil || strings.Contains(said, "from-the-shell-42") {
		t.Fatalf("GM PASSWORD: %q, %v", said, err)
	}
	h.deliver(orderMail("gm-person@example.org", "gmpw-1@example.org", "GAME: t1\nGM: from-the-shell-42\n\nPASSWORD by-mail-secret-7\n"))
	h.clock = h.clock.Add(time.Minute)
	h.mustRun()
	h.deliver(orderMail("gm-person@example.org", "gmpw-2@example.org", "GAME: t1\nGM: by-mail-secret-7\n\nANNOUNCE it works\n"))
	h.mustRun()
	acts, _ := h.st.GMActions(ctx, "t1")
	if len(acts) != 3 || acts[2].Verb != "ANNOUNCE" {
		t.Fatalf("GM log: %+v", acts)
	}
	for _, m := range h.sent() {
		if strings.Contains(m.Text, "by-mail-secret-7") {
			t.Errorf("a mail repeats the GM password:\n%s", m.Text)
		}
	}
	assertNotStored(t, h, "from-the-shell-42", "by-mail-secret-7")
}

// assertNotStored fails if any stored mail or GM log entry holds one of
// the secrets in clear.
func assertNotStored(t *testing.T, h *harness, secrets ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{`SELECT raw FROM inbox`, `SELECT raw FROM outbox`, `SELECT verb || ' ' || args FROM gm_actions`} {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var raw []byte
			if err := rows.Scan(&raw); err != nil {
				t.Fatal(err)
			}
			for _, s := range secrets {
				if strings.Contains(string(raw), s) {
					t.Errorf("%s: a row keeps %q in clear", q, s)
				}
			}
		}
		rows.Close()
	}
}
