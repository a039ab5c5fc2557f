// Package orders turns a player's email into orders: it decodes the MIME,
// picks the text that holds the turnsheet, strips quoting and signatures,
// finds the header block, and hands the rest to the title's grammar. Every
// problem it reports carries the line it concerns and how to fix it.
package orders

import (
	"bufio"
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
	"github.com/emersion/go-message/textproto"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// Limits bound the work a hostile message can cause. What lies past them
// is not read, and the message is read as far as they allow: a limit
// never refuses a message on its own.
type Limits struct {
	MaxDepth     int   // MIME nesting; deeper parts are not read
	MaxParts     int   // parts looked at in all
	MaxTextBytes int64 // bytes read from any one text part
	// MaxTotalTextBytes bounds the text read from all parts together, and
	// so the length of Mail.Text.
	MaxTotalTextBytes int64
}

// DefaultLimits suit a turnsheet, which is a few kilobytes of text, sent
// with whatever else a mail program adds (an HTML copy, a signature
// picture, a photo).
var DefaultLimits = Limits{MaxDepth: 12, MaxParts: 64, MaxTextBytes: 1 << 20, MaxTotalTextBytes: 4 << 20}

// withDefaults fills in the limits left at zero.
func (l Limits) withDefaults() Limits {
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	if l.MaxParts <= 0 {
		l.MaxParts = DefaultLimits.MaxParts
	}
	if l.MaxTextBytes <= 0 {
		l.MaxTextBytes = DefaultLimits.MaxTextBytes
	}
	if l.MaxTotalTextBytes <= 0 {
		l.MaxTotalTextBytes = DefaultLimits.MaxTotalTextBytes
	}
	if l.MaxTotalTextBytes < l.MaxTextBytes {
		l.MaxTextBytes = l.MaxTotalTextBytes
	}
	return l
}

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
	// Source names where Text came from: "text/plain", "text/html",
	// "attachment NAME", or one of these after "forwarded message: ".
	Source string
	// Forwarded is set when Text is a message the sender forwarded (inline,
	// or attached as message/rfc822), read because the sender's own text
	// held no header block. Only Text is taken from it: the forwarded
	// message's own From, Subject and the like are not read, so a
	// forwarded mail proves nothing but by the PASSWORD or TOKEN it holds.
	Forwarded bool
	// Problems found while decoding that may have cost the orders some of
	// their text: a part past the limits, one that could not be decoded,
	// an attachment that could not be read as the turnsheet. When Text
	// holds a header block, only those that concern Text itself are here;
	// the message may still be usable. The player is told of them.
	Problems []Problem
	// Notes are what was found wrong with the message that did not touch
	// the text the orders were read from: bare line ends, a missing closing
	// MIME boundary, a boundary that never appears, and, once the orders
	// were found, the parts not read beside them. They are for the log; a
	// player has nothing to fix.
	Notes []Problem
}

// Identity tells ReadMail which mail is our own.
type Identity struct {
	Addresses []string // our From addresses
	LoopID    string   // the X-Loop value we stamp on everything we send
}

// ErrNotMail is returned when the bytes have no header at all.
var ErrNotMail = errors.New("not an email message")

// candidate is a text that may hold the turnsheet.
type candidate struct {
	text   string
	source string
	// lost are the problems that cost this text some of its content.
	lost []Problem
}

// ReadMail decodes a raw RFC 5322 message. It does not fail on damaged MIME:
// whatever text it can reach is returned, with problems noted.
func ReadMail(raw []byte, id Identity, lim Limits) (*Mail, error) {
	lim = lim.withDefaults()
	m := &Mail{}
	raw, mixed := crlf(raw)
	if mixed {
		m.Notes = append(m.Notes, Problem{Msg: "the message has bare line ends (a CR or an LF alone); they were read as line breaks"})
	}
	ent, err := message.Read(bytes.NewReader(raw))
	if ent == nil {
		return nil, fmt.Errorf("%w: %v", ErrNotMail, err)
	}
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

	r := &reader{lim: lim, id: id}
	w := &walker{r: r}
	w.walk(ent, 0)
	used := pick(m, w)
	r.clamp(m, used)
	r.sort(m, used)
	return m, nil
}

// crlf gives raw with every line ending CRLF, and reports whether it had
// lone CRs or mixed its line ends. A message kept with LF alone, as Unix
// mail stores keep it, is made CRLF without a note.
func crlf(raw []byte) ([]byte, bool) {
	var crs, lfs, crlfs int
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '\r':
			if i+1 < len(raw) && raw[i+1] == '\n' {
				crlfs++
				i++
			} else {
				crs++
			}
		case '\n':
			lfs++
		}
	}
	if crs == 0 && lfs == 0 {
		return raw, false
	}
	out := make([]byte, 0, len(raw)+crs+lfs)
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '\r':
			// "\r\r\n", a CRLF written through a layer that adds a CR
			// before every LF, is one line end.
			j := i
			for j < len(raw) && raw[j] == '\r' {
				j++
			}
			if j < len(raw) && raw[j] == '\n' {
				out = append(out, '\r', '\n')
				i = j
				continue
			}
			out = append(out, '\r', '\n')
		case '\n':
			out = append(out, '\r', '\n')
		default:
			out = append(out, c)
		}
	}
	return out, crs > 0 || (lfs > 0 && crlfs > 0)
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

// reader is what the reading of one message shares across its parts:
// the limits and what is left of them, and what it found wrong that
// belongs to no one text.
type reader struct {
	lim       Limits
	id        Identity
	parts     int
	textBytes int64 // text read so far, from all parts
	tooDeep   bool
	tooMany   bool
	tooMuch   bool
	lost      []Problem // text not read that may have held the orders
	notes     []Problem // structure found wrong that lost no text
	all       []*candidate
}

// ours tells whether a From line names one of our addresses.
func (r *reader) ours(from string) bool {
	from = strings.ToLower(from)
	addrChar := func(i int) bool {
		if i < 0 || i >= len(from) {
			return false
		}
		c := from[i]
		return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte(".-_+%", c) >= 0
	}
	for _, a := range r.id.Addresses {
		a = strings.ToLower(strings.TrimSpace(a))
		if a == "" {
			continue
		}
		for at := 0; at < len(from); {
			i := strings.Index(from[at:], a)
			if i < 0 {
				break
			}
			i += at
			if !addrChar(i-1) && !addrChar(i+len(a)) {
				return true
			}
			at = i + 1
		}
	}
	return false
}

func (r *reader) note(format string, args ...any) {
	r.notes = append(r.notes, Problem{Msg: fmt.Sprintf(format, args...)})
}

func (r *reader) lose(format string, args ...any) {
	r.lost = append(r.lost, Problem{Msg: fmt.Sprintf(format, args...)})
}

// walker gathers the texts of one message: the sender's own, or, for a
// message/rfc822 part, the forwarded message's.
type walker struct {
	r         *reader
	fromUs    bool // a forwarded message that is our own mail
	plain     []*candidate
	html      []*candidate
	attached  []*candidate
	forwarded []*walker // message/rfc822 parts, in order
}

func (w *walker) add(list *[]*candidate, c *candidate) {
	*list = append(*list, c)
	w.r.all = append(w.r.all, c)
}

func (w *walker) walk(e *message.Entity, depth int) {
	r := w.r
	r.parts++
	if r.parts > r.lim.MaxParts {
		if !r.tooMany {
			r.tooMany = true
			r.lose("the message has more than %d MIME parts; the rest were not read", r.lim.MaxParts)
		}
		return
	}
	// A Content-Type with a broken parameter still says what the part is.
	mt, params := withParams(e.Header.Get("Content-Type"))
	disp, dparams := withParams(e.Header.Get("Content-Disposition"))
	name := decodeHeader(dparams["filename"])
	if name == "" {
		name = decodeHeader(params["name"])
	}
	if mt == "" {
		switch ext := extOf(name); {
		case ext == ".htm" || ext == ".html":
			mt = "text/html"
		case ext != "" && !textExts[ext]:
			// No type, but a name that is not a text file's: a document
			// or a picture sent by a program that does not say.
			mt = "application/octet-stream"
		default:
			mt = "text/plain"
		}
	}
	switch {
	case strings.HasPrefix(mt, "multipart/"):
		if depth >= r.lim.MaxDepth {
			w.tooDeep()
			return
		}
		w.multipart(e, params["boundary"], depth)
		return
	case mt == "message/rfc822" || mt == "message/global":
		if depth >= r.lim.MaxDepth {
			w.tooDeep()
			return
		}
		w.message(e, depth)
		return
	case strings.HasPrefix(mt, "message/"):
		return // a delivery status, a part of a split message: no orders
	}
	if !strings.HasPrefix(mt, "text/") {
		w.other(e, mt, name)
		return
	}
	c := &candidate{}
	in := e.Body
	if _, _, err := e.Header.ContentType(); err != nil && params["charset"] != "" {
		// go-message converts no charset from a Content-Type it cannot
		// parse; the lenient reading found one.
		if cr, err := charset.Reader(params["charset"], in); err == nil {
			in = cr
		}
	}
	body := w.read(in, mt, c)
	text := toUTF8(body)
	if mt == "text/plain" && strings.EqualFold(params["format"], "flowed") {
		text = unflow(text, strings.EqualFold(params["delsp"], "yes"))
	}
	switch {
	case disp == "attachment" || (name != "" && disp != "inline"):
		if mt == "text/html" {
			text = HTMLToText(text)
		}
		c.text, c.source = text, "attachment "+name
		w.add(&w.attached, c)
	case mt == "text/html":
		c.text, c.source = HTMLToText(text), "text/html"
		w.add(&w.html, c)
	default:
		c.text, c.source = text, mt
		w.add(&w.plain, c)
	}
}

// withParams reads a header value such as a Content-Type: the value, lower
// case, and its parameters. A value that does not parse is read leniently,
// so that a stray quote does not hide a boundary or a file name.
func withParams(v string) (string, map[string]string) {
	if v = strings.TrimSpace(v); v == "" {
		return "", nil
	}
	if mt, params, err := mime.ParseMediaType(v); err == nil {
		for k, p := range params {
			params[k] = decodeHeader(p)
		}
		return mt, params
	}
	parts := strings.Split(v, ";")
	mt := strings.ToLower(strings.TrimSpace(parts[0]))
	if strings.ContainsAny(mt, " \t\"'=") {
		mt = ""
	}
	params := map[string]string{}
	for _, p := range parts[1:] {
		k, val, ok := strings.Cut(p, "=")
		if !ok {
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		if _, dup := params[k]; !dup {
			params[k] = decodeHeader(strings.Trim(strings.TrimSpace(val), `"'`))
		}
	}
	return mt, params
}

func (w *walker) tooDeep() {
	if !w.r.tooDeep {
		w.r.tooDeep = true
		w.r.lose("the message nests MIME parts more than %d deep; the deeper parts were not read", w.r.lim.MaxDepth)
	}
}

// read reads a text part within the limits; what they cut off, or a
// failure to decode, is a problem of c's.
func (w *walker) read(body io.Reader, what string, c *candidate) []byte {
	r := w.r
	max := r.lim.MaxTextBytes
	left := r.lim.MaxTotalTextBytes - r.textBytes
	if left <= 0 {
		if !r.tooMuch {
			r.tooMuch = true
			r.lose("the message holds more than %d bytes of text; the rest was not read", r.lim.MaxTotalTextBytes)
		}
		return nil
	}
	byTotal := left < max
	if byTotal {
		max = left
	}
	b, err := io.ReadAll(io.LimitReader(body, max+1))
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		r.note("a %s part ends early (the message ends inside it, or its closing MIME boundary is missing); it was read up to where it ends", what)
	case err != nil:
		c.lost = append(c.lost, Problem{Msg: fmt.Sprintf("part %s could not be decoded: %v", what, err)})
	}
	if int64(len(b)) > max {
		b = b[:max]
		if byTotal {
			r.tooMuch = true
			c.lost = append(c.lost, Problem{Msg: fmt.Sprintf("the message holds more than %d bytes of text; a %s part was read only in part", r.lim.MaxTotalTextBytes, what)})
		} else {
			c.lost = append(c.lost, Problem{Msg: fmt.Sprintf("a %s part is over %d bytes; only the start was read", what, r.lim.MaxTextBytes)})
		}
	}
	r.textBytes += int64(len(b))
	return b
}

// multipart reads the parts of a multipart entity. A boundary parameter
// that is missing or never appears is replaced by the one the parts use,
// if a line shows it; failing that the body is read as plain text. A
// missing closing boundary costs nothing: the last part runs to the end.
func (w *walker) multipart(e *message.Entity, boundary string, depth int) {
	r := w.r
	br := bufio.NewReaderSize(e.Body, 64<<10)
	head, _ := br.Peek(64 << 10)
	if boundary == "" || !hasBoundaryLine(head, boundary) {
		if g := guessBoundary(head); g != "" {
			if boundary == "" {
				r.note("a multipart part gives no boundary; its parts were found by the boundary they use, %q", g)
			} else {
				r.note("the MIME boundary %q never appears; the parts were found by the boundary they use, %q", boundary, g)
			}
			boundary = g
		}
	}
	if boundary == "" {
		r.note("a multipart part gives no boundary and none can be seen; its body was read as plain text")
		w.asPlain(br)
		return
	}
	pre := &capture{max: r.lim.MaxTextBytes}
	mr := textproto.NewMultipartReader(io.TeeReader(br, pre), boundary)
	n := 0
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			if n > 0 && strings.HasSuffix(err.Error(), "EOF") {
				r.note("the message ends without its closing MIME boundary (--%s--); every part was read", boundary)
			} else if n > 0 {
				r.lose("a MIME part could not be read: %v", err)
			}
			break
		}
		if n == 0 {
			pre.stop()
		}
		n++
		ent, err := message.New(message.Header{Header: p.Header}, p)
		if ent == nil {
			r.lose("a MIME part could not be read: %v", err)
			continue
		}
		w.walk(ent, depth+1)
	}
	if n > 0 {
		return
	}
	// The boundary never appears: what there is, is one text.
	if pre.over {
		r.lose("the MIME boundary %q never appears, and the body is too large to read as plain text", boundary)
		return
	}
	r.note("the MIME boundary %q never appears; the body was read as plain text", boundary)
	w.asPlain(bytes.NewReader(pre.buf))
}

// asPlain reads a body that should have held parts as one plain text.
func (w *walker) asPlain(body io.Reader) {
	c := &candidate{}
	c.text, c.source = toUTF8(w.read(body, "text/plain", c)), "text/plain"
	w.add(&w.plain, c)
}

// capture keeps the first max bytes written to it, until stopped.
type capture struct {
	buf     []byte
	max     int64
	over    bool
	stopped bool
}

func (c *capture) Write(p []byte) (int, error) {
	if c.stopped || c.over {
		return len(p), nil
	}
	if int64(len(c.buf)+len(p)) > c.max {
		c.over = true
		c.buf = nil
		return len(p), nil
	}
	c.buf = append(c.buf, p...)
	return len(p), nil
}

func (c *capture) stop() { c.stopped, c.buf = true, nil }

// hasBoundaryLine tells whether "--boundary" starts a line of b.
func hasBoundaryLine(b []byte, boundary string) bool {
	delim := []byte("--" + boundary)
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		if bytes.HasPrefix(line, delim) {
			return true
		}
	}
	return false
}

// guessBoundary finds the boundary a multipart body uses: the first line
// "--something" that is followed by a MIME header line.
func guessBoundary(b []byte) string {
	lines := strings.Split(string(b), "\n")
	for i := 0; i+1 < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		if !strings.HasPrefix(l, "--") || len(l) < 3 || len(l) > 72 || strings.ContainsAny(l, " \t") {
			continue
		}
		next := strings.ToLower(lines[i+1])
		if strings.HasPrefix(next, "content-") || strings.HasPrefix(next, "mime-version:") {
			return strings.TrimSuffix(l[2:], "--")
		}
	}
	return ""
}

// message reads a message/rfc822 part: a forwarded (or bounced) message,
// whose texts are kept apart from the sender's own.
func (w *walker) message(e *message.Entity, depth int) {
	inner, err := message.Read(e.Body)
	if inner == nil {
		w.r.lose("an attached message could not be read: %v", err)
		return
	}
	fromUs := w.r.ours(inner.Header.Get("From"))
	for _, v := range inner.Header.Values("X-Loop") {
		fromUs = fromUs || w.r.id.LoopID != "" && strings.EqualFold(strings.TrimSpace(v), w.r.id.LoopID)
	}
	fw := &walker{r: w.r, fromUs: fromUs}
	w.forwarded = append(w.forwarded, fw)
	fw.walk(inner, depth+1)
}

// Attachments that are not text/*. A turnsheet saved by a program that
// does not say what it is comes as one of the generic types, or with a
// .txt name: it is read if it is plain text. A word processor's document
// is refused as the sheet, and the player told what to send instead.
var (
	genericTypes = map[string]bool{
		"application/octet-stream": true, "application/unknown": true, "application/x-unknown": true,
		"application/binary": true, "application/download": true, "application/force-download": true,
		"application/x-download": true, "application/text": true, "application/txt": true, "application/x-txt": true,
	}
	textExts     = map[string]bool{".txt": true, ".text": true, ".asc": true}
	documentExts = map[string]string{
		".doc": "Word document", ".docx": "Word document", ".odt": "OpenDocument text", ".rtf": "rich-text document",
		".pdf": "PDF document", ".pages": "Pages document", ".wpd": "WordPerfect document", ".wps": "Works document",
		".xls": "spreadsheet", ".xlsx": "spreadsheet", ".ods": "spreadsheet", ".numbers": "spreadsheet",
	}
	documentTypes = map[string]string{
		"application/msword": "Word document", "application/rtf": "rich-text document", "application/pdf": "PDF document",
		"application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
		"application/vnd.oasis.opendocument.text":                                 "OpenDocument text",
		"application/vnd.apple.pages":                                             "Pages document",
		"application/vnd.ms-excel":                                                "spreadsheet",
		"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":       "spreadsheet",
	}
)

const attachInstead = "attach the turnsheet as a plain-text file (.txt), or paste it into the mail itself"

// other handles a part that is neither text nor multipart nor a message.
func (w *walker) other(e *message.Entity, mt, name string) {
	ext := extOf(name)
	shown := name
	if shown == "" {
		shown = "(unnamed, " + mt + ")"
	}
	if kind := documentTypes[mt]; kind != "" || documentExts[ext] != "" {
		if kind == "" {
			kind = documentExts[ext]
		}
		w.r.lose("the attachment %s is a %s, which cannot be read for orders: %s", shown, kind, attachInstead)
		return
	}
	named := textExts[ext]
	if !named && !(genericTypes[mt] && ext == "") {
		return // a picture, an archive: not a turnsheet, and nothing to say
	}
	// Sniff the start before reading the rest: a photo sent as
	// application/octet-stream is not read through.
	br := bufio.NewReaderSize(e.Body, 8<<10)
	head, _ := br.Peek(8 << 10)
	if why := notPlainText(head, named); why != "" {
		w.r.lose("the attachment %s is not plain text (%s), so it was not read for orders: %s", shown, why, attachInstead)
		return
	}
	c := &candidate{source: "attachment " + name}
	if name == "" {
		c.source = "attachment " + shown
	}
	body := w.read(br, mt, c)
	if why := notPlainText(body, named); why != "" {
		w.r.lose("the attachment %s is not plain text (%s), so it was not read for orders: %s", shown, why, attachInstead)
		return
	}
	c.text = toUTF8(body)
	w.add(&w.attached, c)
}

// notPlainText says why b is not the start of a plain-text file; "" when
// it is. A file named .txt may be in a legacy 8-bit character set; any
// other must be UTF-8. UTF-16 with a byte-order mark, as Windows Notepad
// saves "Unicode", is plain text.
func notPlainText(b []byte, named bool) string {
	if utf16BOM(b) {
		return ""
	}
	if bytes.IndexByte(b, 0) >= 0 {
		return "it holds binary data"
	}
	if named {
		return ""
	}
	// The start may end inside a character.
	for i := 0; i < utf8.UTFMax && len(b) > 0 && !utf8.Valid(b); i++ {
		b = b[:len(b)-1]
	}
	if !utf8.Valid(b) {
		return "it is not UTF-8 text"
	}
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' {
			return "it holds control characters"
		}
	}
	return ""
}

// extOf is the extension of a file name, lower case with its dot; "" if
// it has none.
func extOf(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i < 0 || strings.ContainsAny(name[i:], "/\\ ") {
		return ""
	}
	return strings.ToLower(name[i:])
}

func utf16BOM(b []byte) bool {
	return len(b) >= 2 && (b[0] == 0xff && b[1] == 0xfe || b[0] == 0xfe && b[1] == 0xff)
}

// toUTF8 makes sure text is UTF-8. go-message converts declared charsets
// it knows; text with a UTF-16 byte-order mark is UTF-16; other text with
// no usable declaration that is not valid UTF-8 is most likely
// Windows-1252, a superset of Latin-1 for printable text.
func toUTF8(b []byte) string {
	if utf16BOM(b) {
		if d, err := unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder().Bytes(b); err == nil {
			return normalizeNewlines(strings.ToValidUTF8(string(d), "\uFFFD"))
		}
	}
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

// own is the order in which a message's own texts are tried: the plain
// body, then an attached turnsheet, then the HTML body.
func (w *walker) own() []*candidate {
	return append(append(append([]*candidate{}, w.plain...), w.attached...), w.html...)
}

// choice is the text picked from one message and the candidates it came from.
type choice struct {
	text, source string
	forwarded    bool
	from         []*candidate
}

// withHeader picks the first text with a header block: the sender's own
// (the text above any inline forwarded message), then an inline
// forwarded message, then a forwarded message attached whole.
func (w *walker) withHeader() (choice, bool) {
	own := w.own()
	for _, c := range own {
		if hasHeaderBlock(ownPart(c.text)) {
			return choice{text: c.text, source: c.source, from: []*candidate{c}}, true
		}
	}
	for _, c := range own {
		if text, ok := inlineForward(c.text, w.r.ours); ok {
			return choice{text: text, source: "forwarded message: " + c.source, forwarded: true, from: []*candidate{c}}, true
		}
	}
	for _, fw := range w.forwarded {
		ch, ok := fw.withHeader()
		if !ok {
			continue
		}
		ch.forwarded = true
		ch.source = "forwarded message: " + strings.TrimPrefix(ch.source, "forwarded message: ")
		// The sender's own words come first, so that the reply can list
		// them as not read, as it lists any line above a header block;
		// or, above our own mail forwarded back, read them as orders
		// above the turnsheet it quotes.
		if fw.fromUs {
			ch.text = quoted(ch.text)
		}
		if len(own) > 0 {
			if words := ownWords(own[0].text); words != "" {
				ch.text = words + "\n\n" + ch.text
				ch.from = append(ch.from, own[0])
			}
		}
		return ch, true
	}
	return choice{}, false
}

// pick chooses the text that carries the orders (withHeader); failing
// that, the plain or HTML body, so that the reply can say what is missing.
// It returns the candidates the text came from.
func pick(m *Mail, w *walker) []*candidate {
	if ch, ok := w.withHeader(); ok {
		m.Text, m.Source, m.Forwarded = ch.text, ch.source, ch.forwarded
		return ch.from
	}
	order := w.own()
	if len(order) == 0 {
		return nil
	}
	c := order[0]
	if len(w.plain) == 0 && len(w.html) > 0 {
		c = w.html[0]
	}
	m.Text, m.Source = c.text, c.source
	return []*candidate{c}
}

// clamp keeps Text within MaxTotalTextBytes, which HTML conversion or a
// forwarded message's framing could otherwise pass, cutting at a line end.
func (r *reader) clamp(m *Mail, used []*candidate) {
	max := int(r.lim.MaxTotalTextBytes)
	if len(m.Text) <= max {
		return
	}
	cut := m.Text[:max]
	if i := strings.LastIndexByte(cut, '\n'); i > 0 {
		cut = cut[:i+1]
	}
	m.Text = strings.ToValidUTF8(cut, "")
	if len(m.Text) > max { // a replacement cannot grow it, but be sure
		m.Text = ""
	}
	p := Problem{Msg: fmt.Sprintf("the text is over %d bytes; only the start was read", max)}
	if len(used) > 0 {
		used[0].lost = append(used[0].lost, p)
	} else {
		r.lost = append(r.lost, p)
	}
}

// sort files what the reading found wrong: a problem that may have cost
// the orders some text is the player's to hear of, unless the orders were
// found and it concerns another part; structure that lost no text is a
// note for the log.
func (r *reader) sort(m *Mail, used []*candidate) {
	found := hasHeaderBlock(ownPart(m.Text))
	isUsed := func(c *candidate) bool {
		for _, u := range used {
			if u == c {
				return true
			}
		}
		return false
	}
	var aside []Problem
	for _, c := range r.all {
		if !found || isUsed(c) {
			m.Problems = append(m.Problems, c.lost...)
		} else {
			aside = append(aside, c.lost...)
		}
	}
	if found {
		aside = append(aside, r.lost...)
	} else {
		m.Problems = append(m.Problems, r.lost...)
	}
	m.Notes = append(append(m.Notes, r.notes...), aside...)
}
