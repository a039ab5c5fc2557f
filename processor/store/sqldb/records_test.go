package sqldb

import (
	"context"
	"testing"
	"time"
)

func testRecordsAreBeatenNotEqualled(t *testing.T, b backend) {
	ctx := context.Background()
	s := b.open(t)
	for _, id := range []string{"a", "b", "c", "d"} {
		if err := s.CreateGame(ctx, Game{ID: id, Title: "t", Name: id, Seed: 1, Created: t0}); err != nil {
			t.Fatal(err)
		}
	}
	end := func(game string, day int, scores ...FinalScore) {
		t.Helper()
		for i := range scores {
			scores[i].GameID, scores[i].Turn, scores[i].EndedAt = game, 22, t0.Add(time.Duration(day)*24*time.Hour)
			if scores[i].Title == "" {
				scores[i].Title = "t"
			}
		}
		if err := s.AddFinalScores(ctx, scores); err != nil {
			t.Fatal(err)
		}
	}
	end("a", 1, FinalScore{Position: 1, Player: "Ada", Human: true, Category: "Mogul", Points: 30},
		FinalScore{Position: 2, Player: "Computer", Category: "Mogul", Points: 99})
	end("b", 2, FinalScore{Position: 4, Player: "Ben", Human: true, Category: "Mogul", Points: 30},
		FinalScore{Position: 4, Player: "Ben", Human: true, Category: "Builder", Points: 200})
	end("c", 3, FinalScore{Position: 5, Player: "Cyd", Human: true, Category: "Builder", Points: 500})
	if err := s.CreateGame(ctx, Game{ID: "other", Title: "u", Name: "u", Seed: 1, Created: t0}); err != nil {
		t.Fatal(err)
	}
	end("other", 4, FinalScore{Title: "u", Position: 1, Player: "Dee", Human: true, Category: "Mogul", Points: 50})
	// Game c reopened: its scores are no records.
	id, err := s.AddGMAction(ctx, GMAction{GameID: "c", Turn: 22, Verb: "ROLLBACK", At: t0})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RollBack(ctx, "c", 20, id, time.Time{}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		except         string
		mogul, builder string // holders
	}{
		{"", "Ada", "Ben"},
		{"a", "Ben", "Ben"},
		{"b", "Ada", ""},
	} {
		got, err := s.Records(ctx, "t", tc.except)
		if err != nil {
			t.Fatal(err)
		}
		if got["Mogul"].Player != tc.mogul || got["Builder"].Player != tc.builder || got["Mogul"].Points != 30 {
			t.Errorf("records without %q: %+v, want Mogul to %q and Builder to %q", tc.except, got, tc.mogul, tc.builder)
		}
	}
}

func TestRecordsAreBeatenNotEqualled(t *testing.T) { onBoth(t, testRecordsAreBeatenNotEqualled) }
