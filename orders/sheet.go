package orders

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Line is one line of the player's text, numbered as it stands in the
// decoded body, so that a reply can point at it.
type Line struct {
	N    int
	Text string
}

// Problem is something wrong with a message or one of its lines. Line 0
// concerns the whole message.
type Problem struct {
	Line int
	Text string // the offending line as the player wrote it
	Msg  string // what is wrong and how to fix it
}

func (p Problem) String() string {
	if p.Line == 0 {
		return p.Msg
	}
	if p.Text != "" {
		return fmt.Sprintf("line %d (%q): %s", p.Line, strings.TrimSpace(p.Text), p.Msg)
	}
	return fmt.Sprintf("line %d: %s", p.Line, p.Msg)
}

// Header is the block that says whose orders these are.
type Header struct {
	Game     string
	Position int
	Password string
	Token    string
	Turn     int // 0: not given
	Action   int // 0: not given; for one-action-per-email titles
	// GM is the game master's password: a mail that gives it carries GM
	// commands, not a position's orders.
	GM string
	// Stripped names the fields ("game", "position", "password", "token",
	// "turn", "action", "gm") whose value was written between quotes or
	// brackets, “like this” or <like this>, that were taken off before the
	// value was read: the reply can say what was compared.
	Stripped []string
}

// Sheet is a player's text split into the header and the order lines.
type Sheet struct {
	Header   Header
	Body     []Line // the order lines: header, quoting marks and signature removed
	Problems []Problem
	// FromQuote is set when the header was found only in quoted text: the
	// player filled in the quoted turnsheet rather than writing above it.
	FromQuote bool
	// Preamble holds the non-blank lines above the header block in the text
	// that holds it: a greeting, or the report summary that precedes the
	// turnsheet in our turn mail. They are not read as orders, but the
	// reply lists them so that an order put there is not lost unseen.
	Preamble []Line
	// Secrets are the values every PASSWORD and GM line gave, in the
	// fresh text and the quoted, the ones read and any a repeated line
	// gave besides: what the mail's stored copy and every reply to it
	// must not hold.
	Secrets []string
}

var headerKeys = map[string]string{
	"game": "game", "gameid": "game", "game id": "game",
	"position": "position", "pos": "position", "position number": "position",
	"password": "password", "pw": "password",
	"token": "token", "turnsheet token": "token",
	"turn":   "turn",
	"action": "action", "action number": "action",
	"gm": "gm", "gm password": "gm",
}

// headerRE matches "KEY: value" and "KEY = value" where KEY is one of
// headerKeys. The separator is required: without it "PASS" or "GAME OVER"
// written as an order would read as a header line.
var headerRE = regexp.MustCompile(`(?i)^\s*(game\s*id|game|position\s+number|position|pos|password|pw|turnsheet\s+token|token|turn|action\s+number|action|gm\s+password|gm)\s*[:=]\s*(.*?)\s*$`)

func headerLine(s string) (key, value string, ok bool) {
	m := headerRE.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	k := strings.ToLower(strings.Join(strings.Fields(m[1]), " "))
	return headerKeys[k], m[2], true
}

func hasHeaderBlock(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		if k, _, ok := headerLine(unquote(l)); ok && k == "game" {
			return true
		}
	}
	return false
}

var (
	quoteRE       = regexp.MustCompile(`^\s*(>\s?)+`)
	attributionRE = regexp.MustCompile(`(?i)^\s*(on\b.*\bwrote:|le\b.*\ba écrit\s*:|am\b.*\bschrieb.*:|el\b.*\bescribió:|op\b.*\bschreef.*:)\s*$`)
	outlookHeadRE = regexp.MustCompile(`(?i)^\s*(from|sent|to|cc|subject|date):`)
	outlookRuleRE = regexp.MustCompile(`^\s*_{10,}\s*$`)
)

func unquote(s string) string { return quoteRE.ReplaceAllString(s, "") }

// ReadSheet splits a player's text into its header block and order lines.
// It strips signatures, the original message under Outlook and Gmail style
// attributions, and "> " quoting. When the unquoted part has no header block
// but the quoted part does, the player filled in the quoted turnsheet: the
// quoted lines are read, unquoted, after whatever they wrote above.
func ReadSheet(text string) Sheet {
	raw := strings.Split(normalizeNewlines(text), "\n")
	var fresh, quoted []Line
	inOriginal := false // below an attribution line: everything is the old message
	skip := 0
	for i, l := range raw {
		n := i + 1
		if skip > 0 {
			skip--
			continue
		}
		trimmed := strings.TrimSpace(l)
		if !inOriginal && isForwardLine(l) {
			// A message forwarded inline is not read with the sender's
			// own text; ReadMail reads it instead when that holds no
			// header block (inlineForward).
			break
		}
		switch {
		case inOriginal:
			if quoteRE.MatchString(l) {
				quoted = append(quoted, Line{n, unquote(l)})
			} else if !outlookHeadRE.MatchString(l) {
				quoted = append(quoted, Line{n, l})
			}
			continue
		case strings.HasPrefix(trimmed, "-----Original Message-----") || strings.HasPrefix(trimmed, "----- Original Message -----"):
			inOriginal = true
			continue
		case outlookRuleRE.MatchString(l) && i+1 < len(raw) && outlookHeadRE.MatchString(raw[i+1]):
			inOriginal = true
			continue
		case attributionRE.MatchString(l):
			inOriginal = true
			continue
		case strings.HasPrefix(strings.ToLower(trimmed), "on ") && i+1 < len(raw) && attributionRE.MatchString(l+" "+raw[i+1]):
			// Gmail wraps long attributions onto a second line.
			inOriginal = true
			skip = 1
			continue
		case quoteRE.MatchString(l):
			quoted = append(quoted, Line{n, unquote(l)})
			continue
		case l == "-- " || trimmed == "--" || strings.HasPrefix(trimmed, "Sent from my "):
			// A signature follows; it ends the fresh text but the quoted
			// original may still follow it.
			inOriginal = true
			continue
		}
		fresh = append(fresh, Line{n, l})
	}

	var sh Sheet
	sh.Secrets = secretValues(fresh, quoted)
	h, rest, probs, seen := readHeader(fresh)
	if _, found := seen["game"]; found {
		sh.Preamble, rest = splitPreamble(rest, seen)
	} else if qh, qrest, qprobs, qseen := readHeader(quoted); qseen["game"].N > 0 {
		if h.Password != "" {
			// A PASSWORD line written above a quoted move mail signs it,
			// as settings need: the quote keeps GAME, POSITION and ACTION.
			qh.Password = h.Password
			qh.Stripped = append(qh.Stripped, h.Stripped...)
			qprobs = append(probs, qprobs...)
		}
		h, probs, seen = qh, qprobs, qseen
		sh.FromQuote = true
		// Quoted lines above the quoted header are our own mail's summary.
		_, qrest = splitPreamble(qrest, qseen)
		rest = append(nonBlank(rest), qrest...)
	}
	sh.Header = h
	sh.Body = rest
	sh.Problems = probs
	if _, found := seen["game"]; !found {
		sh.Problems = append(sh.Problems, Problem{Msg: "no GAME line was found: start your orders with the header block printed on your turnsheet, e.g.\n  GAME: cr-1\n  POSITION: 7\n  PASSWORD: your-password"})
		return sh
	}
	if h.GM != "" {
		return sh // a GM mail names no position and needs no other password
	}
	if _, given := seen["position"]; !given {
		sh.Problems = append(sh.Problems, Problem{Msg: "no POSITION line was found: add 'POSITION: <your position number>' under the GAME line"})
	}
	if h.Password == "" && h.Token == "" {
		sh.Problems = append(sh.Problems, Problem{Msg: "neither PASSWORD nor TOKEN was given: add 'PASSWORD: <your password>', or keep the TOKEN line of the turnsheet we sent you"})
	}
	return sh
}

// ownEnd is the index of the first line that ends the sender's own words,
// as ReadSheet sees them: a signature, or the start of a message they
// reply to; len(lines) when there is none.
func ownEnd(lines []string) int {
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "-----Original Message-----") || strings.HasPrefix(t, "----- Original Message -----"),
			outlookRuleRE.MatchString(l) && i+1 < len(lines) && outlookHeadRE.MatchString(lines[i+1]),
			attributionRE.MatchString(l),
			strings.HasPrefix(strings.ToLower(t), "on ") && i+1 < len(lines) && attributionRE.MatchString(l+" "+lines[i+1]),
			l == "-- " || t == "--" || strings.HasPrefix(t, "Sent from my "):
			return i
		}
	}
	return len(lines)
}

// splitPreamble parts the lines above the first header line from those
// below it; of the lines above, blank ones and # notes are dropped.
func splitPreamble(ls []Line, seen map[string]Line) (pre, rest []Line) {
	first := 0
	for _, l := range seen {
		if first == 0 || l.N < first {
			first = l.N
		}
	}
	cut := len(ls)
	for i, l := range ls {
		if l.N > first {
			cut = i
			break
		}
	}
	for _, l := range ls[:cut] {
		if t := strings.TrimSpace(l.Text); t != "" && !strings.HasPrefix(t, "#") {
			pre = append(pre, l)
		}
	}
	return pre, ls[cut:]
}

func nonBlank(ls []Line) []Line {
	var out []Line
	for _, l := range ls {
		if strings.TrimSpace(l.Text) != "" {
			out = append(out, l)
		}
	}
	return out
}

// secretKey tells the header keys whose values sign a mail: a reply
// never quotes them, nor the line that gave them.
func secretKey(key string) bool { return key == "password" || key == "gm" }

// secretValues are the values of every PASSWORD and GM line in the
// texts, as written and with the quotes around them taken off.
func secretValues(texts ...[]Line) []string {
	var out []string
	for _, ls := range texts {
		for _, l := range ls {
			key, val, ok := headerLine(l.Text)
			if !ok || !secretKey(key) {
				continue
			}
			bare, _ := stripDecoration(val)
			for _, v := range []string{strings.TrimSpace(val), strings.TrimSpace(bare)} {
				if v != "" && !slices.Contains(out, v) {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// givenTwice is the problem of a header key given twice with different
// values. A password's lines are named by number only: the reply goes to
// whoever sent the mail and is stored, and a bottom-posted reply that
// carries an old password and a new one must not send either back.
func givenTwice(key string, prev, l Line) Problem {
	k := strings.ToUpper(key)
	if secretKey(key) {
		return Problem{Line: l.N, Msg: fmt.Sprintf("%s is given twice, on lines %d and %d, with different values (not repeated here); keep only the line with the right one", k, prev.N, l.N)}
	}
	return Problem{Line: l.N, Text: l.Text, Msg: fmt.Sprintf("%s is given twice (line %d says %q); keep one", k, prev.N, headerValue(prev.Text))}
}

// readHeader takes the header lines out of ls; seen maps each header key
// given to the line that gave it.
func readHeader(ls []Line) (h Header, rest []Line, probs []Problem, seen map[string]Line) {
	seen = map[string]Line{}
	for _, l := range ls {
		key, val, ok := headerLine(l.Text)
		if !ok {
			rest = append(rest, l)
			continue
		}
		val, stripped := stripDecoration(val)
		if prev, dup := seen[key]; dup {
			if pv, _ := stripDecoration(headerValue(prev.Text)); !strings.EqualFold(pv, val) {
				probs = append(probs, givenTwice(key, prev, l))
			}
			continue
		}
		seen[key] = l
		if stripped {
			h.Stripped = append(h.Stripped, key)
		}
		switch key {
		case "game":
			h.Game = strings.ToLower(strings.TrimSpace(val))
			if h.Game == "" {
				probs = append(probs, Problem{Line: l.N, Text: l.Text, Msg: "GAME is empty: write the game id from your turnsheet, e.g. 'GAME: cr-1'"})
			}
		case "password":
			h.Password = strings.TrimSpace(val)
		case "gm":
			h.GM = strings.TrimSpace(val)
		case "token":
			h.Token = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(val), " ", ""))
		case "position", "turn", "action":
			n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(val), "#"))
			if err != nil || n <= 0 {
				probs = append(probs, Problem{Line: l.N, Text: l.Text, Msg: fmt.Sprintf("%s must be a whole number above zero, as in '%s: 3'", strings.ToUpper(key), strings.ToUpper(key))})
				continue
			}
			switch key {
			case "position":
				h.Position = n
			case "turn":
				h.Turn = n
			case "action":
				h.Action = n
			}
		}
	}
	return h, rest, probs, seen
}

func headerValue(s string) string {
	_, v, _ := headerLine(s)
	return v
}

// decorations are the pairs a value is found written between: quotes of
// every typographic tradition, which word processors and phones put in
// place of straight ones, brackets as in "PASSWORD: <your password>",
// and the stars a mail program writes for bold. An opening mark may close
// with any of its family's closing marks, as autocorrection leaves them.
var decorations = []struct{ open, close string }{
	{"\"“”„‟«»", "\"“”‟«»"}, // the guillemets close either way round, as Danish sets them
	{"'‘’‚‛", "'‘’‛"},
	{"‹›", "‹›"},
	{"<", ">"},
	{"[", "]"},
	{"`", "`"},
	{"「", "」"},
	{"『", "』"},
	{"*", "*"},
}

// stripDecoration trims v and takes off one pair of quotes or brackets
// around it (decorations), reporting whether it did. A pair with nothing
// inside stays.
func stripDecoration(v string) (string, bool) {
	v = strings.TrimSpace(v)
	first, n := utf8.DecodeRuneInString(v)
	last, m := utf8.DecodeLastRuneInString(v)
	if n == 0 || n+m >= len(v) {
		return v, false
	}
	for _, d := range decorations {
		if strings.ContainsRune(d.open, first) && strings.ContainsRune(d.close, last) && sameFamily(first, last) {
			inner := strings.TrimSpace(v[n : len(v)-m])
			if inner == "" {
				return v, false
			}
			return inner, true
		}
	}
	return v, false
}

// sameFamily keeps guillemets paired with guillemets and quotes with
// quotes within the double family: «x» and »x« and “x” but not «x”.
func sameFamily(first, last rune) bool {
	if !strings.ContainsRune("«»", first) && !strings.ContainsRune("«»", last) {
		return true
	}
	return strings.ContainsRune("«»", first) && strings.ContainsRune("«»", last)
}
