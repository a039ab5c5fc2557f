package mail

import (
	"bytes"
	"io"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
)

// TestRedactFindsTheSecretWhateverTheEncoding: a password in a plain, a
// quoted-printable (split by a soft line break) or a base64 body, and in a
// text attachment, is found and replaced; the rest of the message and
// its other parts read back the same; a message without it is returned
// untouched.
func TestRedactFindsTheSecretWhateverTheEncoding(t *testing.T) {
	const secret = "zq7k-pm2x-9vwe"
	long := strings.Repeat("word ", 14) + "Your password is " + secret + ". Keep it."
	fix := func(s string) string { return strings.ReplaceAll(s, secret, "[removed]") }
	plain := []byte("From: a@b.org\r\nTo: c@d.org\r\nSubject: s\r\n\r\nPASSWORD: " + secret + "\r\nBUY 1\r\n")
	b64 := []byte("From: a@b.org\r\nTo: c@d.org\r\nSubject: s\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nUEFTU1dPUkQ6IHpxN2stcG0yeC05dndlCkJVWSAx\r\n")
	built, err := Build(Outgoing{MessageID: "<m@x>", From: &mail.Address{Address: "gm@x.org"}, To: []*mail.Address{{Address: "p@x.org"}},
		Subject: "welcome", Date: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Text: long + "\n",
		Attachments: []Attachment{{Name: "sheet.txt", ContentType: "text/plain", Data: []byte("TOKEN: X\nPASSWORD: " + secret + "\n")},
			{Name: "r.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.4 " + secret)}}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(built), "=\r\n") {
		t.Fatal("the test wants a quoted-printable body with a soft line break")
	}
	for name, raw := range map[string][]byte{"plain": plain, "base64": b64, "built": built} {
		out, changed, err := Redact(raw, fix)
		if err != nil || !changed {
			t.Fatalf("%s: changed %v, %v", name, changed, err)
		}
		text, err := readAllText(out)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(text, secret) || !strings.Contains(text, "[removed]") {
			t.Errorf("%s: the secret is still there:\n%s", name, text)
		}
	}
	out, _, _ := Redact(built, fix)
	atts, err := ReadAttachments(out)
	if err != nil || len(atts) != 2 || !strings.Contains(string(atts[1].Data), secret) || strings.Contains(string(atts[0].Data), secret) {
		t.Errorf("attachments after redaction: %v %+v", err, atts)
	}
	if same, changed, err := Redact(plain, func(s string) string { return s }); err != nil || changed || string(same) != string(plain) {
		t.Errorf("a message with nothing to remove was changed: %v %v", changed, err)
	}
}

// readAllText decodes every text part of a message, joined.
func readAllText(raw []byte) (string, error) {
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	err = e.Walk(func(_ []int, p *message.Entity, err error) error {
		if err != nil {
			return err
		}
		if mt, _, _ := p.Header.ContentType(); p.MultipartReader() == nil && (mt == "" || strings.HasPrefix(mt, "text/")) {
			body, err := io.ReadAll(p.Body)
			if err != nil {
				return err
			}
			b.Write(body)
		}
		return nil
	})
	return b.String(), err
}
