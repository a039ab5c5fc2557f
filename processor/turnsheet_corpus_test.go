package processor

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	crtitle "github.com/railpost/railpost/titles/contrails"

	"github.com/BurntSushi/toml"

	cr "github.com/railpost/railpost/games/contrails"
	"github.com/railpost/railpost/processor/store"
)

var draft = flag.String("draft", "", "write what each turnsheet in testdata/turnsheets/mail produced to this file, as a draft of expect.toml to review")

const sheetCorpusDir = "../testdata/turnsheets/mail"

type sheetCase struct {
	File       string   `toml:"file"`
	Status     string   `toml:"status"`
	OutcomeHas string   `toml:"outcome_has"`
	ReplyHas   []string `toml:"reply_has"`
	ReplyLacks []string `toml:"reply_lacks"`
	// Orders are position 1's standing orders after the message, exactly
	// as stored ("" = none yet).
	Orders string `toml:"orders"`
}

// sheetCorpusGame is the game the turnsheet corpus is written against:
// seed 3 played by the computer to the start of turn 6, the state of
// testdata/turnsheets/golden-turn6.txt. Position 1 (jwg@example.org)
// presides E&K and CH&D and owns the PC MC.
func sheetCorpusGame(t *testing.T) (*harness, *cr.State) {
	t.Helper()
	title, err := crtitle.New()
	if err != nil {
		t.Fatal(err)
	}
	m := title.Map()
	s, err := cr.NewGame(m, cr.Setup{}, rand.New(rand.NewPCG(3, 0)))
	if err != nil {
		t.Fatal(err)
	}
	for s.Turn <= 5 {
		if s, _, err = cr.Resolve(m, s, nil, rand.New(rand.NewPCG(3, uint64(s.Turn)))); err != nil {
			t.Fatal(err)
		}
	}
	h := newLoopback(t, title)
	ctx := context.Background()
	state, _ := json.Marshal(s)
	g := store.Game{ID: "cr-1", Title: title.Name(), Name: "Gamma Game", Turn: 6, Seed: 3, TimeZone: "America/Chicago",
		Deadline: testStart.Add(7 * 24 * time.Hour), Period: 7 * 24 * time.Hour, Created: testStart}
	err = h.st.Update(ctx, func(tx store.Tx) error {
		if err := tx.CreateGame(ctx, g); err != nil {
			return err
		}
		for n := 1; n <= cr.Positions; n++ {
			p := store.Position{GameID: g.ID, Number: n}
			switch n {
			case 1:
				p.Address, p.Human, p.PasswordHash = "jwg@example.org", true, passwordHash(t, "alpha-pass")
			case 2:
				p.Address, p.Human, p.PasswordHash = "other@example.org", true, passwordHash(t, "bravo-pass")
			}
			if err := tx.AddPosition(ctx, p); err != nil {
				return err
			}
		}
		return tx.SaveSnapshot(ctx, store.Snapshot{GameID: g.ID, Turn: 5, State: state, Seed: g.Seed}, testStart)
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, s
}

// TestTurnsheetCorpus mails every turnsheet in testdata/turnsheets/mail,
// as players really send them, through a real pass, one after another, and
// checks what expect.toml says each must produce: the inbox status, the
// reply, and position 1's standing orders afterwards, to the byte.
func TestTurnsheetCorpus(t *testing.T) {
	var exp struct {
		Case []sheetCase `toml:"case"`
	}
	if _, err := toml.DecodeFile(filepath.Join(sheetCorpusDir, "..", "expect.toml"), &exp); err != nil && *draft == "" {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(sheetCorpusDir, "*.eml"))
	if *draft == "" && (len(files) < 40 || len(files) != len(exp.Case)) {
		t.Fatalf("%d turnsheets and %d expectations; want at least 40, one each", len(files), len(exp.Case))
	}
	h, _ := sheetCorpusGame(t)
	ctx := context.Background()
	secret, err := h.st.Secret(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var drafts []sheetCase
	for i, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		raw = tokenRE.ReplaceAllFunc(raw, func(m []byte) []byte {
			sub := tokenRE.FindSubmatch(m)
			p, _ := strconv.Atoi(string(sub[1]))
			turn, _ := strconv.Atoi(string(sub[2]))
			return []byte(TurnsheetToken(secret, "cr-1", p, turn))
		})
		h.clock = testStart.Add(time.Duration(i) * time.Minute)
		if err := h.imap.DeliverAt("INBOX", raw, h.clock); err != nil {
			t.Fatal(err)
		}
		before := len(h.smtp.Messages())
		h.mustRun()
		row := lastInbox(t, h)
		sent := h.sent()[before:]
		reply := ""
		if len(sent) > 0 {
			reply = sent[0].Text
		}
		cur, err := h.st.CurrentOrders(ctx, "cr-1", 6)
		if err != nil {
			t.Fatal(err)
		}
		got := sheetCase{File: filepath.Base(f), Status: row.Status, Orders: string(cur[1])}
		if *draft != "" {
			got.OutcomeHas = row.Outcome
			got.ReplyHas = []string{reply}
			drafts = append(drafts, got)
			continue
		}
		c := exp.Case[i]
		t.Run(c.File, func(t *testing.T) {
			if got.File != c.File {
				t.Fatalf("expectation %d is for %s but the file is %s", i, c.File, got.File)
			}
			if len(sent) != 1 {
				t.Fatalf("%d mails sent, want the one reply", len(sent))
			}
			if got.Status != c.Status {
				t.Errorf("status %s (%s), want %s", got.Status, row.Outcome, c.Status)
			}
			if c.OutcomeHas != "" && !strings.Contains(row.Outcome, c.OutcomeHas) {
				t.Errorf("outcome %q lacks %q", row.Outcome, c.OutcomeHas)
			}
			for _, want := range c.ReplyHas {
				if !strings.Contains(reply, want) {
					t.Errorf("reply lacks %q:\n%s", want, reply)
				}
			}
			for _, bad := range c.ReplyLacks {
				if strings.Contains(reply, bad) {
					t.Errorf("reply has %q:\n%s", bad, reply)
				}
			}
			if got.Orders != c.Orders {
				t.Errorf("standing orders\n %s\nwant\n %s", got.Orders, c.Orders)
			}
		})
	}
	if *draft != "" {
		var b strings.Builder
		for _, d := range drafts {
			fmt.Fprintf(&b, "[[case]]\nfile = %q\nstatus = %q\noutcome = %q\norders = '%s'\n# reply:\n# %s\n\n", d.File, d.Status, d.OutcomeHas, d.Orders,
				strings.ReplaceAll(strings.TrimSpace(d.ReplyHas[0]), "\n", "\n# "))
		}
		if err := os.WriteFile(*draft, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
