package processor

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/railpost/railpost/processor/store/sqlite"
)

// TestOnePassPerDatabaseByAnyName: the lock file is keyed on the
// database's real path, so a pass given the database through a symlink is
// busy while another holds it; and a pass recorded as running in a live
// process is refused by the database itself, even with the lock file
// bypassed (another name, a hard link).
func TestOnePassPerDatabaseByAnyName(t *testing.T) {
	h := newHarness(t)
	link := filepath.Join(t.TempDir(), "other-name.db")
	if err := os.Symlink(h.st.Path(), link); err != nil {
		t.Fatal(err)
	}
	held, err := sqlite.LockFile(h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sqlite.LockFile(link); !errors.Is(err, ErrBusy) {
		t.Errorf("the lock through a symlink: %v, want busy", err)
	}
	held.Release()

	// A live process's running pass: a child that sleeps.
	child := exec.Command("sleep", "30")
	if err := child.Start(); err != nil {
		t.Skip("no sleep command:", err)
	}
	defer child.Process.Kill()
	db, err := sql.Open("sqlite", h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`INSERT INTO passes(started_at, pid) VALUES ('2026-03-02T09:00:00Z', ?)`, child.Process.Pid); err != nil {
		t.Fatal(err)
	}
	if _, err := h.run(); !errors.Is(err, ErrBusy) {
		t.Fatalf("a pass while another is recorded running in a live process: %v, want busy", err)
	}
	// A pid taken by another process long after its pass (a reboot): a
	// pass begun over an hour ago is not live, whatever holds its pid now.
	if _, err := db.Exec(`UPDATE passes SET started_at = '2026-03-02T07:00:00Z' WHERE pid = ?`, child.Process.Pid); err != nil {
		t.Fatal(err)
	}
	if _, err := h.run(); err != nil {
		t.Fatalf("a pass after a stale running row with a reused pid: %v", err)
	}
	if _, err := db.Exec(`INSERT INTO passes(started_at, pid) VALUES ('2026-03-02T09:00:00Z', ?)`, child.Process.Pid); err != nil {
		t.Fatal(err)
	}
	// Once that process is gone, its pass is abandoned and the next runs.
	child.Process.Kill()
	child.Wait()
	if _, err := h.run(); err != nil {
		t.Fatalf("a pass after the other process died: %v", err)
	}
	var status string
	if err := db.QueryRowContext(context.Background(), `SELECT status FROM passes WHERE pid = ?`, child.Process.Pid).Scan(&status); err != nil || status != "abandoned" {
		t.Errorf("the dead process's pass is %q (%v), want abandoned", status, err)
	}
}
