package processor

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store/sqlite"
)

// TestGMCommandsWaitForThePass: while a pass holds the lock, every
// command that changes a game is refused from the command line, and the
// game and its log are as they were; once the pass is done, the same
// command goes through.
func TestGMCommandsWaitForThePass(t *testing.T) {
	ctx := context.Background()
	g := newGMGame(t)
	g.mustRun()
	verbs := []string{"PAUSE lunch", "RESUME", "DEADLINE +48h", "SCHEDULE every Friday 18:00", "PROCESS 1", "ROLLBACK 1 again",
		"ADDRESS 2 new@example.org", "HAND 2 COMPUTER", "HAND 3 carol@example.org", "RESEND 1", "RESET 1", "ANNOUNCE hello", "APPROVE ALL",
		"ADJUST 1 cash +5 a refund", "END over"}
	held, err := sqlite.LockFile(g.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	before, err := g.st.ExportGame(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range verbs {
		c, err := gmcmd.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.proc.Command(ctx, g.id, c, GMActor{Name: "cli"}); !errors.Is(err, ErrBusy) {
			t.Errorf("%s during a pass: %v, want a refusal because a pass is running", line, err)
		}
	}
	after, err := g.st.ExportGame(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before.Tables, after.Tables) {
		t.Error("refused commands changed the game's rows")
	}
	held.Release()
	c, _ := gmcmd.Parse("PAUSE lunch")
	if _, err := g.proc.Command(ctx, g.id, c, GMActor{Name: "cli"}); err != nil {
		t.Fatalf("PAUSE after the pass: %v", err)
	}
}

// TestResetGivesANewPassword: RESET mails the player a new password, the
// old one stops working, and the new one does.
func TestResetGivesANewPassword(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	c, _ := gmcmd.Parse("RESET 1")
	if _, err := h.proc.Command(ctx, "t1", c, GMActor{Name: "cli"}); err != nil {
		t.Fatal(err)
	}
	h.mustRun()
	var fresh string
	for _, m := range h.sent() {
		if i := strings.Index(m.Text, "Your password: "); i >= 0 && m.To[0] == "alice@example.org" && strings.Contains(m.Text, "new password") {
			fresh = strings.Fields(m.Text[i+len("Your password: "):])[0]
		}
	}
	if fresh == "" || fresh == "alpha-pass" {
		t.Fatalf("no new password was mailed: %q", fresh)
	}
	h.deliver(orderMail("alice@example.org", "reset-old@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 2\n"))
	h.deliver(orderMail("alice@example.org", "reset-new@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: "+fresh+"\nPICK 4\n"))
	sum := h.mustRun()
	if sum.Rejected != 1 || sum.Accepted != 1 {
		t.Errorf("the old password and then the new: %s; want one refused, one accepted", sum)
	}
	c, _ = gmcmd.Parse("RESET 3")
	if _, err := h.proc.Command(ctx, "t1", c, GMActor{Name: "cli"}); err == nil {
		t.Error("RESET of a computer position was taken")
	}
}
