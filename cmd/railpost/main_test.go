package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	crtitle "github.com/railpost/railpost/titles/contrails"

	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/mail/loopback"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
)

func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = realMain(context.Background(), args, &o, &e)
	return code, o.String(), e.String()
}

func TestHelpForEveryCommand(t *testing.T) {
	for _, c := range commands() {
		args := []string{c.name, "--help"}
		if c.name == "version" {
			args = []string{c.name}
		}
		code, out, errOut := run(t, args...)
		if code != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
		if !strings.Contains(out+errOut, "railpost") {
			t.Errorf("%v printed no usage:\n%s%s", args, out, errOut)
		}
	}
	if code, _, _ := run(t, "frobnicate"); code != 2 {
		t.Errorf("unknown command exit %d, want 2", code)
	}
	if code, _, _ := run(t, "run", "--no-such-flag"); code != 2 {
		t.Errorf("bad flag exit %d, want 2", code)
	}
	if code, out, _ := run(t, "--version"); code != 0 || !strings.HasPrefix(out, "railpost ") {
		t.Errorf("--version: %d %q", code, out)
	}
}

func TestInitThenRunOnTheExampleConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "railpost.toml")
	code, out, errOut := run(t, "init", "--config", cfg)
	if code != 0 {
		t.Fatalf("init: %d %s %s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "railpost.db")); err != nil {
		t.Fatalf("init made no database beside the config: %v", err)
	}
	if code, out, _ = run(t, "init", "--config", cfg); code != 0 || !strings.Contains(out, "leaving it alone") {
		t.Fatalf("second init: %d %s", code, out)
	}
	if code, out, errOut = run(t, "run", "--config", cfg); code != 0 {
		t.Fatalf("run on the example config: %d %s %s", code, out, errOut)
	}
	st, err := backend.Open(context.Background(), filepath.Join(dir, "railpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if passes, _ := st.Passes(context.Background()); len(passes) != 1 || passes[0].Status != store.PassOK {
		t.Fatalf("pass log: %+v", passes)
	}
}

// TestExampleConfigIsDocumented keeps README.md, the example config and the
// Config type in step: every option in one is in the others.
func TestExampleConfigIsDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	keyRE := regexp.MustCompile(`(?m)^([a-z_]+)\s*=`)
	section := ""
	n := 0
	for _, line := range strings.Split(string(exampleConfig), "\n") {
		if strings.HasPrefix(line, "[") {
			section = strings.Trim(line, "[] ") + "."
			continue
		}
		m := keyRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n++
		if !bytes.Contains(readme, []byte("`"+section+m[1]+"`")) {
			t.Errorf("README.md does not document `%s%s`", section, m[1])
		}
	}
	if n < 20 {
		t.Fatalf("only %d options found in the example config", n)
	}
	// The example must load, and must say what the defaults are.
	f := filepath.Join(t.TempDir(), "railpost.toml")
	os.WriteFile(f, exampleConfig, 0o600)
	got, err := processor.LoadConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	want := processor.DefaultConfig()
	want.Database = filepath.Join(filepath.Dir(f), want.Database)
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
		t.Errorf("the example config is not the defaults:\n got %+v\nwant %+v", got, want)
	}
}

func TestMailTestAgainstLoopbackServers(t *testing.T) {
	im, err := loopback.StartIMAP("gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	sm, err := loopback.StartSMTP("gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer sm.Close()
	im.Deliver("INBOX", []byte("From: a@b\r\nSubject: x\r\n\r\nhi\r\n"))
	dir := t.TempDir()
	cfg := filepath.Join(dir, "railpost.toml")
	write := func(imapPW string) {
		os.WriteFile(cfg, []byte(fmt.Sprintf(`
[imap]
address = %q
security = "plain"
username = "gm"
password = %q
[smtp]
address = %q
security = "plain"
username = "gm"
password = "pw"
`, im.Addr, imapPW, sm.Addr)), 0o600)
	}
	write("pw")
	code, out, _ := run(t, "mail", "test", "--config", cfg)
	if code != 0 || !strings.Contains(out, "mailbox INBOX: 1 messages") || !strings.Contains(out, "mail settings work") {
		t.Fatalf("mail test: %d\n%s", code, out)
	}
	write("wrong")
	code, out, _ = run(t, "mail", "test", "--config", cfg)
	if code != 1 || !strings.Contains(out, "FAILED: imap login") {
		t.Fatalf("mail test with a wrong password: %d\n%s", code, out)
	}
	if len(sm.Messages()) != 0 {
		t.Error("mail test sent mail")
	}
}

// TestDaemonFinishesThePassInFlightOnSIGTERM runs the real binary.
func TestDaemonFinishesThePassInFlightOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "railpost")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cfg := filepath.Join(dir, "railpost.toml")
	if code, out, e := run(t, "init", "--config", cfg); code != 0 {
		t.Fatal(out, e)
	}
	cmd := exec.Command(bin, "daemon", "--every", "1s", "--config", cfg)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	st, err := backend.Open(context.Background(), filepath.Join(dir, "railpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// Wait for two passes, then stop it.
	for i := 0; ; i++ {
		p, _ := st.Passes(context.Background())
		if len(p) >= 2 {
			break
		}
		if i > 200 {
			cmd.Process.Kill()
			t.Fatalf("daemon ran no passes:\n%s", out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("daemon exit: %v\n%s", err, out.String())
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("daemon ignored SIGTERM:\n%s", out.String())
	}
	passes, _ := st.Passes(context.Background())
	for _, p := range passes {
		if p.Status != store.PassOK {
			t.Errorf("pass %d ended %s: the daemon did not finish it", p.ID, p.Status)
		}
	}
	if !strings.Contains(out.String(), "daemon stopped") {
		t.Errorf("no stop message:\n%s", out.String())
	}
}

// TestReportRendersFromTheArchive plays a turn of a Continental Rails game
// with `railpost run`, then renders a report of it with `railpost report`.
func TestReportRendersFromTheArchive(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed; .ci/run installs it")
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "railpost.toml")
	if code, out, e := run(t, "init", "--config", cfg); code != 0 {
		t.Fatal(out, e)
	}
	ctx := context.Background()
	st, err := backend.Open(ctx, filepath.Join(dir, "railpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := titles()
	if err != nil {
		t.Fatal(err)
	}
	var pos []store.Position
	for n := 1; n <= 15; n++ {
		pos = append(pos, store.Position{Number: n, Name: fmt.Sprintf("Tycoon %d", n)})
	}
	now := time.Now().UTC()
	g := store.Game{ID: "cr-7", Title: crtitle.Name, Name: "Archive", Seed: 7, TimeZone: "UTC", Deadline: now.Add(-time.Minute), Period: 7 * 24 * time.Hour}
	if err := processor.CreateGame(ctx, st, ts[g.Title], g, pos, now); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if code, out, e := run(t, "run", "--config", cfg); code != 0 || !strings.Contains(out, "turns resolved 1") {
		t.Fatalf("run: %d %s %s", code, out, e)
	}
	out := filepath.Join(dir, "r.pdf")
	code, stdout, stderr := run(t, "report", "--config", cfg, "--game", "cr-7", "--position", "4", "--out", out)
	if code != 0 || !strings.Contains(stdout, "turn 1, position 4") {
		t.Fatalf("report: %d %s %s", code, stdout, stderr)
	}
	text, err := exec.Command("pdftotext", out, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "(cr-7) - turn 1 report for") || !strings.Contains(string(text), ", position 4") {
		t.Errorf("the rendered report is not position 4's of turn 1:\n%.300s", text)
	}
	for _, bad := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--game", "cr-7", "--position", "4", "--turn", "5"}, 1, "there is no report of turn 5"},
		{[]string{"--game", "cr-7", "--position", "16"}, 1, "position cr-7/16"},
		{[]string{"--game", "nope", "--position", "1"}, 1, `game "nope"`},
		{[]string{"--position", "1"}, 2, "--game and --position are required"},
	} {
		code, _, stderr := run(t, append([]string{"report", "--config", cfg, "--out", filepath.Join(dir, "x.pdf")}, bad.args...)...)
		if code != bad.code || !strings.Contains(stderr, bad.want) {
			t.Errorf("report %v: exit %d, %q; want exit %d and %q", bad.args, code, stderr, bad.code, bad.want)
		}
	}
	if code, out, _ := run(t, "records", "--config", cfg); code != 0 || !strings.Contains(out, "no contrails game has ended") {
		t.Errorf("records before any game ended: %d %s", code, out)
	}
	missing := filepath.Join(dir, "elsewhere.db")
	if code, _, _ := run(t, "report", "--config", cfg, "--db", missing, "--game", "cr-7", "--position", "1"); code != 1 {
		t.Errorf("report on a missing database: exit %d", code)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("report created a database at a mistyped path")
	}
}

func TestParseInterspersed(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		db    string
		names []string
	}{
		{[]string{"cr-1"}, "", []string{"cr-1"}},
		{[]string{"cr-1", "--db", "x.db"}, "x.db", []string{"cr-1"}},
		{[]string{"--db=x.db", "cr-1"}, "x.db", []string{"cr-1"}},
		{[]string{"cr-1", "--", "--db"}, "", []string{"cr-1", "--db"}},
	} {
		fs, c := newFlags("t", "t", io.Discard)
		if _, ok := parseInterspersed(fs, tc.args); !ok {
			t.Errorf("%q did not parse", tc.args)
			continue
		}
		if c.db != tc.db || !slices.Equal(fs.Args(), tc.names) {
			t.Errorf("%q: db %q, names %q; want %q and %q", tc.args, c.db, fs.Args(), tc.db, tc.names)
		}
	}
}
