package orders

import (
	"regexp"
	"strings"
)

// A player who thinks a turnsheet was lost often forwards the mail that
// carried it. The forwarded message is read as the turnsheet only when
// the player's own text above it holds no header block; the player's own
// lines are then listed as not read, as any line above a header block is.
// A forwarded message that is our own mail (a turnsheet forwarded back)
// is read as a reply quoting it is: the player's lines above it are their
// orders, and the turnsheet's lines follow. Nothing else is taken from a
// forwarded message: its From serves only to tell our own mail, and it
// proves who sent it only by the PASSWORD or TOKEN line it holds, as any
// mail does.

// forwardRE matches the line a mail program writes above a message
// forwarded inline: Gmail, Thunderbird, Yahoo, Apple Mail and others, in
// the languages they are most often set to.
var forwardRE = regexp.MustCompile(`(?i)^\s*(?:-{3,}\s*(?:forwarded message|forwarded e-?mail|weitergeleitete nachricht|message transf[ée]r[ée]|mensaje reenviado|mensagem encaminhada|messaggio inoltrato|doorgestuurd bericht|videresendt meddelelse|videresendt melding|vidarebefordrat meddelande)\s*-{3,}|begin forwarded message\s*:|anfang der weitergeleiteten nachricht\s*:|d[ée]but du message r[ée]exp[ée]di[ée]\s*:|inicio del mensaje reenviado\s*:)\s*$`)

// forwardHeadRE matches the header lines a mail program copies under the
// forward line; forwardFromRE the one that says whom it is from.
var (
	forwardHeadRE = regexp.MustCompile(`(?i)^\s*\*?(?:from|date|sent|subject|to|cc|bcc|reply-to|von|datum|gesendet|betreff|an|kopie|de|envoy[ée]|objet|[àa]|para|fecha|asunto|enviado|assunto|data|oggetto|inviato|da)\*?\s*:`)
	forwardFromRE = regexp.MustCompile(`(?i)^\s*\*?(?:from|von|de|da)\*?\s*:`)
)

// isForwardLine tells whether a line starts a message forwarded inline;
// a quoted one does not.
func isForwardLine(l string) bool {
	return !quoteRE.MatchString(l) && forwardRE.MatchString(l)
}

// forwardAt finds the first inline forward in lines: the index of its
// forward line, and of the first line of the forwarded text below the
// header lines copied under it. ok is false when there is none.
func forwardAt(lines []string) (marker, body int, ok bool) {
	marker = -1
	for i, l := range lines {
		if isForwardLine(l) {
			marker = i
			break
		}
	}
	if marker < 0 {
		return 0, 0, false
	}
	j := marker + 1
	for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
		j++
	}
	inHead := false
	for j < len(lines) {
		l := lines[j]
		switch {
		case forwardHeadRE.MatchString(l):
			inHead = true
		case inHead && strings.TrimSpace(l) != "" && (l[0] == ' ' || l[0] == '\t'):
			// a header line folded onto the next
		default:
			return marker, j, true
		}
		j++
	}
	return marker, j, true
}

// ownPart is text down to the first message forwarded inline in it.
func ownPart(text string) string {
	lines := strings.Split(text, "\n")
	if marker, _, ok := forwardAt(lines); ok {
		return strings.Join(lines[:marker], "\n")
	}
	return text
}

// ownWords is the sender's own words in text: above anything forwarded,
// a signature or a quoted message; "" when there are none.
func ownWords(text string) string {
	lines := strings.Split(ownPart(text), "\n")
	lines = lines[:ownEnd(lines)]
	s := strings.TrimSpace(strings.Join(lines, "\n"))
	if s == "" {
		return ""
	}
	return strings.Join(lines, "\n")
}

// inlineForward reads a message forwarded inline when the text above it
// holds no header block but the forwarded one does: the forward line and
// the header lines under it become blank, and so does whatever ends the
// sender's own words above it (a signature), so that ReadSheet reads the
// forwarded text as the turnsheet and the sender's own words as lines
// above its header block. A forwarded message from one of our own
// addresses (ours) is quoted instead, so that ReadSheet reads it as the
// turnsheet a reply quotes. Line numbers stay those of the text. A
// forward of a forward is unwrapped as far as the header block.
func inlineForward(text string, ours func(string) bool) (string, bool) {
	lines := strings.Split(text, "\n")
	changed := false
	for round := 0; round < 8; round++ {
		marker, body, ok := forwardAt(lines)
		if !ok || hasHeaderBlock(strings.Join(lines[:marker], "\n")) {
			break
		}
		fromUs := false
		for _, l := range lines[marker+1 : body] {
			if forwardFromRE.MatchString(l) && ours(l) {
				fromUs = true
			}
		}
		changed = true
		if fromUs {
			for i := marker; i < body; i++ {
				lines[i] = ""
			}
			for i := body; i < len(lines); i++ {
				lines[i] = "> " + lines[i]
			}
			break
		}
		for i := ownEnd(lines[:marker]); i < body; i++ {
			lines[i] = ""
		}
	}
	if !changed {
		return "", false
	}
	out := strings.Join(lines, "\n")
	if !hasHeaderBlock(ownPart(out)) {
		return "", false
	}
	return out, true
}

// quoted is text with every line quoted.
func quoted(text string) string {
	return "> " + strings.ReplaceAll(text, "\n", "\n> ")
}
