package archive

import (
	"fmt"
	nmail "net/mail"
	"regexp"
	"sort"
	"strings"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/token"
)

// leftOut stands where a secret was.
const leftOut = "[left out]"

var (
	// tokenLine and passwordLine are header-block lines that give a
	// secret, in any of the forms the turnsheet reader takes
	// (orders.headerRE), quoted or not: "TOKEN: abcd-efgh-ijkl",
	// "> token = abcdefghijkl", "pw: x", "GM password = y".
	tokenLine    = regexp.MustCompile(`(?mi)^([ \t>]*(?:turnsheet[ \t]+token|token)[ \t]*[:=][ \t]*)[^\s\[][^\r\n]*`)
	passwordLine = regexp.MustCompile(`(?mi)^([ \t>]*(?:password|pw|gm[ \t]+password|gm)[ \t]*[:=][ \t]*)[^\s\[][^\r\n]*`)
	// toldPassword is a password as our welcome tells it, wherever it is
	// quoted: "Your password is abcd-efgh-ijkl."
	toldPassword = regexp.MustCompile(`(?i)(password is:?[ \t]*)[A-Za-z0-9][^\s]*?(\.?)(\s|$)`)
	// passwordShape is the shape of the passwords we make, taken out of
	// any line that speaks of a password.
	passwordShape = regexp.MustCompile(`\b[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}\b`)
	// addressShape is what is taken for a mail address in a text.
	addressShape = regexp.MustCompile(`[A-Za-z0-9._%+=\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+`)
)

// scrubber takes the secrets out of a game's rows and files, the same way
// everywhere, so that what was one value before is one value after: a
// Message-ID that carried a token is published under the same made-up one
// in its own header, in the replies that quote it and in archive.json, so
// threads still link; an address becomes the same made-up one wherever
// it appears.
type scrubber struct {
	tokens   map[string]bool   // every token the game was issued, upper case without dashes
	threads  map[string]string // the token a Message-ID carried -> the tag published in its place
	tags     map[string]bool   // the tags given, which a second pass keeps
	addrs    map[string]string // an address, lower case -> the made-up one; nil keeps addresses
	made     map[string]bool   // the made-up addresses, which a second pass keeps
	judge    map[string]bool   // our own addresses, which stay
	ids      map[string]bool   // Message-IDs without brackets, lower case: not addresses
	replaced map[string]bool   // the addresses a made-up one stood for
	people   int               // made-up addresses given to senders no seat names
	// hits count what was taken out, for Left.
	tokenHits, passwordHits int
}

// newScrubber is a scrubber for a game's rows: tokens are the ones the game
// was issued (none when the secret is unknown), and addresses are kept
// unless the game's people are to be made up.
func newScrubber(a *store.Archive, tokens []string, keepAddresses bool) *scrubber {
	s := &scrubber{tokens: map[string]bool{}, threads: map[string]string{}, tags: map[string]bool{},
		judge: map[string]bool{}, ids: map[string]bool{}, replaced: map[string]bool{}}
	for _, t := range tokens {
		s.tokens[normalToken(t)] = true
	}
	for _, table := range []string{"inbox", "outbox"} {
		for _, rec := range a.Tables[table] {
			s.collectIDs(text(rec["message_id"]))
			mail.RewriteHeaders(rec["raw"].Blob, func(name, value string) string {
				switch strings.ToLower(name) {
				case "message-id", "in-reply-to", "references", "resent-message-id":
					s.collectIDs(value)
				case "from":
					if table == "outbox" {
						s.collectJudge(value)
					}
				}
				return value
			})
			if table == "outbox" {
				s.collectJudge(text(rec["sender"]))
			}
		}
	}
	if keepAddresses {
		return s
	}
	s.addrs, s.made = map[string]string{}, map[string]bool{}
	for _, rec := range a.Tables["positions"] {
		if addr := strings.ToLower(text(rec["address"])); addr != "" && rec["number"].Int != nil && !s.judge[addr] {
			s.addrs[addr] = fmt.Sprintf("position%d@players.invalid", *rec["number"].Int)
			s.made[s.addrs[addr]] = true
		}
	}
	for _, rec := range a.Tables["games"] {
		if addr := strings.ToLower(text(rec["gm_address"])); addr != "" && !s.judge[addr] {
			if _, seat := s.addrs[addr]; !seat {
				s.addrs[addr] = "gm@players.invalid"
				s.made[s.addrs[addr]] = true
			}
		}
	}
	return s
}

// text is a cell's text, or "".
func text(c store.Cell) string {
	if c.Text != nil {
		return *c.Text
	}
	return string(c.Blob)
}

func (s *scrubber) collectIDs(value string) {
	for _, id := range addressShape.FindAllString(value, -1) {
		s.ids[strings.ToLower(id)] = true
		// The published form too, so a second pass knows it for an id.
		s.ids[strings.ToLower(s.thread(id))] = true
	}
}

func (s *scrubber) collectJudge(value string) {
	for _, addr := range addressShape.FindAllString(value, -1) {
		s.judge[strings.ToLower(addr)] = true
	}
}

// normalToken is a token as tokens are compared: upper case, no dashes.
func normalToken(t string) string {
	return strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(t))
}

// thread gives each token a Message-ID carries a tag in its place: a
// count, which tells nothing of the token.
func (s *scrubber) thread(v string) string {
	return token.Thread.ReplaceAllStringFunc(v, func(m string) string {
		sub := token.Thread.FindStringSubmatch(m)
		if s.tags[sub[2]] {
			return m
		}
		tag, ok := s.threads[sub[2]]
		if !ok {
			tag = fmt.Sprintf("x%011d", len(s.threads)+1)
			s.threads[sub[2]] = tag
			s.tags[tag] = true
		}
		return ".a" + sub[1] + "-" + tag + "@"
	})
}

// id scrubs a Message-ID, or a list of them: the thread's token gets its
// tag, and any token the game was issued found elsewhere is left out.
func (s *scrubber) id(v string) string {
	out := s.knownTokens(s.thread(v))
	if out != v {
		s.tokenHits++
	}
	return out
}

// text scrubs a text: the addresses, the tokens in any form, and every
// line that gives a password or a token.
func (s *scrubber) text(v string) string {
	v = s.id(s.addresses(v))
	t := tokenLine.ReplaceAllString(v, "${1}"+leftOut)
	if t != v {
		s.tokenHits++
	}
	p := passwordLine.ReplaceAllString(t, "${1}"+leftOut)
	p = toldPassword.ReplaceAllString(p, "${1}"+leftOut+"${2}${3}")
	p = passwordShapes(p)
	if p != t {
		s.passwordHits++
	}
	return p
}

// passwordShapes takes out of each line that speaks of a password
// whatever has the shape of one of ours.
func passwordShapes(text string) string {
	if !strings.Contains(strings.ToLower(text), "password") {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.Contains(strings.ToLower(l), "password") {
			lines[i] = passwordShape.ReplaceAllString(l, leftOut)
		}
	}
	return strings.Join(lines, "\n")
}

// addresses replaces every address in a text but ours and the Message-IDs.
func (s *scrubber) addresses(v string) string {
	if s.addrs == nil {
		return v
	}
	return addressShape.ReplaceAllStringFunc(v, func(m string) string {
		if s.ids[strings.ToLower(m)] {
			return m
		}
		return s.address(m)
	})
}

// address is the made-up address published for one, the same each time.
func (s *scrubber) address(addr string) string {
	key := strings.ToLower(addr)
	if s.addrs == nil || s.judge[key] || s.made[key] {
		return addr
	}
	made, ok := s.addrs[key]
	if !ok {
		s.people++
		made = fmt.Sprintf("sender%d@unknown.invalid", s.people)
		s.addrs[key] = made
		s.made[made] = true
	}
	s.replaced[key] = true
	return made
}

// knownTokens leaves out every token the game was issued, in whatever
// case and with or without its dashes (or spaces), wherever it is.
func (s *scrubber) knownTokens(v string) string {
	if len(s.tokens) == 0 {
		return v
	}
	var b strings.Builder
	last := 0
	for i := 0; i+12 <= len(v); {
		if n := s.tokenAt(v, i); n > 0 {
			b.WriteString(v[last:i])
			b.WriteString(leftOut)
			i += n
			last = i
			continue
		}
		i++
	}
	if last == 0 {
		return v
	}
	b.WriteString(v[last:])
	return b.String()
}

// tokenAt is the length of the issued token that starts at v[i], or 0:
// three groups of four letters and digits, each but the first after an
// optional dash or space.
func (s *scrubber) tokenAt(v string, i int) int {
	var key [12]byte
	j := i
	for g := 0; g < 3; g++ {
		if g > 0 && j < len(v) && (v[j] == '-' || v[j] == ' ') {
			j++
		}
		for k := 0; k < 4; k++ {
			if j >= len(v) {
				return 0
			}
			c := v[j]
			if c >= 'a' && c <= 'z' {
				c -= 'a' - 'A'
			}
			if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return 0
			}
			key[g*4+k] = c
			j++
		}
	}
	if !s.tokens[string(key[:])] {
		return 0
	}
	return j - i
}

// header scrubs one header field of a mail: the Message-IDs keep their
// shape, an address field loses its people's names with their addresses.
func (s *scrubber) header(name, value string) string {
	switch strings.ToLower(name) {
	case "message-id", "in-reply-to", "references", "resent-message-id":
		return s.id(value)
	case "from", "to", "cc", "bcc", "reply-to", "sender", "resent-from", "resent-to", "resent-cc", "resent-sender":
		return s.text(s.addressList(value))
	}
	return s.text(value)
}

// addressList is an address field with each address not ours made up,
// and its name with it: the name is the person's as much as the address.
func (s *scrubber) addressList(value string) string {
	if s.addrs == nil {
		return value
	}
	list, err := nmail.ParseAddressList(mail.Unfold(value))
	if err != nil || len(list) == 0 {
		return value // the text pass still finds the addresses in it
	}
	parts := make([]string, len(list))
	changed := false
	for i, a := range list {
		if s.judge[strings.ToLower(a.Address)] {
			parts[i] = a.String()
			continue
		}
		parts[i], changed = "<"+s.address(a.Address)+">", true
	}
	if !changed {
		return value
	}
	return " " + strings.Join(parts, ", ")
}

// mail scrubs a stored mail: its text (each text part decoded, as Redact
// does), its header fields, and then its bytes as they are for the tokens,
// which finds one in what neither pass reads as text, such as a mail
// quoted whole as an attachment. forget are strings the row says the
// mail must lose (a password a queued welcome tells).
func (s *scrubber) mail(raw []byte, forget []string) ([]byte, error) {
	fix := func(text string) string {
		for _, f := range forget {
			if f != "" && strings.Contains(text, f) {
				text = strings.ReplaceAll(text, f, leftOut)
				s.passwordHits++
			}
		}
		return s.text(text)
	}
	out, _, err := mail.Redact(raw, fix)
	if err != nil {
		return nil, fmt.Errorf("scrub a mail: %w", err)
	}
	out, _ = mail.RewriteHeaders(out, s.header)
	whole := s.id(string(out))
	for _, f := range forget {
		if f != "" {
			whole = strings.ReplaceAll(whole, f, leftOut)
		}
	}
	if whole == string(out) {
		return out, nil
	}
	return []byte(whole), nil
}

// sortedColumns are a row's columns in a fixed order, so that made-up
// addresses are numbered the same on every export.
func sortedColumns(rec store.Record) []string {
	cols := make([]string, 0, len(rec))
	for c := range rec {
		cols = append(cols, c)
	}
	sort.Strings(cols)
	return cols
}
