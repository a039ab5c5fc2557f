package demo

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// TestChicagoExpressByMail plays a whole 4-player Chicago Express game by
// mail through loopback IMAP and SMTP and a real SQLite file: an illegal
// move, a stale move, an undo and a timeout on the way. The final scores
// the pipeline stored equal the engine's, run directly on the same moves.
func TestChicagoExpressByMail(t *testing.T) {
	dir := t.TempDir()
	res, err := RunChicago(context.Background(), Options{Dir: dir, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Over || len(res.Scores) != 4 || !slices.Equal(res.Scores, res.Direct) {
		t.Fatalf("over %v, scores %v, direct %v", res.Over, res.Scores, res.Direct)
	}
	for name, got := range map[string]string{"illegal": res.Illegal, "stale": res.Stale, "undo": res.Undo, "timeout": res.Timeout} {
		if got == "" {
			t.Errorf("the %s moment did not happen", name)
		}
	}
	if !strings.Contains(res.Illegal, "(5, Action C)") || !strings.Contains(res.Illegal, "line 1") {
		t.Errorf("the illegal move's reply should point at the line and cite the rule: %q", res.Illegal)
	}
	if res.Reports == 0 {
		t.Error("no PDF reports were mailed")
	}
	// The mails on disk: a reminder went to the quiet bidder, the illegal
	// move's reply lists the legal moves, and a report reads back.
	st, err := store.OpenExisting(context.Background(), res.Database)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	outbox, err := st.Outbox(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var reminded, listed bool
	var pdf []byte
	for _, o := range outbox {
		m, err := orders.ReadMail(o.Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		reminded = reminded || strings.Contains(m.Subject, "Reminder: your move")
		if strings.Contains(m.Subject, "Move not accepted") && strings.Contains(m.Text, "DEVELOP A2") {
			listed = strings.Contains(m.Text, "Your legal moves") && strings.Contains(m.Text, "PASS AUCTION")
		}
		atts, err := mail.ReadAttachments(o.Raw)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range atts {
			if strings.HasSuffix(a.Name, ".pdf") {
				pdf = a.Data
			}
		}
	}
	if !reminded || !listed {
		t.Errorf("reminder sent %v; illegal reply lists the legal moves %v", reminded, listed)
	}
	if pdf == nil {
		t.Fatal("no PDF attachment found")
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed; .ci/run installs it")
	}
	f := filepath.Join(dir, "r.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", f, "-").Output()
	if err != nil || !strings.Contains(string(out), "Chicago Express") || !strings.Contains(string(out), "Pennsylvania Railroad") {
		t.Errorf("the report does not read back: %v\n%s", err, out)
	}
}
