package orders

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	cr "github.com/railpost/railpost/games/contrails"
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
			name:      "a PASSWORD line above a quoted move mail signs it",
			text:      "PASSWORD: my-own-pass\nDIGEST ON\n\nOn Mon, 2 Mar 2026 at 03:00, GM <gm@x> wrote:\n> GAME: g\n> POSITION: 1\n> ACTION: 5\n> TOKEN: aaaa\n",
			want:      Header{Game: "g", Position: 1, Action: 5, Token: "AAAA", Password: "my-own-pass"},
			body:      "DIGEST ON",
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
			if !reflect.DeepEqual(sh.Header, tc.want) {
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

// TestSecretLinesGivenTwice: a PASSWORD or GM line given twice with
// different values (a bottom-posted reply carries the old sheet and the
// new) is refused by line number alone, and both values are secrets the
// stored copy and the reply must lose.
func TestSecretLinesGivenTwice(t *testing.T) {
	tests := []struct {
		name, text string
		secrets    []string
	}{
		{"two passwords", "GAME: g\nPOSITION: 1\nPASSWORD: old-secret-1\nPASSWORD: new-secret-2\nPICK 1\n", []string{"old-secret-1", "new-secret-2"}},
		{"two GM passwords", "GAME: g\nGM: gm-old-secret\nGM: gm-new-secret\nPAUSE\n", []string{"gm-old-secret", "gm-new-secret"}},
		{"a quoted password too", "GAME: g\nPOSITION: 1\nPASSWORD: “fresh-secret”\nPASSWORD: stale-secret\n> PASSWORD: quoted-secret\n", []string{"“fresh-secret”", "fresh-secret", "stale-secret", "quoted-secret"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sh := ReadSheet(tc.text)
			if !reflect.DeepEqual(sh.Secrets, tc.secrets) {
				t.Errorf("secrets %q, want %q", sh.Secrets, tc.secrets)
			}
			var said []string
			for _, p := range sh.Problems {
				said = append(said, p.String())
			}
			joined := strings.Join(said, "\n")
			if !strings.Contains(joined, "given twice, on lines") {
				t.Errorf("problems do not say the line was given twice:\n%s", joined)
			}
			for _, s := range tc.secrets {
				if strings.Contains(joined, s) {
					t.Errorf("problems quote the secret %q:\n%s", s, joined)
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

// FuzzReadMail feeds arbitrary bytes through the whole reader, from raw
// mail to orders: MIME decoding, format=flowed, attachments, forwarded
// mail, HTML conversion, quote stripping, the header block and the
// Continental Rails grammar. It must never panic, must keep its limits,
// and must end in a sheet with a complete header block or in a refusal
// that says why.
//
//	go test ./orders -run '^$' -fuzz '^FuzzReadMail$' -fuzztime 10m
func FuzzReadMail(f *testing.F) {
	files, _ := filepath.Glob("../testdata/mail/*.eml")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	for _, seed := range mailSeeds {
		f.Add([]byte(seed))
	}
	m, s := crGame(f, 3, 5)
	n := president(s)
	state, _ := json.Marshal(s)
	g := ContinentalRails{Map: m}
	id := Identity{Addresses: []string{"gm@x"}, LoopID: "gm@x"}
	keys := map[string]bool{"game": true, "position": true, "password": true, "token": true, "turn": true, "action": true, "gm": true}
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := ReadMail(raw, id, DefaultLimits)
		if err != nil {
			if !errors.Is(err, ErrNotMail) || err.Error() == "" {
				t.Fatalf("refused without a reason: %v", err)
			}
			return
		}
		again, _ := ReadMail(raw, id, DefaultLimits)
		if again.Text != m.Text || again.Source != m.Source || again.Forwarded != m.Forwarded || len(again.Problems) != len(m.Problems) {
			t.Fatal("two readings of the same bytes differ")
		}
		if int64(len(m.Text)) > DefaultLimits.MaxTotalTextBytes {
			t.Fatalf("text of %d bytes exceeds the limit", len(m.Text))
		}
		if !utf8.ValidString(m.Text) || strings.ContainsRune(m.Text, '\r') {
			t.Fatalf("text is not UTF-8 with LF line ends: %q", m.Text)
		}
		for _, p := range append(append([]Problem{}, m.Problems...), m.Notes...) {
			if p.Msg == "" {
				t.Fatal("a problem with no message")
			}
		}
		if m.Forwarded && (!hasHeaderBlock(ownPart(m.Text)) || !strings.HasPrefix(m.Source, "forwarded message: ")) {
			t.Fatalf("forwarded text %q from %q has no header block", m.Text, m.Source)
		}
		sh := ReadSheet(m.Text)
		lines := strings.Count(m.Text, "\n") + 1
		for _, l := range append(append([]Line{}, sh.Body...), sh.Preamble...) {
			if l.N < 1 || l.N > lines {
				t.Fatalf("line number %d outside the text's %d lines", l.N, lines)
			}
		}
		seen := map[string]bool{}
		for _, k := range sh.Header.Stripped {
			if !keys[k] || seen[k] {
				t.Fatalf("Stripped %v", sh.Header.Stripped)
			}
			seen[k] = true
		}
		if len(sh.Problems) > 0 {
			for _, p := range sh.Problems {
				if p.Msg == "" {
					t.Fatal("a refusal with no reason")
				}
			}
			return
		}
		h := sh.Header
		if h.Game == "" || h.GM == "" && (h.Position <= 0 || h.Password == "" && h.Token == "") {
			t.Fatalf("a sheet taken with no complete header block: %+v", h)
		}
		got := g.Parse(state, n, sh.Body)
		if got.Fatal || got.Orders == nil {
			if len(got.Errors)+len(got.Ignored) == 0 {
				t.Fatal("orders refused without a reason")
			}
			return
		}
		var o cr.Orders
		if err := json.Unmarshal(got.Orders, &o); err != nil {
			t.Fatalf("accepted orders do not decode: %v", err)
		}
	})
}

// mailSeeds are the shapes of mail the reader must take apart, short, so
// that the fuzzer varies them rather than minimising long ones.
var mailSeeds = []string{
	"From: a@b\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\nContent-Type: text/html\r\n\r\n<blockquote><pre>GAME: g\n</pre>\r\n--x--",
	// format=flowed, with and without DelSp, quoted
	"From: a@b\r\nContent-Type: text/plain; format=flowed\r\n\r\nGAME: \r\ncr-1\r\nPOSITION: 1\r\nPASSWORD: p\r\n BUY \r\n100 B&O\r\n> q \r\n>> r\r\n",
	"From: a@b\r\nContent-Type: text/plain; format=flowed; delsp=yes\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nGAME: cr-1\r\nPOSITION: 1\r\nTOKEN: AB=20\r\nCD\r\nSE=20\r\nLL 20 1\r\n",
	// decoration around values
	"From: a@b\r\n\r\nGAME: “cr-1”\r\nPOSITION: «1»\r\nPASSWORD: <p>\r\nTOKEN: ‘x’\r\nBORROW 1,000\r\n",
	// attachments: octet-stream text, UTF-16, a document, no Content-Type
	"From: a@b\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: application/octet-stream; name=o.txt\r\nContent-Transfer-Encoding: base64\r\n\r\nR0FNRTogY3ItMQpQT1NJVElPTjogMQpQQVNTV09SRDogcApCVVkgMTAwIEImTwo=\r\n--B\r\nContent-Type: application/pdf; name=o.pdf\r\n\r\n%PDF\r\n--B--\r\n",
	"From: a@b\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Disposition: attachment; filename=o.txt\r\nContent-Transfer-Encoding: base64\r\n\r\n//5HAEEATQBFADoAIABnAAoA\r\n--B\r\nContent-Disposition: attachment; filename=x.docx\r\n\r\nPK\x03\x04\r\n--B--\r\n",
	// line ends and broken boundaries
	"From: a@b\rContent-Type: text/plain\r\rGAME: cr-1\rPOSITION: 1\rPASSWORD: p\rCLEAR\r",
	"From: a@b\r\r\nContent-Type: multipart/alternative; boundary=A\r\n\r\n--A\nContent-Type: text/plain\n\nGAME: cr-1\nPOSITION: 1\nPASSWORD: p\nREPAY 500\n",
	"From: a@b\r\nContent-Type: multipart/alternative; boundary=\"A\r\n\r\n--Z\r\nContent-Type: text/plain\r\n\r\nGAME: cr-1\r\n--Z--\r\n",
	"From: a@b\r\nContent-Type: multipart/mixed; boundary=Q\r\n\r\nGAME: cr-1\r\nPOSITION: 1\r\nPASSWORD: p\r\n",
	// forwarded mail, inline and attached, nested
	"From: a@b\r\n\r\nagain\r\n-- \r\nA\r\n---------- Forwarded message ---------\r\nFrom: a@b\r\nSubject: x\r\n\r\nGAME: cr-1\r\nPOSITION: 1\r\nPASSWORD: p\r\nRR 1 DIVIDEND 4\r\n",
	"From: a@b\r\n\r\nBegin forwarded message:\r\n\r\nFrom: a@b\r\n\r\n-------- Forwarded Message --------\r\nDate: \tx\r\n\r\nGAME: cr-1\r\nPOSITION: 1\r\nPASSWORD: p\r\n",
	"From: a@b\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nsee attached\r\n--B\r\nContent-Type: message/rfc822\r\n\r\nFrom: c@d\r\nContent-Type: multipart/alternative; boundary=C\r\n\r\n--C\r\nContent-Type: text/plain; format=flowed\r\n\r\nGAME: cr-1\r\nPOSITION: 1\r\nTOKEN: t\r\nSELL 20 1\r\n--C--\r\n--B--\r\n",
}

// readMail reads a raw message written with LF line ends, as tests write
// them, after making them CRLF as mail is sent.
func readMail(t *testing.T, raw string) *Mail {
	t.Helper()
	raw = strings.ReplaceAll(strings.ReplaceAll(raw, "\r\n", "\n"), "\n", "\r\n")
	m, err := ReadMail([]byte(raw), Identity{}, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func problemText(ps []Problem) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.String())
	}
	return strings.Join(s, "\n")
}

func TestFormatFlowed(t *testing.T) {
	tests := []struct {
		name, ctype, body string
		want              Header
		orders            string
	}{
		{
			name:   "soft breaks are joined, space-stuffing undone",
			ctype:  "text/plain; charset=utf-8; format=flowed",
			body:   "Hello GM, here are my orders for this turn, sent from my phone which wraps \nlines early.\nGAME: \nt1\nPOSITION: 1\nPASSWORD: \nalpha-pass\n From the east: PICK \n7\n",
			want:   Header{Game: "t1", Position: 1, Password: "alpha-pass"},
			orders: "From the east: PICK 7",
		},
		{
			name:   "DelSp=yes deletes the space a break added",
			ctype:  "text/plain; charset=utf-8; format=flowed; delsp=yes",
			body:   "GAME: t1\nPOSITION: 2\nTOKEN: ABCD- \nEFGH-IJKL\nPI \nCK 9\n",
			want:   Header{Game: "t1", Position: 2, Token: "ABCD-EFGH-IJKL"},
			orders: "PICK 9",
		},
		{
			name:   "quoted flowed lines keep their depth",
			ctype:  "text/plain; format=Flowed",
			body:   "PICK 6\n\nOn Mon, 2 Mar 2026, GM wrote:\n> GAME: \n> t1\n> POSITION: 1\n> TOKEN: AAAA\n>> older \n>> text\n",
			want:   Header{Game: "t1", Position: 1, Token: "AAAA"},
			orders: "PICK 6|older text",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := readMail(t, "From: a@x\nContent-Type: "+tc.ctype+"\n\n"+tc.body)
			sh := ReadSheet(m.Text)
			if !reflect.DeepEqual(sh.Header, tc.want) {
				t.Errorf("header %+v, want %+v\ntext %q", sh.Header, tc.want, m.Text)
			}
			if got := bodyText(sh.Body); got != tc.orders {
				t.Errorf("orders %q, want %q", got, tc.orders)
			}
		})
	}
	// Without format=flowed a line ending in a space is left alone.
	m := readMail(t, "From: a@x\nContent-Type: text/plain\n\nGAME: \nt1\n")
	if ReadSheet(m.Text).Header.Game != "" {
		t.Errorf("a fixed text was joined: %q", m.Text)
	}
}

func TestDecorationAroundValues(t *testing.T) {
	tests := []struct {
		text     string
		want     Header
		problems string
	}{
		{"GAME: “t1”\nPOSITION: «1»\nPASSWORD: “alpha-pass”\n",
			Header{Game: "t1", Position: 1, Password: "alpha-pass", Stripped: []string{"game", "position", "password"}}, ""},
		{"GAME: t1\nPOSITION: ‘2’\nTOKEN: ‹abcd-efgh›\n",
			Header{Game: "t1", Position: 2, Token: "ABCD-EFGH", Stripped: []string{"position", "token"}}, ""},
		{"GAME: 't1'\nPOSITION: \"3\"\nPASSWORD: <your password>\n",
			Header{Game: "t1", Position: 3, Password: "your password", Stripped: []string{"game", "position", "password"}}, ""},
		{"GAME: „t1“\nPOSITION: 1\nPASSWORD: »alpha-pass«\nTURN: [3]\n",
			Header{Game: "t1", Position: 1, Password: "alpha-pass", Turn: 3, Stripped: []string{"game", "password", "turn"}}, ""},
		{"GAME: t1\nPOSITION: 1\nPASSWORD: *alpha-pass*\n",
			Header{Game: "t1", Position: 1, Password: "alpha-pass", Stripped: []string{"password"}}, ""},
		// One pair only, and only a matching one.
		{"GAME: t1\nPOSITION: 1\nPASSWORD: “'x'”\n",
			Header{Game: "t1", Position: 1, Password: "'x'", Stripped: []string{"password"}}, ""},
		{"GAME: t1\nPOSITION: 1\nPASSWORD: “x'\n",
			Header{Game: "t1", Position: 1, Password: "“x'"}, ""},
		{"GAME: t1\nPOSITION: 1\nPASSWORD: «x”\n",
			Header{Game: "t1", Position: 1, Password: "«x”"}, ""},
		{"GAME: t1\nPOSITION: 1\nPASSWORD: \"\"\n",
			Header{Game: "t1", Position: 1, Password: "\"\""}, ""},
		// The same value quoted and not is not given twice.
		{"GAME: t1\nPOSITION: 1\nPASSWORD: p\nGAME: “T1”\n",
			Header{Game: "t1", Position: 1, Password: "p"}, ""},
	}
	for _, tc := range tests {
		sh := ReadSheet(tc.text)
		if !reflect.DeepEqual(sh.Header, tc.want) {
			t.Errorf("%q: header %+v, want %+v", tc.text, sh.Header, tc.want)
		}
		if got := problemText(sh.Problems); got != tc.problems {
			t.Errorf("%q: problems %q", tc.text, got)
		}
	}
}

func TestTextAttachedWithAGenericType(t *testing.T) {
	mail := func(part string) string {
		return "From: a@x\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\nMy orders are attached.\n--B\n" + part + "\n--B--\n"
	}
	sheet := "GAME: t1\nPOSITION: 1\nPASSWORD: p\nPICK 3\n"
	tests := []struct {
		name, part, source, problem string
	}{
		{"octet-stream named .txt", "Content-Type: application/octet-stream; name=\"orders.txt\"\nContent-Disposition: attachment; filename=\"orders.txt\"\nContent-Transfer-Encoding: base64\n\nR0FNRTogdDEKUE9TSVRJT046IDEKUEFTU1dPUkQ6IHAKUElDSyAzCg==", "attachment orders.txt", ""},
		{"octet-stream, unnamed, UTF-8", "Content-Type: application/octet-stream\n\n" + sheet + "Grüße", "attachment (unnamed, application/octet-stream)", ""},
		{"no Content-Type, named .TXT", "Content-Disposition: attachment; filename=ORDERS.TXT\n\n" + sheet, "attachment ORDERS.TXT", ""},
		{"a .txt in Latin-1", "Content-Type: application/octet-stream\nContent-Disposition: attachment; filename=o.txt\n\n" + sheet + "Gr\xfc\xdfe", "attachment o.txt", ""},
		{"a .txt saved as UTF-16 by Notepad", "Content-Type: application/x-unknown\nContent-Disposition: attachment; filename=o.txt\nContent-Transfer-Encoding: base64\n\n//5HAEEATQBFADoAIAB0ADEACgBQAE8AUwBJAFQASQBPAE4AOgAgADEACgBQAEEAUwBTAFcATwBSAEQAOgAgAHAACgBQAEkAQwBLACAAMwAKAA==", "attachment o.txt", ""},
		{"a Word document", "Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\nContent-Disposition: attachment; filename=orders.docx\nContent-Transfer-Encoding: base64\n\nUEsDBBQABgAIAAAAIQA=", "", "the attachment orders.docx is a Word document, which cannot be read for orders: attach the turnsheet as a plain-text file (.txt)"},
		{"a PDF with no type", "Content-Disposition: attachment; filename=orders.pdf\n\n%PDF-1.4", "", "orders.pdf is a PDF document"},
		{"binary with a .txt name", "Content-Type: application/octet-stream\nContent-Disposition: attachment; filename=o.txt\n\nGAME\x00\x01", "", "the attachment o.txt is not plain text (it holds binary data), so it was not read for orders: attach the turnsheet as a plain-text file (.txt)"},
		{"binary, unnamed", "Content-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n/9j/4AAQSkZJRgABAQ==", "", "the attachment (unnamed, application/octet-stream) is not plain text"},
		{"a photo is passed over in silence", "Content-Type: image/jpeg; name=me.jpg\nContent-Transfer-Encoding: base64\n\n/9j/4AAQSkZJRgABAQ==", "", ""},
		{"octet-stream named .jpg: silence", "Content-Type: application/octet-stream; name=me.jpg\nContent-Transfer-Encoding: base64\n\n/9j/4AAQSkZJRgABAQ==", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := readMail(t, mail(tc.part))
			if tc.source != "" {
				sh := ReadSheet(m.Text)
				if m.Source != tc.source || sh.Header.Game != "t1" || bodyText(sh.Body) != "PICK 3" && !strings.HasPrefix(bodyText(sh.Body), "PICK 3|Gr") {
					t.Errorf("source %q text %q", m.Source, m.Text)
				}
				if strings.Contains(m.Text, "Gr") && !strings.Contains(m.Text, "Grüße") {
					t.Errorf("text not decoded: %q", m.Text)
				}
				if len(m.Problems) > 0 {
					t.Errorf("problems: %s", problemText(m.Problems))
				}
				return
			}
			got := problemText(m.Problems)
			if tc.problem == "" && got != "" || !strings.Contains(got, tc.problem) {
				t.Errorf("problems %q, want %q", got, tc.problem)
			}
		})
	}
	// A document refused beside orders read from the body is a note.
	m := readMail(t, "From: a@x\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\n"+sheet+"--B\nContent-Type: application/pdf; name=o.pdf\n\n%PDF\n--B--\n")
	if len(m.Problems) != 0 || !strings.Contains(problemText(m.Notes), "o.pdf") {
		t.Errorf("problems %q, notes %q", problemText(m.Problems), problemText(m.Notes))
	}
}

func TestLimitsCutWhatIsReadNotTheMessage(t *testing.T) {
	lim := Limits{MaxDepth: 3, MaxParts: 5, MaxTextBytes: 100, MaxTotalTextBytes: 150}
	sheet := "GAME: t1\nPOSITION: 1\nPASSWORD: p\nPICK 3\n"
	read := func(raw string) *Mail {
		raw = strings.ReplaceAll(raw, "\n", "\r\n")
		m, err := ReadMail([]byte(raw), Identity{}, lim)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	big := strings.Repeat("x", 500)
	// A large photo and a long log beside the sheet: the sheet is read,
	// the rest cut or passed over, and the player hears nothing of it.
	m := read("From: a@x\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\n" + sheet +
		"--B\nContent-Type: text/plain; name=log.txt\n\n" + big + "\n--B\nContent-Type: text/plain; name=log2.txt\n\n" + big +
		"\n--B\nContent-Type: image/jpeg\n\n" + big + "\n--B--\n")
	if sh := ReadSheet(m.Text); sh.Header.Game != "t1" || bodyText(sh.Body) != "PICK 3" {
		t.Fatalf("text %q", m.Text)
	}
	if len(m.Problems) != 0 {
		t.Errorf("problems: %s", problemText(m.Problems))
	}
	notes := problemText(m.Notes)
	for _, want := range []string{"over 100 bytes", "more than 150 bytes of text"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	// The sheet itself cut: the player is told.
	m = read("From: a@x\n\n" + sheet + big + "\n")
	if !strings.Contains(problemText(m.Problems), "over 100 bytes") {
		t.Errorf("problems %q", problemText(m.Problems))
	}
	// Too many parts, the sheet past the limit: told, with no GAME line.
	m = read("From: a@x\nContent-Type: multipart/mixed; boundary=B\n\n" + strings.Repeat("--B\nContent-Type: image/png\n\nx\n", 6) +
		"--B\nContent-Type: text/plain\n\n" + sheet + "--B--\n")
	if !strings.Contains(problemText(m.Problems), "more than 5 MIME parts") {
		t.Errorf("problems %q", problemText(m.Problems))
	}
	if len(m.Text) > int(lim.MaxTotalTextBytes) {
		t.Errorf("text of %d bytes", len(m.Text))
	}
}

func TestBareLineEndsAndBrokenBoundaries(t *testing.T) {
	sheet := "GAME: t1\r\nPOSITION: 1\r\nPASSWORD: p\r\nPICK 3\r\n"
	tests := []struct{ name, raw, note string }{
		{"lone CRs, an old Mac or a broken gateway",
			strings.ReplaceAll("From: a@x\r\nSubject: orders\r\nMessage-ID: <m@x>\r\n\r\n"+sheet, "\r\n", "\r"), "bare line ends"},
		{"CR CR LF", strings.ReplaceAll("From: a@x\r\nSubject: orders\r\n\r\n"+sheet, "\r\n", "\r\r\n"), "bare line ends"},
		{"LF in the body of a CRLF message",
			"From: a@x\r\nContent-Type: multipart/alternative; boundary=B\r\n\r\n--B\nContent-Type: text/plain\n\nGAME: t1\nPOSITION: 1\rPASSWORD: p\nPICK 3\r\n--B--\r\n", "bare line ends"},
		{"no closing boundary",
			"From: a@x\r\nContent-Type: multipart/alternative; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\n" + sheet, "closing MIME boundary"},
		{"no closing boundary after an HTML part",
			"From: a@x\r\nContent-Type: multipart/alternative; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\n" + sheet + "--B\r\nContent-Type: text/html\r\n\r\n<p>GAME: t1</p>\r\n", "closing MIME boundary"},
		{"a boundary that never appears, with parts under another",
			"From: a@x\r\nContent-Type: multipart/alternative; boundary=\"Apple-Mail-1\"\r\n\r\n--Apple-Mail-2\r\nContent-Type: text/plain\r\n\r\n" + sheet + "--Apple-Mail-2\r\nContent-Type: text/html\r\n\r\n<p>x</p>\r\n--Apple-Mail-2--\r\n", "never appears; the parts were found by the boundary they use"},
		{"no boundary parameter",
			"From: a@x\r\nContent-Type: multipart/mixed\r\n\r\n--C\r\nContent-Type: text/plain\r\n\r\n" + sheet + "--C--\r\n", "gives no boundary"},
		{"a broken Content-Type parameter, and its charset",
			"From: a@x\r\nContent-Type: multipart/mixed; boundary=\"C\r\n\r\n--C\r\nContent-Type: text/plain; charset=iso-8859-15; name=\"x\r\n\r\n" + sheet + "\xa4\r\n--C--\r\n", ""},
		{"a broken Content-Type parameter",
			"From: a@x\r\nContent-Type: multipart/mixed; boundary=\"C\r\n\r\n--C\r\nContent-Type: text/plain\r\n\r\n" + sheet + "--C--\r\n", ""},
		{"multipart with no parts at all",
			"From: a@x\r\nContent-Type: multipart/mixed; boundary=Z\r\n\r\n" + sheet, "never appears; the body was read as plain text"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadMail([]byte(tc.raw), Identity{}, DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if m.From != "a@x" {
				t.Errorf("From %q", m.From)
			}
			sh := ReadSheet(m.Text)
			if strings.Contains(tc.raw, "iso-8859-15") {
				if !strings.Contains(m.Text, "€") {
					t.Errorf("charset not applied: %q", m.Text)
				}
				m.Text = strings.ReplaceAll(m.Text, "€", "")
				sh = ReadSheet(m.Text)
			}
			if sh.Header.Game != "t1" || sh.Header.Password != "p" || bodyText(sh.Body) != "PICK 3" || len(sh.Problems) > 0 {
				t.Errorf("sheet %+v %q from %q", sh.Header, bodyText(sh.Body), m.Text)
			}
			if len(m.Problems) > 0 {
				t.Errorf("problems for the player: %s", problemText(m.Problems))
			}
			if !strings.Contains(problemText(m.Notes), tc.note) {
				t.Errorf("notes %q lack %q", problemText(m.Notes), tc.note)
			}
		})
	}
}

func TestForwardedMail(t *testing.T) {
	sheet := "GAME: t1\nPOSITION: 1\nPASSWORD: p\nPICK 3\n"
	tests := []struct {
		name, raw  string
		forwarded  bool
		orders     string
		preamble   string
		wantSource string
	}{
		{
			name:      "Gmail inline forward",
			raw:       "From: a@x\nSubject: Fwd: orders\n\nHi GM, did this arrive? Sending again.\n\n---------- Forwarded message ---------\nFrom: Alice <a@x>\nDate: Mon, 2 Mar 2026 at 08:00\nSubject: orders\nTo: <gm@railpost.test>\n\n\n" + sheet,
			forwarded: true, orders: "PICK 3", preamble: "Hi GM, did this arrive? Sending again.", wantSource: "forwarded message: text/plain",
		},
		{
			name:      "Apple Mail, signature above",
			raw:       "From: a@x\n\nResent.\n-- \nAlice\n\nBegin forwarded message:\n\nFrom: Alice <a@x>\nSubject: orders\nDate: 2 March 2026 at 08:00:00 GMT\nTo: gm@railpost.test\n\n" + sheet,
			forwarded: true, orders: "PICK 3", preamble: "Resent.",
		},
		{
			name:      "Thunderbird, tab-separated headers, nothing above",
			raw:       "From: a@x\n\n\n\n-------- Forwarded Message --------\nSubject: \tRe: [t1] Turn 3\nDate: \tMon, 2 Mar 2026 08:00:00 +0000\nFrom: \tAlice <a@x>\nTo: \tgm@railpost.test\n\n" + sheet,
			forwarded: true, orders: "PICK 3",
		},
		{
			name:      "a forward of a forward",
			raw:       "From: a@x\n\nthird try\n---------- Forwarded message ---------\nFrom: a@x\n\nsecond try\n---------- Forwarded message ---------\nFrom: a@x\nSubject: x\n\n" + sheet,
			forwarded: true, orders: "PICK 3", preamble: "third try|second try",
		},
		{
			name:   "own orders above a forwarded old sheet: the old one is not read",
			raw:    "From: a@x\n\n" + sheet + "\n---------- Forwarded message ---------\nFrom: a@x\n\nGAME: t1\nPOSITION: 1\nPASSWORD: p\nPICK 9\n",
			orders: "PICK 3",
		},
		{
			name:      "attached as message/rfc822",
			raw:       "From: a@x\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\nMy orders again, attached.\n--B\nContent-Type: message/rfc822\nContent-Disposition: attachment; filename=\"orders.eml\"\n\nFrom: Somebody Else <b@y>\nSubject: orders\nContent-Type: text/plain\n\n" + sheet + "\n--B--\n",
			forwarded: true, orders: "PICK 3", preamble: "My orders again, attached.", wantSource: "forwarded message: text/plain",
		},
		{
			name:      "attached as message/rfc822, itself multipart",
			raw:       "From: a@x\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: message/rfc822\n\nFrom: a@x\nContent-Type: multipart/alternative; boundary=C\n\n--C\nContent-Type: text/html\n\n<p>GAME: t1<br>POSITION: 1<br>PASSWORD: p</p><p>PICK 3</p>\n--C--\n\n--B--\n",
			forwarded: true, orders: "PICK 3", wantSource: "forwarded message: text/html",
		},
		{
			name:   "own orders beside an attached message",
			raw:    "From: a@x\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\n" + sheet + "--B\nContent-Type: message/rfc822\n\nFrom: a@x\n\nGAME: t1\nPOSITION: 1\nPASSWORD: p\nPICK 9\n--B--\n",
			orders: "PICK 3",
		},
		{
			name:   "a quoted forward line is only quoting",
			raw:    "From: a@x\n\n" + sheet + "> ---------- Forwarded message ---------\n> PICK 9\n",
			orders: "PICK 3",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := readMail(t, tc.raw)
			if m.Forwarded != tc.forwarded {
				t.Errorf("Forwarded %v, want %v", m.Forwarded, tc.forwarded)
			}
			if tc.wantSource != "" && m.Source != tc.wantSource {
				t.Errorf("source %q, want %q", m.Source, tc.wantSource)
			}
			if m.From != "a@x" {
				t.Errorf("From %q: the forwarded From must not be read", m.From)
			}
			sh := ReadSheet(m.Text)
			if sh.Header.Game != "t1" || sh.Header.Password != "p" || len(sh.Problems) > 0 {
				t.Errorf("header %+v problems %s\ntext %q", sh.Header, problemText(sh.Problems), m.Text)
			}
			if got := bodyText(sh.Body); got != tc.orders {
				t.Errorf("orders %q, want %q\ntext %q", got, tc.orders, m.Text)
			}
			if got := bodyText(sh.Preamble); got != tc.preamble {
				t.Errorf("preamble %q, want %q", got, tc.preamble)
			}
			if sh.FromQuote {
				t.Error("read as a quoted turnsheet")
			}
		})
	}
	// Line numbers are those of the mail as written.
	m := readMail(t, tests[0].raw)
	sh := ReadSheet(m.Text)
	if ls := nonBlank(sh.Body); len(ls) == 0 || ls[len(ls)-1].Text != "PICK 3" || ls[len(ls)-1].N != 13 {
		t.Errorf("order lines %+v, want PICK 3 on line 13", ls)
	}
}

func TestFlowedKeepsHeaderLinesApart(t *testing.T) {
	// Spaces left at the ends of hard lines, which some programs send
	// as if they were wraps.
	for _, delsp := range []bool{false, true} {
		long := strings.Repeat("a long greeting ", 20)
		text := unflow("GAME: t1 \nPOSITION: 1 \nPASSWORD: \nalpha-pass \nPICK 2\nplease \nPASSWORD: x\n"+long+"\nGAME: t2\n", delsp)
		lines := strings.Split(text, "\n")
		want := []string{"GAME: t1 ", "POSITION: 1 ", "PASSWORD: alpha-pass ", "PICK 2", "please ", "PASSWORD: x", long, "GAME: t2", ""}
		if delsp {
			want = []string{"GAME: t1 ", "POSITION: 1 ", "PASSWORD:alpha-pass ", "PICK 2", "please ", "PASSWORD: x", long, "GAME: t2", ""}
		}
		if !reflect.DeepEqual(lines, want) {
			t.Errorf("delsp %v: %q, want %q", delsp, lines, want)
		}
	}
}

// A turnsheet of ours forwarded back, with orders written above it, is
// read as a reply quoting it would be: the sender's lines are orders.
func TestOurOwnMailForwardedBack(t *testing.T) {
	id := Identity{Addresses: []string{"gm@railpost.test"}, LoopID: "gm@railpost.test"}
	ourSheet := "GAME: t1\r\nPOSITION: 1\r\nTOKEN: AAAA-BBBB-CCCC\r\n"
	tests := []struct{ name, raw string }{
		{"inline", "From: a@x\r\n\r\nPICK 6\r\n\r\n---------- Forwarded message ---------\r\nFrom: Railpost GM <gm@railpost.test>\r\nSubject: [t1] Turn 3\r\n\r\n" + ourSheet},
		{"attached", "From: a@x\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nPICK 6\r\n--B\r\nContent-Type: message/rfc822\r\n\r\nFrom: someone@else\r\nX-Loop: gm@railpost.test\r\n\r\n" + ourSheet + "--B--\r\n"},
	}
	for _, tc := range tests {
		m, err := ReadMail([]byte(tc.raw), id, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		sh := ReadSheet(m.Text)
		if !m.Forwarded || sh.Header.Token != "AAAA-BBBB-CCCC" || bodyText(sh.Body) != "PICK 6" || !sh.FromQuote || len(sh.Preamble) > 0 {
			t.Errorf("%s: forwarded %v, sheet %+v %q, text %q", tc.name, m.Forwarded, sh.Header, bodyText(sh.Body), m.Text)
		}
	}
	// Not ours: a look-alike address.
	r := &reader{id: id}
	for from, want := range map[string]bool{"From: Railpost GM <gm@railpost.test>": true, "From: gm@railpost.test": true, "From: xgm@railpost.test": false, "From: gm@railpost.testing": false} {
		if r.ours(from) != want {
			t.Errorf("ours(%q) = %v", from, !want)
		}
	}
}
