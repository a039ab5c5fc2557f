package archive

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/token"
)

// Options says what an export keeps that a published one must not.
type Options struct {
	// Secrets keeps every row as it is: the password hashes, the tokens,
	// the addresses and the orders of a turn still open, which moving the
	// game to another host needs. Such a folder is not to be published.
	Secrets bool
	// Addresses keeps the players' and the game master's addresses (and
	// the names their mail programs gave them) in an export otherwise fit
	// to publish; without it each is published as a made-up one.
	Addresses bool
	// Pages writes the game's web pages into a folder (package web's
	// WriteGame: the server's pages as files), which the export puts in
	// web/ and links from its index; nil writes none. The pages show only
	// what is public, so an export with them is as fit to publish.
	Pages func(ctx context.Context, gameID, dir string) error
}

// Left is what a publishable export left out of a game's rows and files.
type Left struct {
	Hashes    int // password hashes: the players' and the game master's
	Tokens    int // mails and rows whose turnsheet tokens were taken out
	Threads   int // Message-IDs that carried a token, published with a tag in its place
	Mails     int // mails and rows that still carried a password
	Forget    int // queued mails that were still to forget the password they tell
	Addresses int // addresses published as made-up ones
	Orders    int // orders sent for the turn still open
	OpenMails int // mails that carried those orders, and our answers to them
}

func (l Left) String() string {
	if l == (Left{}) {
		return "nothing secret was found to leave out"
	}
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf(what, n))
		}
	}
	add(l.Hashes, "%d password hashes")
	add(l.Tokens, "the turnsheet tokens of %d mails and rows")
	add(l.Threads, "the tokens of %d threads' Message-IDs (each replaced by a tag, so threads still link)")
	add(l.Mails, "the passwords of %d mails and rows")
	add(l.Forget, "the passwords %d queued mails tell")
	add(l.Addresses, "%d addresses (each replaced by a made-up one)")
	add(l.Orders, "%d orders sent for the turn still open")
	add(l.OpenMails, "the %d mails that carried them or answered them")
	return "left out " + strings.Join(parts, ", ") + "; export with secrets to move the game to another host"
}

// issuedTokens is every token the game could have been issued: for each
// of its positions, each turn or action up to one past the furthest its
// rows reach (a turn rolled back was issued tokens all the same). None
// when the database holds no secret, which means none was ever issued.
func issuedTokens(ctx context.Context, st Dumper, a *store.Archive) ([]string, error) {
	secret, err := st.StoredSecret(ctx)
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", a.GameID, err)
	}
	if secret == nil {
		return nil, nil
	}
	last := 0
	for table, col := range map[string]string{"games": "turn", "snapshots": "turn", "orders": "turn", "events": "turn",
		"gm_actions": "turn", "reminders": "turn", "moves": "n", "final_scores": "turn"} {
		for _, rec := range a.Tables[table] {
			if c := rec[col]; c.Int != nil && int(*c.Int) > last {
				last = int(*c.Int)
			}
		}
	}
	var out []string
	for _, rec := range a.Tables["positions"] {
		if rec["number"].Int == nil {
			continue
		}
		for n := 0; n <= last+1; n++ {
			out = append(out, token.Turnsheet(secret, a.GameID, int(*rec["number"].Int), n))
		}
	}
	return out, nil
}

// withoutSecrets strips a game's rows for publishing: the password hashes
// (so nobody can guess passwords offline), the tokens everywhere (a live
// one lets anyone move for the seat; a "your move" mail's Message-ID
// carries one, and every reply quotes it in its In-Reply-To and
// References), every line that gives a password or a token, the
// passwords queued mails are still to forget, and, through s, the
// addresses. Every mail's sha256 and size are those of what is published.
func withoutSecrets(a *store.Archive, s *scrubber) (Left, error) {
	var left Left
	for table, cols := range map[string][]string{"positions": {"password_hash"}, "games": {"gm_password_hash"}} {
		for _, rec := range a.Tables[table] {
			for _, c := range cols {
				if cell, ok := rec[c]; ok && len(cell.Blob) > 0 {
					rec[c] = store.Cell{Null: true}
					left.Hashes++
				}
			}
		}
	}
	for _, table := range []string{"games", "positions", "inbox", "gm_actions", "orders", "events", "outbox", "outbox_attempts", "final_scores", "moves"} {
		for _, rec := range a.Tables[table] {
			tokens, passwords := s.tokenHits, s.passwordHits
			if err := scrubRow(table, rec, s, &left); err != nil {
				return left, err
			}
			if s.tokenHits > tokens {
				left.Tokens++
			}
			if s.passwordHits > passwords {
				left.Mails++
			}
		}
	}
	left.Threads = len(s.threads)
	left.Addresses = len(s.replaced)
	return left, nil
}

// scrubRow scrubs one row's text columns, and its raw mail.
func scrubRow(table string, rec store.Record, s *scrubber, left *Left) error {
	var forget []string
	if f := text(rec["forget"]); table == "outbox" && f != "" {
		forget = strings.Split(f, "\n")
		rec["forget"] = store.Cell{Text: new(string)}
		left.Forget++
	}
	for _, c := range sortedColumns(rec) {
		cell := rec[c]
		switch {
		case c == "raw" && len(cell.Blob) > 0:
			out, err := s.mail(cell.Blob, forget)
			if err != nil {
				return fmt.Errorf("export %s row %s: %w", table, idOf(rec), err)
			}
			rec[c] = store.Cell{Blob: out}
			if _, ok := rec["sha256"]; ok {
				sum := sha256.Sum256(out)
				h := hex.EncodeToString(sum[:])
				rec["sha256"] = store.Cell{Text: &h}
			}
			if _, ok := rec["size"]; ok {
				n := int64(len(out))
				rec["size"] = store.Cell{Int: &n}
			}
		case cell.Text == nil:
		case c == "message_id":
			v := s.id(*cell.Text)
			rec[c] = store.Cell{Text: &v}
		default:
			v := s.text(*cell.Text)
			rec[c] = store.Cell{Text: &v}
		}
	}
	return nil
}

// idOf is a row's id, for an error.
func idOf(rec store.Record) string {
	if c := rec["id"]; c.Int != nil {
		return fmt.Sprint(*c.Int)
	}
	return "?"
}
