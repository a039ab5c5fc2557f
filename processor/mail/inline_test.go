package mail_test

import (
	"bytes"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/mail"
)

// TestInlinePicture: a picture marked Inline goes after the text with
// Content-Disposition inline, so that mail readers show it in the mail;
// a PDF stays an attachment; ReadAttachments gives both back, marked.
func TestInlinePicture(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\nnot really")
	raw, err := mail.Build(mail.Outgoing{MessageID: "<1@x>", From: &netmail.Address{Address: "judge@x"}, To: []*netmail.Address{{Address: "p@x"}},
		Subject: "Your move", Date: time.Unix(0, 0), Text: "The text comes first.\n",
		Attachments: []mail.Attachment{{Name: "board.png", ContentType: "image/png", Data: png, Inline: true},
			{Name: "report.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.4")}}})
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	text, pic, pdf := strings.Index(s, "The text comes first."), strings.Index(s, "Content-Type: image/png; name=board.png"), strings.Index(s, "Content-Disposition: attachment; filename=report.pdf")
	if text < 0 || pic < 0 || pdf < 0 || !(text < pic && pic < pdf) {
		t.Fatalf("want the text, then the inline picture, then the attachment; got positions %d %d %d in\n%s", text, pic, pdf, s)
	}
	atts, err := mail.ReadAttachments(raw)
	if err != nil || len(atts) != 2 {
		t.Fatalf("read back: %v, %d parts", err, len(atts))
	}
	if !atts[0].Inline || atts[0].Name != "board.png" || !bytes.Equal(atts[0].Data, png) || atts[1].Inline || atts[1].Name != "report.pdf" {
		t.Errorf("read back %+v", atts)
	}
}
