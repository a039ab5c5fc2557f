package reports

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestMapSVGDrawsTheNetwork reads the web's map back as XML: the towns
// the PDF's map names, every railroad's line in its colour, the key, and
// a size a phone fetches in a moment.
func TestMapSVGDrawsTheNetwork(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns int
	}{{"start", 1}, {"late", 14}} {
		t.Run(tc.name, func(t *testing.T) {
			m, s, events := playedGame(t, 7, tc.turns)
			svg, err := ContinentalRails{GameID: "g", GameName: "G", Turn: tc.turns, Map: m, State: s, Events: events}.MapSVG()
			if err != nil {
				t.Fatal(err)
			}
			texts, strokes := svgContents(t, svg)
			for _, want := range []string{"Chicago", "New York", "San Francisco", "grey dashes: RoWs"} {
				if !strings.Contains(texts, "|"+want+"|") {
					t.Errorf("no text %q in the map", want)
				}
			}
			for i, rr := range byNumber(s) {
				if !strings.Contains(texts, fmt.Sprintf("|%d %s|", rr.Number, rr.Abbr)) {
					t.Errorf("the key does not name %s", rr.Abbr)
				}
				if len(rr.Lines) > 0 && strokes[svgColour(palette[i%len(palette)])] == 0 {
					t.Errorf("no line in %s's colour", rr.Abbr)
				}
			}
			// nobody reads the web's map: no railroad is his, not even
			// one without a president
			if strings.Contains(texts, "cased in black") || strokes["#000000"] > 0 {
				t.Errorf("the web's map cases %d lines in black as the reader's", strokes["#000000"])
			}
			if len(svg) > 150_000 {
				t.Errorf("the map is %d bytes", len(svg))
			}
			t.Logf("%d bytes", len(svg))
		})
	}
}

// svgContents parses an SVG: its texts, joined by |, and how many
// elements each stroke colour's groups hold.
func svgContents(t *testing.T, svg []byte) (string, map[string]int) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var texts strings.Builder
	texts.WriteString("|")
	strokes := map[string]int{}
	var stack []string
	inText := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the map does not parse: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			colour := ""
			for _, a := range e.Attr {
				if a.Name.Local == "stroke" {
					colour = a.Value
				}
			}
			if colour == "" && len(stack) > 0 {
				colour = stack[len(stack)-1]
			}
			if e.Name.Local == "path" && colour != "" {
				strokes[colour]++
			}
			stack = append(stack, colour)
			inText = e.Name.Local == "text"
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			if inText {
				texts.WriteString("|")
			}
			inText = false
		case xml.CharData:
			if inText {
				texts.Write(e)
			}
		}
	}
	return texts.String(), strokes
}
