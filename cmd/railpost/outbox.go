package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	nmail "net/mail"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
)

const outboxUsage = "outbox [--game G] [--sent] | outbox requeue ID|all"

// cmdOutbox shows the mail waiting to go and the mail given up on, with
// the server's last answer, and sends failed mail again on request.
func cmdOutbox(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "outbox")
	fs, c := newFlags("outbox", outboxUsage, stderr)
	game := fs.String("game", "", "only this game's mail")
	sent := fs.Bool("sent", false, "list the mail already sent too")
	if code, ok := parseInterspersed(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		if fs.Arg(0) != "requeue" || fs.NArg() != 2 {
			fmt.Fprintln(stderr, "usage: railpost "+outboxUsage)
			return 2
		}
		cfg, err := c.load()
		if err != nil {
			return fail(err)
		}
		st, err := backend.OpenExisting(ctx, cfg.Database)
		if err != nil {
			return fail(err)
		}
		defer st.Close()
		var id int64
		if fs.Arg(1) != "all" {
			if id, err = strconv.ParseInt(fs.Arg(1), 10, 64); err != nil || id <= 0 {
				return fail(fmt.Errorf("requeue %q: give a mail's number from `railpost outbox`, or all", fs.Arg(1)))
			}
		}
		n, err := st.Requeue(ctx, id, time.Now().UTC())
		if err != nil {
			return fail(err)
		}
		if n == 0 {
			return fail(fmt.Errorf("no failed mail to requeue (%s): `railpost outbox` lists what failed", fs.Arg(1)))
		}
		fmt.Fprintf(stdout, "%d mail(s) queued again; the next pass sends them\n", n)
		return 0
	}
	st, closeFn, err := openStore(ctx, c)
	if err != nil {
		return fail(err)
	}
	defer closeFn()
	rows, err := st.Outbox(ctx)
	if err != nil {
		return fail(err)
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "#\tstatus\ttries\tnext try\tgame\tto\tsubject\tlast answer")
	shown := 0
	for _, m := range rows {
		if (*game != "" && m.GameID != *game) || (m.Status == "sent" && !*sent) {
			continue
		}
		next := "-"
		if m.Status == "queued" {
			next = m.NextAttempt.Format("2006-01-02 15:04")
		}
		fmt.Fprintf(w, "%d\t%s\t%d\t%s\t%s\t%s\t%s\t%s\n", m.ID, m.Status, m.Attempts, next, orDash(m.GameID),
			strings.Join(m.Recipients, ", "), m.Subject, orDash(m.LastAnswer))
		shown++
	}
	w.Flush()
	if shown == 0 {
		fmt.Fprintln(stdout, "no mail waits and none has failed")
	}
	aside, err := st.SetAsideInbox(ctx)
	if err != nil {
		return fail(err)
	}
	listSetAside(stdout, aside)
	return 0
}

// listSetAside lists the mail the read step set aside unjudged, for the
// game master to look at: its From and Subject as written, cut short
// (a Subject of ten thousand words was why some were set aside).
func listSetAside(stdout io.Writer, aside []store.InboxMessage) {
	if len(aside) == 0 {
		return
	}
	fmt.Fprintf(stdout, "\n%d mail(s) set aside unjudged (nothing was applied or answered; read them with `sqlite3 DB \"SELECT raw FROM inbox WHERE id = N\"`):\n", len(aside))
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "inbox #\tarrived\tfrom\tsubject\twhy")
	for _, m := range aside {
		from, subject := "-", "-"
		if msg, err := nmail.ReadMessage(bytes.NewReader(m.Raw)); err == nil {
			from, subject = orDash(cut(msg.Header.Get("From"), 60)), orDash(cut(msg.Header.Get("Subject"), 60))
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\n", m.ID, m.Arrived.Format("2006-01-02 15:04"), from, subject, m.Outcome)
	}
	w.Flush()
}

// cut shortens s to n runes on one line, marking what was left off.
func cut(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + fmt.Sprintf("... (%d characters)", len(r))
	}
	return s
}

// outboxCounts counts a game's mail that waits and that failed, for game
// show.
func outboxCounts(ctx context.Context, st store.Store, gameID string) (waiting, failed int, err error) {
	rows, err := st.Outbox(ctx)
	for _, m := range rows {
		if m.GameID != gameID {
			continue
		}
		switch m.Status {
		case "queued":
			waiting++
		case "failed":
			failed++
		}
	}
	return waiting, failed, err
}
