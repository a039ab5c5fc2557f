package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/railpost/railpost/demo"
	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/store/backend"
)

// long plays the three-judge tests at full size (CI runs it); by default
// they play their small version, as under -short, to keep go test ./...
// within a few minutes.
var long = flag.Bool("long", false, "play the three-judge tests at full size")

// judgeChild, when this test binary is started as a judge, runs one pass
// as `railpost run` does, with every title, at the clock it is given.
func judgeChild(config string) int {
	cfg, err := processor.LoadConfig(config)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	now, err := time.Parse(time.RFC3339Nano, os.Getenv("RAILPOST_JUDGE_CLOCK"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ts, err := titles()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx := context.Background()
	st, err := backend.OpenExisting(ctx, cfg.Database)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer st.Close()
	p := &processor.Processor{Store: st, Config: cfg, Titles: ts, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now }, ClaimHold: judgeClaimHold}
	if _, err := p.Run(ctx); err != nil && !errors.Is(err, processor.ErrBusy) {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// judgeClaimHold is how long a judge's claim on an outbox row lasts: a
// judge killed mid-send leaves it for this long.
const judgeClaimHold = 2 * time.Second

// demoJudges run each pass of a demo as three judge processes at once, one
// of them killed at a random moment in two passes of three, then one judge
// alone that finishes what the pass left, so that the demo's script sees
// each pass's work done.
type demoJudges struct {
	t      *testing.T
	dir    string
	rng    *rand.Rand
	kills  int
	passes int
	waits  int // for a killed judge's claim to expire
}

func (j *demoJudges) judge(ctx context.Context, cfg processor.Config, now time.Time) error {
	config := filepath.Join(j.dir, "railpost.toml")
	toml := fmt.Sprintf("database = %q\ndomain = %q\n[mail]\nfrom = %q\n[imap]\naddress = %q\nsecurity = \"plain\"\nusername = %q\npassword = %q\n[smtp]\naddress = %q\nsecurity = \"plain\"\nusername = %q\npassword = %q\n",
		cfg.Database, cfg.Domain, cfg.Mail.From, cfg.IMAP.Address, cfg.IMAP.Username, cfg.IMAP.Password, cfg.SMTP.Address, cfg.SMTP.Username, cfg.SMTP.Password)
	if err := os.WriteFile(config, []byte(toml), 0o600); err != nil {
		return err
	}
	start := func() (*exec.Cmd, error) {
		c := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
		c.Env = append(os.Environ(), "RAILPOST_JUDGE_CONFIG="+config, "RAILPOST_JUDGE_CLOCK="+now.Format(time.RFC3339Nano))
		return c, c.Start()
	}
	var cmds []*exec.Cmd
	for range 3 {
		c, err := start()
		if err != nil {
			return err
		}
		cmds = append(cmds, c)
	}
	var wg sync.WaitGroup
	if j.rng.IntN(3) > 0 {
		victim, wait := cmds[j.rng.IntN(3)], time.Duration(j.rng.IntN(250))*time.Millisecond
		wg.Go(func() {
			time.Sleep(wait)
			if victim.Process.Signal(syscall.SIGKILL) == nil {
				j.kills++
			}
		})
	}
	for _, c := range cmds {
		c.Wait()
		j.passes++
	}
	wg.Wait()
	return j.finish(cfg.Database, start)
}

// finish runs one judge alone to finish the pass, and again once the
// claims of a judge killed mid-send have expired, until no mail is left
// claimed.
func (j *demoJudges) finish(url string, start func() (*exec.Cmd, error)) error {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return err
	}
	defer db.Close()
	for {
		last, err := start()
		if err != nil {
			return err
		}
		j.passes++
		if err := last.Wait(); err != nil {
			return fmt.Errorf("the judge that finishes the pass: %w", err)
		}
		var claimed int
		if err := db.QueryRow(`SELECT COUNT(*) FROM outbox WHERE status = 'queued' AND claimed_by IS NOT NULL`).Scan(&claimed); err != nil {
			return err
		}
		if claimed == 0 {
			return nil
		}
		j.waits++
		time.Sleep(judgeClaimHold)
	}
}

// TestEveryTitleUnderThreeJudges plays every title's demo with each pass
// run by three judge processes at once on one PostgreSQL database and the
// demo's one mailbox, killing judges at random: the demo's script must
// play on as under one judge, every mail be stored and answered once, no
// mail sent twice but after a kill between the SMTP server's acceptance
// and its record, every turn resolved once, and the game replay clean
// (the demo replays it at its end). -short plays fewer steps.
func TestEveryTitleUnderThreeJudges(t *testing.T) {
	code, list, errOut := run(t, "demo", "--list")
	if code != 0 {
		t.Fatalf("demo --list: %d %s", code, errOut)
	}
	ts, err := titles()
	if err != nil {
		t.Fatal(err)
	}
	limit := 20
	if testing.Short() || !*long {
		limit = 4
	}
	for _, name := range strings.Fields(list) {
		t.Run(name, func(t *testing.T) {
			url := pg.Database(t)
			j := &demoJudges{t: t, dir: t.TempDir(), rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 3))}
			res, err := demo.Run(context.Background(), ts[name], demo.Options{Dir: t.TempDir(), Limit: limit, Seed: 3, Database: url, Judge: j.judge})
			if err != nil {
				t.Fatalf("demo under three judges (%d passes, %d killed): %v", j.passes, j.kills, err)
			}
			checkJudged(t, url, res, j)
		})
	}
}

// checkJudged counts what was lost or done twice.
func checkJudged(t *testing.T, url string, res demo.Result, j *demoJudges) {
	t.Helper()
	count := counter(t, url)
	rows := count(`SELECT COUNT(*) FROM inbox`)
	stored := count(`SELECT COUNT(DISTINCT message_id) FROM inbox`)
	unread := count(`SELECT COUNT(*) FROM inbox WHERE status = 'new'`)
	repliedTwice := count(`SELECT COUNT(*) FROM (SELECT inbox_id FROM outbox WHERE kind = 'reply' GROUP BY inbox_id HAVING COUNT(*) > 1) x`)
	turnsTwice := count(`SELECT COUNT(*) FROM (SELECT game_id, turn FROM snapshots WHERE rolled_back IS NULL GROUP BY game_id, turn HAVING COUNT(*) > 1) x`)
	sentTwice := count(`SELECT COUNT(*) FROM (SELECT outbox_id FROM outbox_attempts WHERE ok = 1 GROUP BY outbox_id HAVING COUNT(*) > 1) x`)
	waiting := count(`SELECT COUNT(*) FROM outbox WHERE status <> 'sent'`)
	queued := count(`SELECT COUNT(*) FROM outbox`)
	t.Logf("%s under 3 judges: %d passes, %d killed; %d mails in, %d stored (%d rows), %d unread, %d answered twice; %d %ss, %d twice; %d mails queued, %d delivered (a resend after a kill counts twice), %d not sent, %d recorded as sent twice; replayed %d; %d waits for a dead judge's claim",
		res.Title, j.passes, j.kills, res.MailsIn, stored, rows, unread, repliedTwice, res.Steps, res.Unit, turnsTwice, queued, res.MailsOut, waiting, sentTwice, res.Replayed, j.waits)
	if rows != res.MailsIn || stored != rows || unread != 0 || repliedTwice != 0 || turnsTwice != 0 || sentTwice != 0 || waiting != 0 || res.MailsOut-queued > j.kills {
		t.Errorf("mail lost or repeated, or a turn resolved twice")
	}
}

// counter answers a COUNT(*) query on the database at url, failing the
// test on an error; the database is closed when the test ends.
func counter(t *testing.T, url string) func(q string) int {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return func(q string) int {
		t.Helper()
		var n int
		if err := db.QueryRow(q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
}
