package processor

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// TestOneBadRecipientDoesNotHoldUpTheRest: a relay that drops the
// connection at one recipient costs that mail a retry on its own
// schedule, and every other mail still goes out in the same pass.
func TestOneBadRecipientDoesNotHoldUpTheRest(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	to := []string{"first@example.org", "poison@example.org", "third@example.org", "fourth@example.org"}
	err := h.st.Update(ctx, func(tx *store.Tx) error {
		for _, addr := range to {
			m, err := h.proc.compose(composeArgs{kind: "notice", to: []string{addr}, subject: "note " + addr, text: "hello", gameID: "t1"})
			if err != nil {
				return err
			}
			if _, err := tx.QueueMail(ctx, m, h.clock); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	h.smtp.DropOn("poison@example.org")
	sum, _ := h.run()
	var got []string
	for _, m := range h.smtp.Messages() {
		got = append(got, m.To...)
	}
	for _, addr := range []string{"first@example.org", "third@example.org", "fourth@example.org"} {
		if !slices.Contains(got, addr) {
			t.Errorf("%s was not sent in the pass where the relay dropped on another recipient (sent %v; %s)", addr, got, sum)
		}
	}
	box, err := h.st.Outbox(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range box {
		if slices.Contains(m.Recipients, "poison@example.org") && (m.Status != "queued" || m.Attempts != 1 || !strings.Contains(m.LastAnswer, "RCPT")) {
			t.Errorf("the poisoned mail: %s after %d attempts, %q; want queued for a retry", m.Status, m.Attempts, m.LastAnswer)
		}
	}
	// Once the relay is well, the retry goes out at its time.
	h.smtp.DropOn("")
	h.clock = h.clock.Add(2 * time.Hour)
	h.mustRun()
	if n := len(h.smtp.Messages()); n != len(to) {
		t.Errorf("%d mails sent after the retry, want %d", n, len(to))
	}
}
