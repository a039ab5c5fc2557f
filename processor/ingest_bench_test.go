package processor

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/railpost/railpost/processor/store/backend"
)

// BenchmarkIngest1000 pulls 1,000 messages from a loopback IMAP server into
// a fresh SQLite store: fetch, store each in its own transaction, flag them
// on the server. It reports messages per second.
//
//	go test ./processor -run '^$' -bench Ingest1000 -benchtime 5x
func BenchmarkIngest1000(b *testing.B) {
	const n = 1000
	h := newHarness(b)
	raws := make([][]byte, n)
	for i := range raws {
		raws[i] = []byte(fmt.Sprintf("From: player%d@example.org\r\nTo: gm@railpost.test\r\nSubject: orders %d\r\nMessage-ID: <bench-%d@example.org>\r\nDate: Mon, 2 Mar 2026 08:00:00 +0000\r\n\r\nGAME: t1\r\nPOSITION: 1\r\nPASSWORD: alpha-pass\r\nPICK %d\r\n", i, i, i, 1+i%10))
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		// A fresh mailbox (new UIDVALIDITY) and a fresh database each time.
		if err := h.imap.Renumber("INBOX", raws, h.clock); err != nil {
			b.Fatal(err)
		}
		st, err := backend.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		p := *h.proc
		p.Store = st
		var sum Summary
		b.StartTimer()
		if err := p.ingest(ctx, &sum); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if sum.Stored != n {
			b.Fatalf("stored %d of %d", sum.Stored, n)
		}
		st.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "msgs/s")
}
