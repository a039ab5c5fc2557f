package processor

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/store"
)

func TestParseSchedule(t *testing.T) {
	for _, tc := range []struct {
		in   string
		days []time.Weekday
		h, m int
		bad  string
	}{
		{in: "every Monday 18:00", days: []time.Weekday{time.Monday}, h: 18},
		{in: "Every Mon,Thu 20:30", days: []time.Weekday{time.Monday, time.Thursday}, h: 20, m: 30},
		{in: "every tues and fridays at 7:05", days: []time.Weekday{time.Tuesday, time.Friday}, h: 7, m: 5},
		{in: "every day 00:00", days: []time.Weekday{0, 1, 2, 3, 4, 5, 6}},
		{in: "every weekday 12:00", days: []time.Weekday{1, 2, 3, 4, 5}, h: 12},
		{in: "Monday 18:00", bad: `must start with "every"`},
		{in: "every Moonday 18:00", bad: `"moonday" is not a day`},
		{in: "every Monday 6pm", bad: `"6pm" is not a time of day`},
		{in: "every Monday 24:00", bad: `"24:00" is not a time of day`},
		{in: "every 18:00", bad: `must start with "every", then the days`},
	} {
		sc, err := ParseSchedule(tc.in)
		if tc.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tc.bad) {
				t.Errorf("%q: error %v, want one saying %q", tc.in, err, tc.bad)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		var want [7]bool
		for _, d := range tc.days {
			want[d] = true
		}
		if sc.Days != want || sc.Hour != tc.h || sc.Minute != tc.m {
			t.Errorf("%q: got %+v", tc.in, sc)
		}
	}
}

// TestDeadlinesAcrossDST: a weekly deadline keeps its wall-clock time in
// the game's zone when the clocks change, in spring and in autumn, so the
// instant moves by an hour in UTC.
func TestDeadlinesAcrossDST(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		schedule string
		now      time.Time // just after a deadline
		want     time.Time
	}{
		// 2026: DST starts Sunday 8 March, ends Sunday 1 November.
		{"spring forward", "every Monday 18:00", time.Date(2026, 3, 2, 18, 1, 0, 0, chicago), time.Date(2026, 3, 9, 18, 0, 0, 0, chicago)},
		{"fall back", "every Monday 18:00", time.Date(2026, 10, 26, 18, 1, 0, 0, chicago), time.Date(2026, 11, 2, 18, 0, 0, 0, chicago)},
		{"the night of the change", "every Sunday 01:30", time.Date(2026, 10, 25, 2, 0, 0, 0, chicago), time.Date(2026, 11, 1, 1, 30, 0, 0, chicago)},
		{"a time the spring change skips", "every Sunday 02:30", time.Date(2026, 3, 1, 3, 0, 0, 0, chicago), time.Date(2026, 3, 8, 3, 30, 0, 0, chicago)},
	} {
		g := store.Game{TimeZone: "America/Chicago", Schedule: tc.schedule}
		got := NextDeadline(g, tc.now.UTC())
		if !got.Equal(tc.want) {
			t.Errorf("%s: next deadline %s, want %s", tc.name, got.In(chicago), tc.want)
		}
		if got.In(chicago).Hour() != tc.want.Hour() {
			t.Errorf("%s: wall clock %s", tc.name, got.In(chicago))
		}
		// The same by period: a week later, same wall clock.
		if tc.schedule == "every Monday 18:00" {
			gp := store.Game{TimeZone: "America/Chicago", Deadline: tc.now.Add(-time.Minute).UTC(), Period: 7 * 24 * time.Hour}
			if got := NextDeadline(gp, tc.now.UTC()); !got.Equal(tc.want) {
				t.Errorf("%s by period: %s, want %s", tc.name, got.In(chicago), tc.want)
			}
		}
	}
	// Across spring forward the instant is 167 hours on; across fall back 169.
	g := store.Game{TimeZone: "America/Chicago", Schedule: "every Monday 18:00"}
	spring := time.Date(2026, 3, 2, 18, 0, 0, 0, chicago)
	if d := NextDeadline(g, spring).Sub(spring); d != 167*time.Hour {
		t.Errorf("spring: %s between deadlines, want 167h", d)
	}
	autumn := time.Date(2026, 10, 26, 18, 0, 0, 0, chicago)
	if d := NextDeadline(g, autumn).Sub(autumn); d != 169*time.Hour {
		t.Errorf("autumn: %s between deadlines, want 169h", d)
	}
}

// TestAnEarlyTurnLeavesTheNextItsTime: with turns due every Monday 18:00,
// a turn that resolves early at 17:00 because every player is in gives the
// next turn the following Monday, not the same evening.
func TestAnEarlyTurnLeavesTheNextItsTime(t *testing.T) {
	var deadline time.Time
	h := newHarness(t, func(g *store.Game) {
		g.Schedule = "every Monday 18:00"
		sc, _ := ParseSchedule(g.Schedule)
		deadline = sc.Next(testStart, Zone(*g))
		g.Deadline = deadline
	})
	h.clock = deadline.Add(-time.Hour)
	h.deliver(orderMail("alice@example.org", "early-a@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 3\n"))
	h.deliver(orderMail("bob@example.org", "early-b@example.org", "GAME: t1\nPOSITION: 2\nPASSWORD: bravo-pass\nPICK 4\n"))
	if sum := h.mustRun(); sum.Resolved != 1 {
		t.Fatalf("the turn did not resolve early: %s", sum)
	}
	g, err := h.st.Game(context.Background(), "t1")
	if err != nil {
		t.Fatal(err)
	}
	want := time.Date(2026, 3, 9, 18, 0, 0, 0, Zone(g)) // the next Monday, 18:00 by the wall clock (DST began on the 8th)
	if !deadline.Before(want) || !g.Deadline.Equal(want) {
		t.Errorf("turn 2 is due %s; want %s, the Monday after turn 1's deadline of %s", g.Deadline, want, deadline)
	}
}
