package enginetest

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// Golden logs prove that a title plays the same after its code is
// rebuilt: seeded games, all-computer and of random legal moves, recorded
// once with each move, a digest of the legal options at every 25th move
// and the final scores, then played again and compared line by line.

// Player is what a golden game needs of a title's engine: the rules, the
// computer's choice and the scores.
type Player interface {
	move.Engine
	Suggest(seat int, rng *rand.Rand) move.Action
	Scores() []int
}

// GoldenKinds are the two ways a golden game is played.
var GoldenKinds = []string{"computer", "random"}

// OptionsEvery is how often the legal options are recorded, in moves.
const OptionsEvery = 25

// GoldenGame plays one seeded game of a kind, to its end or to cap moves,
// and writes its log: a header, one line a move, a digest of every acting
// seat's options every OptionsEvery moves, and the scores. The random
// kind draws from the options alone, through the engine's interface, so
// the same seed plays the same moves on any code with the same rules.
func GoldenGame(w io.Writer, g Player, kind string, seed uint64, cap int) error {
	rng := rand.New(rand.NewPCG(seed, 0x601de))
	fmt.Fprintf(w, "game %s %d\n", kind, seed)
	for n := 0; n < cap && !g.Over(); n++ {
		acting := g.Acting()
		if len(acting) == 0 {
			return fmt.Errorf("%s %d move %d: no seat acts and the game is not over", kind, seed, n)
		}
		if n%OptionsEvery == 0 {
			for _, s := range acting {
				fmt.Fprintf(w, "options %d %s\n", s, OptionsDigest(g.Legal(s)))
			}
		}
		var a move.Action
		switch kind {
		case "computer":
			a = g.Suggest(acting[0], rng)
		case "random":
			opts := g.Legal(acting[0])
			if len(opts) == 0 {
				return fmt.Errorf("%s %d move %d: seat %d has no legal move", kind, seed, n, acting[0])
			}
			a = goldenRandom.Pick(opts, rng)
		default:
			return fmt.Errorf("no golden kind %q", kind)
		}
		if err := g.Apply(a); err != nil {
			return fmt.Errorf("%s %d move %d: %s by seat %d: %w", kind, seed, n, a, a.Seat, err)
		}
		fmt.Fprintf(w, "%d %d %s\n", n+1, a.Seat, a)
	}
	fmt.Fprintf(w, "over %v scores %v\n", g.Over(), g.Scores())
	return nil
}

// OptionsDigest is the count and a short hash of an option list as the
// options write themselves, in order.
func OptionsDigest(opts []move.Option) string {
	h := sha256.New()
	for _, o := range opts {
		fmt.Fprintln(h, o.String())
	}
	return fmt.Sprintf("%d:%s", len(opts), hex.EncodeToString(h.Sum(nil))[:16])
}

// goldenRandom is how the golden logs' random kind draws, fixed since they
// were recorded: a deal between players (a private's price named) or a
// redemption from another company one time in twenty, a train or a
// dividend more often than the rest.
var goldenRandom = RandomPolicy{
	Deal: func(o move.Option) bool {
		return (o.Verb == "BUYPRIVATE" && o.Ranged) || (o.Verb == "REDEEM" && len(o.Args) == 2 && o.Args[1] != "SELF")
	},
	Idle:        []string{"PASS", "DONE", "SKIP", "DECLINE"},
	Eager:       []string{"BUYTRAIN", "PAY"},
	RangedEager: true,
}

// update rewrites the golden logs instead of checking them; seeds checks
// that many seeds of each kind instead of the test's own count.
var (
	update = flag.Bool("update-golden", false, "record the golden logs again from the code as it is")
	seeds  = flag.Int("golden-seeds", 0, "check this many seeds of each kind against the golden logs (all 200: -golden-seeds 200)")
)

// Golden is a title's golden-log check.
type Golden struct {
	// Dir is the folder of the logs, testdata/golden.
	Dir string
	// Games is how many seeds of each kind the logs hold.
	Games int
	// Cap is the most moves a game is played.
	Cap int
	// New makes the game of a seed.
	New func(seed uint64) (Player, error)
}

// Check plays the first n seeds of each kind (or -golden-seeds) and
// compares each game's log with the recorded one; with -update-golden it
// plays all of them and records them again.
func (gd Golden) Check(t *testing.T, n int) {
	t.Helper()
	if *seeds > 0 {
		n = *seeds
	}
	for _, kind := range GoldenKinds {
		path := filepath.Join(gd.Dir, kind+".log.gz")
		if *update {
			if err := gd.record(path, kind); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := readGolden(path)
		if err != nil {
			t.Fatalf("%v (record them with -update-golden)", err)
		}
		for seed := range uint64(min(n, gd.Games)) {
			var got bytes.Buffer
			g, err := gd.New(seed)
			if err != nil {
				t.Fatal(err)
			}
			if err := GoldenGame(&got, g, kind, seed, gd.Cap); err != nil {
				t.Fatal(err)
			}
			if d := firstDiff(want[seed], got.String()); d != "" {
				t.Errorf("%s game %d plays differently from its golden log: %s", kind, seed, d)
			}
		}
	}
}

func (gd Golden) record(path, kind string) error {
	var buf bytes.Buffer
	for seed := range uint64(gd.Games) {
		g, err := gd.New(seed)
		if err != nil {
			return err
		}
		if err := GoldenGame(&buf, g, kind, seed, gd.Cap); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	if _, err := zw.Write(buf.Bytes()); err != nil {
		f.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// readGolden reads a kind's logs, game by game, by seed.
func readGolden(path string) (map[uint64]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("golden logs: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("golden logs %s: %w", path, err)
	}
	out := map[uint64]string{}
	var cur strings.Builder
	seed, started := uint64(0), false
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "game ") {
			if started {
				out[seed] = cur.String()
			}
			cur.Reset()
			var kind string
			if _, err := fmt.Sscanf(l, "game %s %d", &kind, &seed); err != nil {
				return nil, fmt.Errorf("golden logs %s: %q: %w", path, l, err)
			}
			started = true
		}
		cur.WriteString(l + "\n")
	}
	if started {
		out[seed] = cur.String()
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("golden logs %s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, errors.New("golden logs " + path + ": empty")
	}
	return out, nil
}

// firstDiff names the first line where two logs differ, "" if none.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d: recorded %q, played %q", i+1, a, b)
		}
	}
	return ""
}
