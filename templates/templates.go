// Package templates holds the text of every mail Railpost writes, as
// text/template files embedded in the binary, so that wording can change
// without touching the code that decides what to say.
//
// Two kinds of file, named so that a template's name says where it is:
//
//   - A long mail of one title is a file of its own, holding one template
//     named as the file: contrails_report.tmpl, contrails_turnsheet.tmpl,
//     contrails_welcome.tmpl. notice.tmpl and reply.tmpl wrap the short
//     mails and the replies to orders.
//   - A family of short mails is one file, family.tmpl, with one {{define}}
//     for each piece, named "family/piece": moves.tmpl (games played one
//     action per mail), turns.tmpl (games played in turns: reminders, the
//     missed-orders notice, the subjects of the replies to a turnsheet) and
//     gm.tmpl (the game master's commands: headlines, notices, the answer
//     to a GM mail) and player.tmpl (a player's HELP, CONFIRM and PASSWORD,
//     the same in every game). A mail's subject line is the piece
//     "family/mail.subject", next to its text "family/mail"; Mail renders
//     the two. A subject may stand alone when the text is another file's
//     (reply.tmpl) or a headline. A piece without a subject is part of a
//     mail: a paragraph, a line of a reply, the header block a reply must
//     carry. Pieces end without a newline unless their layout needs one.
//
// The code passes data, a struct per mail. Some of it arrives as ready
// text: what the engines write (the position, the legal moves, what
// happened, the rule a move broke) and the problem lines that say why one
// input was refused.
package templates

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"text/template"
)

//go:embed *.tmpl
var files embed.FS

// Set is the parsed templates.
type Set struct {
	t *template.Template
}

// Load parses the embedded templates.
func Load() (*Set, error) {
	t, err := template.New("").Funcs(template.FuncMap{
		// money writes $1,234.
		"money": Money,
		// pad left-aligns s in a column of width n.
		"pad": func(n int, v any) string { return fmt.Sprintf("%-*v", n, v) },
		// rpad right-aligns v in a column of width n.
		"rpad":  func(n int, v any) string { return fmt.Sprintf("%*v", n, v) },
		"add":   func(a, b int) int { return a + b },
		"int64": func(i int) int64 { return int64(i) },
		"join":  strings.Join,
		// hang indents every line but the first, for items in a list.
		"hang": func(prefix, s string) string {
			return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
		},
		"wrap": Wrap,
	}).ParseFS(files, "*.tmpl")
	if err != nil {
		return nil, fmt.Errorf("parse templates: %w", err)
	}
	return &Set{t: t}, nil
}

// Wrap breaks text at spaces into lines of at most width characters, each
// starting with prefix. Turnsheet lines are kept short because mail
// programs rewrap long lines, and a rewrapped note can look like an order.
func Wrap(width int, prefix, text string) string {
	var lines []string
	line := prefix
	for _, w := range strings.Fields(text) {
		if line != prefix && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = prefix
		}
		line += " " + w
	}
	return strings.Join(append(lines, line), "\n")
}

// Money writes whole dollars as players read them: $1,234, -$50.
func Money(v int64) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	s := fmt.Sprint(v)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + "$" + s
}

// Mail renders one mail: its subject line, the template name+".subject",
// and its text, the template name. A subject is one line.
func (s *Set) Mail(name string, data any) (subject, text string, err error) {
	if subject, err = s.Render(name+".subject", data); err != nil {
		return "", "", err
	}
	if strings.ContainsAny(subject, "\r\n") {
		return "", "", fmt.Errorf("render %s.subject: the subject %q is more than one line", name, subject)
	}
	if text, err = s.Render(name, data); err != nil {
		return "", "", err
	}
	return subject, text, nil
}

// Render executes one template.
func (s *Set) Render(name string, data any) (string, error) {
	var b bytes.Buffer
	if err := s.t.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("render %s: %w", name, err)
	}
	return b.String(), nil
}
