package mail

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/mail/loopback"
)

// TestStalledServersAreGivenUp checks that no conversation with a mail
// server waits forever: a server that accepts and says nothing fails the
// greeting, an IMAP server that freezes mid-session fails the search, and
// the caller's context ends a session however it is stuck. Each call must
// return; a hang fails the test by the test binary's own timeout.
func TestStalledServersAreGivenUp(t *testing.T) {
	ctx := context.Background()
	silent, err := loopback.StartSilent()
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	frozen, err := loopback.StartFrozenIMAP()
	if err != nil {
		t.Fatal(err)
	}
	defer frozen.Close()
	short := 200 * time.Millisecond

	if _, err := DialIMAP(ctx, IMAPConfig{Address: silent.Addr, Security: SecurityPlain, Timeout: short}); err == nil || !strings.Contains(err.Error(), "greeting") {
		t.Errorf("IMAP from a silent server: %v", err)
	}
	if _, err := DialSMTP(ctx, SMTPConfig{Address: silent.Addr, Security: SecurityPlain, Timeout: short}); err == nil || !strings.Contains(err.Error(), "hello") {
		t.Errorf("SMTP from a silent server: %v", err)
	}
	im, err := DialIMAP(ctx, IMAPConfig{Address: frozen.Addr, Security: SecurityPlain, Username: "u", Password: "p", Timeout: short})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := im.Select("INBOX"); err != nil {
		t.Fatal(err)
	}
	if _, err := im.UIDsAfter(0); err == nil {
		t.Error("a search the server never answers returned no error")
	}
	im.Close()

	// With an hour's timeout, only the context can end it.
	cctx, cancel := context.WithCancel(ctx)
	im, err = DialIMAP(cctx, IMAPConfig{Address: frozen.Addr, Security: SecurityPlain, Username: "u", Password: "p", Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := im.Select("INBOX"); err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(short, cancel)
	if _, err := im.UIDsAfter(0); err == nil {
		t.Error("a search the server never answers returned no error after the context ended")
	}
	im.Close()
}

// TestAQuietPauseBetweenCommandsIsNotAStall: the timeout is for a server
// that does not answer, not for us taking our time between commands (the
// pass stores each fetched mail before it asks for the next batch).
func TestAQuietPauseBetweenCommandsIsNotAStall(t *testing.T) {
	srv, err := loopback.StartIMAP("u", "p")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if err := srv.Deliver("INBOX", []byte("From: a@b.org\r\nSubject: s\r\n\r\nhello\r\n")); err != nil {
		t.Fatal(err)
	}
	im, err := DialIMAP(context.Background(), IMAPConfig{Address: srv.Addr, Security: SecurityPlain, Username: "u", Password: "p", Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	if _, err := im.Select("INBOX"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(600 * time.Millisecond) // busy elsewhere, three timeouts long
	uids, err := im.UIDsAfter(0)
	if err != nil || len(uids) != 1 {
		t.Fatalf("after a quiet pause: %v %v", uids, err)
	}
	if err := im.Mark(uids); err != nil {
		t.Fatal(err)
	}
}
