package move

import (
	"strconv"
	"strings"
)

// Closest is the legal move nearest to a line a player wrote, for a
// "did you mean": each option as a concrete move (a ranged one with the
// line's own number brought into its range), compared letter by letter,
// case aside. ok is false when nothing is near enough to be a slip.
func Closest(line string, opts []Option) (string, bool) {
	want := strings.ToUpper(strings.Join(strings.Fields(line), " "))
	if want == "" {
		return "", false
	}
	best, bestDist := "", len(want)/3+2
	for _, o := range opts {
		cand := strings.ToUpper(o.Action(nearNumber(want, o)).String())
		if cand == want {
			continue
		}
		if d := editDistance(want, cand); d < bestDist {
			best, bestDist = cand, d
		}
	}
	return best, best != ""
}

// nearNumber is the number a ranged option takes for a line: the line's
// last number, brought into the range, or the range's least.
func nearNumber(line string, o Option) int {
	if !o.Ranged {
		return 0
	}
	f := strings.Fields(line)
	n, err := strconv.Atoi(strings.TrimPrefix(f[len(f)-1], "$"))
	if err != nil {
		return o.Min
	}
	return min(max(n, o.Min), o.Max)
}

// editDistance is the Levenshtein distance between two strings, by byte:
// moves are written in ASCII.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
