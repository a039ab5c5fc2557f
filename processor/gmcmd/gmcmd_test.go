package gmcmd

import (
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/title"
)

func TestParseGMCommand(t *testing.T) {
	for _, tc := range []struct {
		line, verb, rest, bad string
	}{
		{line: "pause  the holidays", verb: "PAUSE", rest: "the holidays"},
		{line: "ROLLBACK 3 misread orders", verb: "ROLLBACK", rest: "3 misread orders"},
		{line: "hand 7 carol@example.org Carol Ann", verb: "HAND", rest: "7 carol@example.org Carol Ann"},
		{line: "ROLLBACK 3", bad: "write ROLLBACK <turn|action> <reason>"},
		{line: "PROCESS", bad: "write PROCESS <turn>"},
		{line: "frobnicate 3", bad: `"frobnicate" is not a GM command`},
		{line: "   ", bad: "no command"},
	} {
		c, err := Parse(tc.line)
		if tc.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tc.bad) {
				t.Errorf("%q: error %v, want one saying %q", tc.line, err, tc.bad)
			}
			continue
		}
		if err != nil || c.Verb != tc.verb || c.Rest != tc.rest {
			t.Errorf("%q: %+v %v", tc.line, c, err)
		}
	}
}

func TestParseAdjustment(t *testing.T) {
	for _, tc := range []struct {
		line string
		want title.Adjustment
		bad  string
	}{
		{line: "ADJUST 3 cash +$1,000 refund of a misread bid", want: title.Adjustment{Target: "3", Field: "cash", Delta: 1000, Reason: "refund of a misread bid"}},
		{line: "adjust PRR price -5  the GM's typo", want: title.Adjustment{Target: "PRR", Field: "price", Delta: -5, Reason: "the GM's typo"}},
		{line: "ADJUST 3 mogul 2 restored", want: title.Adjustment{Target: "3", Field: "mogul", Delta: 2, Reason: "restored"}},
		{line: "ADJUST 3 cash +1.5k a bonus", want: title.Adjustment{Target: "3", Field: "cash", Delta: 1500, Reason: "a bonus"}},
		{line: "ADJUST 3 cash +50", bad: "write ADJUST"},
		{line: "ADJUST 3 cash fifty dollars back", bad: `"fifty" is not a change`},
		{line: "ADJUST 3 cash +0 nothing", bad: `"+0" is not a change`},
		{line: "ADJUST 3 cash +99999999999999999999 typo", bad: "is too large"},
		{line: "ADJUST 3 cash -2000000000000 typo", bad: "is too large"},
		{line: "ADJUST 3 cash +5000000m typo", bad: "is too large"},
		{line: "ADJUST 3 cash +-5 typo", bad: `"+-5" is not a change`},
	} {
		c, err := Parse(tc.line)
		var a title.Adjustment
		if err == nil {
			a, err = Adjustment(c)
		}
		if tc.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tc.bad) {
				t.Errorf("%q: error %v, want one saying %q", tc.line, err, tc.bad)
			}
			continue
		}
		if err != nil || a != tc.want {
			t.Errorf("%q: %+v %v, want %+v", tc.line, a, err, tc.want)
		}
	}
}
