// Package gmcmd is the game master's command language: the verbs, what
// each takes, and the parser that reads a command the same from the
// command line and from a line of a GM mail. Carrying a command out is
// the processor's.
package gmcmd

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/templates"
)

// Command is one game-master command. It reads the same from the command
// line (`railpost gm GAME PAUSE ...`) as on a line of a GM mail.
type Command struct {
	Verb string   // upper case
	Args []string // the words after the verb
	Rest string   // everything after the verb, as written
}

// String is the command as a GM would write it.
func (c Command) String() string { return strings.TrimSpace(c.Verb + " " + c.Rest) }

type gmVerb struct {
	usage   string
	minArgs int
	help    string
}

// table is every GM command with its usage line, for the parser's errors
// and the GM guide.
var table = map[string]gmVerb{
	"PAUSE":    {"PAUSE [reason]", 0, "stop the game: no turn resolves until RESUME; orders are still taken"},
	"RESUME":   {"RESUME", 0, "restart a paused game; the open turn gets back the time it had left, and at least a day"},
	"DEADLINE": {"DEADLINE 2026-03-16 18:00 | DEADLINE +48h | DEADLINE NONE", 1, "set the open turn's deadline, in the game's time zone"},
	"SCHEDULE": {"SCHEDULE every Monday 18:00 | SCHEDULE NONE", 1, "set when turns fall due from now on"},
	"PROCESS":  {"PROCESS <turn>", 1, "resolve the open turn at the next pass, whoever has sent orders; names the turn so that a repeat does nothing"},
	"PREVIEW":  {"PREVIEW", 0, "resolve the open turn on trial and show its headlines, or in a game played by mail show the automatic moves that would be made now; nothing is kept"},
	"ROLLBACK": {"ROLLBACK <turn|action> <reason>", 2, "reopen an earlier turn, whose later turns stay in the archive marked void; or take a game played by mail back to where it waited for that action, logged as an undo"},
	"ADDRESS":  {"ADDRESS <position> <new address>", 2, "move a player to a new mail address"},
	"HAND":     {"HAND <position> COMPUTER | HAND <position> <address> [name]", 2, "give a position to the computer, or to a new player, who is sent a password and the turnsheet"},
	"RESEND":   {"RESEND <position>", 1, "send a position its latest report and turnsheet again"},
	"RESET":    {"RESET <position>", 1, "give a position's player a new password, mailed to them; the old one stops working"},
	"PASSWORD": {"PASSWORD <new password>", 1, "change the game master's own password, which signs GM mail: 10 to 64 characters, one word; it is never written back or logged"},
	"UNDO":     {"UNDO <moves> [reason]", 1, "a game played by mail: take it back to that many standing moves; the undo is itself logged"},
	"MOVE":     {"MOVE <position> <move>", 2, "a game played by mail: make the move the game waits for on a position's behalf"},
	"ANNOUNCE": {"ANNOUNCE <text>", 1, "mail every player now, and print it in the next report's headlines"},
	"APPROVE":  {"APPROVE <position> | APPROVE ALL", 1, "publish a player's message in the next headlines (10.1G)"},
	"REJECT":   {"REJECT <position> | REJECT ALL", 1, "withhold a player's message (10.1G)"},
	"ADJUST":   {"ADJUST <position|railroad> <field> <+change|-change> <reason>", 4, "correct one figure before the open turn resolves, such as ADJUST 3 cash +50 refund of a mis-keyed bid; printed in the headlines with its reason"},
	"END":      {"END [reason]", 0, "end the game now; a game played by mail is scored as it stands"},
}

// Usage lists the GM commands, one a line, for help texts.
func Usage() string {
	verbs := make([]string, 0, len(table))
	for v := range table {
		verbs = append(verbs, v)
	}
	sort.Strings(verbs)
	var b strings.Builder
	for _, v := range verbs {
		fmt.Fprintf(&b, "  %s\n      %s\n", table[v].usage, table[v].help)
	}
	return b.String()
}

// Parse reads one command line. Its error says what the command
// should look like.
func Parse(line string) (Command, error) {
	line = strings.TrimSpace(line)
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{}, errors.New("no command given")
	}
	c := Command{Verb: strings.ToUpper(f[0]), Args: f[1:], Rest: strings.TrimSpace(line[len(f[0]):])}
	v, ok := table[c.Verb]
	if !ok {
		verbs := make([]string, 0, len(table))
		for v := range table {
			verbs = append(verbs, v)
		}
		sort.Strings(verbs)
		return c, fmt.Errorf("%q is not a GM command; the commands are %s", f[0], strings.Join(verbs, ", "))
	}
	if len(c.Args) < v.minArgs {
		return c, fmt.Errorf("%s needs more: write %s", c.Verb, v.usage)
	}
	return c, nil
}

// UsageOf is one verb's usage line.
func UsageOf(verb string) string { return table[verb].usage }

// maxAdjustment is the largest change ADJUST takes: far beyond any game's
// figures, and far from overflowing the sums it enters.
const maxAdjustment = 1_000_000_000_000

// Adjustment reads ADJUST's arguments: the target, the field, a
// signed change ("+50", "-$1,000") and the reason, which is required.
func Adjustment(c Command) (title.Adjustment, error) {
	usage := table["ADJUST"].usage
	a := title.Adjustment{Target: c.Args[0], Field: c.Args[1], Reason: AfterWords(c.Rest, 3)}
	amount := c.Args[2]
	sign := int64(1)
	switch {
	case strings.HasPrefix(amount, "+"):
		amount = amount[1:]
	case strings.HasPrefix(amount, "-"):
		sign, amount = -1, amount[1:]
	}
	v, err := orders.Money(amount)
	if errors.Is(err, strconv.ErrRange) || v > maxAdjustment {
		return a, fmt.Errorf("ADJUST: %q is too large: a change is at most %s either way: %s", c.Args[2], templates.Money(maxAdjustment), usage)
	}
	if err != nil || v <= 0 {
		return a, fmt.Errorf("ADJUST: %q is not a change; write it signed, as +50 or -$1,000: %s", c.Args[2], usage)
	}
	a.Delta = sign * v
	if a.Reason == "" {
		return a, fmt.Errorf("ADJUST needs a reason, which the players will read: %s", usage)
	}
	return a, nil
}

// AfterWords is what follows the first n words of s, as written.
func AfterWords(s string, n int) string {
	s = strings.TrimSpace(s)
	for range n {
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			return ""
		}
		s = strings.TrimSpace(s[i:])
	}
	return s
}
