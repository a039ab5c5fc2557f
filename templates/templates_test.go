package templates

import (
	"strings"
	"testing"
	"text/template"
	"text/template/parse"
)

func TestWrap(t *testing.T) {
	tests := []struct {
		width        int
		prefix, text string
		want         string
	}{
		{20, "#", "short line", "# short line"},
		{20, "#", "Borrow up to $10,250. Repay up to $6,853.", "# Borrow up to\n# $10,250. Repay up\n# to $6,853."},
		{12, "# Lines:", "E&K", "# Lines: E&K"},
		{10, "#", "averyveryverylongword x", "# averyveryverylongword\n# x"},
		{72, "#", "", "#"},
	}
	for _, tt := range tests {
		got := Wrap(tt.width, tt.prefix, tt.text)
		if got != tt.want {
			t.Errorf("Wrap(%d, %q, %q) = %q, want %q", tt.width, tt.prefix, tt.text, got, tt.want)
		}
		for _, l := range strings.Split(got, "\n") {
			if len(l) > tt.width && !strings.Contains(l, "averyvery") {
				t.Errorf("line %q is longer than %d", l, tt.width)
			}
		}
	}
}

func TestMoney(t *testing.T) {
	for v, want := range map[int64]string{0: "$0", 999: "$999", 1000: "$1,000", -50: "-$50", 1234567: "$1,234,567"} {
		if got := Money(v); got != want {
			t.Errorf("Money(%d) = %q, want %q", v, got, want)
		}
	}
}

func TestMail(t *testing.T) {
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	d := struct {
		GameID, Status string
		Action         int
		Happened       []string
	}{"g1", "The pile holds 3 stones.", 7, []string{"P1 takes 1", "P2 takes 2"}}
	subject, text, err := set.Mail("moves/what-happened", d)
	if err != nil {
		t.Fatal(err)
	}
	if want := "[g1] What happened (to action 7)"; subject != want {
		t.Errorf("subject %q, want %q", subject, want)
	}
	if want := "P1 takes 1\nP2 takes 2\n\nThe pile holds 3 stones."; text != want {
		t.Errorf("text %q, want %q", text, want)
	}
	broken := &Set{t: template.Must(template.New("").Parse(`{{define "x.subject"}}two{{"\n"}}lines{{end}}{{define "x"}}text{{end}}`))}
	if _, _, err := broken.Mail("x", nil); err == nil {
		t.Error("a subject of two lines was rendered")
	}
}

// TestSubjectsAreOneLine checks the source of every subject template: a
// line break in it would end the mail's header.
func TestSubjectsAreOneLine(t *testing.T) {
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tm := range set.t.Templates() {
		if !strings.HasSuffix(tm.Name(), ".subject") || tm.Tree == nil {
			continue
		}
		n++
		for _, node := range tm.Tree.Root.Nodes {
			if text, ok := node.(*parse.TextNode); ok && strings.ContainsAny(string(text.Text), "\r\n") {
				t.Errorf("%s holds a line break", tm.Name())
			}
		}
	}
	if n == 0 {
		t.Error("no subject templates")
	}
}
