package processor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigRefusesWhatWouldGoWrongLater: each setting that would fail
// only later, or leak a password, is refused when the file is read, with
// a message that names the option.
func TestConfigRefusesWhatWouldGoWrongLater(t *testing.T) {
	for _, c := range []struct{ toml, want string }{
		{`log_level = "loud"`, "log_level"},
		{"[imap]\naddress = \"mail.example.org:143\"\nsecurity = \"plain\"", "imap.security"},
		{"[smtp]\naddress = \"10.1.2.3:25\"\nsecurity = \"plain\"", "smtp.security"},
		{"[imap]\nsecurity = \"rot13\"", "imap.security"},
		{`pass_timeout = "0s"`, `pass_timeout "0s" must be positive`},
		{`pass_timeout = "-5m"`, `write a duration such as pass_timeout = "10m"`},
		{"[mail]\nbudget = \"0s\"", `mail.budget "0s" must be positive`},
	} {
		f := filepath.Join(t.TempDir(), "railpost.toml")
		if err := os.WriteFile(f, []byte(c.toml), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadConfig(f); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error about %s", c.toml, err, c.want)
		}
	}
	for _, ok := range []string{
		"[imap]\naddress = \"127.0.0.1:1143\"\nsecurity = \"plain\"",
		"[smtp]\naddress = \"localhost:25\"\nsecurity = \"plain\"",
		"[smtp]\naddress = \"[::1]:25\"\nsecurity = \"plain\"",
		`log_level = "debug"`,
		`pass_timeout = "1s"`,
	} {
		f := filepath.Join(t.TempDir(), "railpost.toml")
		if err := os.WriteFile(f, []byte(ok), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadConfig(f); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}
