package sqldb

import (
	"context"
	"fmt"
)

// AddFinalScores records the scores a game ended with.
func (o ops) AddFinalScores(ctx context.Context, scores []FinalScore) error {
	for _, s := range scores {
		if _, err := o.q.ExecContext(ctx, `INSERT INTO final_scores(game_id, title, position, player, human, category, points, turn, ended_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, s.GameID, s.Title, s.Position, s.Player, s.Human, s.Category, s.Points, s.Turn, fmtTime(s.EndedAt)); err != nil {
			return fmt.Errorf("final score %s/%d %s: %w", s.GameID, s.Position, s.Category, err)
		}
	}
	return nil
}

// Records are the best score a person has ended a game of a title with in
// each category (rule 11.3), leaving out one game (the one ending now; ""
// leaves out none). A record is beaten, not equalled: of equal scores the
// earliest holds it.
func (o ops) Records(ctx context.Context, title, except string) (map[string]FinalScore, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT game_id, position, player, category, points, turn, ended_at FROM (
			SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY points DESC, ended_at, id) AS rank
			FROM final_scores WHERE title = ? AND human = 1 AND rolled_back IS NULL AND game_id != ?) AS ranked
		WHERE rank = 1`, title, except)
	if err != nil {
		return nil, fmt.Errorf("records of %s: %w", title, err)
	}
	defer rows.Close()
	out := map[string]FinalScore{}
	for rows.Next() {
		s := FinalScore{Title: title, Human: true}
		var ended string
		if err := rows.Scan(&s.GameID, &s.Position, &s.Player, &s.Category, &s.Points, &s.Turn, &ended); err != nil {
			return nil, fmt.Errorf("records of %s: %w", title, err)
		}
		if s.EndedAt, err = parseTime(ended); err != nil {
			return nil, fmt.Errorf("records of %s: %w", title, err)
		}
		out[s.Category] = s
	}
	return out, rows.Err()
}

// FinalScores are the scores a game ended with, by position and category;
// none while it runs or after a rollback.
func (o ops) FinalScores(ctx context.Context, gameID string) ([]FinalScore, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT title, position, player, human, category, points, turn FROM final_scores
		WHERE game_id = ? AND rolled_back IS NULL ORDER BY position, category`, gameID)
	if err != nil {
		return nil, fmt.Errorf("final scores of %s: %w", gameID, err)
	}
	defer rows.Close()
	var out []FinalScore
	for rows.Next() {
		s := FinalScore{GameID: gameID}
		if err := rows.Scan(&s.Title, &s.Position, &s.Player, &s.Human, &s.Category, &s.Points, &s.Turn); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
