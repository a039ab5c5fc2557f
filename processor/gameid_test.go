package processor

import (
	"context"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor/store"
)

// TestAnOldGameWithCapitalsIsReachedByMail: a game made before ids were
// lower case, T1, takes orders whose GAME line spells it any way, and
// they are kept under the game's own id.
func TestAnOldGameWithCapitalsIsReachedByMail(t *testing.T) {
	for _, spelt := range []string{"T1", "t1"} {
		t.Run(spelt, func(t *testing.T) {
			h := newHarness(t, func(g *store.Game) { g.ID = "T1" })
			h.deliver(orderMail("alice@example.org", "a1@x", "GAME: "+spelt+"\nPOSITION: 1\nPASSWORD: alpha-pass\nPICK 5\n"))
			sum := h.mustRun()
			cur, err := h.st.CurrentOrders(context.Background(), "T1", 1)
			if err != nil || len(cur) != 1 {
				t.Fatalf("orders to GAME: %s: %v %v (%s)", spelt, cur, err, sum)
			}
			last := h.sent()[len(h.sent())-1]
			if strings.Contains(last.Text, "there is no game") {
				t.Errorf("GAME: %s was answered as unknown:\n%s", spelt, last.Text)
			}
		})
	}
}

// TestGameIDs: an id is made lower case and must be letters, digits and
// hyphens; the refusal names what to write.
func TestGameIDs(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"cr-2", "cr-2", ""},
		{"CR-2", "cr-2", ""},
		{" Spring-1841 ", "spring-1841", ""},
		{"1870-demo", "1870-demo", ""},
		{"", "", "is empty"},
		{"cr_2", "", `'_' is not allowed`},
		{"cr 2", "", `' ' is not allowed`},
		{"café", "", `'é' is not allowed`},
		{"cr-2\n", "cr-2", ""},
		{"cr/2", "", "letters a to z, digits and hyphens only"},
	} {
		got, err := GameID(c.in)
		if c.err == "" && (err != nil || got != c.want) {
			t.Errorf("GameID(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
		if c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("GameID(%q) = %q, %v; want an error saying %s", c.in, got, err, c.err)
		}
	}
}
