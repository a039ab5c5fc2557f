package reports

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cr "github.com/railpost/railpost/games/contrails"
)

// playedGame is a computer game from a seed, stopped after some turns,
// with the events of its last turn.
func playedGame(t testing.TB, seed uint64, turns int) (*cr.Map, *cr.State, []cr.Event) {
	t.Helper()
	m, err := cr.LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cr.NewGame(m, cr.Setup{}, rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		t.Fatal(err)
	}
	var events []cr.Event
	for s.Turn <= turns {
		if s, events, err = cr.Resolve(m, s, nil, rand.New(rand.NewPCG(seed, uint64(s.Turn)))); err != nil {
			t.Fatal(err)
		}
	}
	return m, s, events
}

// pdfText reads a PDF back with poppler's pdftotext, keeping the layout.
func pdfText(t testing.TB, pdf []byte) string {
	t.Helper()
	return pdftotext(t, pdf, "-layout")
}

// pdftotext runs poppler's pdftotext on a PDF with the given flags.
func pdftotext(t testing.TB, pdf []byte, flags ...string) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed; .ci/run installs it")
	}
	f := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", append(flags, f, "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext %v: %v", flags, err)
	}
	return string(out)
}

// hasRow reports whether a line of the text starts with the words of row,
// however pdftotext spaced the columns.
func hasRow(text, row string) bool {
	want := strings.Join(strings.Fields(row), " ")
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.Join(strings.Fields(line), " "), want) {
			return true
		}
	}
	return false
}

func presidentOf(s *cr.State) int {
	for _, rr := range s.Railroads {
		if rr.President != 0 {
			return rr.President
		}
	}
	return 1
}

func TestReportHasEverySectionAndTheEngineFigures(t *testing.T) {
	m, s, events := playedGame(t, 5, 12)
	reader := presidentOf(s)
	pdf, err := ContinentalRails{GameID: "cr-9", GameName: "Test", Turn: 12, Map: m, State: s, Events: events, Reader: reader}.PDF()
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Headlines (9.1)", "Player Summary (9.2)", "Railroad Summary (9.3)", "Stock Report (9.4)",
		"Private Companies Available (9.5)", "Private Report (9.6)", "Victory Points (1.2)", "The network", "Your railroads"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	me := s.Player(reader)
	// 9.6: every item of the reader's cash flow is a row with the engine's
	// figure first, and the rows run from his start cash to his end cash.
	flows := s.Record.CashFlow(reader, "")
	if len(flows) == 0 {
		t.Fatal("the reader had no cash flow at all")
	}
	net := int64(0)
	for _, f := range flows {
		net += f.Amount
		if want := f.Item + " " + signedMoney(f.Amount); !hasRow(text, want) {
			t.Errorf("the cash flow lacks the row %q", want)
		}
	}
	for _, want := range []string{"Start cash " + money(me.Cash-net), "End cash " + money(me.Cash)} {
		if !hasRow(text, want) {
			t.Errorf("the cash flow lacks the row %q", want)
		}
	}
	// 9.4: the market columns of every railroad that traded, and the
	// reader's own trades.
	for _, a := range s.Record.Market {
		rr := s.Railroad(a.Railroad)
		want := fmt.Sprintf("%d %s $%d %d %d $%d $%d", rr.Number, rr.Abbr, a.Start, a.Offered, a.Bid, a.Trade, rr.Price)
		if !hasRow(text, want) {
			t.Errorf("the stock report lacks the row %q", want)
		}
	}
	for _, tr := range s.Record.Trades {
		if tr.Player == reader && !strings.Contains(text, tradeText(tr)) {
			t.Errorf("the stock report lacks the reader's trade %q", tradeText(tr))
		}
	}
	if !strings.Contains(text, "The economy and the stock prices") {
		t.Error("the report has no chart page")
	}
	for _, rr := range s.Railroads {
		if !strings.Contains(text, rr.Abbr) {
			t.Errorf("railroad %s is missing", rr.Abbr)
		}
	}
	for _, e := range events {
		if e.VisibleTo == 0 && e.Kind != "note" && !strings.Contains(strings.Join(strings.Fields(text), " "), strings.Join(strings.Fields(e.Text), " ")[:min(30, len(e.Text))]) {
			t.Errorf("headline %q is missing", e.Text)
		}
	}
}

// TestReportsKeepSecrets plants figures only one player may see, then
// proves that they appear in that player's report and in no other.
func TestReportsKeepSecrets(t *testing.T) {
	m, s, events := playedGame(t, 7, 10)
	var rr *cr.Railroad
	for i := range s.Railroads {
		if s.Railroads[i].President != 0 {
			rr = &s.Railroads[i]
			break
		}
	}
	if rr == nil {
		t.Fatal("no railroad has a player President")
	}
	owner := rr.President
	holder := owner%cr.Positions + 1 // someone else, who is not spying
	for _, p := range []int{owner, holder} {
		s.Player(p).SpyPlayer, s.Player(p).SpyRailroad = 0, ""
	}
	rr.PresDebt = 98765 // shown only in the finances of its directors
	if s.Player(holder).Shares == nil {
		s.Player(holder).Shares = map[string]int{}
	}
	s.Player(holder).Shares[rr.Abbr] = 4321
	events = append(events, cr.Event{Kind: "note", VisibleTo: holder, Text: "Your agent reports ZEBRA-CROSSING."})
	render := func(reader int) string {
		pdf, err := ContinentalRails{GameID: "g", GameName: "G", Turn: 10, Map: m, State: s, Events: events, Reader: reader}.PDF()
		if err != nil {
			t.Fatal(err)
		}
		return pdfText(t, pdf)
	}
	isDirector := func(p int) bool {
		for _, d := range rr.Directors {
			if d == p {
				return true
			}
		}
		return p == rr.President
	}
	for p := 1; p <= cr.Positions; p++ {
		text := render(p)
		if got, want := strings.Contains(text, "$98,765"), isDirector(p); got != want {
			t.Errorf("position %d sees %s's confidential figure: %v, want %v", p, rr.Abbr, got, want)
		}
		if got, want := strings.Contains(text, "4321"), p == holder || p == owner; got != want {
			t.Errorf("position %d sees position %d's holding in %s: %v, want %v", p, holder, rr.Abbr, got, want)
		}
		if got, want := strings.Contains(text, "ZEBRA-CROSSING"), p == holder; got != want {
			t.Errorf("position %d sees position %d's private note: %v, want %v", p, holder, got, want)
		}
	}
	// A spy on the holder sees his holdings, and only that spy.
	spy := holder%cr.Positions + 1
	if spy == owner {
		spy = spy%cr.Positions + 1
	}
	s.Player(spy).SpyPlayer, s.Player(spy).SpyRailroad = holder, ""
	if !strings.Contains(render(spy), "4321") {
		t.Errorf("position %d spied on %d but does not see his holding", spy, holder)
	}
}

// TestSameReportSameBytes: a report is a function of the turn, so the
// archive can render it again and get the file that was mailed.
func TestSameReportSameBytes(t *testing.T) {
	m, s, events := playedGame(t, 3, 6)
	made := time.Date(2026, 3, 9, 18, 0, 0, 0, time.UTC)
	var first []byte
	for range 5 {
		pdf, err := ContinentalRails{GameID: "g", GameName: "G", Turn: 6, Map: m, State: s, Events: events, Reader: 1, Made: made}.PDF()
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = pdf
		} else if !bytes.Equal(pdf, first) {
			t.Fatal("the same report rendered twice gave different files")
		}
	}
	if !bytes.Contains(first, []byte("D:20260309180000")) {
		t.Error("the PDF is not dated by the turn's resolution")
	}
}
