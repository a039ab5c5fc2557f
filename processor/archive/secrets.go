package archive

import (
	"fmt"
	"regexp"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// Left is what a publishable export left out of a game's rows.
type Left struct {
	Hashes int // password hashes: the players' and the game master's
	Tokens int // mails whose turnsheet tokens were taken out
	Mails  int // mails that still carried a password line
}

func (l Left) String() string {
	if l == (Left{}) {
		return "nothing secret was found to leave out"
	}
	return fmt.Sprintf("left out %d password hashes, the turnsheet tokens of %d mails and the password lines of %d; export with secrets to move the game to another host", l.Hashes, l.Tokens, l.Mails)
}

var (
	tokenLine    = regexp.MustCompile(`(TOKEN:[ \t]*)[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}`)
	passwordLine = regexp.MustCompile(`(?mi)^([ \t>]*(PASSWORD|GM)[ \t]*:[ \t]*)\S+[^\r\n]*`)
)

// withoutSecrets strips a game's rows for publishing: the password hashes
// (so nobody can guess passwords offline), the turnsheet tokens in every
// mail (a live one lets anyone send orders for the turn open now), and
// any password line a mail stored before passwords were taken out on
// reading still carries.
func withoutSecrets(a *store.Archive) Left {
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
	for _, table := range []string{"inbox", "outbox"} {
		for _, rec := range a.Tables[table] {
			cell := rec["raw"]
			tokens, passwords := false, false
			out, changed, _ := mail.Redact(cell.Blob, func(text string) string {
				t := tokenLine.ReplaceAllString(text, "${1}[left out]")
				tokens = tokens || t != text
				p := passwordLine.ReplaceAllString(t, "${1}[left out]")
				passwords = passwords || p != t
				return p
			})
			if !changed {
				continue
			}
			rec["raw"] = store.Cell{Blob: out}
			if tokens {
				left.Tokens++
			}
			if passwords {
				left.Mails++
			}
		}
	}
	return left
}
