package processor

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// dovecot is a real Dovecot IMAP server started for one test, on loopback,
// running as an unprivileged user with its own config, state and mail.
type dovecot struct {
	dir  string
	conf string
	addr string
	cred *syscall.Credential
}

const dovecotUser, dovecotPass = "turns", "dovecot-secret"

// startDovecot starts Dovecot, or skips the test where it is not installed.
// RAILPOST_REQUIRE_DOVECOT=1 (set by .ci/run) turns the skip into a failure.
func startDovecot(t *testing.T) *dovecot {
	t.Helper()
	bin, err := exec.LookPath("dovecot")
	if err != nil {
		for _, p := range []string{"/usr/sbin/dovecot", "/usr/local/sbin/dovecot"} {
			if _, e := os.Stat(p); e == nil {
				bin, err = p, nil
			}
		}
	}
	if err != nil {
		if os.Getenv("RAILPOST_REQUIRE_DOVECOT") != "" {
			t.Fatal("Dovecot is required here (RAILPOST_REQUIRE_DOVECOT) but not installed: apt-get install -y dovecot-imapd")
		}
		t.Skip("Dovecot is not installed (apt-get install -y dovecot-imapd); skipping the end-to-end test")
	}
	// Run as ourselves, or, when we are root, as nobody: Dovecot then never
	// holds privileges it does not need.
	uid, gid := os.Getuid(), os.Getgid()
	var cred *syscall.Credential
	if uid == 0 {
		nobody, err := user.Lookup("nobody")
		if err != nil {
			t.Fatal(err)
		}
		uid, _ = strconv.Atoi(nobody.Uid)
		gid, _ = strconv.Atoi(nobody.Gid)
		cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	}
	userName := "nobody"
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil {
		userName = u.Username
	}
	groupName := userName
	if g, err := user.LookupGroupId(strconv.Itoa(gid)); err == nil {
		groupName = g.Name
	}
	dir, err := os.MkdirTemp("", "railpost-dovecot-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	d := &dovecot{dir: dir, conf: filepath.Join(dir, "dovecot.conf"), addr: fmt.Sprintf("127.0.0.1:%d", port), cred: cred}
	conf := fmt.Sprintf(`
instance_name = railpost-test-%[6]d
base_dir = %[1]s/run
state_dir = %[1]s/state
log_path = %[1]s/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
default_internal_user = %[2]s
default_internal_group = %[3]s
default_login_user = %[2]s
first_valid_uid = 1
mail_location = maildir:%[1]s/mail/%%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%%u %[1]s/passwd
}
userdb {
  driver = static
  args = uid=%[4]d gid=%[5]d home=%[1]s/home/%%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = %[6]d
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
namespace inbox {
  inbox = yes
  separator = /
}
`, dir, userName, groupName, uid, gid, port)
	files := map[string]string{
		"dovecot.conf": conf,
		"passwd":       fmt.Sprintf("%s:{PLAIN}%s::::::\n", dovecotUser, dovecotPass),
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, sub := range []string{"run", "state", "mail", "home"} {
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
	}
	if cred != nil {
		filepath.Walk(dir, func(p string, _ os.FileInfo, _ error) error { return os.Lchown(p, uid, gid) })
	}
	cmd := exec.Command(bin, "-F", "-c", d.conf)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Setpgid: true}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start dovecot: %v", err)
	}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
	})
	for i := 0; ; i++ {
		c, err := net.Dial("tcp", d.addr)
		if err == nil {
			c.Close()
			break
		}
		if i > 200 {
			log, _ := os.ReadFile(filepath.Join(dir, "dovecot.log"))
			t.Fatalf("dovecot did not start: %v\n%s\n%s", err, out.String(), log)
		}
		time.Sleep(25 * time.Millisecond)
	}
	return d
}

// deliver hands a message to Dovecot's delivery agent, as the MTA would.
func (d *dovecot) deliver(t *testing.T, raw string) {
	t.Helper()
	lda := "/usr/lib/dovecot/dovecot-lda"
	if _, err := os.Stat(lda); err != nil {
		t.Fatalf("dovecot-lda not found: %v", err)
	}
	cmd := exec.Command(lda, "-c", d.conf, "-d", dovecotUser, "-f", "sender@example.org")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: d.cred}
	cmd.Stdin = strings.NewReader(strings.ReplaceAll(raw, "\r\n", "\n"))
	if out, err := cmd.CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(d.dir, "dovecot.log"))
		t.Fatalf("dovecot-lda: %v\n%s\n%s", err, out, log)
	}
}

// TestEndToEndWithDovecot delivers mail into a real Dovecot, runs passes
// against it, and checks the replies at the SMTP server and what is left on
// the IMAP server.
func TestEndToEndWithDovecot(t *testing.T) {
	d := startDovecot(t)
	// Dovecot stamps real arrival times, so this game runs on the real clock.
	now := time.Now().UTC()
	h := newHarness(t, func(g *store.Game) { g.Deadline = now.Add(7 * 24 * time.Hour) })
	h.clock = now
	h.proc.Config.IMAP.Address = d.addr
	h.proc.Config.IMAP.Username, h.proc.Config.IMAP.Password = dovecotUser, dovecotPass
	h.proc.Config.IMAP.MoveTo = "Railpost/Processed"

	d.deliver(t, orderMail("Alice <alice@example.org>", "dc-a1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\n\nPICK 7\n"))
	d.deliver(t, orderMail("bob@example.org", "dc-b1@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: wrong\nPICK 3\n"))
	d.deliver(t, "From: MAILER-DAEMON@example.org\nTo: gm@railpost.test\nSubject: Undelivered Mail\nAuto-Submitted: auto-replied\nMessage-ID: <dc-bounce@example.org>\n\nbounce\n")
	sum := h.mustRun()
	if sum.Fetched != 3 || sum.Accepted != 1 || sum.Rejected != 1 || sum.Ignored != 1 {
		t.Fatalf("pass against Dovecot: %s", sum)
	}
	sent := h.sent()
	if len(sent) != 2 {
		t.Fatalf("%d replies, want 2 (the bounce gets none)", len(sent))
	}
	byTo := map[string]string{}
	for _, m := range sent {
		byTo[m.To[0]] = m.Text
	}
	if !strings.Contains(byTo["alice@example.org"], "PICK 7") || !strings.Contains(byTo["bob@example.org"], "password is wrong") {
		t.Fatalf("replies: %v", byTo)
	}

	// The processed mail was moved out of INBOX on the server.
	im, err := mail.DialIMAP(context.Background(), h.proc.Config.IMAPSettings())
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	inbox, err := im.Select("INBOX")
	if err != nil {
		t.Fatal(err)
	}
	done, err := im.Select("Railpost/Processed")
	if err != nil {
		t.Fatal(err)
	}
	if inbox.Messages != 0 || done.Messages != 3 {
		t.Fatalf("INBOX has %d, Railpost/Processed has %d; want 0 and 3", inbox.Messages, done.Messages)
	}

	// Bob gets it right; the turn resolves; nothing old is read again.
	d.deliver(t, orderMail("bob@example.org", "dc-b2@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 3\n"))
	sum = h.mustRun()
	if sum.Fetched != 1 || sum.Accepted != 1 || sum.Resolved != 1 || sum.Sent != 3 {
		t.Fatalf("second pass against Dovecot: %s", sum)
	}
}

// appender delivers mail into Dovecot's INBOX by IMAP APPEND, which sets
// the arrival time, as an MTA's delivery stamps it: the corpus's late
// mail must arrive after its deadline on the harness's clock.
func (d *dovecot) appender(t *testing.T) corpusDeliver {
	t.Helper()
	c, err := imapclient.DialInsecure(d.addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login(dovecotUser, dovecotPass).Wait(); err != nil {
		t.Fatal(err)
	}
	return func(raw []byte, at time.Time) error {
		cmd := c.Append("INBOX", int64(len(raw)), &imap.AppendOptions{Time: at})
		if _, err := cmd.Write(raw); err != nil {
			return fmt.Errorf("append: %w", err)
		}
		if err := cmd.Close(); err != nil {
			return fmt.Errorf("append: %w", err)
		}
		if _, err := cmd.Wait(); err != nil {
			return fmt.Errorf("append: %w", err)
		}
		return nil
	}
}

// TestMailCorpusThroughDovecot runs the whole corpus (TestMailCorpus)
// through a real Dovecot: each message appended to its INBOX, a pass run,
// and the same expectations checked; processed mail is moved out of the
// INBOX as a real installation does.
func TestMailCorpusThroughDovecot(t *testing.T) {
	d := startDovecot(t)
	h := newHarness(t, func(g *store.Game) { g.Turn = 3; g.Early = false })
	h.proc.Config.IMAP.Address = d.addr
	h.proc.Config.IMAP.Username, h.proc.Config.IMAP.Password = dovecotUser, dovecotPass
	h.proc.Config.IMAP.MoveTo = "Railpost/Processed"
	runCorpus(t, h, d.appender(t))
}
