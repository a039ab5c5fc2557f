package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/web"
)

// gameUsage lists the subcommands of `railpost game`.
const gameUsage = `Usage: railpost game <subcommand> [flags]

Subcommands:
  new         create a game: every position starts with the computer
  add-player  seat a player at a position and mail the welcome
  list        list the games
  show        show one game: settings, positions, orders in, GM log

Run "railpost game <subcommand> --help" for its flags.
`

func cmdGame(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, gameUsage)
		return 0
	}
	sub := map[string]func(context.Context, []string, io.Writer, io.Writer) int{
		"new": cmdGameNew, "add-player": cmdGameAddPlayer, "list": cmdGameList, "show": cmdGameShow,
	}[args[0]]
	if sub == nil {
		fmt.Fprintf(stderr, "railpost game: unknown subcommand %q\n\n%s", args[0], gameUsage)
		return 2
	}
	return sub(ctx, args[1:], stdout, stderr)
}

func cmdGameNew(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, c := newFlags("game new", "game new [--title T] --name NAME [flags]", stderr)
	kind := fs.String("title", defaultTitle(), "the game: "+strings.Join(titleNames(), ", "))
	name := fs.String("name", "", "the game's name, as players read it (required)")
	id := fs.String("id", "", "the short id players write after GAME: letters, digits and hyphens, made lower case (default: made from the title)")
	seed := fs.Int64("seed", 0, "the seed of every random draw (default: random)")
	schedule := fs.String("schedule", "", `when turns fall due, e.g. "every Monday 18:00" (in --tz)`)
	deadline := fs.String("deadline", "", `the first deadline, e.g. "2026-03-16 18:00" (in --tz); default: the first on the schedule`)
	tz := fs.String("tz", "UTC", "the IANA time zone deadlines are set and shown in, e.g. America/Chicago")
	early := fs.Bool("early", true, "resolve a turn as soon as every human position has sent orders")
	grace := fs.Duration("grace", 0, "orders are still taken this long after the deadline")
	remind := fs.Duration("remind", 24*time.Hour, "remind players without orders this long before the deadline (0: never)")
	missed := fs.String("missed", "computer", "a player who sends no orders: computer plays the position, or standpat")
	gmAddr := fs.String("gm-address", "", "the game master's address, for notices and GM mail")
	gmPass := fs.String("gm-password", "", "the password that signs GM mail (default: one is made and printed)")
	players := fs.Int("players", 0, "how many positions (default: 4 where the title allows it, else its own number)")
	moveTimeout := fs.Duration("move-timeout", 72*time.Hour, "a game played one action per mail: how long a move may wait before the timeout policy acts (0: never)")
	variant := fs.String("variant", "", "a game played one action per mail: the title's optional rules, comma-separated (1870: finish400, diesels, open-destinations, historical)")
	policy := fs.String("timeout-policy", "pass", "a game played one action per mail: at the move timeout: pass for the player where passing is legal, or gm (tell the game master)")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	fail := failer(stderr, "game new")
	if *name == "" {
		fmt.Fprintln(stderr, "railpost game new: --name is required")
		return 2
	}
	if *missed != "computer" && *missed != "standpat" {
		fmt.Fprintln(stderr, "railpost game new: --missed is computer or standpat")
		return 2
	}
	if _, err := time.LoadLocation(*tz); err != nil {
		return fail(fmt.Errorf("--tz %q is not a time zone: %w", *tz, err))
	}
	if *id != "" {
		var err error
		if *id, err = processor.GameID(*id); err != nil {
			return fail(fmt.Errorf("--id: %w", err))
		}
	}
	p, closeFn, err := openProcessor(ctx, c, stderr)
	if err != nil {
		return fail(err)
	}
	defer closeFn()
	t, err := p.Titles.Get(*kind)
	if err != nil {
		return fail(err)
	}
	least, most := t.Seats()
	if *players == 0 {
		*players = min(max(4, least), most)
	}
	if *players < least || *players > most {
		return fail(fmt.Errorf("--players %d: %s takes %d to %d", *players, t.Name(), least, most))
	}
	if *policy != "pass" && *policy != "gm" {
		return fail(fmt.Errorf("--timeout-policy is pass or gm, not %q", *policy))
	}
	g := store.Game{ID: *id, Title: t.Name(), Name: *name, Seed: *seed, TimeZone: *tz, Early: *early, Grace: *grace, Remind: *remind,
		Missed: *missed, Schedule: *schedule, GMAddress: *gmAddr, MoveTimeout: *moveTimeout, TimeoutPolicy: *policy}
	now := time.Now().UTC()
	password, err := settle(ctx, p, t, &g, *deadline, *gmPass, now)
	if err != nil {
		return fail(err)
	}
	var seats []store.Position
	for n := 1; n <= *players; n++ {
		seats = append(seats, store.Position{Number: n})
	}
	var variants []string
	for _, v := range strings.Split(*variant, ",") {
		if v = strings.TrimSpace(v); v != "" {
			variants = append(variants, v)
		}
	}
	if err := processor.CreateGameWith(ctx, p.Store, t, g, seats, variants, now); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "created game %s (%s, %s, %d positions, all played by the computer until players are added)\n", g.ID, g.Name, t.Name(), len(seats))
	if len(variants) > 0 {
		fmt.Fprintf(stdout, "variants: %s\n", strings.Join(variants, ", "))
	}
	switch {
	case title.ByMove(t):
		fmt.Fprintln(stdout, "one action per mail: the game begins when its first player is seated")
	case !g.Deadline.IsZero():
		fmt.Fprintf(stdout, "turn 1 is due %s\n", processor.ShowTime(g, g.Deadline))
	default:
		fmt.Fprintln(stdout, "no deadline: turns resolve when every player is in, or at `railpost gm GAME PROCESS <turn>`")
	}
	if *gmPass == "" {
		fmt.Fprintf(stdout, "GM password (signs GM mail; shown once): %s\n", password)
	}
	fmt.Fprintf(stdout, "next: railpost game add-player --game %s --address player@example.org\n", g.ID)
	return 0
}

// settle fills in what game new leaves to defaults: a random seed, the
// next free id, the first deadline, and the GM password (made when none
// was given) with its hash. It returns the password.
func settle(ctx context.Context, p *processor.Processor, t title.Title, g *store.Game, deadline, gmPass string, now time.Time) (string, error) {
	var err error
	if g.Seed == 0 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", err
		}
		g.Seed = int64(binary.LittleEndian.Uint64(b[:]) >> 1)
	}
	if g.ID == "" {
		if g.ID, err = freeID(ctx, p.Store, t.Prefix()); err != nil {
			return "", err
		}
	} else if old, err := p.Store.Game(ctx, g.ID); err == nil {
		// Found regardless of case: an older game may have capitals.
		return "", fmt.Errorf("--id %s: game %s (%s) exists already: choose another id", g.ID, old.ID, old.Name)
	} else if !errors.Is(err, store.ErrNotFound) {
		return "", err
	}
	if g.Schedule != "" {
		if _, err := processor.ParseSchedule(g.Schedule); err != nil {
			return "", err
		}
		g.Deadline = processor.NextDeadline(*g, now)
	}
	if deadline != "" {
		d, err := time.ParseInLocation("2006-01-02 15:04", deadline, processor.Zone(*g))
		if err != nil || !d.After(now) {
			return "", fmt.Errorf("--deadline %q: give a future date and time as 2026-03-16 18:00", deadline)
		}
		g.Deadline = d.UTC()
	}
	password := gmPass
	if password == "" {
		if password, err = processor.NewPassword(); err != nil {
			return "", err
		}
	}
	if g.GMPasswordHash, err = processor.HashPassword(password); err != nil {
		return "", err
	}
	return password, nil
}

// freeID makes a short id from the title's prefix: cr-1, cr-2, ...
func freeID(ctx context.Context, st interface {
	Game(ctx context.Context, id string) (store.Game, error)
}, prefix string) (string, error) {
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s-%d", prefix, n)
		if _, err := st.Game(ctx, id); errors.Is(err, store.ErrNotFound) {
			return id, nil
		} else if err != nil {
			return "", err
		}
	}
}

func cmdGameAddPlayer(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "game add-player")
	fs, c := newFlags("game add-player", "game add-player --game G --address ADDR [--position N] [--name NAME]", stderr)
	game := fs.String("game", "", "the game (required)")
	addr := fs.String("address", "", "the player's mail address (required)")
	pos := fs.Int("position", 0, "the position (default: the first one the computer plays)")
	name := fs.String("name", "", "the player's name, for the GM's lists")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *game == "" || *addr == "" {
		fmt.Fprintln(stderr, "railpost game add-player: --game and --address are required")
		return 2
	}
	p, closeFn, err := openProcessor(ctx, c, stderr)
	if err != nil {
		return fail(err)
	}
	defer closeFn()
	if *pos == 0 {
		positions, err := p.Store.Positions(ctx, *game)
		if err != nil {
			return fail(err)
		}
		for _, q := range positions {
			if !q.Human {
				*pos = q.Number
				break
			}
		}
		if *pos == 0 {
			fmt.Fprintf(stderr, "railpost game add-player: every position of %s has a player\n", *game)
			return 1
		}
	}
	cmd := gmcmd.Command{Verb: "HAND", Args: []string{strconv.Itoa(*pos), *addr}, Rest: strings.TrimSpace(fmt.Sprintf("%d %s %s", *pos, *addr, *name))}
	if *name != "" {
		cmd.Args = append(cmd.Args, strings.Fields(*name)...)
	}
	said, err := p.Command(ctx, *game, cmd, processor.GMActor{Name: "cli"})
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "%s; the next `railpost run` sends it\n", said)
	return 0
}

func cmdGameList(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "game list")
	fs, c := newFlags("game list", "game list", stderr)
	if code, ok := parse(fs, args); !ok {
		return code
	}
	st, closeFn, err := openStore(ctx, c)
	if err != nil {
		return fail(err)
	}
	defer closeFn()
	games, err := st.Games(ctx)
	if err != nil {
		return fail(err)
	}
	if len(games) == 0 {
		fmt.Fprintln(stdout, "no games yet: railpost game new --name NAME")
		return 0
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tTITLE\tNAME\tSTATUS\tTURN\tPLAYERS\tDEADLINE")
	for _, g := range games {
		positions, err := st.Positions(ctx, g.ID)
		if err != nil {
			return fail(err)
		}
		people := 0
		for _, q := range positions {
			if q.Human {
				people++
			}
		}
		deadline := "-"
		if !g.Deadline.IsZero() {
			deadline = processor.ShowTime(g, g.Deadline)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%d of %d\t%s\n", g.ID, g.Title, g.Name, g.Status, g.Turn, people, len(positions), deadline)
	}
	return errCode(w.Flush(), stderr)
}

func cmdGameShow(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "game show")
	fs, c := newFlags("game show", "game show GAME", stderr)
	if code, ok := parseGameArg(fs, args, "railpost game show [flags] GAME", stderr); !ok {
		return code
	}
	st, closeFn, err := openStore(ctx, c)
	if err != nil {
		return fail(err)
	}
	defer closeFn()
	g, err := st.Game(ctx, fs.Arg(0))
	if err != nil {
		return fail(err)
	}
	positions, err := st.Positions(ctx, g.ID)
	if err != nil {
		return fail(err)
	}
	standing, err := st.CurrentOrders(ctx, g.ID, g.Turn)
	if err != nil {
		return fail(err)
	}
	acts, err := st.GMActions(ctx, g.ID)
	if err != nil {
		return fail(err)
	}
	waiting, failed, err := outboxCounts(ctx, st, g.ID)
	if err != nil {
		return fail(err)
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "Game\t%s: %s (%s)\n", g.ID, g.Name, g.Title)
	fmt.Fprintf(w, "Status\t%s, turn %d open\n", g.Status, g.Turn)
	deadline := "none"
	if !g.Deadline.IsZero() {
		deadline = processor.ShowTime(g, g.Deadline)
	}
	fmt.Fprintf(w, "Deadline\t%s (zone %s, schedule %s, grace %s, reminders %s before)\n", deadline, g.TimeZone, orDash(g.Schedule), g.Grace, g.Remind)
	fmt.Fprintf(w, "Policy\tresolve early when all are in: %v; missed orders: %s\n", g.Early, g.Missed)
	fmt.Fprintf(w, "Game master\t%s\n", orDash(g.GMAddress))
	fmt.Fprintf(w, "Seed\t%d\n", g.Seed)
	fmt.Fprintf(w, "Outbox\t%d waiting, %d given up (railpost outbox --game %s)\n", waiting, failed, g.ID)
	w.Flush()
	fmt.Fprintf(stdout, "\nPositions (turn %d orders: %d in):\n", g.Turn, len(standing))
	w = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "  #\tPLAYED BY\tADDRESS\tNAME\tORDERS")
	for _, q := range positions {
		who, in := "computer", ""
		if q.Human {
			who = "person"
			in = "missing"
		}
		if _, ok := standing[q.Number]; ok {
			in = "in"
		}
		fmt.Fprintf(w, "  %d\t%s\t%s\t%s\t%s\n", q.Number, who, orDash(q.Address), orDash(q.Name), in)
	}
	w.Flush()
	if len(acts) > 0 {
		fmt.Fprintln(stdout, "\nGame-master log:")
		for _, a := range acts {
			fmt.Fprintf(stdout, "  %s  turn %d  %s %s  (by %s)\n", processor.ShowTime(g, a.At), a.Turn, a.Verb, a.Args, a.Actor)
		}
	}
	return 0
}

func cmdGM(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "gm")
	fs, c := newFlags("gm", "gm [flags] GAME COMMAND [ARGS...]", stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: railpost gm [flags] GAME COMMAND [ARGS...]\n\nThe same commands work in a GM mail (GAME and GM lines, then one command a line):\n%s\nFlags:\n", gmcmd.Usage())
		fs.PrintDefaults()
	}
	if code, ok := parsePositional(fs, args); !ok {
		return code
	}
	if fs.NArg() < 2 {
		fs.Usage()
		return 2
	}
	cmd, err := gmcmd.Parse(strings.Join(fs.Args()[1:], " "))
	if err != nil {
		fmt.Fprintln(stderr, "railpost gm:", err)
		return 2
	}
	p, closeFn, err := openProcessor(ctx, c, stderr)
	if err != nil {
		return fail(err)
	}
	defer closeFn()
	said, err := p.Command(ctx, fs.Arg(0), cmd, processor.GMActor{Name: "cli"})
	if err != nil {
		return fail(err)
	}
	fmt.Fprintln(stdout, strings.TrimRight(said, "\n"))
	return 0
}

func cmdRecords(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "records")
	fs, c := newFlags("records", "records [--title T]", stderr)
	only := fs.String("title", "", "list only this title's records (default: every title's)")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	names := titleNames()
	if *only != "" {
		names = []string{*only}
	}
	st, closeFn, err := openStore(ctx, c)
	if err != nil {
		return fail(err)
	}
	defer closeFn()
	for _, name := range names {
		recs, err := st.Records(ctx, name, "")
		if err != nil {
			return fail(err)
		}
		if len(recs) == 0 {
			fmt.Fprintf(stdout, "no %s game has ended with a person's score yet\n", name)
			continue
		}
		cats := make([]string, 0, len(recs))
		for c := range recs {
			cats = append(cats, c)
		}
		sort.Strings(cats)
		fmt.Fprintf(stdout, "%s\n%-14s %7s  %-32s %-12s %s\n", name, "Category", "Points", "Player", "Game", "Ended")
		for _, cat := range cats {
			r := recs[cat]
			fmt.Fprintf(stdout, "%-14s %7d  %-32s %-12s %s (turn %d)\n", cat, r.Points, r.Player, r.GameID, r.EndedAt.Format("2006-01-02"), r.Turn)
		}
	}
	return 0
}

func cmdReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := failer(stderr, "replay")
	fs, c := newFlags("replay", "replay [flags] GAME", stderr)
	if code, ok := parseGameArg(fs, args, "railpost replay [flags] GAME", stderr); !ok {
		return code
	}
	st, closeFn, err := openStore(ctx, c)
	if err != nil {
		return fail(err)
	}
	defer closeFn()
	ts, err := titles()
	if err != nil {
		return fail(err)
	}
	res, err := archive.Replay(ctx, st, ts, fs.Arg(0))
	if err != nil {
		return fail(err)
	}
	if len(res.Mismatches) > 0 {
		fmt.Fprintf(stdout, "replay of %s: %d %ss rebuilt; %ss %v differ from the stored snapshots\n", fs.Arg(0), res.Steps, res.Unit, res.Unit, res.Mismatches)
		return 1
	}
	adjusted := ""
	if res.Adjustments > 0 {
		adjusted = fmt.Sprintf(" and %d game-master adjustments", res.Adjustments)
	}
	unchecked := ""
	if res.Unchecked > 0 {
		unchecked = fmt.Sprintf(" (%d stored before snapshots were kept for them, so checked only for what they told the players)", res.Unchecked)
	}
	fmt.Fprintf(stdout, "replay of %s: %d %ss%s rebuilt from the log, every one identical to its stored snapshot%s\n", fs.Arg(0), res.Steps, res.Unit, adjusted, unchecked)
	return 0
}

// openStore opens the configured database, which must exist, for commands
// that need no mail.
// parseGameArg reads a command's flags, before or after the one game it
// names.
func parseGameArg(fs *flag.FlagSet, args []string, usage string, stderr io.Writer) (int, bool) {
	if code, ok := parseInterspersed(fs, args); !ok {
		return code, false
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "Usage: "+usage)
		return 2, false
	}
	return 0, true
}

// openStore opens the database, which must exist, to read only: the
// commands that call it change nothing, and so work on read-only storage.
func openStore(ctx context.Context, c *common) (store.Store, func(), error) {
	cfg, err := c.load()
	if err != nil {
		return nil, nil, err
	}
	st, err := backend.OpenReadOnly(ctx, cfg.Database)
	if err != nil {
		return nil, nil, err
	}
	return st, func() { st.Close() }, nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func errCode(err error, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintln(stderr, "railpost:", err)
		return 1
	}
	return 0
}

func cmdArchive(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	const usage = "Usage: railpost archive export GAME [--out DIR] [--with-secrets] [--with-addresses]\n       railpost archive import [flags] DIR [--replace]\n"
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	switch args[0] {
	case "export":
		fs, c := newFlags("archive export", "archive export [flags] GAME", stderr)
		out := fs.String("out", "", "the folder to write (default ./GAME-archive)")
		secrets := fs.Bool("with-secrets", false, "keep every row as it is (password hashes, tokens, addresses, the open turn's orders), to move the game to another host; without it the folder is fit to publish")
		addresses := fs.Bool("with-addresses", false, "keep the players' and the game master's addresses in the publishable folder; without it each is replaced by a made-up one")
		// Flags may come before or after the game, as the guide writes them.
		if code, ok := parseInterspersed(fs, args[1:]); !ok {
			return code
		}
		if fs.NArg() != 1 {
			fmt.Fprint(stderr, usage)
			return 2
		}
		game := fs.Arg(0)
		if *out == "" {
			*out = game + "-archive"
		}
		st, closeFn, err := openStore(ctx, c)
		if err != nil {
			fmt.Fprintln(stderr, "railpost archive export:", err)
			return 1
		}
		defer closeFn()
		ts, err := titles()
		if err != nil {
			fmt.Fprintln(stderr, "railpost archive export:", err)
			return 1
		}
		left, err := archive.Export(ctx, st, ts, game, *out, archive.Options{Secrets: *secrets, Addresses: *addresses,
			Pages: func(ctx context.Context, id, dir string) error { return web.WriteGame(ctx, st, ts, id, dir) }})
		if err != nil {
			fmt.Fprintln(stderr, "railpost archive export:", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s: open %s/index.html\n", *out, *out)
		if !*secrets {
			fmt.Fprintf(stdout, "fit to publish: %s (--with-secrets)\n", left)
		}
		return 0
	case "import":
		fs, c := newFlags("archive import", "archive import [flags] DIR", stderr)
		replace := fs.Bool("replace", false, "replace a game with the same id in this database; without it such an import is refused")
		if code, ok := parseInterspersed(fs, args[1:]); !ok {
			return code
		}
		if fs.NArg() != 1 {
			fmt.Fprint(stderr, usage)
			return 2
		}
		cfg, err := c.load()
		if err != nil {
			fmt.Fprintln(stderr, "railpost archive import:", err)
			return 1
		}
		st, err := backend.OpenExisting(ctx, cfg.Database)
		if err != nil {
			fmt.Fprintln(stderr, "railpost archive import:", err)
			return 1
		}
		defer st.Close()
		id, err := archive.Import(ctx, st, fs.Arg(0), *replace)
		if err != nil {
			fmt.Fprintln(stderr, "railpost archive import:", err)
			return 1
		}
		fmt.Fprintf(stdout, "imported game %s into %s; check it with: railpost replay %s\n", id, st.Path(), id)
		return 0
	}
	fmt.Fprintf(stderr, "railpost archive: unknown subcommand %q\n%s", args[0], usage)
	return 2
}
