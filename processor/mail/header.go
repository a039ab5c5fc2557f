package mail

import (
	"bytes"
	"strings"
)

// RewriteHeaders rewrites the values of a message's top-level header
// fields through fix, on the raw bytes, so that a field can be changed
// without parsing and writing the message again (which Redact does, for
// the text, and which would re-encode what it need not touch). fix is
// given each field's name as written and its value as written: what
// follows the colon, folds (a line break and the blank that starts the
// next line) included, the field's last line break not. A field fix
// returns unchanged is kept byte for byte, as is the body. It reports
// whether anything changed.
func RewriteHeaders(raw []byte, fix func(name, value string) string) ([]byte, bool) {
	var out bytes.Buffer
	changed := false
	rest := raw
	for len(rest) > 0 {
		line, _ := nextLine(rest)
		if isBlankLine(line) {
			break // the end of the header: the body follows as it is
		}
		// A field is its first line and the folded lines after it.
		field := line
		for len(rest) > len(field) {
			next, _ := nextLine(rest[len(field):])
			if next[0] != ' ' && next[0] != '\t' {
				break
			}
			field = rest[:len(field)+len(next)]
		}
		rest = rest[len(field):]
		value, eol := trimEOL(field)
		colon := bytes.IndexByte(value, ':')
		if colon <= 0 || field[0] == ' ' || field[0] == '\t' {
			out.Write(field)
			continue
		}
		name, old := string(value[:colon]), string(value[colon+1:])
		fixed := fix(name, old)
		if fixed == old {
			out.Write(field)
			continue
		}
		changed = true
		out.WriteString(name + ":" + fixed)
		out.Write(eol)
	}
	if !changed {
		return raw, false
	}
	out.Write(rest)
	return out.Bytes(), true
}

// nextLine is the first line of b with its line break, and whether it
// had one.
func nextLine(b []byte) ([]byte, bool) {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i+1], true
	}
	return b, false
}

// isBlankLine is whether a line is the empty one that ends a header.
func isBlankLine(line []byte) bool {
	return len(line) == 0 || string(line) == "\n" || string(line) == "\r\n"
}

// trimEOL splits a field into its text and its last line break.
func trimEOL(field []byte) (text, eol []byte) {
	n := len(field)
	switch {
	case bytes.HasSuffix(field, []byte("\r\n")):
		n -= 2
	case bytes.HasSuffix(field, []byte("\n")):
		n--
	}
	return field[:n], field[n:]
}

// Unfold is a header value on one line: its folds' line breaks taken out,
// the blanks that began the folded lines kept, as RFC 5322 unfolds them.
func Unfold(value string) string {
	return strings.NewReplacer("\r\n", "", "\n", "", "\r", "").Replace(value)
}
