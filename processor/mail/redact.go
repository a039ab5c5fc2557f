package mail

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
)

// Redact rewrites the text of a stored message through fix: its Subject
// and every text part, decoded, whatever its transfer encoding (so a password in a
// base64 or quoted-printable body is found), then encoded again. Headers
// and the other parts are kept. It reports whether anything changed; an
// unchanged message is returned as it came, byte for byte.
func Redact(raw []byte, fix func(string) string) ([]byte, bool, error) {
	e, err := message.Read(bytes.NewReader(crlf(raw)))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return fixRaw(raw, fix)
	}
	// The Subject is text too: a password pasted there is taken out.
	subjectFixed := false
	if subj, err := e.Header.Text("Subject"); err == nil && subj != "" {
		if f := fix(subj); f != subj {
			e.Header.SetText("Subject", f)
			subjectFixed = true
		}
	}
	var out bytes.Buffer
	changed, err := redactEntity(&out, e, fix)
	changed = changed || subjectFixed
	if err != nil {
		return fixRaw(raw, fix)
	}
	if !changed {
		return raw, false, nil
	}
	return out.Bytes(), true, nil
}

// redactEntity writes one entity with its text parts fixed.
func redactEntity(w io.Writer, e *message.Entity, fix func(string) string) (bool, error) {
	if e.MultipartReader() == nil {
		body, err := io.ReadAll(e.Body)
		if err != nil {
			return false, err
		}
		h := e.Header
		text, changed := fixText(&h, body, fix)
		mw, err := message.CreateWriter(w, h)
		if err != nil {
			return false, err
		}
		if _, err := mw.Write(text); err != nil {
			return false, err
		}
		return changed, mw.Close()
	}
	mw, err := message.CreateWriter(w, e.Header)
	if err != nil {
		return false, err
	}
	changed, err := redactParts(mw, e, fix)
	if err != nil {
		return false, err
	}
	return changed, mw.Close()
}

// redactParts writes the parts of a multipart entity into its writer,
// nested multiparts in turn.
func redactParts(mw *message.Writer, e *message.Entity, fix func(string) string) (bool, error) {
	mr := e.MultipartReader()
	changed := false
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return changed, nil
		}
		if err != nil {
			return false, err
		}
		var c bool
		if p.MultipartReader() != nil {
			pw, err := mw.CreatePart(p.Header)
			if err != nil {
				return false, err
			}
			if c, err = redactParts(pw, p, fix); err != nil {
				return false, err
			}
			if err := pw.Close(); err != nil {
				return false, err
			}
		} else {
			body, err := io.ReadAll(p.Body)
			if err != nil {
				return false, err
			}
			text, fixed := fixText(&p.Header, body, fix)
			pw, err := mw.CreatePart(p.Header)
			if err != nil {
				return false, err
			}
			if _, err := pw.Write(text); err != nil {
				return false, err
			}
			if err := pw.Close(); err != nil {
				return false, err
			}
			c = fixed
		}
		changed = changed || c
	}
}

// fixRaw is Redact for a mail too broken to parse again: fix is applied
// to its bytes as they are, which finds a secret written in plain text.
func fixRaw(raw []byte, fix func(string) string) ([]byte, bool, error) {
	out := []byte(fix(string(raw)))
	return out, !bytes.Equal(out, raw), nil
}

// crlf gives every line the CRLF ending MIME expects, whatever mixture
// of lone CRs and LFs a mail came with, so that its header is found.
func crlf(raw []byte) []byte {
	s := strings.ReplaceAll(string(raw), "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return []byte(strings.ReplaceAll(s, "\n", "\r\n"))
}

// fixText applies fix to a decoded body if it is text: a text/* part, or
// one of a generic type whose content is text (a turnsheet attached as
// application/octet-stream is read as one, so it must be fixed as one). A
// text part the reader turned into UTF-8 is labelled so.
func fixText(h *message.Header, body []byte, fix func(string) string) ([]byte, bool) {
	mt, params, _ := h.ContentType()
	generic := mt == "application/octet-stream" || mt == "application/unknown" || mt == "binary/octet-stream"
	if mt != "" && !strings.HasPrefix(mt, "text/") && !(generic && utf8.Valid(body) && !bytes.ContainsRune(body, 0)) {
		return body, false
	}
	fixed := fix(string(body))
	if fixed == string(body) {
		return body, false
	}
	if params == nil {
		params = map[string]string{}
	}
	params["charset"] = "utf-8"
	if mt == "" || generic {
		mt = "text/plain"
	}
	h.SetContentType(mt, params)
	return []byte(fixed), true
}
