package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/railpost/railpost/demo"
)

func cmdDemo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("railpost demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := demo.Options{}
	fs.StringVar(&o.Dir, "out", "railpost-demo", "the folder for the database, the archive and summary.json; an earlier demo's files there are replaced")
	fs.IntVar(&o.Turns, "turns", 0, "stop after this many turns (0: play until the game ends, after turn 20 at random)")
	fs.IntVar(&o.Humans, "humans", 3, "scripted human players, who answer their turn mail; the other positions are the computer's")
	fs.Int64Var(&o.Seed, "seed", 1, "the game's seed: the same seed plays the same game")
	title := fs.String("title", "contrails", "the game to play: contrails (Continental Rails, turns by deadline) or chicago-express (one action per mail, 4 players)")
	logLevel := fs.String("log-level", "", "show the processor's log at this level (debug, info, warn, error); by default it is not shown")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: railpost demo [--title contrails|chicago-express] [--out DIR] [--turns N] [--humans K] [--seed S]\n\n"+
			"Plays a Continental Rails game end to end with no mail account: an IMAP and an\n"+
			"SMTP server run on loopback inside the process, scripted players answer their\n"+
			"turn mail, and every pass is the one cron would run.\n\n")
		fs.PrintDefaults()
	}
	if code, ok := parse(fs, args); !ok {
		return code
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
	if *title == "chicago-express" {
		fmt.Fprintf(stdout, "Railpost demo: a 4-player Chicago Express game, one action per mail, every player scripted; files in %s\n", o.Dir)
		res, err := demo.RunChicago(ctx, o)
		if err != nil {
			fmt.Fprintf(stderr, "railpost demo: %v\n", err)
			return 1
		}
		fmt.Fprint(stdout, res.Summary())
		return 0
	}
	if *title != "contrails" {
		fmt.Fprintf(stderr, "railpost demo: --title %q: the demo plays contrails or chicago-express\n", *title)
		return 2
	}
	fmt.Fprintf(stdout, "Railpost demo: a 15-position Continental Rails game, %d scripted players by mail, the rest computer; files in %s\n", o.Humans, o.Dir)
	res, err := demo.Run(ctx, o)
	if err != nil {
		fmt.Fprintf(stderr, "railpost demo: %v\n", err)
		return 1
	}
	fmt.Fprint(stdout, res.Summary())
	return 0
}
