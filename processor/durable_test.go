package processor

import (
	"bytes"
	"os"
	"testing"
)

// TestStoredMailIsOnDiskBeforeTheServerIsTold: at the moment ingest is
// about to mark mail on the server, the message must be in the database
// file itself, not only in the write-ahead log, which with
// synchronous=NORMAL a power cut may lose.
func TestStoredMailIsOnDiskBeforeTheServerIsTold(t *testing.T) {
	h := newHarness(t)
	const marker = "DURABLE-MARKER-7f3a91"
	h.deliver(orderMail("alice@example.org", "durable-1@example.org", "GAME: t1\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 3\n# "+marker+"\n"))
	checked := false
	h.proc.Fault = func(point string) {
		if point != FaultIngestDurable {
			return
		}
		checked = true
		file, err := os.ReadFile(h.st.Path())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(file, []byte(marker)) {
			t.Error("the stored mail is not in the database file when the server is about to be told")
		}
	}
	h.mustRun()
	if !checked {
		t.Fatal("ingest marked mail on the server without first making it durable")
	}
}
