package mail

import (
	"bytes"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/emersion/go-message/mail"
)

// Attachment is a file sent with a message.
type Attachment struct {
	Name        string
	ContentType string // e.g. application/pdf
	Data        []byte
	// Inline marks a picture to be shown in the mail, after the text,
	// rather than offered as a file (Content-Disposition, RFC 2183).
	Inline bool
}

// Outgoing is a message to build.
type Outgoing struct {
	MessageID   string // with angle brackets; NewMessageID makes one
	From        *mail.Address
	To          []*mail.Address
	Cc          []*mail.Address
	Subject     string
	Date        time.Time
	InReplyTo   string   // Message-ID of the message answered, if any
	References  []string // the thread so far, oldest first
	Text        string   // the plain-text body
	Attachments []Attachment
	// AutoSubmitted is "auto-replied" for answers to mail and
	// "auto-generated" for reports (RFC 3834), so that other robots do not
	// answer us.
	AutoSubmitted string
	LoopID        string // stamped as X-Loop, so our own mail is recognised
}

var idEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewMessageID makes a globally unique Message-ID in our domain.
func NewMessageID(domain string, at time.Time) (string, error) {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("message id: %w", err)
	}
	return fmt.Sprintf("<%d.%s@%s>", at.Unix(), strings.ToLower(idEncoding.EncodeToString(b[:])), domain), nil
}

// Build renders a message as RFC 5322 bytes: a UTF-8 quoted-printable text
// part, and a multipart/mixed wrapper when there are attachments.
func Build(o Outgoing) ([]byte, error) {
	if o.MessageID == "" || o.From == nil || len(o.To) == 0 {
		return nil, fmt.Errorf("build message %q: Message-ID, From and To are required", o.Subject)
	}
	var h mail.Header
	h.SetDate(o.Date)
	h.SetAddressList("From", []*mail.Address{o.From})
	h.SetAddressList("To", o.To)
	if len(o.Cc) > 0 {
		h.SetAddressList("Cc", o.Cc)
	}
	h.SetSubject(o.Subject)
	h.Set("Message-Id", o.MessageID)
	if o.InReplyTo != "" {
		h.Set("In-Reply-To", o.InReplyTo)
	}
	if len(o.References) > 0 {
		h.Set("References", strings.Join(o.References, " "))
	}
	if o.AutoSubmitted != "" {
		h.Set("Auto-Submitted", o.AutoSubmitted)
	}
	if o.LoopID != "" {
		h.Set("X-Loop", o.LoopID)
	}
	h.Set("X-Mailer", "Railpost")

	var buf bytes.Buffer
	textHeader := func() mail.InlineHeader {
		var th mail.InlineHeader
		th.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
		th.Set("Content-Transfer-Encoding", "quoted-printable")
		return th
	}
	text := strings.ReplaceAll(o.Text, "\r\n", "\n")
	if len(o.Attachments) == 0 {
		h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
		h.Set("Content-Transfer-Encoding", "quoted-printable")
		w, err := mail.CreateSingleInlineWriter(&buf, h)
		if err != nil {
			return nil, fmt.Errorf("build message %s: %w", o.MessageID, err)
		}
		if _, err := io.WriteString(w, text); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	mw, err := mail.CreateWriter(&buf, h)
	if err != nil {
		return nil, fmt.Errorf("build message %s: %w", o.MessageID, err)
	}
	tw, err := mw.CreateSingleInline(textHeader())
	if err != nil {
		return nil, err
	}
	if _, err := io.WriteString(tw, text); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	for _, a := range o.Attachments {
		if err := writePart(mw, a); err != nil {
			return nil, fmt.Errorf("attach %s: %w", a.Name, err)
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writePart adds one attachment, or an inline picture: that is an inline
// part whose name travels in its Content-Type, as mail readers show it
// in place after the text.
func writePart(mw *mail.Writer, a Attachment) error {
	ct := a.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	var w io.WriteCloser
	var err error
	if a.Inline {
		var ih mail.InlineHeader
		ih.SetContentType(ct, map[string]string{"name": a.Name})
		ih.Set("Content-Transfer-Encoding", "base64")
		w, err = mw.CreateSingleInline(ih)
	} else {
		var ah mail.AttachmentHeader
		ah.SetContentType(ct, nil)
		ah.SetFilename(a.Name)
		ah.Set("Content-Transfer-Encoding", "base64")
		w, err = mw.CreateAttachment(ah)
	}
	if err != nil {
		return err
	}
	if _, err := w.Write(a.Data); err != nil {
		return err
	}
	return w.Close()
}

// ReadAttachments returns the attachments of a raw message, decoded, and
// its inline pictures (marked Inline). The
// demo's scripted players and the tests read what we sent with it.
func ReadAttachments(raw []byte) ([]Attachment, error) {
	r, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("read attachments: %w", err)
	}
	var out []Attachment
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("read attachments: %w", err)
		}
		var name, ct string
		inline := false
		switch h := p.Header.(type) {
		case *mail.AttachmentHeader:
			name, _ = h.Filename()
			ct, _, _ = h.ContentType()
		case *mail.InlineHeader:
			var params map[string]string
			ct, params, _ = h.ContentType()
			name, inline = params["name"], true
			if strings.HasPrefix(ct, "text/") || name == "" {
				continue // the text itself
			}
		default:
			continue
		}
		data, err := io.ReadAll(p.Body)
		if err != nil {
			return out, fmt.Errorf("read attachment %s: %w", name, err)
		}
		out = append(out, Attachment{Name: name, ContentType: ct, Data: data, Inline: inline})
	}
}
