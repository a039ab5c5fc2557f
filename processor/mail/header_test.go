package mail

import (
	"regexp"
	"strings"
	"testing"
)

func TestRewriteHeaders(t *testing.T) {
	secret := regexp.MustCompile(`\.a([0-9]+)-[a-z0-9]{12}@`)
	hide := func(name, value string) string {
		switch strings.ToLower(name) {
		case "message-id", "in-reply-to", "references":
			return secret.ReplaceAllString(value, ".a$1-xxxxxxxxxxxx@")
		}
		return value
	}
	tests := []struct {
		name, raw, want string
		changed         bool
	}{
		{
			name: "folded References, CRLF",
			raw: "From: a@example.org\r\nReferences: <r1.a1-aaaabbbbcccc@rp.test>\r\n <r2.a2-ddddeeeeffff@rp.test>\r\n\t<other@example.org>\r\nSubject: Re: your move\r\n\r\n" +
				"References: <r1.a1-aaaabbbbcccc@rp.test>\r\n",
			want: "From: a@example.org\r\nReferences: <r1.a1-xxxxxxxxxxxx@rp.test>\r\n <r2.a2-xxxxxxxxxxxx@rp.test>\r\n\t<other@example.org>\r\nSubject: Re: your move\r\n\r\n" +
				"References: <r1.a1-aaaabbbbcccc@rp.test>\r\n",
			changed: true,
		},
		{
			name:    "LF endings, In-Reply-To and Message-ID, any case of the name",
			raw:     "message-id: <m.a3-gggghhhhiiii@rp.test>\nIN-REPLY-TO:\n <r.a2-ddddeeeeffff@rp.test>\n\nbody\n",
			want:    "message-id: <m.a3-xxxxxxxxxxxx@rp.test>\nIN-REPLY-TO:\n <r.a2-xxxxxxxxxxxx@rp.test>\n\nbody\n",
			changed: true,
		},
		{
			name:    "the last field with no line break and no body",
			raw:     "Subject: x\r\nReferences: <r.a9-jjjjkkkkllll@rp.test>",
			want:    "Subject: x\r\nReferences: <r.a9-xxxxxxxxxxxx@rp.test>",
			changed: true,
		},
		{
			name: "a token in another field is not this fix's",
			raw:  "X-Note: <r.a9-jjjjkkkkllll@rp.test>\r\n\r\nbody",
			want: "X-Note: <r.a9-jjjjkkkkllll@rp.test>\r\n\r\nbody",
		},
		{
			name: "a line with no colon and a stray fold are kept",
			raw:  " stray\r\nFrom nobody\r\nMessage-ID: <plain@example.org>\r\n\r\n",
			want: " stray\r\nFrom nobody\r\nMessage-ID: <plain@example.org>\r\n\r\n",
		},
	}
	for _, tc := range tests {
		got, changed := RewriteHeaders([]byte(tc.raw), hide)
		if string(got) != tc.want || changed != tc.changed {
			t.Errorf("%s: changed %v\n got %q\nwant %q", tc.name, changed, got, tc.want)
		}
	}
}

func TestRewriteHeadersSeesTheFoldedValue(t *testing.T) {
	raw := "To: a@example.org,\r\n b@example.org\r\nCc: c@example.org\r\n\r\nTo: d@example.org\r\n"
	var seen []string
	RewriteHeaders([]byte(raw), func(name, value string) string {
		seen = append(seen, name+"="+Unfold(value))
		return value
	})
	want := []string{"To= a@example.org, b@example.org", "Cc= c@example.org"}
	if strings.Join(seen, "|") != strings.Join(want, "|") {
		t.Errorf("fix was given %q, want %q", seen, want)
	}
}
