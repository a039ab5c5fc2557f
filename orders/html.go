package orders

import (
	"strings"

	"golang.org/x/net/html"
)

// blockTags end a line of text when they open or close.
var blockTags = map[string]bool{
	"p": true, "div": true, "br": true, "tr": true, "li": true, "ul": true, "ol": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"table": true, "pre": true, "hr": true, "section": true, "article": true, "header": true, "footer": true,
}

// maxQuoteDepth is the most "> " marks HTMLToText puts before a line.
const maxQuoteDepth = 8

// HTMLToText renders an HTML body as the lines a reader would see, which is
// what a player typed their orders into. Quoted blocks (<blockquote>) become
// "> " lines so that quote stripping treats them like plain-text quoting.
func HTMLToText(src string) string {
	z := html.NewTokenizer(strings.NewReader(src))
	var b strings.Builder
	quote := 0
	skip := 0 // inside <script>, <style>, <head>
	pre := 0
	atLineStart := true
	newline := func() {
		b.WriteByte('\n')
		atLineStart = true
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return strings.TrimRight(b.String(), "\n") + "\n"
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			tag := string(name)
			switch tag {
			case "script", "style", "head", "title":
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
				continue
			case "blockquote":
				if !atLineStart {
					newline()
				}
				if tt == html.StartTagToken {
					quote++
				} else if tt == html.EndTagToken && quote > 0 {
					quote--
				}
				continue
			case "pre":
				if tt == html.StartTagToken {
					pre++
				} else if tt == html.EndTagToken && pre > 0 {
					pre--
				}
			}
			// Table cells need no handling: text after text is spaced.
			if blockTags[tag] && (tag == "br" || !atLineStart) {
				newline()
			}
		case html.TextToken:
			if skip > 0 {
				continue
			}
			text := string(z.Text()) // entities already unescaped
			text = strings.ReplaceAll(text, "\u00a0", " ")
			var lines []string
			if pre > 0 {
				lines = strings.Split(text, "\n")
			} else {
				text = strings.Join(strings.Fields(text), " ")
				if text == "" {
					continue
				}
				lines = []string{text}
			}
			for i, l := range lines {
				if i > 0 {
					newline()
				}
				if l == "" {
					continue
				}
				if atLineStart && quote > 0 {
					// Deeper quoting reads the same; a cap keeps a
					// thousand nested blockquotes from multiplying the text.
					b.WriteString(strings.Repeat("> ", min(quote, maxQuoteDepth)))
				} else if !atLineStart && pre == 0 {
					b.WriteByte(' ')
				}
				b.WriteString(l)
				atLineStart = false
			}
		}
	}
}
