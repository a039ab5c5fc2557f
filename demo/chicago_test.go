package demo

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store/backend"
	cetitle "github.com/railpost/railpost/titles/chicagoexpress"
)

// TestChicagoExpressByMail plays a whole 4-player Chicago Express game by
// mail through loopback IMAP and SMTP and a real SQLite file: an illegal
// move, a stale move, an undo and a timeout on the way. The final scores
// the pipeline stored equal the engine's, run directly on the same moves.
func TestChicagoExpressByMail(t *testing.T) {
	dir := t.TempDir()
	res, err := Run(context.Background(), cetitle.Title{}, Options{Dir: dir, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Over || res.Unit != "action" || res.Replayed != res.Steps || res.Humans != 4 {
		t.Fatalf("over %v, %d %ss, %d replayed, %d players", res.Over, res.Steps, res.Unit, res.Replayed, res.Humans)
	}
	notes := strings.Join(res.Notes, "\n")
	for _, want := range []string{"An illegal move was answered", "A stale move was answered", "An undo:", "A timeout:", "the engine run directly on the same moves gives"} {
		if !strings.Contains(notes, want) {
			t.Errorf("the moment %q did not happen:\n%s", want, notes)
		}
	}
	if !strings.Contains(notes, "(5, Action C)") || !strings.Contains(notes, "line 1") {
		t.Errorf("the illegal move's reply should point at the line and cite the rule:\n%s", notes)
	}
	// Every demo leaves the same archive: the index, the PDFs that were
	// mailed, every mail.
	for _, f := range []string{"index.html", "archive.json", "record.txt", "actions/0001/state.json", "mail/in/000001.eml", "mail/out/000001.eml"} {
		if _, err := os.Stat(filepath.Join(res.Archive, f)); err != nil {
			t.Errorf("the archive lacks %s", f)
		}
	}
	if pdfs, _ := filepath.Glob(filepath.Join(res.Archive, "actions", "*", "report-position*.pdf")); len(pdfs) != res.Reports {
		t.Errorf("%d PDFs in the archive, %d mailed", len(pdfs), res.Reports)
	}
	if res.Reports == 0 {
		t.Error("no PDF reports were mailed")
	}
	// The mails on disk: a reminder went to the quiet bidder, the illegal
	// move's reply lists the legal moves, and a report reads back.
	st, err := backend.OpenExisting(context.Background(), res.Database)
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
