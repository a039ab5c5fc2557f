package reports

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
)

// samplePDF is a few pages of text, lines and circles, with fpdf's own
// page compression on or off.
func samplePDF(t *testing.T, compress bool) []byte {
	t.Helper()
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(time.Unix(0, 0).UTC())
	pdf.SetModificationDate(time.Unix(0, 0).UTC())
	pdf.SetCompression(compress)
	pdf.SetTitle("deflate", true)
	for page := range 3 {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "", 9)
		for i := range 40 {
			pdf.Text(20, 20+float64(i)*5, fmt.Sprintf("page %d line %d: endstream endobj xref", page, i))
			pdf.Circle(150, 20+float64(i)*5, 1+float64(i%4)/3, "FD")
		}
	}
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDeflatedIsFpdfsOwnFile: writing with compression off and deflating
// afterwards gives, byte for byte, the file fpdf writes with it on.
func TestDeflatedIsFpdfsOwnFile(t *testing.T) {
	want := samplePDF(t, true)
	var w deflatingWriter
	if _, err := w.Write(samplePDF(t, false)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(w.pdf, want) {
		t.Fatalf("deflated file differs from fpdf's compressed one: %d bytes, want %d", len(w.pdf), len(want))
	}
	// A file already compressed has nothing left to deflate.
	again, err := deflateStreams(want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, want) {
		t.Error("deflating a compressed file changed it")
	}
	if _, err := w.Write(want); err == nil {
		t.Error("a second write was taken as a document")
	}
}

func TestDeflateRefusesWhatIsNotOnePDF(t *testing.T) {
	good := samplePDF(t, false)
	for name, pdf := range map[string][]byte{
		"empty":     nil,
		"no table":  bytes.ReplaceAll(good, []byte("xref\n0 "), []byte("xref\nX ")),
		"cut short": good[:len(good)*2/3],
	} {
		if _, err := deflateStreams(pdf); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestCp1252IsFpdfsTranslator: the shared translator turns every
// character of the Basic Multilingual Plane as fpdf's own does.
func TestCp1252IsFpdfsTranslator(t *testing.T) {
	theirs := fpdf.New("P", "mm", "A4", "").UnicodeTranslatorFromDescriptor("")
	for r := rune(0); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue // surrogates are no characters
		}
		s := "a" + string(r) + "b"
		if got, want := cp1252(s), theirs(s); got != want {
			t.Errorf("U+%04X: %q, fpdf %q", r, got, want)
		}
	}
	if got := cp1252("Montréal – Québec"); got != "Montr\xe9al \x96 Qu\xe9bec" {
		t.Errorf("cp1252 = %q", got)
	}
}

func TestAppendHundredths(t *testing.T) {
	for _, v := range []float64{0, 1, -1, 0.004, 0.005, 0.994, 0.996, 12.345678, -12.345678, 595.28, 841.89, 1234.5, -0.001} {
		got := string(appendHundredths(nil, v))
		want := strconv.FormatFloat(v, 'f', 2, 64)
		if want == "-0.00" {
			want = "0.00"
		}
		if got != want {
			t.Errorf("%v: %s, want %s", v, got, want)
		}
	}
}
