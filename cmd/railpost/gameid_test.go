package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/title"
)

// TestGameNewChecksTheID: --id is made lower case, refused with a word on
// what to write if it holds anything but letters, digits and hyphens, and
// refused if a game has it already in any case.
func TestGameNewChecksTheID(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "railpost.db")
	if code, out, errOut := run(t, "init", "--config", filepath.Join(dir, "railpost.toml"), "--db", db); code != 0 {
		t.Fatalf("init: %s%s", out, errOut)
	}
	for _, c := range []struct {
		id   string
		code int
		want string
	}{
		{"Spring-41", 0, "created game spring-41"},
		{"SPRING-41", 1, "game spring-41 (Game) exists already"},
		{"spring 41", 1, "--id: game id \"spring 41\": ' ' is not allowed: write letters a to z, digits and hyphens only"},
		{"spring_42", 1, "'_' is not allowed"},
	} {
		code, out, errOut := run(t, "game", "new", "--db", db, "--name", "Game", "--id", c.id)
		if code != c.code || !strings.Contains(out+errOut, c.want) {
			t.Errorf("game new --id %q: exit %d, %s%s; want exit %d and %q", c.id, code, out, errOut, c.code, c.want)
		}
	}
}

// TestEveryTitleMakesIDsTheRuleTakes: the ids `game new` makes from a
// title's prefix, and the id its demo creates, are ids --id would take
// unchanged.
func TestEveryTitleMakesIDsTheRuleTakes(t *testing.T) {
	list, err := titleList()
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range list {
		ids := []string{ti.Prefix() + "-1", ti.Prefix() + "-12"}
		if dt, ok := ti.(title.Demonstrated); ok {
			script, err := dt.Demo(title.DemoOptions{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			g, _ := script.Game()
			ids = append(ids, g.ID)
		}
		for _, id := range ids {
			if got, err := processor.GameID(id); err != nil || got != id {
				t.Errorf("%s: id %q is taken as %q, %v", ti.Name(), id, got, err)
			}
		}
	}
}
