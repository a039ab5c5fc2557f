package processor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/processor/title"
)

// nim is a title that lives only in this test: a pile of 21 stones; each
// player in turn takes one to three, or passes; whoever takes the last
// stone wins. The processor plays it by mail having never heard of it,
// which is the whole of what adding a title asks: its own package (here,
// this file) and one value registered.
type nim struct{}

func (nim) Name() string      { return "nim" }
func (nim) Prefix() string    { return "nim" }
func (nim) Seats() (int, int) { return 2, 4 }
func (nim) New(s title.Setup) (title.MoveGame, error) {
	players := s.Players
	return &nimGame{Names: players, Pile: 21, Taken: make([]int, len(players)), Winner: -1}, nil
}

// Report is a one-page PDF of the pile, dated at.
func (nim) Report(g title.MoveGame, gameName string, position int, at time.Time) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreationDate(at)
	pdf.SetModificationDate(at)
	pdf.AddPage()
	pdf.SetFont("Helvetica", "", 12)
	pdf.MultiCell(0, 6, fmt.Sprintf("Nim report for position %d of %s\n\n%s", position, gameName, g.Status(position-1)), "", "L", false)
	var b bytes.Buffer
	err := pdf.Output(&b)
	return b.Bytes(), err
}

type nimGame struct {
	Names  []string
	Pile   int
	Next   int   // the seat to move
	Taken  []int // stones each seat took
	Winner int   // -1 while the game goes on
	events []string
}

func (g *nimGame) Acting() []int {
	if g.Over() {
		return nil
	}
	return []int{g.Next}
}

func (g *nimGame) Legal(seat int) []move.Option {
	if g.Over() || seat != g.Next {
		return nil
	}
	return []move.Option{{Seat: seat, Verb: "TAKE", Ranged: true, Min: 1, Max: min(3, g.Pile)}, {Seat: seat, Verb: "PASS"}}
}

func (g *nimGame) Apply(a move.Action) error {
	if g.Over() {
		return fmt.Errorf("the game is over")
	}
	if a.Seat != g.Next {
		return fmt.Errorf("it is %s's move (rule 1: players move in turn)", g.Names[g.Next])
	}
	switch {
	case a.Verb == "PASS" && len(a.Args) == 0:
		g.events = append(g.events, g.Names[a.Seat]+" passes")
	case a.Verb == "TAKE" && len(a.Args) == 1:
		n, err := strconv.Atoi(a.Args[0])
		if err != nil || n < 1 || n > 3 || n > g.Pile {
			return fmt.Errorf("take 1 to %d stones (rule 2)", min(3, g.Pile))
		}
		g.Pile -= n
		g.Taken[a.Seat] += n
		g.events = append(g.events, fmt.Sprintf("%s takes %d; %d left", g.Names[a.Seat], n, g.Pile))
		if g.Pile == 0 {
			g.Winner = a.Seat
			g.events = append(g.events, g.Names[a.Seat]+" takes the last stone and wins")
			return nil
		}
	default:
		return fmt.Errorf("%q is not a move: write TAKE 1 to 3, or PASS", a)
	}
	g.Next = (g.Next + 1) % len(g.Names)
	return nil
}

func (g *nimGame) Over() bool       { return g.Winner >= 0 }
func (g *nimGame) Events() []string { return g.events }
func (g *nimGame) Milestone() int   { return (21 - g.Pile) / 7 }
func (g *nimGame) Scores() []int {
	out := make([]int, len(g.Names))
	if g.Winner >= 0 {
		out[g.Winner] = 1
	}
	return out
}

func (g *nimGame) Status(seat int) string {
	return fmt.Sprintf("The pile holds %d stones. Taken: %v.\n", g.Pile, g.Taken)
}

func (g *nimGame) Menu(seat int) []string {
	var out []string
	for _, o := range g.Legal(seat) {
		out = append(out, o.String())
	}
	return out
}

// Computer takes what leaves a multiple of four, else one.
func (g *nimGame) Computer(seat int, _ *rand.Rand) move.Action {
	n := g.Pile % 4
	if n == 0 {
		n = 1
	}
	return move.Action{Seat: seat, Verb: "TAKE", Args: []string{strconv.Itoa(n)}}
}

func (g *nimGame) State() ([]byte, error) { return json.Marshal(g) }

// moveMail is what a player mails: the header block and one move.
func moveMail(game, from, password, msgID string, position, action int, move string) string {
	return fmt.Sprintf("From: %s\nTo: gm@railpost.test\nSubject: move\nMessage-ID: <%s>\nDate: Mon, 2 Mar 2026 08:00:00 +0000\n\nGAME: %s\nPOSITION: %d\nACTION: %d\nPASSWORD: %s\n\n%s\n",
		from, msgID, game, position, action, password, move)
}
