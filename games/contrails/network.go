package contrails

import "sort"

// TownsOf lists the distinct towns a set of lines touches, sorted.
func (m *Map) TownsOf(lines []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range lines {
		r, ok := m.Route(c)
		if !ok {
			continue
		}
		for _, tw := range []string{r.A, r.B} {
			if !seen[tw] {
				seen[tw] = true
				out = append(out, tw)
			}
		}
	}
	sort.Strings(out)
	return out
}

// RegionsOf lists the regions a set of lines connects to: those with a
// starred town on a line (2.7B), in the order of Regions.
func (m *Map) RegionsOf(lines []string) []Region {
	has := map[Region]bool{}
	for _, tw := range m.TownsOf(lines) {
		if t, ok := m.Town(tw); ok && t.Star {
			has[t.Region] = true
		}
	}
	var out []Region
	for _, r := range Regions {
		if has[r] {
			out = append(out, r)
		}
	}
	return out
}

// Touches reports whether a route shares a town with any of the lines.
func (m *Map) Touches(lines []string, code string) bool {
	r, ok := m.Route(code)
	if !ok {
		return false
	}
	for _, c := range lines {
		if l, ok := m.Route(c); ok && (l.A == r.A || l.A == r.B || l.B == r.A || l.B == r.B) {
			return true
		}
	}
	return false
}

// Prohibited says why a railroad holding lines may not add a route, or ""
// if it may (4.8): it may not hold both routes of a double route, nor more
// than one route into a gateway city.
func (m *Map) Prohibited(lines []string, code string) string {
	r, ok := m.Route(code)
	if !ok {
		return "no such route"
	}
	if partner, ok := m.DoublePartner(code); ok && contains(lines, partner) {
		return "it would hold both routes of the double route " + code + "/" + partner + " (4.8, rule 1)"
	}
	for _, tw := range []string{r.A, r.B} {
		if !m.IsGateway(tw) {
			continue
		}
		for _, c := range lines {
			if c == code {
				continue
			}
			if o, _ := m.Route(c); o.A == tw || o.B == tw {
				return "it would have a second route into " + tw + " (4.8, rule 2)"
			}
		}
	}
	return ""
}

// Connected reports whether lines form one network (2.5, 4.1).
func (m *Map) Connected(lines []string) bool {
	if len(lines) <= 1 {
		return true
	}
	reached := map[string]bool{lines[0]: true}
	for grew := true; grew; {
		grew = false
		for _, c := range lines {
			if reached[c] {
				continue
			}
			var done []string
			for k := range reached {
				done = append(done, k)
			}
			if m.Touches(done, c) {
				reached[c] = true
				grew = true
			}
		}
	}
	return len(reached) == len(lines)
}

// ConnectedTo reports whether two railroads share a town (4.13A1).
func (m *Map) ConnectedTo(a, b []string) bool {
	tb := map[string]bool{}
	for _, tw := range m.TownsOf(b) {
		tb[tw] = true
	}
	for _, tw := range m.TownsOf(a) {
		if tb[tw] {
			return true
		}
	}
	return false
}
