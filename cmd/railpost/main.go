// Command railpost is the play-by-email turn processor. Cron runs
// `railpost run`; the game master uses the other subcommands.
package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store/backend"
)

//go:embed railpost.example.toml
var exampleConfig []byte

const defaultConfig = "railpost.toml"

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = "dev"

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"demo", "play a whole game end to end on loopback mail servers, with nothing to set up", cmdDemo},
		{"init", "create the database and an example config", cmdInit},
		{"run", "run one processing pass (what cron runs)", cmdRun},
		{"daemon", "run a pass every interval until SIGTERM", cmdDaemon},
		{"mail", "check the mail settings: `railpost mail test`", cmdMail},
		{"game", "create, seat, list and show games: `railpost game new|add-player|list|show`", cmdGame},
		{"gm", "a game-master command: `railpost gm GAME PAUSE`, `... PROCESS 5`, ...", cmdGM},
		{"outbox", "the mail waiting and the mail given up on, with the server's answers; `railpost outbox requeue ID|all`", cmdOutbox},
		{"report", "render a position's PDF turn report from the archive", cmdReport},
		{"serve", "the read-only web pages of every game: `railpost serve --addr 127.0.0.1:8080`", cmdServe},
		{"archive", "export a game to a self-contained folder, or import one: `railpost archive export|import`", cmdArchive},
		{"replay", "rebuild a game from its log and compare every turn with the archive", cmdReplay},
		{"records", "the best score ever in each category, across finished games (rule 11.3)", cmdRecords},
		{"version", "print the version", cmdVersion},
	}
}

func main() {
	os.Exit(realMain(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

func realMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		return cmdVersion(ctx, nil, stdout, stderr)
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "railpost: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "railpost: a play-by-email turn processor for railroad games")
	fmt.Fprintln(w, "\nUsage: railpost <command> [flags]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun `railpost <command> --help` for a command's flags.")
}

// common are the flags every command that touches the database takes.
type common struct {
	config   string
	db       string
	logLevel string
}

func newFlags(name, synopsis string, stderr io.Writer) (*flag.FlagSet, *common) {
	fs := flag.NewFlagSet("railpost "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	c := &common{}
	fs.StringVar(&c.config, "config", defaultConfig, "the configuration file (optional when --db is given)")
	fs.StringVar(&c.db, "db", "", "the database: an SQLite file or a postgres:// URL (overrides database in the config)")
	fs.StringVar(&c.logLevel, "log-level", "", "debug, info, warn or error (overrides log_level in the config)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: railpost %s\n\n", synopsis)
		fs.PrintDefaults()
	}
	return fs, c
}

// parse handles --help (exit 0) and bad flags (exit 2).
func parse(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2, false
	}
	return 0, true
}

// parsePositional is parse for commands that take arguments after the
// flags.
func parsePositional(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}

// parseInterspersed is parsePositional for commands whose arguments are
// names, not text: flags may come after them too, as in
// `railpost game show cr-1 --db other.db`.
func parseInterspersed(fs *flag.FlagSet, args []string) (code int, ok bool) {
	var flags, names []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			names = append(names, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			names = append(names, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil && i+1 < len(args) {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				flags = append(flags, args[i+1])
				i++
			}
		}
	}
	return parsePositional(fs, append(append(flags, "--"), names...))
}

func (c *common) load() (processor.Config, error) {
	cfg, err := processor.LoadConfig(c.config)
	switch {
	case err != nil && c.db != "" && c.config == defaultConfig && errors.Is(err, fs.ErrNotExist):
		// Given the database, a command needs no config file of its own:
		// `railpost report --db railpost-demo/railpost.db ...` works
		// anywhere. A config named with --config must exist.
		cfg = processor.DefaultConfig()
	case err != nil:
		return cfg, err
	}
	if c.db != "" {
		cfg.Database = c.db
	}
	if c.logLevel != "" {
		cfg.LogLevel = c.logLevel
	}
	return cfg, cfg.Validate()
}

// failer prints a command's error and gives its exit code, 1.
func failer(stderr io.Writer, command string) func(error) int {
	return func(err error) int {
		fmt.Fprintf(stderr, "railpost %s: %v\n", command, err)
		return 1
	}
}

func logger(level string, w io.Writer) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}

func cmdInit(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "init")
	fs, c := newFlags("init", "init [--config railpost.toml] [--db railpost.db] [--force]", stderr)
	force := fs.Bool("force", false, "overwrite an existing config file")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if _, err := os.Stat(c.config); err == nil && !*force {
		fmt.Fprintf(stdout, "%s exists; leaving it alone (use --force to overwrite)\n", c.config)
	} else {
		if err := os.MkdirAll(filepath.Dir(c.config), 0o755); err != nil {
			return fail(err)
		}
		if err := os.WriteFile(c.config, exampleConfig, 0o600); err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "wrote %s: edit the [imap] and [smtp] sections for your mail account\n", c.config)
	}
	cfg, err := c.load()
	if err != nil {
		return fail(err)
	}
	st, err := backend.Open(ctx, cfg.Database)
	if err != nil {
		return fail(err)
	}
	defer st.Close()
	if _, err := st.Secret(ctx); err != nil {
		return fail(err)
	}
	v, _ := st.SchemaVersion(ctx)
	fmt.Fprintf(stdout, "database %s ready (schema version %d)\n", st.Path(), v)
	return 0
}

// openProcessor opens the database, which must exist: only init creates
// one, so that a mistyped path never makes a fresh database and consumes
// real mail into it.
func openProcessor(ctx context.Context, c *common, stderr io.Writer) (*processor.Processor, func(), error) {
	cfg, err := c.load()
	if err != nil {
		return nil, nil, err
	}
	st, err := backend.OpenExisting(ctx, cfg.Database)
	if err != nil {
		return nil, nil, err
	}
	ts, err := titles()
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	p := &processor.Processor{Store: st, Config: cfg, Titles: ts, Log: logger(cfg.LogLevel, stderr)}
	return p, func() { st.Close() }, nil
}

// runPass runs one pass and turns its result into an exit code: 0 for a
// clean pass or a pass skipped because another holds the lock, 1 otherwise.
func runPass(ctx context.Context, p *processor.Processor, stdout, stderr io.Writer) int {
	sum, err := p.Run(ctx)
	if errors.Is(err, processor.ErrBusy) {
		fmt.Fprintln(stdout, "railpost run: another pass is running on this database; nothing to do")
		return 0
	}
	fmt.Fprintln(stdout, "railpost run:", sum)
	if err != nil {
		fmt.Fprintln(stderr, "railpost run: pass failed:", err)
		return 1
	}
	return 0
}

func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, c := newFlags("run", "run [--config railpost.toml]", stderr)
	if code, ok := parse(fs, args); !ok {
		return code
	}
	p, closeFn, err := openProcessor(ctx, c, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "railpost run:", err)
		return 1
	}
	defer closeFn()
	return runPass(ctx, p, stdout, stderr)
}

func cmdDaemon(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, c := newFlags("daemon", "daemon --every 5m [--config railpost.toml]", stderr)
	every := fs.Duration("every", 5*time.Minute, "time between the starts of two passes")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *every < time.Second {
		fmt.Fprintln(stderr, "railpost daemon: --every must be at least 1s")
		return 2
	}
	p, closeFn, err := openProcessor(ctx, c, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "railpost daemon:", err)
		return 1
	}
	defer closeFn()
	// The first SIGTERM or SIGINT stops the loop once the pass in flight has
	// finished; a second one interrupts that pass too.
	stop, stopCancel := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stopCancel()
	passCtx, passCancel := context.WithCancel(context.WithoutCancel(ctx))
	defer passCancel()
	go func() {
		<-stop.Done()
		hard := make(chan os.Signal, 1)
		signal.Notify(hard, syscall.SIGTERM, syscall.SIGINT)
		<-hard
		passCancel()
	}()
	p.Log.Info("daemon started", "every", every.String())
	failures := 0
	for {
		start := time.Now()
		if code := runPass(passCtx, p, stdout, stderr); code != 0 {
			failures++
		}
		if stop.Err() != nil {
			break
		}
		select {
		case <-stop.Done():
		case <-time.After(time.Until(start.Add(*every))):
		}
		if stop.Err() != nil {
			break
		}
	}
	p.Log.Info("daemon stopped", "failed_passes", failures)
	return 0
}

func cmdMail(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "test" {
		if len(args) > 0 && (args[0] == "--help" || args[0] == "-h") {
			fmt.Fprintln(stdout, "Usage: railpost mail test [--config railpost.toml]\n\nLogs in to the IMAP and SMTP servers of the config and reports what it finds. It sends nothing and marks nothing.")
			return 0
		}
		fmt.Fprintln(stderr, "Usage: railpost mail test [--config railpost.toml]")
		return 2
	}
	fs, c := newFlags("mail test", "mail test [--config railpost.toml]", stderr)
	if code, ok := parse(fs, args[1:]); !ok {
		return code
	}
	cfg, err := c.load()
	if err != nil {
		fmt.Fprintln(stderr, "railpost mail test:", err)
		return 1
	}
	ok := true
	ic := cfg.IMAPSettings()
	fmt.Fprintf(stdout, "IMAP %s (%s) as %q\n", ic.Address, ic.Security, ic.Username)
	if ic.Address == "" {
		fmt.Fprintln(stdout, "  NOT CONFIGURED: set imap.address")
		ok = false
	} else if im, err := mail.DialIMAP(ctx, ic); err != nil {
		fmt.Fprintf(stdout, "  FAILED: %v\n", err)
		ok = false
	} else {
		fmt.Fprintf(stdout, "  logged in; capabilities: %s\n", strings.Join(im.Caps(), " "))
		for _, mb := range ic.Mailboxes {
			info, err := im.Select(mb)
			if err != nil {
				fmt.Fprintf(stdout, "  mailbox %s: FAILED: %v\n", mb, err)
				ok = false
				continue
			}
			fmt.Fprintf(stdout, "  mailbox %s: %d messages, UIDVALIDITY %d, next UID %d\n", mb, info.Messages, info.UIDValidity, info.UIDNext)
		}
		if ic.MoveTo != "" {
			fmt.Fprintf(stdout, "  processed mail will be moved to %s\n", ic.MoveTo)
		} else {
			fmt.Fprintf(stdout, "  processed mail will be flagged %s\n", ic.Flag)
		}
		im.Close()
	}
	sc := cfg.SMTPSettings()
	fmt.Fprintf(stdout, "SMTP %s (%s) as %q\n", sc.Address, sc.Security, sc.Username)
	if sc.Address == "" {
		fmt.Fprintln(stdout, "  NOT CONFIGURED: set smtp.address")
		ok = false
	} else if s, err := mail.DialSMTP(ctx, sc); err != nil {
		fmt.Fprintf(stdout, "  FAILED: %v\n", err)
		ok = false
	} else {
		exts := s.Extensions()
		sort.Strings(exts)
		fmt.Fprintf(stdout, "  connected%s; extensions: %s\n", map[bool]string{true: " and authenticated", false: ""}[sc.Username != ""], strings.Join(exts, ", "))
		s.Close()
	}
	if !ok {
		return 1
	}
	fmt.Fprintln(stdout, "mail settings work")
	return 0
}

func cmdReport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "report")
	fs, c := newFlags("report", "report --game G [--turn T | --move N] --position P [--out file.pdf]", stderr)
	game := fs.String("game", "", "the game's id (required)")
	turn := fs.Int("turn", 0, "a game played in turns: the turn whose report to render (default: the latest played)")
	move := fs.Int("move", -1, "a game played one action per mail: the action after which to render the report (0: the setup; default: the latest)")
	position := fs.Int("position", 0, "the position the report is for (required)")
	out := fs.String("out", "", "where to write the PDF (default GAME-turnT-positionP.pdf)")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *game == "" || *position == 0 {
		fmt.Fprintln(stderr, "railpost report: --game and --position are required")
		fs.Usage()
		return 2
	}
	cfg, err := c.load()
	if err != nil {
		return fail(err)
	}
	st, err := backend.OpenReadOnly(ctx, cfg.Database)
	if err != nil {
		return fail(err)
	}
	defer st.Close()
	ts, err := titles()
	if err != nil {
		return fail(err)
	}
	g, err := st.Game(ctx, *game)
	if err != nil {
		return fail(err)
	}
	unit := ts.Unit(g.Title)
	point := *turn
	switch {
	case unit == "turn" && *move >= 0:
		return fail(fmt.Errorf("game %s is played in turns: give --turn, not --move", g.ID))
	case unit == "action" && *turn != 0:
		return fail(fmt.Errorf("game %s is played one action per mail: give --move, not --turn", g.ID))
	case unit == "action":
		point = *move
	}
	if point <= 0 && (unit == "turn" || *move < 0) {
		point = g.Turn - 1
	}
	pdf, err := archive.Report(ctx, st, ts, *game, point, *position)
	if err != nil {
		return fail(err)
	}
	if *out == "" {
		*out = fmt.Sprintf("%s-%s%d-position%d.pdf", *game, unit, point, *position)
	}
	if err := os.WriteFile(*out, pdf, 0o644); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "wrote %s (%d KB): game %s, %s %d, position %d\n", *out, (len(pdf)+1023)/1024, *game, unit, point, *position)
	return 0
}

func cmdVersion(_ context.Context, _ []string, stdout, _ io.Writer) int {
	v, commit, when, dirty := version, "", "", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value[:min(12, len(s.Value))]
			case "vcs.time":
				when = " of " + s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = ", with uncommitted changes"
				}
			}
		}
	}
	if commit == "" {
		// go run, or GOFLAGS=-buildvcs=false: the commit was not recorded.
		fmt.Fprintf(stdout, "railpost %s (commit not recorded: build it with go install -buildvcs=true ./cmd/railpost in a git clone)\n", v)
		return 0
	}
	fmt.Fprintf(stdout, "railpost %s commit %s%s%s\n", v, commit, when, dirty)
	return 0
}
