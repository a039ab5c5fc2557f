package hexmap

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
)

// svgTexts parses an SVG document as XML (so a stray & or < fails) and
// gives its texts and the fills used, in order.
func svgTexts(t *testing.T, b []byte) (texts, fills []string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return texts, fills
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
			for _, a := range tok.Attr {
				if a.Name.Local == "fill" {
					fills = append(fills, a.Value)
				}
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(tok))
			}
		case xml.EndElement:
			inText = false
		}
	}
}

// TestSVGDrawsWhatThePictureDraws: the SVG backend is handed the same
// painting as the PNG's, so it holds the scene's title, coordinates,
// names, revenues and key, the token's colour and the run's, and says
// its size as the PNG's width.
func TestSVGDrawsWhatThePictureDraws(t *testing.T) {
	for name, g := range map[string]hexgrid.Grid{
		"pointy": {},
		"flat":   {Orientation: hexgrid.Flat, Letters: hexgrid.LetteredColumns, Stagger: hexgrid.OddShifted},
	} {
		s := small(g)
		s.Notes = append(s.Notes, "Tom & Jerry's <line>")
		b, err := SVG(s, PNGOptions{Width: 600})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 `)) {
			t.Errorf("%s: the SVG begins %.80q", name, b)
		}
		texts, fills := svgTexts(t, b)
		joined := strings.Join(texts, "|")
		for _, want := range []string{"Test", "A", "B", "C", "Metropolis", "RR", "Railroad", "$60", "Tom & Jerry's <line>"} {
			if !slices.Contains(texts, want) && !strings.Contains(joined, want) {
				t.Errorf("%s: no text %q in %q", name, want, joined)
			}
		}
		for _, want := range []RGB{red, magenta} {
			if !slices.Contains(fills, hexRGB(want)) && !bytes.Contains(b, []byte(`stroke="`+hexRGB(want))) {
				t.Errorf("%s: colour %s is not drawn", name, hexRGB(want))
			}
		}
	}
	if _, err := SVG(small(hexgrid.Grid{}), PNGOptions{Width: 100}); err == nil {
		t.Error("an SVG 100 units wide was drawn")
	}
}
