package enginetest

import (
	"reflect"
	"slices"
	"testing"
)

// StoredCovers checks that every exported field of live, those of the
// structs it embeds included, has a field of the same name in stored:
// a title's stored forms list their fields by hand so that the snapshots'
// encoding stays put as fields move into the core, and a field added to
// the live struct but not to its stored form would silently go unsaved.
// except names the fields stored another way.
func StoredCovers(t *testing.T, live, stored any, except ...string) {
	t.Helper()
	have := map[string]bool{}
	for _, f := range fields(reflect.TypeOf(stored)) {
		have[f] = true
	}
	for _, f := range fields(reflect.TypeOf(live)) {
		if !have[f] && !slices.Contains(except, f) {
			t.Errorf("%s.%s is not in its stored form %s: add it there, in the place the stored databases have it", reflect.TypeOf(live), f, reflect.TypeOf(stored))
		}
	}
}

// fields are a struct type's exported field names, an embedded struct's
// own fields in its place.
func fields(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			out = append(out, fields(f.Type)...)
		case f.IsExported():
			out = append(out, f.Name)
		}
	}
	return out
}
