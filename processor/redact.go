package processor

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// Passwords are not kept in clear: what the database stores of a mail,
// and so what an archive export publishes, has them taken out. A player's
// or the game master's mail loses what its PASSWORD and GM lines gave
// (wherever else it appears, such as a quote) once it has been read; a
// welcome loses the password it told once the server has taken it. The
// orders and moves a mail gave are kept apart, so replay needs none of it.

// removed stands where a password was.
const removed = "[password removed]"

// passwordShape is the shape of the passwords we make (NewPassword), by
// which one our welcome told is found where a player quotes it.
var passwordShape = regexp.MustCompile(`\b[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}\b`)

// keptInbox is a stored mail as the database keeps it once read: without
// the passwords it gave (its header block's, which the judgement passes
// in), nor any of ours a player quoted from a welcome ("Your password is
// ..."). It reports whether anything was taken out.
func keptInbox(raw []byte, secrets ...string) ([]byte, bool) {
	fix := func(text string) string {
		for _, s := range secrets {
			if len(s) >= 4 {
				text = strings.ReplaceAll(text, s, removed)
			}
		}
		return withoutQuotedPasswords(text)
	}
	out, changed, _ := mail.Redact(raw, fix)
	return out, changed
}

// withoutQuotedPasswords takes out, on each line that speaks of a
// password, whatever has the shape of one of ours.
func withoutQuotedPasswords(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.Contains(strings.ToLower(l), "password") {
			lines[i] = passwordShape.ReplaceAllString(l, removed)
		}
	}
	return strings.Join(lines, "\n")
}

// keptOutbox is a sent mail as the database keeps it: without what it had
// to forget once sent. nil when there is nothing to forget.
func keptOutbox(m store.OutboxMail) []byte {
	if len(m.Forget) == 0 {
		return nil
	}
	fix := func(text string) string {
		for _, s := range m.Forget {
			if s != "" {
				text = strings.ReplaceAll(text, s, removed)
			}
		}
		return text
	}
	out, _, _ := mail.Redact(m.Raw, fix)
	return out
}

// withoutSecrets are the replies to a mail with every password it gave
// taken out, wherever a reply would have quoted it (a line at fault, a
// value compared, its Subject): a reply goes to whoever sent the mail,
// and the outbox keeps it. The messages that say why name lines by
// number and never quote a password; this is the net under them.
func withoutSecrets(rs []store.OutboxMail, secrets []string) []store.OutboxMail {
	var taken []string
	for _, s := range secrets {
		if passwordLike(s) {
			taken = append(taken, s)
		}
	}
	if len(taken) == 0 {
		return rs // most mails: nothing to look for, no reply to decode
	}
	fix := func(text string) string {
		for _, s := range taken {
			text = strings.ReplaceAll(text, s, removed)
		}
		return text
	}
	for i, r := range rs {
		if out, changed, _ := mail.Redact(r.Raw, fix); changed {
			rs[i].Raw = out
		}
		rs[i].Subject = fix(r.Subject)
	}
	return rs
}

// passwordLike tells the values the net under the replies takes out: any
// that could be a password here (ours have 14 characters with hyphens, a
// chosen one at least minPasswordLen), and not a short plain word such as
// "wrong", which our own wording uses and which no password here is.
func passwordLike(s string) bool {
	if len(s) >= minPasswordLen {
		return true
	}
	return len(s) >= 6 && strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

// forgetting marks mails that tell a password, so that the stored copies
// lose it once they are sent.
func forgetting(ms []store.OutboxMail, password string) []store.OutboxMail {
	if password == "" {
		return ms
	}
	for i := range ms {
		ms[i].Forget = append(ms[i].Forget, password)
	}
	return ms
}

// subjectCandidates is the most password-shaped words a Subject may hold
// before the Subject check gives up on the mail: no person writes more,
// and each would be worth a bcrypt comparison. A mail past it is set
// aside for the game master unjudged (errOverBudget).
const subjectCandidates = 8

// subjectPassword is a word of a mail's Subject that is the password of a
// position its sender holds, with those positions: a password put where
// mail programs show it to everyone. "" when there is none. Each try is a
// bcrypt comparison and the From address is not proof of anything, so
// the check is bounded: only for an address that holds a password, only
// words that look like a password count (six
// characters or more with a digit or a hyphen in them, as ours have, and
// not the id of the sender's game, which every subject of ours carries,
// "[1870-12]"); a Subject with more than subjectCandidates of them is over
// budget; and only the likeliest word is tried, once for each position,
// so a mail never costs more than one comparison per position. The
// context is checked before each comparison.
func subjectPassword(ctx context.Context, subject string, known []store.Position) (string, []store.Position, error) {
	if !slices.ContainsFunc(known, func(p store.Position) bool { return len(p.PasswordHash) > 0 }) {
		return "", nil, nil // a sender with no password here has none to leak
	}
	var words []string
	for _, w := range strings.FieldsFunc(subject, func(r rune) bool { return r == ' ' || r == '\t' || r == ':' || r == '[' || r == ']' || r == ',' }) {
		w = strings.Trim(w, `"'<>()“”«»`)
		if len(w) < 6 || len(w) > 72 || !strings.ContainsAny(w, "-0123456789") || slices.ContainsFunc(known, func(p store.Position) bool { return strings.EqualFold(p.GameID, w) }) {
			continue
		}
		if !slices.Contains(words, w) {
			words = append(words, w)
		}
		if len(words) > subjectCandidates {
			return "", nil, fmt.Errorf("%w: its Subject holds more than %d password-shaped words", errOverBudget, subjectCandidates)
		}
	}
	if len(words) == 0 {
		return "", nil, nil
	}
	w := likeliestPassword(words)
	var of []store.Position
	for _, pos := range known {
		if len(pos.PasswordHash) == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return "", nil, context.Cause(ctx)
		}
		if CheckPassword(pos.PasswordHash, w) {
			of = append(of, pos)
		}
	}
	if len(of) == 0 {
		return "", nil, nil
	}
	return w, of, nil
}

// likeliestPassword is the word most like a password: one of the shape we
// make first, then the longest, then the first written.
func likeliestPassword(words []string) string {
	best := words[0]
	rank := func(w string) int {
		if passwordShape.MatchString(w) && len(w) == 14 {
			return 1000
		}
		return len(w)
	}
	for _, w := range words[1:] {
		if rank(w) > rank(best) {
			best = w
		}
	}
	return best
}
