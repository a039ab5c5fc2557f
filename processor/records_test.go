package processor

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
)

// TestRecordsAcrossGames plays two tally games to their end by the rules
// and ends a third by the GM's END: the first sets the record, the second
// beats it, the third does not; the computer's higher scores never count
// (11.3, rulings P13).
func TestRecordsAcrossGames(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	msgs := 0
	// play sends every turn's picks until the game ends by its rules.
	play := func(id string, picks map[int]int, turns int) {
		t.Helper()
		for turn := 1; turn <= turns; turn++ {
			for _, p := range players[:2] {
				msgs++
				h.deliver(orderMail(p.address, fmt.Sprintf("m%d@x", msgs), fmt.Sprintf("GAME: %s\nPOSITION: %d\nPASSWORD: %s\nPICK %d\n", id, p.number, p.password, picks[p.number])))
			}
			if sum := h.mustRun(); sum.Resolved != 1 {
				t.Fatalf("%s turn %d did not resolve: %s", id, turn, sum)
			}
		}
	}
	newGame := func(id string) {
		t.Helper()
		var pos []store.Position
		for _, p := range players {
			pos = append(pos, store.Position{Number: p.number, Address: p.address, PasswordHash: passwordHash(t, p.password), Human: p.human, Name: fmt.Sprintf("Player %d", p.number)})
		}
		if err := CreateGame(ctx, h.st, tally{}, store.Game{ID: id, Title: "tally", Name: id, Seed: 7, Early: true, TimeZone: "UTC"}, pos, h.clock); err != nil {
			t.Fatal(err)
		}
	}
	headlines := func(id string, turn int) string {
		t.Helper()
		es, err := h.st.Events(ctx, id, turn)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, e := range es {
			if e.Kind == "record" {
				b.WriteString(e.Text + "\n")
			}
		}
		return b.String()
	}

	play("t1", map[int]int{1: 3, 2: 2}, 20)
	if g, _ := h.st.Game(ctx, "t1"); g.Status != "ended" {
		t.Fatalf("t1 is %s after turn 20", g.Status)
	}
	want := "Record: Player 1 (position 1) sets the first score record, 60 points.\n"
	if got := headlines("t1", 20); got != want {
		t.Errorf("t1's final headlines on records:\n%s\nwant\n%s", got, want)
	}

	newGame("t2")
	play("t2", map[int]int{1: 3, 2: 4}, 20)
	want = "New record: Player 2 (position 2) scores 80 score points, beating 60 by Player 1 in game t1.\n"
	if got := headlines("t2", 20); got != want {
		t.Errorf("t2's final headlines on records:\n%s\nwant\n%s", got, want)
	}

	newGame("t3")
	play("t3", map[int]int{1: 1, 2: 1}, 5)
	said, err := h.proc.GM(ctx, "t3", gmcmd.Command{Verb: "END", Rest: "time is up"}, GMActor{Name: "cli"})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"game t3 ended after turn 5", "The score record stands: 80 by Player 2 in game t2 (the best here, 5 by Player 1)."} {
		if !strings.Contains(said, w) {
			t.Errorf("END says:\n%s\nwithout %q", said, w)
		}
	}
	recs, err := h.st.Records(ctx, "tally", "")
	if err != nil || recs["score"].Points != 80 || recs["score"].GameID != "t2" {
		t.Errorf("the score record: %+v %v", recs, err)
	}
}

func TestRecordLine(t *testing.T) {
	rec := store.FinalScore{GameID: "cr-1", Player: "Jay Gould", Human: true, Points: 480}
	me := func(points int) store.FinalScore {
		return store.FinalScore{Player: "Ada", Position: 4, Human: true, Points: points}
	}
	for _, tc := range []struct {
		name       string
		here, held store.FinalScore
		want       string
	}{
		{"first", me(12), store.FinalScore{}, "Record: Ada (position 4) sets the first Mogul record, 12 points."},
		{"nothing to record", me(0), store.FinalScore{}, ""},
		{"no person played", store.FinalScore{}, store.FinalScore{}, ""},
		{"only the computer played", store.FinalScore{}, rec, "The Mogul record stands: 480 by Jay Gould in game cr-1."},
		{"beaten", me(500), rec, "New record: Ada (position 4) scores 500 Mogul points, beating 480 by Jay Gould in game cr-1."},
		{"equalled", me(480), rec, "Ada (position 4) equals the Mogul record of 480 by Jay Gould in game cr-1, which stands."},
		{"kept", me(479), rec, "The Mogul record stands: 480 by Jay Gould in game cr-1 (the best here, 479 by Ada)."},
	} {
		if got := recordLine("Mogul", tc.here, tc.held); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
