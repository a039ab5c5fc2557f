// Package token makes the turnsheet tokens that prove a mail answers one
// of ours, and knows the shape a "your move" Message-ID carries one in.
// It imports nothing of the project's, so that the processor, which
// issues tokens, and the archive, which must take every one it issued out
// of a published export, can both use it.
package token

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"regexp"
)

var encoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// Turnsheet is the token printed on the turnsheet (or "your move" mail) a
// position is sent for a turn or action. Sending it back proves the
// sender received that mail; it is useless for any other game, position
// or turn.
func Turnsheet(secret []byte, gameID string, position, turn int) string {
	mac := hmac.New(sha256.New, secret)
	fmt.Fprintf(mac, "%s\x00%d\x00%d", gameID, position, turn)
	s := encoding.EncodeToString(mac.Sum(nil))[:12]
	return s[:4] + "-" + s[4:8] + "-" + s[8:]
}

// Thread is the part of a Message-ID that carries an action and its
// token, lower case without dashes: ".a12-lvt4unmqbcv7@".
var Thread = regexp.MustCompile(`\.a([0-9]+)-([a-z0-9]{12})@`)
