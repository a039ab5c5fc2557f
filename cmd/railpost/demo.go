package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/railpost/railpost/demo"
	"github.com/railpost/railpost/processor/title"
)

func cmdDemo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("railpost demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := demo.Options{}
	out := fs.String("out", "", "the folder for the database, the archive and summary.json (default railpost-demo/TITLE); an earlier demo's files there are replaced")
	fs.IntVar(&o.Limit, "turns", 0, "stop after this many turns, or actions in a game played one action per mail (0: play until the game ends)")
	fs.IntVar(&o.Humans, "humans", 0, "scripted human players, who answer their mail; the other positions are the computer's (default: the title's choice)")
	fs.Int64Var(&o.Seed, "seed", 1, "the game's seed: the same seed plays the same game")
	name := fs.String("title", defaultTitle(), "the game to play: "+strings.Join(titleNames(), ", "))
	list := fs.Bool("list", false, "print the titles that have a demo, one a line, and stop")
	logLevel := fs.String("log-level", "", "show the processor's log at this level (debug, info, warn, error); by default it is not shown")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: railpost demo [--title %s] [--out DIR] [--turns N] [--humans K] [--seed S]\n\n"+
			"Plays a whole game end to end with no mail account: an IMAP and an SMTP server\n"+
			"run on loopback inside the process, scripted players answer their mail, and\n"+
			"every pass is the one cron would run.\n\n", strings.Join(titleNames(), "|"))
		fs.PrintDefaults()
	}
	if code, ok := parse(fs, args); !ok {
		return code
	}
	ts, err := titles()
	if err != nil {
		fmt.Fprintf(stderr, "railpost demo: %v\n", err)
		return 1
	}
	if *list {
		for _, n := range ts.Names() {
			if _, ok := ts[n].(title.Demonstrated); ok {
				fmt.Fprintln(stdout, n)
			}
		}
		return 0
	}
	t, err := ts.Get(*name)
	if err != nil {
		fmt.Fprintf(stderr, "railpost demo: --title: %v\n", err)
		return 2
	}
	o.Dir = *out
	if o.Dir == "" {
		o.Dir = filepath.Join("railpost-demo", t.Name())
	}
	o.Progress = stdout
	if f, ok := stdout.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			o.Bar = true
		}
	}
	if *logLevel != "" {
		o.Log = logger(*logLevel, stderr)
	}
	fmt.Fprintf(stdout, "Railpost demo: a game of %s by mail with scripted players; files in %s\n", t.Name(), o.Dir)
	res, err := demo.Run(ctx, t, o)
	if err != nil {
		fmt.Fprintf(stderr, "railpost demo: %v\n", err)
		return 1
	}
	fmt.Fprint(stdout, res.Summary())
	return 0
}
