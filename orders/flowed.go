package orders

import "strings"

// unflow undoes format=flowed (RFC 3676), which Thunderbird, Apple Mail
// and many phone clients send: a line that ends in a space was wrapped by
// the mail program, and is joined to the next line of the same quote
// depth; with DelSp=yes that space was added by the wrapping and is
// deleted. A space the sender put before a line (space-stuffing) is taken
// off. Quoted lines keep their depth as ">" marks.
func unflow(text string, delsp bool) string {
	lines := strings.Split(text, "\n")
	out := make([]string, 0, len(lines))
	var cur strings.Builder
	depth := -1 // of the paragraph being joined; -1: none
	flush := func() {
		if depth < 0 {
			return
		}
		prefix := ""
		if depth > 0 {
			prefix = strings.Repeat(">", depth) + " "
		}
		out = append(out, prefix+cur.String())
		cur.Reset()
		depth = -1
	}
	for i, l := range lines {
		d, content := flowedLine(l)
		if depth >= 0 && d != depth {
			flush() // a quote depth that changes ends a paragraph
		}
		soft := strings.HasSuffix(content, " ") && content != "-- " && i+1 < len(lines)
		if soft {
			// Some programs leave a space the sender typed at the end of a
			// line, which reads as a wrap: "GAME: t1 " must not swallow
			// the line after it. A header value holds no space, so a wrap
			// before a header line, or one that would put a space in a
			// header value, is taken for a line end.
			_, next := flowedLine(lines[i+1])
			if len(next) < maxHeaderLine && isHeaderLine(next) {
				soft = false
			} else if cur.Len()+len(content) < maxHeaderLine {
				joined := cur.String() + content
				if delsp {
					joined = joined[:len(joined)-1]
				}
				if _, v, ok := headerLine(joined + strings.TrimRight(next, " ")); ok && strings.ContainsAny(strings.TrimSpace(v), " \t") {
					soft = false
				}
			}
		}
		if soft && delsp {
			content = content[:len(content)-1]
		}
		cur.WriteString(content)
		depth = d
		if !soft {
			flush()
		}
	}
	flush()
	return strings.Join(out, "\n")
}

// maxHeaderLine is longer than any header line: a longer paragraph is
// not looked at as one, which keeps unflow linear.
const maxHeaderLine = 256

// flowedLine splits a format=flowed line into its quote depth and its
// content, space-stuffing taken off.
func flowedLine(l string) (depth int, content string) {
	for depth < len(l) && l[depth] == '>' {
		depth++
	}
	return depth, strings.TrimPrefix(l[depth:], " ")
}

func isHeaderLine(s string) bool {
	_, _, ok := headerLine(s)
	return ok
}
