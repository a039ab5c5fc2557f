package templates

import (
	"strings"
	"testing"
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
