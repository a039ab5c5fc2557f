// Package orders turns a player's email into orders: it decodes the MIME,
// picks the text that holds the turnsheet, strips quoting and signatures,
// finds the header block, and hands the rest to the title's grammar. Every
// problem it reports carries the line it concerns and how to fix it.
package orders

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/mail"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/charset"
	"golang.org/x/text/encoding/charmap"
)

// Limits bound the work a hostile message can cause.
type Limits struct {
	MaxDepth     int   // MIME nesting; deeper parts are not read
	MaxParts     int   // parts looked at in all
	MaxTextBytes int64 // bytes read from any one text part
}

// DefaultLimits suit a turnsheet, which is a few kilobytes of text.
var DefaultLimits = Limits{MaxDepth: 12, MaxParts: 64, MaxTextBytes: 1 << 20}

// Mail is a decoded incoming message.
type Mail struct {
	From       string // bare address, lower case; "" when From is not one
	FromRaw    string // the From header as written, when it is not an address
	FromName   string
	ReplyTo    string
	Subject    string
	MessageID  string
	InReplyTo  string
	References []string
	// Automatic says why this message must never be answered (an auto-reply,
	// a bounce, a list, our own mail); empty for a person's mail.
	Automatic string
	// Text is the chosen text, decoded to UTF-8 with LF line ends.
	Text string
	// Source names where Text came from: "text/plain", "text/html" or
	// "attachment NAME".
	Source string
	// Problems found while decoding; the message may still be usable.
	Problems []Problem
}

// Identity tells ReadMail which mail is our own.
type Identity struct {
	Addresses []string // our From addresses
	LoopID    string   // the X-Loop value we stamp on everything we send
}

// ErrNotMail is returned when the bytes have no header at all.
var ErrNotMail = errors.New("not an email message")

type candidate struct {
	text   string
	source string
}

// ReadMail decodes a raw RFC 5322 message. It does not fail on damaged MIME:
// whatever text it can reach is returned, with problems noted.
func ReadMail(raw []byte, id Identity, lim Limits) (*Mail, error) {
	ent, err := message.Read(bytes.NewReader(raw))
	if ent == nil {
		return nil, fmt.Errorf("%w: %v", ErrNotMail, err)
	}
	m := &Mail{}
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		m.Problems = append(m.Problems, Problem{Msg: "the message header could not be read fully: " + err.Error()})
	}
	h := ent.Header
	readAddresses(m, h)
	m.Subject = decodeHeader(h.Get("Subject"))
	m.MessageID = strings.TrimSpace(h.Get("Message-Id"))
	m.InReplyTo = strings.TrimSpace(h.Get("In-Reply-To"))
	m.References = strings.Fields(h.Get("References"))
	m.Automatic = automatic(h, m, id)

	w := walker{lim: lim}
	w.walk(ent, 0)
	m.Problems = append(m.Problems, w.problems...)
	pick(m, w)
	return m, nil
}

// SenderOf is the sender's address of a mail too broken to read, found
// by its From line alone: "" when there is none that parses.
func SenderOf(raw []byte) string {
	for _, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" {
			break // the end of the header
		}
		if name, value, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(name), "From") {
			if a, err := mail.ParseAddress(strings.TrimSpace(value)); err == nil {
				return strings.ToLower(a.Address)
			}
		}
	}
	return ""
}

func readAddresses(m *Mail, h message.Header) {
	if a, err := mail.ParseAddress(decodeHeader(h.Get("From"))); err == nil {
		m.From = strings.ToLower(a.Address)
		m.FromName = a.Name
	} else {
		// A From that is not an address is never replied to: it is kept
		// for the log only, and the mail is from nobody we can answer.
		m.FromRaw = strings.TrimSpace(h.Get("From"))
	}
	if a, err := mail.ParseAddress(decodeHeader(h.Get("Reply-To"))); err == nil {
		m.ReplyTo = strings.ToLower(a.Address)
	}
}

var wordDecoder = mime.WordDecoder{CharsetReader: charset.Reader}

func decodeHeader(s string) string {
	if d, err := wordDecoder.DecodeHeader(s); err == nil {
		return d
	}
	return s
}

// automatic recognises mail that no program should answer (RFC 3834 and the
// common practice around it), so that two robots never talk forever.
func automatic(h message.Header, m *Mail, id Identity) string {
	if id.LoopID != "" {
		for _, v := range h.Values("X-Loop") {
			if strings.EqualFold(strings.TrimSpace(v), id.LoopID) {
				return "our own mail (X-Loop)"
			}
		}
	}
	for _, a := range id.Addresses {
		if m.From != "" && strings.EqualFold(m.From, strings.TrimSpace(a)) {
			return "our own mail (From)"
		}
	}
	if v := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted"))); v != "" && v != "no" {
		return "Auto-Submitted: " + v
	}
	switch strings.ToLower(strings.TrimSpace(h.Get("Precedence"))) {
	case "bulk", "junk", "list", "auto_reply":
		return "Precedence: " + h.Get("Precedence")
	}
	for _, k := range []string{"X-Autoreply", "X-Autorespond", "X-Autogenerated", "List-Id", "List-Unsubscribe", "X-Failed-Recipients"} {
		if h.Get(k) != "" {
			return "header " + k
		}
	}
	if strings.EqualFold(h.Get("X-Auto-Response-Suppress"), "All") && h.Get("X-MS-Exchange-Generated-Message-Source") != "" {
		return "Exchange-generated message"
	}
	if rp := strings.TrimSpace(h.Get("Return-Path")); rp == "<>" {
		return "null return path (a bounce)"
	}
	local, _, _ := strings.Cut(m.From, "@")
	switch local {
	case "mailer-daemon", "postmaster", "noreply", "no-reply", "do-not-reply", "donotreply":
		return "sent by " + m.From
	}
	if mt, params, err := mime.ParseMediaType(h.Get("Content-Type")); err == nil && mt == "multipart/report" {
		return "delivery report (" + params["report-type"] + ")"
	}
	subj := strings.ToLower(m.Subject)
	for _, p := range []string{"out of office", "automatic reply", "auto-reply", "autoreply", "delivery status notification", "undeliverable:", "undelivered mail"} {
		if strings.Contains(subj, p) {
			return "subject says " + p
		}
	}
	return ""
}

type walker struct {
	lim      Limits
	parts    int
	plain    []candidate
	html     []candidate
	attached []candidate
	problems []Problem
	tooDeep  bool
}

func (w *walker) walk(e *message.Entity, depth int) {
	w.parts++
	if w.parts > w.lim.MaxParts {
		if w.parts == w.lim.MaxParts+1 {
			w.problems = append(w.problems, Problem{Msg: fmt.Sprintf("the message has more than %d MIME parts; the rest were not read", w.lim.MaxParts)})
		}
		return
	}
	mt, params, err := e.Header.ContentType()
	if err != nil || mt == "" {
		mt = "text/plain"
	}
	if mr := e.MultipartReader(); mr != nil {
		if depth >= w.lim.MaxDepth {
			if !w.tooDeep {
				w.tooDeep = true
				w.problems = append(w.problems, Problem{Msg: fmt.Sprintf("the message nests MIME parts more than %d deep; the deeper parts were not read", w.lim.MaxDepth)})
			}
			return
		}
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				return
			}
			if err != nil {
				if message.IsUnknownCharset(err) || message.IsUnknownEncoding(err) {
					if p != nil {
						w.walk(p, depth+1)
					}
					continue
				}
				w.problems = append(w.problems, Problem{Msg: "a MIME part could not be read: " + err.Error()})
				return
			}
			w.walk(p, depth+1)
		}
	}
	if mt == "message/rfc822" || mt == "message/delivery-status" {
		return // forwarded or bounced mail is not the sender's orders
	}
	if !strings.HasPrefix(mt, "text/") {
		return
	}
	disp, dparams, _ := e.Header.ContentDisposition()
	name := dparams["filename"]
	if name == "" {
		name = params["name"]
	}
	body, err := io.ReadAll(io.LimitReader(e.Body, w.lim.MaxTextBytes+1))
	if err != nil {
		w.problems = append(w.problems, Problem{Msg: fmt.Sprintf("part %s could not be decoded: %v", mt, err)})
	}
	if int64(len(body)) > w.lim.MaxTextBytes {
		body = body[:w.lim.MaxTextBytes]
		w.problems = append(w.problems, Problem{Msg: fmt.Sprintf("a %s part is over %d bytes; only the start was read", mt, w.lim.MaxTextBytes)})
	}
	text := toUTF8(body)
	switch {
	case disp == "attachment" || (name != "" && disp != "inline"):
		if mt == "text/html" {
			text = HTMLToText(text)
		}
		w.attached = append(w.attached, candidate{text: text, source: "attachment " + name})
	case mt == "text/html":
		w.html = append(w.html, candidate{text: HTMLToText(text), source: "text/html"})
	default:
		w.plain = append(w.plain, candidate{text: text, source: mt})
	}
}

// toUTF8 makes sure text is UTF-8. go-message converts declared charsets
// it knows; text with no usable declaration that is not valid UTF-8 is most
// likely Windows-1252, a superset of Latin-1 for printable text.
func toUTF8(b []byte) string {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	if utf8.Valid(b) {
		return normalizeNewlines(string(b))
	}
	d, err := charmap.Windows1252.NewDecoder().Bytes(b)
	if err != nil {
		return normalizeNewlines(strings.ToValidUTF8(string(b), "\uFFFD"))
	}
	return normalizeNewlines(string(d))
}

func normalizeNewlines(s string) string {
	s = strings.TrimPrefix(s, "\ufeff")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// pick chooses the text that carries the orders: the first candidate with a
// header block, preferring the plain body, then an attached turnsheet, then
// the HTML body; failing that, the plain or HTML body, so that the reply can
// say what is missing.
func pick(m *Mail, w walker) {
	order := append(append(append([]candidate{}, w.plain...), w.attached...), w.html...)
	for _, c := range order {
		if hasHeaderBlock(c.text) {
			m.Text, m.Source = c.text, c.source
			return
		}
	}
	if len(order) > 0 {
		c := order[0]
		if len(w.plain) == 0 && len(w.html) > 0 {
			c = w.html[0]
		}
		m.Text, m.Source = c.text, c.source
	}
}
