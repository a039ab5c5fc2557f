package processor

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// Schedule is when a game's turns fall due: at a wall-clock time in the
// game's zone on chosen days of the week. Written the way a GM says it:
// "every Monday 18:00", "every Mon,Thu 20:30", "every day 18:00".
type Schedule struct {
	Days   [7]bool // by time.Weekday
	Hour   int
	Minute int
}

var weekdays = map[string]time.Weekday{
	"sun": time.Sunday, "sunday": time.Sunday, "mon": time.Monday, "monday": time.Monday,
	"tue": time.Tuesday, "tues": time.Tuesday, "tuesday": time.Tuesday, "wed": time.Wednesday, "wednesday": time.Wednesday,
	"thu": time.Thursday, "thur": time.Thursday, "thurs": time.Thursday, "thursday": time.Thursday,
	"fri": time.Friday, "friday": time.Friday, "sat": time.Saturday, "saturday": time.Saturday,
}

// ParseSchedule reads a schedule. The error says what form is expected.
func ParseSchedule(s string) (Schedule, error) {
	var sc Schedule
	bad := func(why string) (Schedule, error) {
		return sc, fmt.Errorf("schedule %q: %s; write it like \"every Monday 18:00\", \"every Mon,Thu 20:30\" or \"every day 18:00\"", s, why)
	}
	f := strings.Fields(strings.ToLower(strings.ReplaceAll(s, ",", " , ")))
	if len(f) < 3 || f[0] != "every" {
		return bad("it must start with \"every\", then the days, then the time")
	}
	clock := f[len(f)-1]
	hh, mm, ok := strings.Cut(clock, ":")
	h, err1 := strconv.Atoi(hh)
	m, err2 := strconv.Atoi(mm)
	if !ok || err1 != nil || err2 != nil || h < 0 || h > 23 || m < 0 || m > 59 {
		return bad(fmt.Sprintf("%q is not a time of day as HH:MM", clock))
	}
	sc.Hour, sc.Minute = h, m
	for _, w := range f[1 : len(f)-1] {
		w = strings.TrimSuffix(w, "s") // "Mondays"
		switch w {
		case ",", "and", "at":
		case "day":
			for d := range sc.Days {
				sc.Days[d] = true
			}
		case "weekday":
			for d := time.Monday; d <= time.Friday; d++ {
				sc.Days[d] = true
			}
		default:
			d, ok := weekdays[w]
			if !ok {
				d, ok = weekdays[w+"s"] // "tues" lost its s above
			}
			if !ok {
				return bad(fmt.Sprintf("%q is not a day", w))
			}
			sc.Days[d] = true
		}
	}
	if sc.Days == [7]bool{} {
		return bad("no day is given")
	}
	return sc, nil
}

// Next is the first time on the schedule strictly after t, at the
// wall-clock time in loc whatever DST does in between. A time the spring
// change skips (02:30 on the night clocks go from 02:00 to 03:00) falls an
// hour later, at 03:30: the turn never closes before the time the GM said.
func (sc Schedule) Next(t time.Time, loc *time.Location) time.Time {
	local := t.In(loc)
	for i := 0; i <= 8; i++ {
		day := local.AddDate(0, 0, i)
		c := time.Date(day.Year(), day.Month(), day.Day(), sc.Hour, sc.Minute, 0, 0, loc)
		if c.Hour() != sc.Hour || c.Minute() != sc.Minute { // skipped by DST
			c = time.Date(day.Year(), day.Month(), day.Day(), sc.Hour+1, sc.Minute, 0, 0, loc)
		}
		if sc.Days[c.Weekday()] && c.After(t) {
			return c.UTC()
		}
	}
	return time.Time{} // unreachable: a schedule has at least one day
}

// Zone is the time zone a game's deadlines are set and shown in, UTC if
// its name is unknown.
func Zone(g store.Game) *time.Location {
	loc, err := time.LoadLocation(g.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}
