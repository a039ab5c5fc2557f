package eighteen

import (
	"encoding/json"
	"fmt"
)

// CertsForm is the version of the stored state since holdings are
// certificates. A state of this form writes "version" and "certs" (where
// each certificate lies, CertsPlaced) after everything else; every
// holding stands where it always stood, written as its units. The states
// stored before it have no version, and are exactly a state of this form
// without those two fields: Former writes the game in that form, so that
// a replay compares an old snapshot byte for byte with the rebuilt game,
// whose certificates determine the units.
const CertsForm = 2

// StateForm is the version of a stored state: 0 for one stored before
// states had versions. A snapshot that is not a state is an error.
func StateForm(stored []byte) (int, error) {
	var v struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(stored, &v); err != nil {
		return 0, fmt.Errorf("the stored state's version: %w", err)
	}
	return v.Version, nil
}

// Former is the game's state written in the form a stored snapshot has,
// when that is older than today's, for the replay's comparison; ok is
// false when the snapshot is of today's form, of one this code does not
// know, or no state at all (a damaged snapshot), which is compared as it
// is and differs. write writes the state, with its version and
// certificates (current) or without; its error is the only one.
func Former(stored []byte, write func(current bool) ([]byte, error)) (state []byte, ok bool, err error) {
	if form, err := StateForm(stored); err != nil || form != 0 {
		return nil, false, nil
	}
	if state, err = write(false); err != nil {
		return nil, false, err
	}
	return state, true, nil
}

// StoredCerts are the certificates' form in a title's stored state, its
// last field, embedded so that the state writes them as its own version
// and certs: left empty, the state is as stored before certificates.
type StoredCerts struct {
	Version int                   `json:"version,omitempty"`
	Certs   map[string]CertPlaces `json:"certs,omitempty"`
}

// StoredCerts are the certificates to store in today's form (current),
// or none for the form before; reserved is where a title's company keeps
// the certificates it holds back.
func (b *Base[T, P]) StoredCerts(current bool, reserved func(*T) Holding) StoredCerts {
	if !current {
		return StoredCerts{}
	}
	return StoredCerts{Version: CertsForm, Certs: b.CertsPlaced(reserved)}
}

// EncodeState writes a title's stored state, its error naming the title.
func EncodeState(title string, s any) ([]byte, error) {
	out, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("%s state: %w", title, err)
	}
	return out, nil
}

// State is the whole position, canonically encoded by the title's Write:
// stored after every move, so replay can compare each one byte for byte.
func (b *Base[T, P]) State() ([]byte, error) { return b.hooks.Write(true) }

// FormerState is the position in the form a stored snapshot was written
// in, when that is the form before certificates (Former): the replay's
// comparison for the games stored before.
func (b *Base[T, P]) FormerState(stored []byte) ([]byte, bool, error) {
	return Former(stored, b.hooks.Write)
}
