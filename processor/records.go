package processor

import (
	"context"
	"fmt"
	"time"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// endScores works out the scores a game ends with and what they do to the
// records of its title: the rows to keep, and one line a category for the
// final report. Only positions a person holds at the end can set a record
// (rulings P13). A title that keeps no scores gives nothing.
func (p *Processor) endScores(ctx context.Context, g store.Game, state []byte, positions []store.Position, turn int, now time.Time) ([]store.FinalScore, []string, error) {
	tt, err := turnTitle(p.Titles, g)
	if err != nil {
		return nil, nil, err
	}
	scorer, ok := tt.(title.Scorer)
	if !ok {
		return nil, nil, nil
	}
	scores, err := scorer.FinalScores(state)
	if err != nil {
		return nil, nil, fmt.Errorf("final scores: %w", err)
	}
	seats := map[int]store.Position{}
	for _, pos := range positions {
		seats[pos.Number] = pos
	}
	records, err := p.Store.Records(ctx, g.Title, g.ID)
	if err != nil {
		return nil, nil, err
	}
	var rows []store.FinalScore
	var categories []string
	best := map[string]store.FinalScore{}
	for _, s := range scores {
		seat := seats[s.Position]
		name := s.Name
		if seat.Human && seat.Name != "" && seat.Name != s.Name {
			name = seat.Name + " as " + s.Name
		}
		row := store.FinalScore{GameID: g.ID, Title: g.Title, Position: s.Position, Player: name, Human: seat.Human,
			Category: s.Category, Points: s.Points, Turn: turn, EndedAt: now}
		rows = append(rows, row)
		b, seen := best[s.Category]
		if !seen {
			categories = append(categories, s.Category)
		}
		if row.Human && (!b.Human || row.Points > b.Points) {
			best[s.Category] = row
		}
	}
	var lines []string
	for _, c := range categories {
		if line := recordLine(c, best[c], records[c]); line != "" {
			lines = append(lines, line)
		}
	}
	return rows, lines, nil
}

// recordLine says what a game's best person did to a category's record.
func recordLine(category string, here, record store.FinalScore) string {
	held := record.Player != ""
	holder := func(s store.FinalScore) string {
		return fmt.Sprintf("%d by %s in game %s", s.Points, s.Player, s.GameID)
	}
	switch {
	case !here.Human && !held:
		return ""
	case !here.Human:
		return fmt.Sprintf("The %s record stands: %s.", category, holder(record))
	case !held && here.Points <= 0:
		return ""
	case !held:
		return fmt.Sprintf("Record: %s (position %d) sets the first %s record, %d points.", here.Player, here.Position, category, here.Points)
	case here.Points > record.Points:
		return fmt.Sprintf("New record: %s (position %d) scores %d %s points, beating %s.", here.Player, here.Position, here.Points, category, holder(record))
	case here.Points == record.Points:
		return fmt.Sprintf("%s (position %d) equals the %s record of %s, which stands.", here.Player, here.Position, category, holder(record))
	default:
		return fmt.Sprintf("The %s record stands: %s (the best here, %d by %s).", category, holder(record), here.Points, here.Player)
	}
}

// gameEnd is what a game ended by the game master leaves: its final scores
// and the text that announces the standings and the records.
type gameEnd struct {
	scores []store.FinalScore
	text   string
}

// finalWord ends a game at the last turn played, for END: the standings
// and records go to every player in place of a final report.
func (p *Processor) finalWord(ctx context.Context, g store.Game, positions []store.Position, now time.Time) (gameEnd, error) {
	var end gameEnd
	snap, err := p.Store.LatestSnapshot(ctx, g.ID)
	if err != nil {
		return end, err
	}
	scores, lines, err := p.endScores(ctx, g, snap.State, positions, snap.Turn, now)
	if err != nil {
		return end, err
	}
	end.scores = scores
	d := gmFinal{Turn: snap.Turn, Records: lines}
	if st, ok := p.Titles[g.Title].(title.Standings); ok {
		if d.Standings, err = st.Standings(snap.State); err != nil {
			return end, err
		}
		d.Ranked = true
	}
	end.text, err = p.say("gm/final", d)
	return end, err
}

// gmFinal fills gm/final: the standings a game ends with, when its title
// ranks the players, and what it did to the records.
type gmFinal struct {
	Turn      int
	Ranked    bool
	Standings string
	Records   []string
}
