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

	"github.com/railpost/railpost/processor/title"
	cetitle "github.com/railpost/railpost/titles/chicagoexpress"
	crtitle "github.com/railpost/railpost/titles/contrails"
)

// TestDemoPlaysThroughThePipe runs a short demo and reads back what it
// left: the summary, the mail counts, the archive and a report PDF.
func TestDemoPlaysThroughThePipe(t *testing.T) {
	dir := t.TempDir()
	var progress bytes.Buffer
	res, err := Run(context.Background(), continentalRails(t), Options{Dir: dir, Limit: 4, Humans: 2, Seed: 3, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps != 4 || res.Replayed != 4 || res.Over || res.Unit != "turn" {
		t.Errorf("%ss %d, replayed %d, over %v; want 4 turns, 4, false", res.Unit, res.Steps, res.Replayed, res.Over)
	}
	// Each human sends a sheet a turn, and one garbled sheet before its fix.
	if res.MailsIn != 4*2+1 || res.Reports != 4*2 {
		t.Errorf("mails in %d, reports %d; want 9 and 8", res.MailsIn, res.Reports)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "BORROW: a few thousand") {
		t.Errorf("the error reply to the garbled sheet: %q", res.Notes)
	}
	if len(res.Leaders) != 7 {
		t.Errorf("leaders in %d categories, want 7: %+v", len(res.Leaders), res.Leaders)
	}
	if got := strings.Count(progress.String(), "turn "); got != 4 {
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
	again, err := Run(context.Background(), continentalRails(t), Options{Dir: dir, Limit: 1, Humans: 1})
	if err != nil {
		t.Fatal(err)
	}
	if again.Steps != 1 || again.Reports != 1 {
		t.Errorf("the second demo: %+v", again)
	}
}

func TestDemoRefusesBadOptions(t *testing.T) {
	for _, c := range []struct {
		t title.Title
		o Options
	}{
		{continentalRails(t), Options{Humans: 16}}, {continentalRails(t), Options{Humans: -1}}, {continentalRails(t), Options{Limit: -2}},
		{cetitle.Title{}, Options{Humans: 7}}, {cetitle.Title{}, Options{Humans: 1}},
		{undemonstrated{}, Options{}},
	} {
		c.o.Dir = t.TempDir()
		if _, err := Run(context.Background(), c.t, c.o); err == nil {
			t.Errorf("%s %+v was accepted", c.t.Name(), c.o)
		}
	}
}

// undemonstrated is a title with no demo script.
type undemonstrated struct{}

func (undemonstrated) Name() string      { return "nodemo" }
func (undemonstrated) Prefix() string    { return "nd" }
func (undemonstrated) Seats() (int, int) { return 2, 2 }

func continentalRails(t *testing.T) title.Title {
	t.Helper()
	c, err := crtitle.New()
	if err != nil {
		t.Fatal(err)
	}
	return c
}
