package contrails

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/railpost/railpost/docs"
	cr "github.com/railpost/railpost/games/contrails"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/reports"
	"github.com/railpost/railpost/reports/page"
	"github.com/railpost/railpost/templates"
)

// Name is the name Continental Rails II games are stored under.
const Name = "contrails"

// ContinentalRails adapts the pure engine in games/contrails to the pass:
// it decodes the stored state and orders, runs the turn, and writes each
// player's mail with next turn's turnsheet in it.
type ContinentalRails struct {
	m    *cr.Map
	tmpl *templates.Set
}

// NewContinentalRails loads the map and the templates once, so that every
// turn and every report reuses them.
func New() (*ContinentalRails, error) {
	m, err := cr.LoadMap()
	if err != nil {
		return nil, fmt.Errorf("continental rails: %w", err)
	}
	t, err := templates.Load()
	if err != nil {
		return nil, fmt.Errorf("continental rails: %w", err)
	}
	return &ContinentalRails{m: m, tmpl: t}, nil
}

// Name implements Title.
func (c *ContinentalRails) Name() string { return Name }

// Prefix implements title.Title: games are cr-1, cr-2.
func (c *ContinentalRails) Prefix() string { return "cr" }

// Seats implements title.Title: always fifteen tycoons (3.1), the
// computer in every seat no person holds.
func (c *ContinentalRails) Seats() (int, int) { return cr.Positions, cr.Positions }

// PendingMessages implements MessageModerator: the players' messages of
// the last turn, awaiting the game master (10.1G).
func (c *ContinentalRails) PendingMessages(state []byte) ([]title.PlayerMessage, error) {
	s, err := decodeState(state)
	if err != nil {
		return nil, err
	}
	var out []title.PlayerMessage
	for _, m := range s.Pending {
		name := fmt.Sprintf("position %d", m.From)
		if p := s.Player(m.From); p != nil {
			name = fmt.Sprintf("%s (position %d)", p.Name, m.From)
		}
		out = append(out, title.PlayerMessage{From: m.From, Name: name, Text: m.Text})
	}
	return out, nil
}

// Standings implements Standings: the tycoons by victory points, with
// each category (1.2) and net worth.
func (c *ContinentalRails) Standings(state []byte) (string, error) {
	s, err := decodeState(state)
	if err != nil {
		return "", err
	}
	players := append([]cr.Player(nil), s.Players...)
	sort.SliceStable(players, func(i, j int) bool { return players[i].VP.Total() > players[j].VP.Total() })
	var b strings.Builder
	fmt.Fprintf(&b, "%-4s %-24s %6s %6s %6s %6s %6s %6s %6s %14s\n", "Pos", "Tycoon", "Total", "Baron", "Mogul", "Build", "Magn", "Prodig", "RBaron", "Net worth")
	for _, p := range players {
		v := p.VP
		fmt.Fprintf(&b, "%-4d %-24s %6d %6d %6d %6d %6d %6d %6d %14s\n", p.Number, p.Name, v.Total(), v.RobberBaron, v.Mogul, v.Builder, v.Magnate, v.Prodigal, v.Baron, templates.Money(p.NetWorth))
	}
	return b.String(), nil
}

// Adjust implements Adjuster: a tycoon's cash, loan or points, or a
// railroad's cash, debt, price or efficiency.
func (c *ContinentalRails) Adjust(state []byte, a title.Adjustment) ([]byte, string, error) {
	s, err := decodeState(state)
	if err != nil {
		return nil, "", err
	}
	next, err := cr.Adjust(c.m, &s, cr.Adjustment(a))
	if err != nil {
		return nil, "", fmt.Errorf("%w (one may adjust %s)", err, cr.AdjustableFields())
	}
	b, err := json.Marshal(next)
	if err != nil {
		return nil, "", err
	}
	done := next.Adjustments[len(next.Adjustments)-1]
	who := done.Target
	if n, err := strconv.Atoi(done.Target); err == nil {
		who = fmt.Sprintf("%s (position %d)", next.Player(n).Name, n)
	} else if rr := next.Railroad(done.Target); rr != nil {
		who = rr.Name
	}
	change := fmt.Sprintf("%+d", done.Delta)
	switch done.Field {
	case "cash", "loan", "loans", "bonds", "price":
		change = "+" + templates.Money(done.Delta)
		if done.Delta < 0 {
			change = "-" + templates.Money(-done.Delta)
		}
	}
	field := strings.ReplaceAll(done.Field, "_", " ")
	return b, fmt.Sprintf("The game master adjusted %s's %s by %s: %s.", who, field, change, strings.TrimSuffix(done.Reason, ".")), nil
}

// FinalScores implements Scorer: each tycoon's points in the six
// categories of 1.2 and in all, the records of 11.3.
func (c *ContinentalRails) FinalScores(state []byte) ([]title.Score, error) {
	s, err := decodeState(state)
	if err != nil {
		return nil, err
	}
	var out []title.Score
	for _, p := range s.Players {
		v := p.VP
		for _, c := range []struct {
			name   string
			points int
		}{
			{"Robber Baron", v.RobberBaron}, {"Mogul", v.Mogul}, {"Builder", v.Builder}, {"Magnate", v.Magnate},
			{"Prodigal", v.Prodigal}, {"Rail Baron", v.Baron}, {"total", v.Total()},
		} {
			out = append(out, title.Score{Position: p.Number, Name: p.Name, Category: c.name, Points: c.points})
		}
	}
	return out, nil
}

// Guide implements title.Guide: the turnsheet and the short order syntax
// (docs/orders.md), mailed on HELP and with the welcome.
func (c *ContinentalRails) Guide() string { return docs.ContinentalRails() }

// Map is the game's map, for the report and the tests.
func (c *ContinentalRails) Map() *cr.Map { return c.m }

// Grammar implements Title.
func (c *ContinentalRails) Grammar() orders.Grammar { return orders.ContinentalRails{Map: c.m} }

// Setup implements Title: the 1841 scenario, with the positions people hold.
func (c *ContinentalRails) Setup(positions []store.Position, rng *rand.Rand) ([]byte, error) {
	humans := map[int]bool{}
	for _, p := range positions {
		if p.Number < 1 || p.Number > cr.Positions {
			return nil, fmt.Errorf("position %d: Continental Rails has positions 1 to %d", p.Number, cr.Positions)
		}
		humans[p.Number] = p.Human
	}
	s, err := cr.NewGame(c.m, cr.Setup{Humans: humans}, rng)
	if err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

// decodeState reads a stored Continental Rails state.
func decodeState(b []byte) (cr.State, error) {
	var s cr.State
	if err := json.Unmarshal(b, &s); err != nil {
		return s, fmt.Errorf("decode state: %w", err)
	}
	return s, nil
}

// readerState decodes a request's state and finds the position it is for.
func readerState(r title.ReportRequest) (*cr.State, *cr.Player, error) {
	s, err := decodeState(r.State)
	if err != nil {
		return nil, nil, err
	}
	p := s.Player(r.Position.Number)
	if p == nil {
		return nil, nil, fmt.Errorf("no position %d in the game", r.Position.Number)
	}
	return &s, p, nil
}

// decodeOrders reads the orders the grammar stored for one position.
func decodeOrders(b []byte) (cr.Orders, error) {
	var o cr.Orders
	if len(b) == 0 {
		return o, nil
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return o, fmt.Errorf("decode orders: %w", err)
	}
	return o, nil
}

// Resolve implements Title. Who is human is taken from the positions as
// they stand now, so that a position handed to the computer (or taken over
// by a person) mid-game is played accordingly from this turn on (3.1).
func (c *ContinentalRails) Resolve(t title.Turn) (title.Outcome, error) {
	s, err := decodeState(t.State)
	if err != nil {
		return title.Outcome{}, err
	}
	if s.Turn != t.Turn {
		return title.Outcome{}, fmt.Errorf("state is at turn %d, the game at turn %d", s.Turn, t.Turn)
	}
	for i := range s.Players {
		s.Players[i].Human = t.Humans[s.Players[i].Number]
	}
	all := map[int]cr.Orders{}
	for n, b := range t.Orders {
		o, err := decodeOrders(b)
		if err != nil {
			return title.Outcome{}, fmt.Errorf("position %d: %w", n, err)
		}
		all[n] = o
	}
	next, events, err := cr.Resolve(c.m, &s, all, t.Rand)
	if err != nil {
		return title.Outcome{}, err
	}
	b, err := json.Marshal(next)
	if err != nil {
		return title.Outcome{}, err
	}
	out := title.Outcome{State: b, Over: next.Over}
	for _, e := range events {
		out.Events = append(out.Events, store.Event{Kind: e.Kind, VisibleTo: e.VisibleTo, Text: e.Text})
	}
	return out, nil
}

// crSheetData fills contrails_turnsheet.tmpl.
type crSheetData struct {
	GameID, Token, Deadline string
	V                       cr.SheetView
}

// crReportData fills contrails_report.tmpl.
type crReportData struct {
	GameID, GameName string
	Turn             int // the turn just resolved
	NextTurn         int
	Player           cr.Player
	VPTotal          int
	Climate          string
	Headlines        []string
	Notes            []string
	Over             bool
	Sheet            string
}

// Turnsheet renders the sheet a position fills in for the state's turn.
func (c *ContinentalRails) Turnsheet(s *cr.State, gameID string, position int, token, deadline string) (string, error) {
	if deadline == "" {
		deadline = "none set: the turn resolves when the game master says"
	}
	return c.tmpl.Render("contrails_turnsheet.tmpl", crSheetData{GameID: gameID, Token: token, Deadline: deadline, V: cr.Turnsheet(c.m, s, position)})
}

// Report implements Title: a short summary for reading on a phone, then
// next turn's turnsheet, which also goes as an attached .txt so that a
// player whose mail program mangles the body can fill that in instead.
func (c *ContinentalRails) Report(r title.ReportRequest) (title.Report, error) {
	s, p, err := readerState(r)
	if err != nil {
		return title.Report{}, err
	}
	d := crReportData{GameID: r.Game.ID, GameName: r.Game.Name, Turn: r.Turn, Player: *p, Climate: s.Climate.String(), Over: s.Over, NextTurn: s.Turn}
	d.VPTotal = p.VP.Total()
	for _, e := range r.Events {
		switch {
		case e.VisibleTo == r.Position.Number:
			d.Notes = append(d.Notes, e.Text)
		case e.VisibleTo == 0 && e.Kind != "note":
			d.Headlines = append(d.Headlines, e.Text)
		}
	}
	pdf, err := reports.ContinentalRails{GameID: r.Game.ID, GameName: r.Game.Name, Turn: r.Turn, Map: c.m, State: s,
		Events: crEvents(r.Events), Reader: r.Position.Number, Made: r.Resolved}.PDF()
	if err != nil {
		return title.Report{}, err
	}
	atts := []mail.Attachment{{Name: fmt.Sprintf("%s-turn%d-position%d.pdf", r.Game.ID, r.Turn, r.Position.Number), ContentType: "application/pdf", Data: pdf}}
	if !s.Over {
		sheet, err := c.Turnsheet(s, r.Game.ID, r.Position.Number, r.Token, r.Deadline)
		if err != nil {
			return title.Report{}, err
		}
		d.Sheet = sheet
		atts = append(atts, mail.Attachment{Name: fmt.Sprintf("%s-turn%d-position%d.txt", r.Game.ID, s.Turn, r.Position.Number),
			ContentType: "text/plain; charset=utf-8", Data: []byte(sheet)})
	}
	text, err := c.tmpl.Render("contrails_report.tmpl", d)
	if err != nil {
		return title.Report{}, err
	}
	subject := fmt.Sprintf("[%s] Turn %d results; turnsheet for turn %d", r.Game.ID, r.Turn, s.Turn)
	if s.Over {
		subject = fmt.Sprintf("[%s] Turn %d results: the game is over", r.Game.ID, r.Turn)
	}
	return title.Report{Subject: subject, Text: text, Attachments: atts}, nil
}

// crWelcomeData fills contrails_welcome.tmpl.
type crWelcomeData struct {
	GameID, GameName string
	Turn             int
	Player           cr.Player
	Password         string
	Deadline         string
	Sheet            string
}

// Welcome implements Title.
func (c *ContinentalRails) Welcome(r title.ReportRequest, password string) (title.Report, error) {
	s, p, err := readerState(r)
	if err != nil {
		return title.Report{}, err
	}
	sheet, err := c.Turnsheet(s, r.Game.ID, p.Number, r.Token, r.Deadline)
	if err != nil {
		return title.Report{}, err
	}
	text, err := c.tmpl.Render("contrails_welcome.tmpl", crWelcomeData{GameID: r.Game.ID, GameName: r.Game.Name, Turn: s.Turn,
		Player: *p, Password: password, Deadline: r.Deadline, Sheet: sheet})
	if err != nil {
		return title.Report{}, err
	}
	return title.Report{
		Subject: fmt.Sprintf("[%s] Welcome to %s: position %d, turnsheet for turn %d", r.Game.ID, r.Game.Name, p.Number, s.Turn),
		Text:    text,
		Attachments: []mail.Attachment{{Name: fmt.Sprintf("%s-turn%d-position%d.txt", r.Game.ID, s.Turn, p.Number),
			ContentType: "text/plain; charset=utf-8", Data: []byte(sheet)},
			{Name: r.Game.ID + "-guide.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(c.Guide())}},
	}, nil
}

// crEvents turns stored events back into the engine's, for the report.
func crEvents(es []store.Event) []cr.Event {
	out := make([]cr.Event, len(es))
	for i, e := range es {
		out[i] = cr.Event{Kind: e.Kind, VisibleTo: e.VisibleTo, Text: e.Text}
	}
	return out
}

// TurnPage implements title.TurnPage: a turn's public web page, the
// report's public tables as a reader with no position reads them.
func (c *ContinentalRails) TurnPage(r title.ReportRequest) (page.Page, error) {
	s, err := decodeState(r.State)
	if err != nil {
		return page.Page{}, err
	}
	return reports.ContinentalRails{GameID: r.Game.ID, GameName: r.Game.Name, Turn: r.Turn, Map: c.m, State: &s,
		Events: crEvents(r.Events), Made: r.Resolved}.Page()
}
