package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/reports/page"
)

//go:embed assets
var assets embed.FS

var pages = template.Must(template.New("pages").Funcs(template.FuncMap{"join": strings.Join}).ParseFS(assets, "assets/pages.html"))

// links are where a page's links go: the server's paths and the
// archive's files differ, the pages do not. Every link is relative, so
// that the pages work under any path a reverse proxy puts them at and
// from a folder on disk.
type links struct {
	Home    string // the games list; "" where there is none (an archive)
	Latest  string // the game as it stands
	History string
	Assets  string // the folder of site.css and site.js
	ext     string // after a step's number: "" on the server, ".html" on disk
	// board is the address of a step's board, given its SVG (the archive
	// stores each distinct board once), "" for none.
	board func(i int, svg []byte) string
}

func (l links) step(i, last int) string {
	if i == last {
		return l.Latest
	}
	return fmt.Sprintf("%d%s", i, l.ext)
}

// gameView is what the game template shows: a game at one step.
type gameView struct {
	Name, ID, Title string
	Players         []string
	Unit            string
	Headline        string // which step this is
	When            string
	Deadline        string
	Step            step
	Prev, Next      string
	Board           string
	Page            page.Page
	Links           links
}

// renderGame is a game's page at the step walked to.
func renderGame(g *game, l links) ([]byte, error) {
	last := len(g.Steps) - 1
	s := g.Steps[g.At]
	if g.Unit == "turn" {
		// a turn's public events are its page's headlines already
		s.Events = nil
	}
	v := gameView{Name: g.Game.Name, ID: g.Game.ID, Title: g.Game.Title, Players: g.Players, Unit: g.Unit,
		Headline: headline(g, g.At), When: when(g.Game, s.At), Step: s, Page: g.Page, Links: l}
	switch {
	case g.At != last || g.Game.Status == "ended":
	case !g.Due.IsZero():
		v.Deadline = when(g.Game, g.Due)
	case g.Unit == "turn" && !g.Game.Deadline.IsZero():
		v.Deadline = when(g.Game, g.Game.Deadline)
	}
	if g.At > 0 {
		v.Prev = l.step(g.At-1, last)
	}
	if g.At < last {
		v.Next = l.step(g.At+1, last)
	}
	v.Board = l.board(g.At, g.Page.Board)
	return execute("game", v)
}

// headline names a step as the pages do: "after action 212", "at the
// setup", with "now" on the last.
func headline(g *game, i int) string {
	s := g.Steps[i]
	var out string
	switch s.Kind {
	case "setup":
		out = "at the start"
	case "adjust":
		out = fmt.Sprintf("after the adjustment to %s %d", g.Unit, s.N)
	default:
		out = fmt.Sprintf("after %s %d", g.Unit, s.N)
	}
	if i == len(g.Steps)-1 {
		switch g.Game.Status {
		case "ended":
			return "Over, " + out
		default:
			return "Now, " + out
		}
	}
	return strings.ToUpper(out[:1]) + out[1:]
}

// when is a time in the game's zone, as its mails write it.
func when(g store.Game, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	if loc, err := time.LoadLocation(g.TimeZone); err == nil && g.TimeZone != "" {
		t = t.In(loc)
	} else {
		t = t.UTC()
	}
	return t.Format("Mon 2 Jan 2006 15:04 MST")
}

// historyView is the history template's data.
type historyView struct {
	Name, ID, Title string
	Players         []string
	Steps           []historyRow
	Links           links
}

type historyRow struct {
	step
	Href, Label, When string
}

// renderHistory is the list of a game's steps, each linked to its page.
func renderHistory(g *game, l links) ([]byte, error) {
	v := historyView{Name: g.Game.Name, ID: g.Game.ID, Title: g.Game.Title, Players: g.Players, Links: l}
	last := len(g.Steps) - 1
	for i, s := range g.Steps {
		label := fmt.Sprintf("%s %d", g.Unit, s.N)
		switch s.Kind {
		case "setup":
			label = "the start"
		case "adjust":
			label = fmt.Sprintf("adjustment to %s %d", g.Unit, s.N)
		}
		v.Steps = append(v.Steps, historyRow{step: s, Href: l.step(i, last), Label: label, When: when(g.Game, s.At)})
	}
	return execute("history", v)
}

// indexRow is one game in the games list.
type indexRow struct {
	Href, Name, ID, Title string
	Players               []string
	Whose, Last           string
}

type indexView struct {
	Games []indexRow
	Links links
}

func renderIndex(rows []indexRow, l links) ([]byte, error) {
	return execute("index", indexView{Games: rows, Links: l})
}

func execute(name string, data any) ([]byte, error) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		return nil, fmt.Errorf("web: the %s page: %w", name, err)
	}
	return b.Bytes(), nil
}
