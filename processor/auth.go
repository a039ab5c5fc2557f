package processor

import (
	"crypto/subtle"
	"fmt"
	"strings"

	"github.com/railpost/railpost/processor/token"
	"golang.org/x/crypto/bcrypt"
)

// HashPassword hashes a position's password for storage.
func HashPassword(pw string) ([]byte, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
	if err != nil {
		return nil, fmt.Errorf("hash password: %w", err)
	}
	return h, nil
}

// CheckPassword reports whether pw matches the stored hash.
func CheckPassword(hash []byte, pw string) bool {
	if len(hash) == 0 || pw == "" {
		return false
	}
	return bcrypt.CompareHashAndPassword(hash, []byte(pw)) == nil
}

// TurnsheetToken is printed on the turnsheet a position is sent for a turn.
// Sending it back proves the sender received that turnsheet; it is useless
// for any other game, position or turn. It is made in package token, which
// the archive shares to find every token a game was issued.
func TurnsheetToken(secret []byte, gameID string, position, turn int) string {
	return token.Turnsheet(secret, gameID, position, turn)
}

// tokenMatches compares a token as the player typed it with the real one,
// ignoring dashes, spaces and case, in constant time.
func tokenMatches(typed, real string) bool {
	norm := func(s string) string {
		return strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(s))
	}
	return subtle.ConstantTimeCompare([]byte(norm(typed)), []byte(norm(real))) == 1
}
