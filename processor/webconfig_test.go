package processor

import (
	"strings"
	"testing"
)

// TestGamePageInMail: with web.base_url set, a game's notices and
// reports name its page, under the path package web serves it at; other
// mail, and every mail without the setting, does not; a base_url that is
// not a plain http(s) address is refused.
func TestGamePageInMail(t *testing.T) {
	cases := []struct {
		base, kind, game string
		want             string // "" for no page named
		bad              bool
	}{
		{base: "https://example.org/railpost/", kind: "notice", game: "1870-2", want: "https://example.org/railpost/g/1870-2/"},
		{base: "https://example.org", kind: "report", game: "cr-1", want: "https://example.org/g/cr-1/"},
		{base: "https://example.org", kind: "reply", game: "cr-1"},
		{base: "https://example.org", kind: "notice"},
		{base: "", kind: "notice", game: "cr-1"},
		{base: "ftp://example.org", bad: true},
		{base: "https://example.org/?a=b", bad: true},
		{base: "example.org/railpost", bad: true},
	}
	for _, c := range cases {
		cfg := DefaultConfig()
		cfg.Web.BaseURL = c.base
		if err := cfg.Validate(); (err != nil) != c.bad {
			t.Errorf("%q: Validate says %v", c.base, err)
		}
		if c.bad {
			continue
		}
		p := &Processor{Config: cfg}
		m, err := p.compose(composeArgs{kind: c.kind, gameID: c.game, to: []string{"ada@example.org"}, subject: "s", text: "Your move.\n"})
		if err != nil {
			t.Fatal(err)
		}
		raw := strings.ReplaceAll(string(m.Raw), "=\r\n", "")
		named := strings.Contains(raw, "The game's page")
		if named != (c.want != "") || (named && !strings.Contains(raw, c.want)) {
			t.Errorf("%q %s mail of %q: names the page %v, want %q:\n%s", c.base, c.kind, c.game, named, c.want, m.Raw)
		}
	}
}
