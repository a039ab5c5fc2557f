package processor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// tally is the test-only title: each position picks a number from 1 to 10
// each turn, and the picks add up. It exercises every part of the Title
// contract without any real game's rules.
type tally struct{}

type tallyState struct {
	Turn   int         `json:"turn"`
	Scores map[int]int `json:"scores"`
}

type tallyOrders struct {
	Pick int `json:"pick"`
}

func (tally) Name() string            { return "tally" }
func (tally) Seats() (int, int)       { return 3, 3 }
func (tally) Prefix() string          { return "t" }
func (tally) Grammar() orders.Grammar { return tallyGrammar{} }

func (tally) Setup(positions []store.Position, _ *rand.Rand) ([]byte, error) {
	s := tallyState{Scores: map[int]int{}}
	for _, p := range positions {
		s.Scores[p.Number] = 0
	}
	return json.Marshal(s)
}

func (tally) Resolve(t title.Turn) (title.Outcome, error) {
	var s tallyState
	if err := json.Unmarshal(t.State, &s); err != nil {
		return title.Outcome{}, err
	}
	var events []store.Event
	nums := make([]int, 0, len(s.Scores))
	for n := range s.Scores {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	for _, n := range nums {
		pick := 0
		if b, ok := t.Orders[n]; ok && len(b) > 0 {
			var o tallyOrders
			if err := json.Unmarshal(b, &o); err != nil {
				return title.Outcome{}, err
			}
			pick = o.Pick
		} else if !t.Humans[n] {
			pick = 1 + t.Rand.IntN(10) // the computer plays
		}
		s.Scores[n] += pick
		events = append(events, store.Event{Kind: "pick", Text: fmt.Sprintf("position %d picked %d", n, pick)})
	}
	s.Turn = t.Turn
	b, err := json.Marshal(s)
	return title.Outcome{State: b, Events: events, Over: t.Turn >= 20}, err
}

// FinalScores makes tally a Scorer: one category, the sum of the picks.
func (tally) FinalScores(state []byte) ([]title.Score, error) {
	var s tallyState
	if err := json.Unmarshal(state, &s); err != nil {
		return nil, err
	}
	var out []title.Score
	for n := 1; n <= len(s.Scores); n++ {
		out = append(out, title.Score{Position: n, Name: fmt.Sprintf("Player %d", n), Category: "score", Points: s.Scores[n]})
	}
	return out, nil
}

func (tally) Report(r title.ReportRequest) (title.Report, error) {
	var s tallyState
	if err := json.Unmarshal(r.State, &s); err != nil {
		return title.Report{}, err
	}
	text := fmt.Sprintf("Tally %s turn %d\nYour score: %d\n", r.Game.ID, r.Turn, s.Scores[r.Position.Number])
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "", 14)
	pdf.Cell(0, 10, fmt.Sprintf("Tally report: game %s, turn %d, position %d, score %d", r.Game.ID, r.Turn, r.Position.Number, s.Scores[r.Position.Number]))
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return title.Report{}, err
	}
	return title.Report{
		Subject:     fmt.Sprintf("[%s] Turn %d report", r.Game.ID, r.Turn),
		Text:        text,
		Attachments: []mail.Attachment{{Name: fmt.Sprintf("%s-turn%d.pdf", r.Game.ID, r.Turn), ContentType: "application/pdf", Data: buf.Bytes()}},
	}, nil
}

func (tally) Welcome(r title.ReportRequest, password string) (title.Report, error) {
	text := fmt.Sprintf("Welcome to tally %s, position %d, turn %d.\nPICK a number from 1 to 10 each turn.\n", r.Game.ID, r.Position.Number, r.Turn)
	if password != "" {
		text += "Your password: " + password + "\n"
	}
	return title.Report{Subject: fmt.Sprintf("[%s] Welcome, position %d", r.Game.ID, r.Position.Number), Text: text}, nil
}

type tallyGrammar struct{}

// Parse accepts "PICK n" (1 to 10); blank lines and a closing "END" are
// ignored, anything else is an error on its line.
func (tallyGrammar) Parse(_ []byte, _ int, body []orders.Line) orders.Parsed {
	var out orders.Parsed
	pick := 0
	for _, l := range body {
		f := strings.Fields(strings.ToUpper(l.Text))
		switch {
		case len(f) == 0 || (len(f) == 1 && f[0] == "END"):
			continue
		case f[0] == "PICK" && len(f) == 2:
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 1 || n > 10 {
				out.Errors = append(out.Errors, orders.Problem{Line: l.N, Text: l.Text, Msg: "PICK takes a number from 1 to 10, as in 'PICK 7'"})
				continue
			}
			if pick != 0 {
				out.Notes = append(out.Notes, fmt.Sprintf("line %d: a second PICK replaces the first", l.N))
			}
			pick = n
		default:
			out.Errors = append(out.Errors, orders.Problem{Line: l.N, Text: l.Text, Msg: "not an order: write 'PICK n'"})
		}
	}
	if pick == 0 {
		out.Fatal = true
		if len(out.Errors) == 0 {
			out.Errors = append(out.Errors, orders.Problem{Msg: "no PICK order was found: add a line such as 'PICK 7'"})
		}
		return out
	}
	out.Orders, _ = json.Marshal(tallyOrders{Pick: pick})
	out.Echo = []string{fmt.Sprintf("PICK %d", pick)}
	return out
}
