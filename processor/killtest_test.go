package processor

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// TestRandomKillsOnDovecot delivers 50 mails into a real Dovecot and runs
// passes over them, killing each with SIGKILL at a random moment, until
// RAILPOST_KILLS passes have been killed; then it lets passes finish and
// counts what was lost (a mail on the server never stored, or stored and
// never judged) and what was repeated (a mail stored twice, a reply queued
// twice), which fail it, and the replies delivered twice, which it counts
// only: a kill between the server's 250 and its record may resend one,
// with the same Message-ID (README). It is long and needs Dovecot, so it
// runs only when asked: scripts/killtest.sh runs it.
func TestRandomKillsOnDovecot(t *testing.T) {
	kills, _ := strconv.Atoi(os.Getenv("RAILPOST_KILLS"))
	if kills <= 0 {
		t.Skip("set RAILPOST_KILLS=N (scripts/killtest.sh) to kill N passes at random on Dovecot")
	}
	d := startDovecot(t)
	now := time.Now().UTC()
	h := newHarness(t, func(g *store.Game) { g.Deadline = now.Add(7 * 24 * time.Hour); g.Early = false })
	h.clock = now
	h.proc.Config.IMAP.Address = d.addr
	h.proc.Config.IMAP.Username, h.proc.Config.IMAP.Password = dovecotUser, dovecotPass
	h.proc.Config.IMAP.MoveTo = "Railpost/Processed"
	const mails = 50
	for i := range mails {
		who, pw := "alice@example.org", "alpha-pass"
		if i%2 == 1 {
			who, pw = "bob@example.org", "bravo-pass"
		}
		d.deliver(t, orderMail(who, fmt.Sprintf("kill-%d@example.org", i), fmt.Sprintf("GAME: t1\nPOSITION: %d\nPASSWORD: %s\nPICK %d\n", 1+i%2, pw, 1+i%10)))
	}
	rng := rand.New(rand.NewPCG(uint64(now.UnixNano()), 1))
	killed := 0
	for runs := 0; killed < kills && runs < 20*kills; runs++ {
		c := h.child()
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.IntN(400)) * time.Millisecond)
		if c.Process.Signal(syscall.SIGKILL) == nil {
			killed++
		}
		c.Wait()
	}
	for range 5 { // passes run to the end
		c := h.child()
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("a last pass failed: %v\n%s", err, out)
		}
	}
	db, err := sql.Open("sqlite", h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	count := func(q string) int {
		var n int
		if err := db.QueryRowContext(context.Background(), q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	stored := count(`SELECT COUNT(DISTINCT message_id) FROM inbox`)
	rows := count(`SELECT COUNT(*) FROM inbox`)
	unjudged := count(`SELECT COUNT(*) FROM inbox WHERE status = 'new'`)
	replies := count(`SELECT COUNT(*) FROM outbox WHERE kind = 'reply'`)
	repliedTwice := count(`SELECT COUNT(*) FROM (SELECT inbox_id FROM outbox WHERE kind = 'reply' GROUP BY inbox_id HAVING COUNT(*) > 1)`)
	delivered := map[string]int{}
	for _, m := range h.sent() {
		delivered[m.Mail.MessageID]++
	}
	deliveredTwice := 0
	for _, n := range delivered {
		if n > 1 {
			deliveredTwice++
		}
	}
	t.Logf("%d passes killed at random over %d mails: %d stored (%d rows), %d lost, %d never judged, %d replies queued, %d queued twice, %d replies delivered twice (the same Message-ID)",
		killed, mails, stored, rows, mails-stored, unjudged, replies, repliedTwice, deliveredTwice)
	if stored != mails || rows != mails || unjudged != 0 || replies != mails || repliedTwice != 0 {
		t.Errorf("mail was lost or repeated")
	}
}
