package archive

import (
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/token"
)

// testArchive is a game's rows as far as the scrubber reads them: a seat,
// the game master, and one mail of ours.
func testArchive() *store.Archive {
	str := func(s string) store.Cell { return store.Cell{Text: &s} }
	one := int64(1)
	return &store.Archive{GameID: "g1", Tables: map[string][]store.Record{
		"positions": {{"number": {Int: &one}, "address": str("ada@example.org")}},
		"games":     {{"gm_address": str("gm-person@example.org")}},
		"outbox": {{"message_id": str("<1.abc.a3-abcdefghijkl@rp.test>"), "sender": str("gm@rp.test"),
			"raw": {Blob: []byte("From: GM <gm@rp.test>\r\nMessage-ID: <1.abc.a3-abcdefghijkl@rp.test>\r\n\r\nhi\r\n")}}},
	}}
}

func TestScrubberText(t *testing.T) {
	secret := []byte("s")
	live := token.Turnsheet(secret, "g1", 1, 3)
	bare := strings.ReplaceAll(live, "-", "")
	tests := []struct {
		name, in, want string
	}{
		{"a token line", "TOKEN: ABCD-EFGH-IJKL\n", "TOKEN: [left out]\n"},
		{"a token line quoted, lower case, with =", "> token = abcdefghijkl\n", "> token = [left out]\n"},
		{"a password line in any form", "PASSWORD: x1\npw= x2\n> GM password: x3\nGM: x4\n", "PASSWORD: [left out]\npw= [left out]\n> GM password: [left out]\nGM: [left out]\n"},
		{"a password already taken out is no password", "PASSWORD: [password removed]\n", "PASSWORD: [password removed]\n"},
		{"a told password", "Your password is abcd-efgh-ijkl. Keep it.", "Your password is [left out]. Keep it."},
		{"an issued token anywhere, dashed", "the code " + live + " again", "the code [left out] again"},
		{"an issued token bare, lower case", "x" + strings.ToLower(bare) + "y", "x[left out]y"},
		{"an issued token spaced", strings.ReplaceAll(live, "-", " "), "[left out]"},
		{"a token the game was not issued", "ZZZZ-ZZZZ-ZZZZ", "ZZZZ-ZZZZ-ZZZZ"},
		{"a thread's Message-ID, quoted", "On Monday <1.abc.a3-abcdefghijkl@rp.test> wrote", "On Monday <1.abc.a3-x00000000001@rp.test> wrote"},
		{"a seat's address", "write to Ada@Example.org", "write to position1@players.invalid"},
		{"the game master's, ours, and a stranger's", "gm-person@example.org gm@rp.test zed@example.net", "gm@players.invalid gm@rp.test sender1@unknown.invalid"},
	}
	for _, tc := range tests {
		s := newScrubber(testArchive(), []string{live}, false)
		if got := s.text(tc.in); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
		// A second pass changes nothing: made-up values are kept.
		if got := s.text(s.text(tc.in)); got != tc.want {
			t.Errorf("%s, twice: %q", tc.name, got)
		}
	}
}

func TestScrubberKeepsAddressesWhenAsked(t *testing.T) {
	s := newScrubber(testArchive(), nil, true)
	for _, in := range []string{"ada@example.org", "zed@example.net"} {
		if got := s.text(in); got != in {
			t.Errorf("%s became %s", in, got)
		}
	}
}

func TestScrubberMailHeaders(t *testing.T) {
	raw := "From: Ada Lovelace <ada@example.org>\r\nTo: GM <gm@rp.test>\r\nMessage-ID: <r1@example.org>\r\nIn-Reply-To: <1.abc.a3-abcdefghijkl@rp.test>\r\n" +
		"References: <r0@example.org>\r\n <1.abc.a3-abcdefghijkl@rp.test>\r\nSubject: Re: your move\r\n\r\nBID 9\r\n"
	tests := []struct {
		name    string
		keep    bool
		want    []string
		wantNot []string
	}{
		{"published", false,
			[]string{"From: <position1@players.invalid>", "To: GM <gm@rp.test>", "In-Reply-To: <1.abc.a3-x00000000001@rp.test>", "References: <r0@example.org>\r\n <1.abc.a3-x00000000001@rp.test>", "Message-ID: <r1@example.org>"},
			[]string{"abcdefghijkl", "Ada", "ada@"}},
		{"with addresses", true,
			[]string{"From: Ada Lovelace <ada@example.org>", "In-Reply-To: <1.abc.a3-x00000000001@rp.test>"},
			[]string{"abcdefghijkl"}},
	}
	for _, tc := range tests {
		s := newScrubber(testArchive(), nil, tc.keep)
		out, err := s.mail([]byte(raw), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(string(out), w) {
				t.Errorf("%s: lacks %q:\n%s", tc.name, w, out)
			}
		}
		for _, w := range tc.wantNot {
			if strings.Contains(string(out), w) {
				t.Errorf("%s: keeps %q:\n%s", tc.name, w, out)
			}
		}
	}
}

func TestLeftString(t *testing.T) {
	tests := []struct {
		left Left
		want string
	}{
		{Left{}, "nothing secret was found to leave out"},
		{Left{Hashes: 2, Orders: 3, OpenMails: 4}, "left out 2 password hashes, 3 orders sent for the turn still open, the 4 mails that carried them or answered them; export with secrets to move the game to another host"},
	}
	for _, tc := range tests {
		if got := tc.left.String(); got != tc.want {
			t.Errorf("%+v:\n got %q\nwant %q", tc.left, got, tc.want)
		}
	}
}

func TestIndexEscapesEveryValue(t *testing.T) {
	var b strings.Builder
	page := indexPage{Name: `<b>"A&B"</b>`, ID: `x<script>`, Title: "t", Where: "active at turn 2", Record: "a<b",
		Rows: []indexRow{{N: 1, State: "turns/001/state.json", Events: "turns/001/events.txt", Span: "<i>adjusted</i>"}}, Left: "it's"}
	if err := indexTemplate.Execute(&b, page); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"<b>", "<script>", "<i>", "a<b"} {
		if strings.Contains(out, bad) {
			t.Errorf("the index holds %q unescaped:\n%s", bad, out)
		}
	}
	for _, want := range []string{"&lt;script&gt;", "<a href=turns/001/state.json>state</a>", "<a href=record.txt>The game record</a>", "Published without secrets: it&#39;s."} {
		if !strings.Contains(out, want) {
			t.Errorf("the index lacks %q:\n%s", want, out)
		}
	}
}

func TestIndexRows(t *testing.T) {
	setup := indexRow{N: 0, State: "turns/000/state.json", Span: "the setup"}
	tests := []struct {
		name   string
		byTurn bool
		row    indexRow
		want   string
	}{
		{"a turn", true, indexRow{N: 1, State: "turns/001/state.json", Events: "turns/001/events.txt",
			Orders:  []link{{"turns/001/orders-position1.json", 1}, {"turns/001/orders-position2.json", 2}},
			Reports: []link{{"turns/001/report-position1.pdf", 1}}},
			"<tr><td>1<td><a href=turns/001/state.json>state</a><td><a href=turns/001/events.txt>events</a><td><a href=turns/001/orders-position1.json>1</a> <a href=turns/001/orders-position2.json>2</a> <td><a href=turns/001/report-position1.pdf>1</a> \n"},
		{"an action", false, indexRow{N: 3, State: "actions/0003/state.json", Events: "actions/0003/events.txt", Move: "P1: BID 9"},
			"<tr><td>3<td><a href=actions/0003/state.json>state</a><td>P1: BID 9<td><a href=actions/0003/events.txt>events</a><td>\n"},
	}
	for _, tc := range tests {
		var b strings.Builder
		if err := indexTemplate.Execute(&b, indexPage{ByTurn: tc.byTurn, Rows: []indexRow{setup, tc.row}}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "<tr><td>0<td><a href=turns/000/state.json>state</a><td colspan=3>the setup\n"+tc.want) {
			t.Errorf("%s: want the rows\n%s\nin\n%s", tc.name, tc.want, b.String())
		}
	}
}
