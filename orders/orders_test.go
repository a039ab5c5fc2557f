package orders

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func bodyText(ls []Line) string {
	var b []string
	for _, l := range ls {
		if strings.TrimSpace(l.Text) != "" {
			b = append(b, l.Text)
		}
	}
	return strings.Join(b, "|")
}

func TestReadSheet(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		want      Header
		body      string
		fromQuote bool
		problems  []string // substrings, one per expected problem, in order
	}{
		{
			name: "plain header and orders",
			text: "GAME: cr-1\nPOSITION: 7\nPASSWORD: s3cret\n\nBUY 100 NYC\n",
			want: Header{Game: "cr-1", Position: 7, Password: "s3cret"},
			body: "BUY 100 NYC",
		},
		{
			name: "case, spacing and equals signs",
			text: "  game = CR-1\nposition number:  7 \n Token : abcd-efgh-ijkl\nturn: 4\n",
			want: Header{Game: "cr-1", Position: 7, Token: "ABCD-EFGH-IJKL", Turn: 4},
		},
		{
			name: "a word after GAME without a separator is not a header",
			text: "GAME: cr-1\nPOSITION: 1\nPASSWORD: x\nGAME OVER soon\nPASS\n",
			want: Header{Game: "cr-1", Position: 1, Password: "x"},
			body: "GAME OVER soon|PASS",
		},
		{
			name: "signature is cut",
			text: "GAME: g\nPOSITION: 2\nPASSWORD: p\nPICK 1\n-- \nAlice\nPICK 9\n",
			want: Header{Game: "g", Position: 2, Password: "p"},
			body: "PICK 1",
		},
		{
			name: "Outlook original message is ignored when the reply has a header",
			text: "GAME: g\nPOSITION: 2\nPASSWORD: p\nPICK 4\n\n-----Original Message-----\nFrom: GM\nSent: Monday\nGAME: g\nPOSITION: 2\nPICK 10\n",
			want: Header{Game: "g", Position: 2, Password: "p"},
			body: "PICK 4",
		},
		{
			name: "Outlook rule-and-headers style",
			text: "GAME: g\nPOSITION: 2\nPASSWORD: p\nPICK 4\n________________________________\nFrom: GM <gm@x>\nSent: Monday\nPICK 10\n",
			want: Header{Game: "g", Position: 2, Password: "p"},
			body: "PICK 4",
		},
		{
			name:      "Gmail: orders on top, header only in the quote",
			text:      "PICK 6\n\nOn Mon, 2 Mar 2026 at 03:00, GM <gm@x>\nwrote:\n\n> GAME: g\n> POSITION: 1\n> TOKEN: aaaa\n>\n> END\n",
			want:      Header{Game: "g", Position: 1, Token: "AAAA"},
			body:      "PICK 6|END",
			fromQuote: true,
		},
		{
			name:      "the quoted turnsheet filled in, with nested quoting",
			text:      "ok\n> > GAME: g\n> > POSITION: 1\n> > PASSWORD: p\n> > PICK 8\n",
			want:      Header{Game: "g", Position: 1, Password: "p"},
			body:      "ok|PICK 8",
			fromQuote: true,
		},
		{
			name:     "no header at all",
			text:     "Hi, can I join?\n",
			body:     "Hi, can I join?",
			problems: []string{"no GAME line"},
		},
		{
			name:     "position is a word",
			text:     "GAME: g\nPOSITION: seven\nPASSWORD: p\n",
			want:     Header{Game: "g", Password: "p"},
			problems: []string{"line 2 (\"POSITION: seven\"): POSITION must be a whole number"},
		},
		{
			name:     "no credentials and no position",
			text:     "GAME: g\nPICK 1\n",
			want:     Header{Game: "g"},
			body:     "PICK 1",
			problems: []string{"no POSITION line", "neither PASSWORD nor TOKEN"},
		},
		{
			name:     "conflicting GAME lines",
			text:     "GAME: g\nPOSITION: 1\nPASSWORD: p\nGAME: h\n",
			want:     Header{Game: "g", Position: 1, Password: "p"},
			problems: []string{"line 4", "GAME is given twice (line 1 says \"g\")"},
		},
		{
			name: "repeating the same GAME line is harmless",
			text: "GAME: g\nPOSITION: 1\nPASSWORD: p\nGAME: G\n",
			want: Header{Game: "g", Position: 1, Password: "p"},
		},
		{
			name: "CRLF and a BOM",
			text: "\ufeffGAME: g\r\nPOSITION: 3\r\nPASSWORD: p\r\nPICK 2\r\n",
			want: Header{Game: "g", Position: 3, Password: "p"},
			body: "PICK 2",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sh := ReadSheet(tc.text)
			if sh.Header != tc.want {
				t.Errorf("header %+v, want %+v", sh.Header, tc.want)
			}
			if got := bodyText(sh.Body); got != tc.body {
				t.Errorf("body %q, want %q", got, tc.body)
			}
			if sh.FromQuote != tc.fromQuote {
				t.Errorf("FromQuote %v, want %v", sh.FromQuote, tc.fromQuote)
			}
			var got []string
			for _, p := range sh.Problems {
				got = append(got, p.String())
			}
			joined := strings.Join(got, "\n")
			if len(tc.problems) == 0 && len(got) > 0 {
				t.Errorf("unexpected problems:\n%s", joined)
			}
			for _, want := range tc.problems {
				if !strings.Contains(joined, want) {
					t.Errorf("problems lack %q:\n%s", want, joined)
				}
			}
		})
	}
}

func TestLineNumbersPointAtTheOriginalText(t *testing.T) {
	sh := ReadSheet("Hello\n\nGAME: g\nPOSITION: 1\nPASSWORD: p\n\nPICK 1\nBUY 5\n")
	var nums []int
	for _, l := range sh.Body {
		if strings.TrimSpace(l.Text) != "" {
			nums = append(nums, l.N)
		}
	}
	if len(nums) != 2 || nums[0] != 7 || nums[1] != 8 {
		t.Fatalf("line numbers %v, want [7 8]", nums)
	}
	if len(sh.Preamble) != 1 || sh.Preamble[0].N != 1 || sh.Preamble[0].Text != "Hello" {
		t.Fatalf("preamble %v, want line 1 Hello", sh.Preamble)
	}
}

func TestPreambleAboveTheHeaderIsNotRead(t *testing.T) {
	tests := []struct {
		name, text string
		body, pre  string
	}{
		{"greeting", "Hi GM,\nhere you go\nGAME: g\nPOSITION: 1\nPASSWORD: p\nPICK 2\n", "PICK 2", "Hi GM,|here you go"},
		{"quoted report summary above the quoted sheet", "PICK 3\n\n> Turn 4 is resolved.\n> Cash $10\n> GAME: g\n> POSITION: 1\n> TOKEN: AAAA-BBBB-CCCC\n> PICK 9\n",
			"PICK 3|PICK 9", ""},
		{"no preamble", "GAME: g\nPOSITION: 1\nPASSWORD: p\nPICK 2\n", "PICK 2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := ReadSheet(tt.text)
			if got := bodyText(sh.Body); got != tt.body {
				t.Errorf("body %q, want %q", got, tt.body)
			}
			if got := bodyText(sh.Preamble); got != tt.pre {
				t.Errorf("preamble %q, want %q", got, tt.pre)
			}
		})
	}
}

func TestHTMLToText(t *testing.T) {
	tests := []struct{ name, html, want string }{
		{"paragraphs and breaks", "<p>GAME: g<br>POSITION: 1</p><p>PICK&nbsp;5</p>", "GAME: g\nPOSITION: 1\nPICK 5\n"},
		{"entities", "<div>BUY 10 B&amp;O &lt;now&gt;</div>", "BUY 10 B&O <now>\n"},
		{"script and style dropped", "<style>p{}</style><script>alert(1)</script><p>x</p>", "x\n"},
		{"blockquote becomes quoting", "<p>ok</p><blockquote><p>GAME: g</p><p>PICK 1</p></blockquote>", "ok\n> GAME: g\n> PICK 1\n"},
		{"pre keeps lines", "<pre>A  1\nB  2</pre>", "A  1\nB  2\n"},
		{"table cells on one line", "<table><tr><td>BUY</td><td>100</td></tr></table>", "BUY 100\n"},
	}
	for _, tc := range tests {
		if got := HTMLToText(tc.html); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestReadMailPicksTheTurnsheet(t *testing.T) {
	tests := []struct {
		name, raw, wantSource, wantText, wantAuto string
	}{
		{
			name:       "plain preferred over HTML",
			raw:        "From: a@x\r\nContent-Type: multipart/alternative; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nGAME: p\r\n--B\r\nContent-Type: text/html\r\n\r\n<p>GAME: h</p>\r\n--B--\r\n",
			wantSource: "text/plain", wantText: "GAME: p",
		},
		{
			name:       "attachment with the header wins over a body without one",
			raw:        "From: a@x\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nsee attached\r\n--B\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=sheet.txt\r\n\r\nGAME: a\r\n--B--\r\n",
			wantSource: "attachment sheet.txt", wantText: "GAME: a",
		},
		{
			name:     "Precedence bulk",
			raw:      "From: a@x\r\nPrecedence: bulk\r\n\r\nGAME: x\r\n",
			wantAuto: "Precedence",
		},
		{
			name:     "our own address",
			raw:      "From: GM <gm@railpost.test>\r\n\r\nGAME: x\r\n",
			wantAuto: "our own mail (From)",
		},
		{
			name:     "Auto-Submitted: no is a person",
			raw:      "From: a@x\r\nAuto-Submitted: no\r\n\r\nGAME: x\r\n",
			wantText: "GAME: x", wantSource: "text/plain",
		},
	}
	id := Identity{Addresses: []string{"gm@railpost.test"}, LoopID: "gm@railpost.test"}
	for _, tc := range tests {
		m, err := ReadMail([]byte(tc.raw), id, DefaultLimits)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.wantAuto != "" {
			if !strings.Contains(m.Automatic, tc.wantAuto) {
				t.Errorf("%s: Automatic %q, want %q", tc.name, m.Automatic, tc.wantAuto)
			}
			continue
		}
		if m.Automatic != "" {
			t.Errorf("%s: taken for automatic mail: %s", tc.name, m.Automatic)
		}
		if m.Source != tc.wantSource || !strings.Contains(m.Text, tc.wantText) {
			t.Errorf("%s: source %q text %q", tc.name, m.Source, m.Text)
		}
	}
}

// FuzzReadMail feeds arbitrary bytes through the whole reader: MIME
// decoding, HTML conversion, quote stripping and the header block. It must
// never panic, and must keep its limits.
func FuzzReadMail(f *testing.F) {
	files, _ := filepath.Glob("../testdata/mail/*.eml")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("From: a@b\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\nContent-Type: text/html\r\n\r\n<blockquote><pre>GAME: g\n</pre>\r\n--x--"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := ReadMail(raw, Identity{Addresses: []string{"gm@x"}, LoopID: "gm@x"}, DefaultLimits)
		if err != nil {
			return
		}
		if int64(len(m.Text)) > 4*DefaultLimits.MaxTextBytes {
			t.Fatalf("text of %d bytes exceeds the limit", len(m.Text))
		}
		sh := ReadSheet(m.Text)
		for _, p := range sh.Problems {
			_ = p.String()
		}
	})
}
