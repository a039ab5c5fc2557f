package reports

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// fpdf compresses each page's content stream with a zlib writer of its
// own, and a new flate writer allocates and clears about a megabyte of
// tables: at nine pages a report, most of what a report allocated and a
// fifth of its time. So the documents are written with fpdf's page
// compression off and deflateStreams compresses their streams afterwards
// with pooled writers, at fpdf's own level, into the file fpdf would have
// written with it on, byte for byte.

// zlibWriters keeps idle writers at the level fpdf uses, a few, across
// garbage collections (which empty a sync.Pool, and a pass collects
// between one report and the next).
var zlibWriters = make(chan *zlib.Writer, 4)

func getZlibWriter() *zlib.Writer {
	select {
	case w := <-zlibWriters:
		return w
	default:
		w, _ := zlib.NewWriterLevel(nil, zlib.BestSpeed) // a valid level: no error
		return w
	}
}

func putZlibWriter(w *zlib.Writer) {
	select {
	case zlibWriters <- w:
	default:
	}
}

// deflateStreams compresses every stream of pdf that has no filter and
// no other key than its length, as fpdf writes a page's contents with
// compression off, and rewrites the cross-reference table to the moved
// objects. It reads the objects' places from that table, so it never
// scans a stream's data for keywords.
func deflateStreams(pdf []byte) ([]byte, error) {
	at, objects, err := xrefTable(pdf)
	if err != nil {
		return nil, err
	}
	// The objects in file order; each runs to the next one or the table.
	order := make([]int, 0, len(objects))
	for n := 1; n < len(objects); n++ {
		if objects[n] > 0 {
			order = append(order, n)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return objects[a] - objects[b] })
	if len(order) == 0 {
		return pdf, nil
	}
	out := bytes.NewBuffer(make([]byte, 0, len(pdf)/3))
	out.Write(pdf[:objects[order[0]]])
	moved := make([]int, len(objects))
	var z bytes.Buffer
	w := getZlibWriter()
	defer putZlibWriter(w)
	for i, n := range order {
		end := at
		if i+1 < len(order) {
			end = objects[order[i+1]]
		}
		if objects[n] > end {
			return nil, fmt.Errorf("pdf: object %d lies past the cross-reference table", n)
		}
		moved[n] = out.Len()
		obj := pdf[objects[n]:end]
		data, ok := plainStream(obj, n)
		if !ok {
			out.Write(obj)
			continue
		}
		z.Reset()
		w.Reset(&z)
		if _, err := w.Write(data); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		fmt.Fprintf(out, "%d 0 obj\n<</Filter /FlateDecode /Length %d>>\nstream\n", n, z.Len())
		out.Write(z.Bytes())
		out.WriteString("\nendstream\nendobj\n")
	}
	xref := out.Len()
	fmt.Fprintf(out, "xref\n0 %d\n0000000000 65535 f \n", len(objects))
	for n := 1; n < len(objects); n++ {
		fmt.Fprintf(out, "%010d 00000 n \n", moved[n])
	}
	trailer := at + len(fmt.Sprintf("xref\n0 %d\n", len(objects))) + 20*len(objects)
	tail := pdf[trailer:]
	k := bytes.LastIndex(tail, []byte("startxref\n"))
	if k < 0 {
		return nil, errors.New("pdf: no startxref after the trailer")
	}
	out.Write(tail[:k])
	fmt.Fprintf(out, "startxref\n%d\n%%%%EOF\n", xref)
	return out.Bytes(), nil
}

// xrefTable finds the cross-reference table of a PDF written in one
// piece, as fpdf writes it: where it starts and each object's offset,
// index 0 being the free head of the list.
func xrefTable(pdf []byte) (int, []int, error) {
	k := bytes.LastIndex(pdf, []byte("startxref\n"))
	if k < 0 {
		return 0, nil, errors.New("pdf: no startxref")
	}
	rest := pdf[k+len("startxref\n"):]
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 {
		return 0, nil, errors.New("pdf: startxref has no offset")
	}
	at, err := strconv.Atoi(string(rest[:nl]))
	if err != nil || at < 0 || at >= k {
		return 0, nil, fmt.Errorf("pdf: bad startxref %q", rest[:nl])
	}
	var size int
	if _, err := fmt.Sscanf(string(pdf[at:min(at+32, k)]), "xref\n0 %d\n", &size); err != nil || size < 1 {
		return 0, nil, fmt.Errorf("pdf: no cross-reference table at %d", at)
	}
	first := at + len(fmt.Sprintf("xref\n0 %d\n", size))
	if first+20*size > k {
		return 0, nil, errors.New("pdf: the cross-reference table is cut short")
	}
	objects := make([]int, size)
	for n := 1; n < size; n++ {
		entry := pdf[first+20*n : first+20*n+20]
		if string(entry[10:]) != " 00000 n \n" {
			return 0, nil, fmt.Errorf("pdf: cross-reference entry %d is %q", n, entry)
		}
		if objects[n], err = strconv.Atoi(string(entry[:10])); err != nil || objects[n] >= at {
			return 0, nil, fmt.Errorf("pdf: cross-reference entry %d is %q", n, entry)
		}
	}
	return at, objects, nil
}

// plainStream is the data of object n when it is a stream with only a
// length, exactly as fpdf writes an uncompressed page.
func plainStream(obj []byte, n int) ([]byte, bool) {
	head := strconv.AppendInt(nil, int64(n), 10)
	head = append(head, " 0 obj\n<</Length "...)
	if !bytes.HasPrefix(obj, head) {
		return nil, false
	}
	rest := obj[len(head):]
	gt := bytes.Index(rest[:min(len(rest), 32)], []byte(">>\nstream\n"))
	if gt < 0 {
		return nil, false
	}
	length, err := strconv.Atoi(string(rest[:gt]))
	rest = rest[gt+len(">>\nstream\n"):]
	if err != nil || length < 0 || length > len(rest) || string(rest[length:]) != "\nendstream\nendobj\n" {
		return nil, false
	}
	return rest[:length], true
}

// deflatingWriter takes the PDF fpdf writes out, in the one Write that
// fpdf's Output makes, and keeps it deflated: no copy of the uncompressed
// file is made.
type deflatingWriter struct {
	pdf    []byte
	writes int
}

func (w *deflatingWriter) Write(p []byte) (int, error) {
	if w.writes++; w.writes > 1 {
		return 0, errors.New("pdf: fpdf wrote the document in more than one piece")
	}
	out, err := deflateStreams(p)
	if err != nil {
		return 0, err
	}
	w.pdf = out
	return len(p), nil
}
