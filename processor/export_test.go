package processor

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	cetitle "github.com/railpost/railpost/titles/chicagoexpress"
	"github.com/railpost/railpost/titles/g1870"
	"github.com/railpost/railpost/titles/g18ez"
)

// secrets is what a published export must not hold, each as it is
// searched for: lower case.
type secrets struct {
	tokens, passwords, addresses []string
	open                         []string // the Message-IDs of the mails of a turn still open
}

// gameSecrets is every token the game's positions were ever issued, for
// every turn or action up to a few past where it stands, in every form a
// player could write one (dashed, bare, spaced; any case, as the search
// is without case), and the passwords and addresses given.
func gameSecrets(t *testing.T, st store.Store, gameID string, positions int, passwords, addresses []string) secrets {
	t.Helper()
	secret, err := st.Secret(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	g, err := st.Game(context.Background(), gameID)
	if err != nil {
		t.Fatal(err)
	}
	var s secrets
	for p := 0; p <= positions; p++ {
		for n := 0; n <= g.Turn+3; n++ {
			tok := strings.ToLower(TurnsheetToken(secret, gameID, p, n))
			s.tokens = append(s.tokens, tok, strings.ReplaceAll(tok, "-", ""), strings.ReplaceAll(tok, "-", " "))
		}
	}
	for _, pw := range passwords {
		s.passwords = append(s.passwords, strings.ToLower(pw))
	}
	for _, a := range addresses {
		s.addresses = append(s.addresses, strings.ToLower(a))
	}
	return s
}

// leaks walks every file of an export and says each secret found in one:
// in its bytes; in a mail's decoded text and attachments, whatever their
// transfer encoding; in every cell of archive.json, each mail there read
// the same way.
func leaks(t *testing.T, dir string, s secrets, addresses bool) []string {
	t.Helper()
	var found []string
	look := func(where, hay string) {
		hay = strings.ToLower(hay)
		for _, kind := range []struct {
			name    string
			needles []string
		}{{"token", s.tokens}, {"password", s.passwords}, {"address", s.addresses}, {"open turn's mail", s.open}} {
			if kind.name == "address" && addresses {
				continue
			}
			for _, n := range kind.needles {
				if n != "" && strings.Contains(hay, n) {
					found = append(found, fmt.Sprintf("%s: %s %q", where, kind.name, n))
				}
			}
		}
	}
	files := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		look(rel, string(b))
		switch {
		case strings.HasSuffix(path, ".eml"):
			look(rel+" (decoded)", mailText(t, b))
		case filepath.Base(path) == "archive.json":
			var a store.Archive
			if err := json.Unmarshal(b, &a); err != nil {
				t.Fatalf("archive.json: %v", err)
			}
			for table, rows := range a.Tables {
				for i, rec := range rows {
					for col, c := range rec {
						where := fmt.Sprintf("archive.json %s[%d].%s", table, i, col)
						if c.Text != nil {
							look(where, *c.Text)
						}
						look(where, string(c.Blob))
						if col == "raw" {
							look(where+" (decoded)", mailText(t, c.Blob))
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 5 {
		t.Fatalf("the export holds %d files", files)
	}
	return found
}

// mailText is a mail's subject, decoded text and attachments.
func mailText(t *testing.T, raw []byte) string {
	t.Helper()
	mm, err := orders.ReadMail(raw, orders.Identity{}, orders.DefaultLimits)
	if err != nil {
		t.Fatalf("an exported mail does not read: %v", err)
	}
	text := mm.Subject + "\n" + mm.Text + "\n" + mm.InReplyTo + "\n" + strings.Join(mm.References, "\n")
	atts, _ := mail.ReadAttachments(raw)
	for _, a := range atts {
		text += "\n" + string(a.Data)
	}
	return text
}

// checkExports exports a game three ways and checks each: published, no
// secret anywhere; published with addresses, the addresses but no other
// secret; with secrets, the secrets, which shows the search finds them.
// The published folder keeps its threads (threaded: it has one to keep),
// still imports, and replays clean.
func checkExports(t *testing.T, st store.Store, ts title.Set, gameID string, s secrets, threaded bool) archive.Left {
	t.Helper()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "published")
	left, err := archive.Export(ctx, st, ts, gameID, dir, archive.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range leaks(t, dir, s, false) {
		t.Errorf("published: %s", l)
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !strings.Contains(string(index), "Published without secrets: "+html.EscapeString(left.String())) {
		t.Errorf("the index does not say what was left out (%s):\n%s", left, index)
	}
	checkLinks(t, dir, threaded)
	importAndReplay(t, dir, ts, gameID)

	withAddr := filepath.Join(t.TempDir(), "addresses")
	if _, err := archive.Export(ctx, st, ts, gameID, withAddr, archive.Options{Addresses: true}); err != nil {
		t.Fatal(err)
	}
	for _, l := range leaks(t, withAddr, s, true) {
		t.Errorf("published with addresses: %s", l)
	}
	if found := leaks(t, withAddr, secrets{addresses: s.addresses}, false); len(found) == 0 {
		t.Error("published with addresses: none of the players' addresses is there")
	}

	private := filepath.Join(t.TempDir(), "private")
	if _, err := archive.Export(ctx, st, ts, gameID, private, archive.Options{Secrets: true}); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, l := range leaks(t, private, s, false) {
		for _, k := range []string{"token", "address"} {
			if strings.Contains(l, ": "+k+" ") {
				kinds[k] = true
			}
		}
	}
	if !kinds["token"] || !kinds["address"] {
		t.Errorf("the export with secrets holds tokens %v, addresses %v: the search cannot be trusted", kinds["token"], kinds["address"])
	}
	return left
}

// checkLinks checks that what was one value is still one in a published
// export: every reply's In-Reply-To that named one of our "your move"
// mails names it as it is published, and each of our mails is addressed
// to whom its row says.
func checkLinks(t *testing.T, dir string, threaded bool) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "archive.json"))
	if err != nil {
		t.Fatal(err)
	}
	var a store.Archive
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	ours := map[string]bool{}
	for _, rec := range a.Tables["outbox"] {
		ours[*rec["message_id"].Text] = true
		mm, err := orders.ReadMail(rec["raw"].Blob, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if rcpt := *rec["recipients"].Text; !strings.Contains(string(rec["raw"].Blob), "To: <"+rcpt+">") {
			t.Errorf("our mail %s is not to %q, whom its row says", mm.MessageID, rcpt)
		}
	}
	threads := 0
	for _, rec := range a.Tables["inbox"] {
		mm, err := orders.ReadMail(rec["raw"].Blob, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if threadID.MatchString(mm.InReplyTo) {
			threads++
			if !ours[mm.InReplyTo] {
				t.Errorf("a reply answers %s, which is none of our published mails", mm.InReplyTo)
			}
		}
	}
	if threaded && threads == 0 {
		t.Error("no reply in the export answers one of our mails by its thread")
	}
}

// TestAPublishedExportHoldsNoSecret plays some of a game of each title
// played by mail through the pipe: moves by mail, a bare reply matched by
// the thread its In-Reply-To and folded References carry, a mail that
// quotes a token without its dashes, the game master's commands by mail
// (signed with the GM password) and by the command line, a seat handed to
// a new player (whose welcome tells a password). Its published export
// must hold none of the tokens the game was issued, in any form, none of
// the passwords, and none of the addresses.
func TestAPublishedExportHoldsNoSecret(t *testing.T) {
	for _, tc := range []struct {
		title title.MoveTitle
		id    string
	}{
		{cetitle.Title{}, "ce1"},
		{g1870.Title{}, "g70"},
		{g18ez.Title{}, "ez1"},
	} {
		t.Run(tc.title.Name(), func(t *testing.T) {
			h := newMoveHarness(t, tc.title, tc.id, 2, 3)
			h.playOwn(3)
			h.bareReply()
			h.playOwn(2)
			h.gmMail("PAUSE lunch")
			h.gmCLI("RESUME")
			h.gmCLI("HAND 2 carol@example.org Carol")
			carol := ""
			for _, m := range h.sent() {
				if pw := firstGroup(`Your password is (\S+)\.`, m.Text); pw != "" && strings.Contains(strings.Join(m.To, ","), "carol@") {
					carol = pw
				}
			}
			if carol == "" {
				t.Fatal("Carol was told no password")
			}
			h.seats[1].address = "carol@example.org"
			h.passwords[2] = carol
			h.playOwn(2)
			ts := h.proc.Titles
			s := gameSecrets(t, h.st, h.id, 3, []string{h.passwords[1], h.passwords[2], carol, gmPassword},
				[]string{moveAddresses[0], moveAddresses[1], "carol@example.org", "gm-person@example.org", "Someone Real"})
			left := checkExports(t, h.st, ts, h.id, s, true)
			if left.Hashes == 0 || left.Tokens == 0 || left.Threads == 0 || left.Addresses < 4 {
				t.Errorf("left out %+v", left)
			}
		})
	}
}

// firstGroup is the first group of pattern in s, or "".
func firstGroup(pattern, s string) string {
	m := regexp.MustCompile(pattern).FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[1]
}

// bareReply has the person to move answer their "your move" mail with
// the move alone, the mail found by In-Reply-To and a folded References
// that quote its Message-ID, and the Message-ID named in the text too;
// then mails a question that quotes the token bare, in lower case.
func (h *moveHarness) bareReply() {
	h.t.Helper()
	r := h.load()
	seat := r.Eng.Acting()[0]
	p := h.seats[seat]
	asked := h.lastTo(p.address, fmt.Sprintf("Your move (action %d)", r.Next()))
	move := r.Eng.Computer(seat, title.Rand(1, r.Next())).String()
	h.sentMails++
	h.deliver(fmt.Sprintf("From: Someone Real <%s>\nTo: gm@railpost.test\nSubject: Re: your move\nMessage-ID: <bare%d@example.org>\nIn-Reply-To: %s\nReferences: <older@example.org>\n %s\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\n%s\n\n> On Monday, %s wrote: your move\n",
		p.address, h.sentMails, asked.MessageID, asked.MessageID, move, asked.MessageID))
	h.clock = h.clock.Add(time.Minute)
	h.mustRun()
	if h.load().Next() == r.Next() {
		got := h.lastTo(p.address, "")
		h.t.Fatalf("the bare reply to %s did not move the game: %s\n%s", asked.MessageID, got.Subject, got.Text)
	}
	// The live token, as a player might write it: lower case, bare,
	// spaced, quoted; the mail names the game, so it is the game's.
	secret, _ := h.st.Secret(context.Background())
	live := TurnsheetToken(secret, h.id, p.number, h.load().Next())
	bare := strings.ToLower(strings.ReplaceAll(live, "-", ""))
	h.sentMails++
	h.deliver(fmt.Sprintf("From: %s\nTo: gm@railpost.test\nSubject: question\nMessage-ID: <q%d@example.org>\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\nGAME: %s\nPOSITION: %d\ntoken = %s\n\nIs %s still my token?\n\n> TOKEN: %s\n",
		p.address, h.sentMails, h.id, p.number, bare, strings.ReplaceAll(live, "-", " "), live))
	h.clock = h.clock.Add(time.Minute)
	h.mustRun()
}

// TestARunningContrailsGamePublishesNoSecretNorTheOpenTurnsOrders plays
// Continental Rails by turns through the pipe: three players seated
// (each welcome tells a password and carries a turnsheet with its
// token), turn 1 played by all, turn 2 open with orders from two. The
// published export holds no token, password or address, and nothing of
// turn 2's orders: not the rows, not the mails that carried them, not
// our answers echoing them. Turn 1's are all there.
func TestARunningContrailsGamePublishesNoSecretNorTheOpenTurnsOrders(t *testing.T) {
	h := newGMGame(t)
	players := map[int]string{1: "ada@example.org", 2: "ben@example.org", 3: "cyd@example.org"}
	for n := 1; n <= 3; n++ {
		h.seat(n, players[n])
	}
	for n := 1; n <= 3; n++ {
		h.sendOrders(n, players[n], nil)
	}
	if sum := h.mustRun(); sum.Resolved != 1 {
		t.Fatalf("turn 1: %s", sum)
	}
	open := []string{}
	for n := 1; n <= 2; n++ {
		h.sendOrders(n, players[n], nil)
		open = append(open, fmt.Sprintf("o%d@example.org", h.msgs))
	}
	if sum := h.mustRun(); sum.Accepted != 2 || sum.Resolved != 0 {
		t.Fatalf("turn 2: %s", sum)
	}
	g := h.game()
	if g.Turn != 2 || g.Status != "active" {
		t.Fatalf("the game is %s at turn %d", g.Status, g.Turn)
	}
	ts := h.proc.Titles
	_, most := h.title.Seats()
	s := gameSecrets(t, h.st, h.id, most, []string{h.passwords[1], h.passwords[2], h.passwords[3], gmPassword},
		[]string{players[1], players[2], players[3], "gm-person@example.org"})
	// The open turn's mails are searched for by their Message-IDs, which
	// the mails and our answers to them carry.
	s.open = open
	left := checkExports(t, h.st, ts, h.id, s, false)
	if left.Orders != 2 || left.OpenMails < 4 || left.Hashes == 0 || left.Tokens == 0 || left.Addresses < 4 {
		t.Errorf("left out %+v; want 2 orders, their 2 mails and our 2 answers", left)
	}
	dir := filepath.Join(t.TempDir(), "again")
	if _, err := archive.Export(context.Background(), h.st, ts, h.id, dir, archive.Options{}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "archive.json"))
	if err != nil {
		t.Fatal(err)
	}
	var a store.Archive
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	byTurn := map[int64]int{}
	for _, rec := range a.Tables["orders"] {
		byTurn[*rec["turn"].Int]++
	}
	if byTurn[1] != 3 || byTurn[2] != 0 {
		t.Errorf("the published orders by turn: %v; want turn 1's three and none of turn 2's", byTurn)
	}
	if _, err := os.Stat(filepath.Join(dir, "turns/002")); err == nil {
		t.Error("the open turn has a folder")
	}
}
