package reports

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	ce "github.com/railpost/railpost/games/chicagoexpress"
)

// playedCE plays a game with the computer's moves for a number of moves.
func playedCE(t testing.TB, moves int) *ce.Game {
	t.Helper()
	g, err := ce.New(ce.Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < moves && !g.Over(); i++ {
		s := g.Acting()[0]
		if err := g.Apply(g.Suggest(s, rng)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestChicagoReportReadsBack renders a report mid-game and reads it back
// with pdftotext: the companies' figures and the players' cash are the
// engine's; and pdftoppm renders the board.
func TestChicagoReportReadsBack(t *testing.T) {
	g := playedCE(t, 60)
	pdf, err := ChicagoExpress{Game: g, GameName: "Test", Reader: 1, Made: time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)}.PDF()
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"The board", "Income track", "For Bob (position 2)"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	for _, c := range g.Corps {
		if c.Open && !strings.Contains(text, c.Name) {
			t.Errorf("report lacks %s", c.Name)
		}
	}
	for s, name := range g.Names {
		if !hasRow(text, name+" $"+strconv.Itoa(g.Cash[s])) {
			t.Errorf("report lacks the row %q", name+" $"+strconv.Itoa(g.Cash[s]))
		}
	}
	if _, err := exec.LookPath("pdftoppm"); err == nil {
		dir := t.TempDir()
		f := filepath.Join(dir, "r.pdf")
		if err := os.WriteFile(f, pdf, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("pdftoppm", "-png", "-r", "90", "-f", "1", "-l", "1", f, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v %s", err, out)
		}
		if os.Getenv("RAILPOST_KEEP_PNG") != "" {
			b, _ := os.ReadFile(filepath.Join(dir, "page-1.png"))
			_ = os.WriteFile(os.Getenv("RAILPOST_KEEP_PNG"), b, 0o644)
		}
	}
}
