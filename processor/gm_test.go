package processor

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
)

func TestParseDeadline(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	now := time.Date(2026, 3, 2, 12, 0, 0, 0, chicago).UTC()
	g := store.Game{TimeZone: "America/Chicago", Deadline: time.Date(2026, 3, 6, 18, 0, 0, 0, chicago).UTC()}
	for _, tc := range []struct {
		in   string
		want time.Time
		bad  string
	}{
		{in: "2026-03-16 18:00", want: time.Date(2026, 3, 16, 18, 0, 0, 0, chicago)},
		{in: "+48h", want: time.Date(2026, 3, 8, 19, 0, 0, 0, chicago)}, // 48 hours across the spring change
		{in: "+3d", want: time.Date(2026, 3, 9, 18, 0, 0, 0, chicago)},  // three days keep the wall clock
		{in: "NONE"},
		{in: "2026-03-01 18:00", bad: "not in the future"},
		{in: "next Tuesday", bad: "write the date and time"},
		{in: "+soon", bad: "write +3d, +48h or +90m"},
	} {
		got, err := parseDeadline(g, tc.in, now)
		if tc.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tc.bad) {
				t.Errorf("%q: error %v, want one saying %q", tc.in, err, tc.bad)
			}
			continue
		}
		if err != nil || !got.Equal(tc.want) {
			t.Errorf("%q: %s %v, want %s", tc.in, got.In(chicago), err, tc.want)
		}
	}
}

// TestRepeatedMissesAreReportedToTheGM: one missed turn is the player's
// business; two in a row, and the game master hears of it.
func TestRepeatedMissesAreReportedToTheGM(t *testing.T) {
	h := newHarness(t, func(g *store.Game) { g.GMAddress = "referee@example.org" })
	h.deliver(orderMail("alice@example.org", "a1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 3\n"))
	g, _ := h.st.Game(t.Context(), "t1")
	h.clock = g.Deadline.Add(time.Minute)
	h.mustRun() // turn 1: Bob's first miss
	toGM := func() []sentMail {
		var out []sentMail
		for _, m := range h.sent() {
			if m.To[0] == "referee@example.org" {
				out = append(out, m)
			}
		}
		return out
	}
	if n := len(toGM()); n != 0 {
		t.Fatalf("the GM was mailed after one miss: %d mails", n)
	}
	h.deliver(orderMail("alice@example.org", "a2@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 4\n"))
	h.clock = h.clock.Add(7 * 24 * time.Hour)
	h.mustRun() // turn 2: Bob's second
	mails := toGM()
	if len(mails) != 1 || !strings.Contains(mails[0].Text, "Position 2 (bob@example.org) has sent no orders for 2 turns in a row") ||
		strings.Contains(mails[0].Text, "Position 1") {
		t.Fatalf("GM mails after Bob's second miss: %+v", mails)
	}
}

// TestGMReadsAHandBuiltCommandAsText: a command built in code, not parsed,
// is checked as its text would be, and never reaches a case short of the
// arguments it needs.
func TestGMReadsAHandBuiltCommandAsText(t *testing.T) {
	h := newHarness(t)
	for _, c := range []gmcmd.Command{{Verb: "HAND"}, {Verb: "ADJUST", Rest: "1 cash"}, {Verb: "hand", Rest: "3"}, {Verb: "NOPE"}} {
		if said, err := h.proc.GM(context.Background(), "t1", c, GMActor{Name: "cli"}); err == nil {
			t.Errorf("%+v was carried out: %s", c, said)
		}
	}
	said, err := h.proc.GM(context.Background(), "t1", gmcmd.Command{Verb: "pause", Rest: "a holiday"}, GMActor{Name: "cli"})
	if err != nil || !strings.Contains(said, "paused") {
		t.Errorf("PAUSE built by hand: %q %v", said, err)
	}
}
