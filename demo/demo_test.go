package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemoPlaysThroughThePipe runs a short demo and reads back what it
// left: the summary, the mail counts, the archive and a report PDF.
func TestDemoPlaysThroughThePipe(t *testing.T) {
	dir := t.TempDir()
	var progress bytes.Buffer
	res, err := Run(context.Background(), Options{Dir: dir, Turns: 4, Humans: 2, Seed: 3, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	if res.Turns != 4 || res.Replayed != 4 || res.Over {
		t.Errorf("turns %d, replayed %d, over %v; want 4, 4, false", res.Turns, res.Replayed, res.Over)
	}
	// Each human sends a sheet a turn, and one garbled sheet before its fix.
	if res.MailsIn != 4*2+1 || res.Reports != 4*2 {
		t.Errorf("mails in %d, reports %d; want 9 and 8", res.MailsIn, res.Reports)
	}
	if len(res.Rejected) != 1 || !strings.Contains(res.Rejected[0], "BORROW: a few thousand") {
		t.Errorf("the error reply to the garbled sheet: %q", res.Rejected)
	}
	if len(res.Winners) != 7 {
		t.Errorf("winners in %d categories, want 7: %+v", len(res.Winners), res.Winners)
	}
	if got := strings.Count(progress.String(), "resolved"); got != 4 {
		t.Errorf("%d progress lines, want 4:\n%s", got, progress.String())
	}
	var saved Result
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &saved); err != nil || saved.Reports != res.Reports || saved.Example != res.Example {
		t.Errorf("summary.json: %+v %v", saved, err)
	}
	outbox, err := filepath.Glob(filepath.Join(dir, "archive", "mail", "out", "*.eml"))
	if err != nil || len(outbox) != res.MailsOut {
		t.Errorf("%d mails out in the archive, the SMTP server took %d (%v)", len(outbox), res.MailsOut, err)
	}
	summary := res.Summary()
	for _, want := range []string{"4 turns played", "Leaders by category", res.Example, "identical to the archive"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the summary lacks %q:\n%s", want, summary)
		}
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed; .ci/run installs it")
	}
	text, err := exec.Command("pdftotext", res.Example, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "turn 4 report for") {
		t.Errorf("the example report is not turn 4's:\n%.400s", text)
	}

	// A second demo in the same folder replaces the first.
	again, err := Run(context.Background(), Options{Dir: dir, Turns: 1, Humans: 1})
	if err != nil {
		t.Fatal(err)
	}
	if again.Turns != 1 || again.Reports != 1 {
		t.Errorf("the second demo: %+v", again)
	}
}

func TestDemoRefusesBadOptions(t *testing.T) {
	for _, o := range []Options{{Humans: 16}, {Humans: -1}, {Turns: -2}} {
		o.Dir = t.TempDir()
		if _, err := Run(context.Background(), o); err == nil {
			t.Errorf("%+v was accepted", o)
		}
	}
}
