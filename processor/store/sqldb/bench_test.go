package sqldb

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// The store's two hot paths on each database, in one run, so that their
// ratio compares like with like:
//
//	go test ./processor/store/sqldb -run '^$' -bench . -benchtime 2s
//
// BenchmarkIngest stores one raw message as ingest does: its own
// transaction, the UID and Message-ID claimed, the mailbox cursor moved.
func BenchmarkIngest(b *testing.B) {
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			s := be.open(b)
			ctx := context.Background()
			raw := []byte("From: alice@example.org\r\nSubject: orders\r\n\r\nGAME: t1\r\nPOSITION: 1\r\nPICK 3\r\n")
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m := store.InboxMessage{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(i + 1), MessageID: fmt.Sprintf("<b%d@x>", i), Raw: raw}
				if _, fresh, err := s.IngestMessage(ctx, m, t0); err != nil || !fresh {
					b.Fatalf("ingest %d: fresh %v, %v", i, fresh, err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
		})
	}
}

// BenchmarkTurnCommit commits one resolved turn as the pass does: the
// new snapshot, its events, the advanced turn and a report queued for
// each of six players, in one transaction.
func BenchmarkTurnCommit(b *testing.B) {
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			s := be.open(b)
			ctx := context.Background()
			if err := s.CreateGame(ctx, Game{ID: "bench", Title: "t", Name: "Bench", Seed: 1, Turn: 1, Created: t0}); err != nil {
				b.Fatal(err)
			}
			state := make([]byte, 16<<10)
			report := make([]byte, 64<<10)
			events := make([]Event, 40)
			for i := range events {
				events[i] = Event{Kind: "k", Text: fmt.Sprintf("event %d of the turn", i)}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				turn := i + 1
				err := s.Update(ctx, func(tx store.Tx) error {
					if err := tx.SaveSnapshot(ctx, Snapshot{GameID: "bench", Turn: turn, State: state, Seed: 1}, t0); err != nil {
						return err
					}
					if err := tx.AddEvents(ctx, "bench", turn, events); err != nil {
						return err
					}
					if err := tx.AdvanceTurn(ctx, "bench", turn, t0.Add(time.Duration(turn)*time.Hour)); err != nil {
						return err
					}
					for p := 1; p <= 6; p++ {
						m := OutboxMail{MessageID: fmt.Sprintf("<t%d-p%d@bench>", turn, p), Kind: "report", GameID: "bench", Position: p,
							Sender: "gm@x", Recipients: []string{"p@x"}, Subject: "report", Raw: report}
						if _, err := tx.QueueMail(ctx, m, t0); err != nil {
							return err
						}
					}
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "turns/s")
		})
	}
}
