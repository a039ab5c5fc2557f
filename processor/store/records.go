package store

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// Archive is every row a game owns, table by table, as the database holds
// it: the unit a game moves in between hosts (DESIGN.md, "Where it grows").
type Archive struct {
	Format int                 `json:"format"`
	Schema int                 `json:"schema"` // the schema version the rows are written in
	GameID string              `json:"game_id"`
	Tables map[string][]Record `json:"tables"`
}

// Record is one row: column name to value.
type Record map[string]Cell

// Cell is one value, typed so that JSON keeps blobs apart from text.
type Cell struct {
	Int  *int64  `json:"i,omitempty"`
	Text *string `json:"s,omitempty"`
	Blob []byte  `json:"b,omitempty"`
	Null bool    `json:"null,omitempty"`
}

// Value is the cell as a database argument.
func (c Cell) Value() any {
	switch {
	case c.Int != nil:
		return *c.Int
	case c.Text != nil:
		return *c.Text
	case c.Blob != nil:
		return c.Blob
	default:
		return nil
	}
}

// Game is one row of the games table.
type Game struct {
	ID       string
	Title    string
	Name     string
	Status   string // active | paused | ended
	Turn     int
	Seed     int64
	Deadline time.Time     // zero: none
	Period   time.Duration // zero: no automatic next deadline
	TimeZone string
	Early    bool // resolve as soon as every human position is in
	Created  time.Time
	// Schedule is the GM's schedule as written ("every Monday 18:00"); the
	// deadlines follow from it and Period.
	Schedule string
	Grace    time.Duration // orders are still taken this long after the deadline
	Remind   time.Duration // remind the silent this long before the deadline; 0: never
	Missed   string        // a position that sent no orders: "computer" plays it, or it "standpat"s
	// The game master: notices go to GMAddress; GMPasswordHash signs GM mail.
	GMAddress      string
	GMPasswordHash []byte
	// MoveTimeout and TimeoutPolicy are for games played one action per
	// mail: how long a move may wait, and whether the processor then
	// passes for the player ("pass") or tells the GM ("gm"). For such
	// games Remind counts from when the move became due.
	MoveTimeout   time.Duration
	TimeoutPolicy string
}

// Position is one seat in a game.
type Position struct {
	GameID       string
	Number       int
	Name         string
	Address      string // registered address, lower case; "" for none
	PasswordHash []byte
	Human        bool
}

// NormalizeAddress makes addresses comparable: case is not significant in
// practice, and stray spaces come from hand-edited configs.
func NormalizeAddress(a string) string { return strings.ToLower(strings.TrimSpace(a)) }

// Snapshot is a stored game state.
type Snapshot struct {
	GameID string
	Turn   int
	State  []byte
	Seed   int64
	// Inputs is what the resolution took besides the orders, as JSON, for
	// replay.
	Inputs  []byte
	Created time.Time // when the turn resolved; read back, not written
}

// Event is one thing that happened in a game.
type Event struct {
	Kind      string
	VisibleTo int // 0: everyone
	Text      string
}

// ErrDone is returned for a command that must take effect once and already
// has.
var ErrDone = errors.New("already done")

// GMAction is one entry of a game's moderation log.
type GMAction struct {
	ID      int64
	GameID  string
	Turn    int // the turn open when it was taken
	Verb    string
	Args    string // the command as given
	Reason  string
	Actor   string // "cli" or the GM's address
	InboxID int64  // the GM mail it came in; 0 from the command line
	// OnceKey makes a command take effect once: a second with the same key
	// is refused with ErrDone.
	OnceKey string
	// Headline is what the next report's headlines say of it; "" keeps it
	// between the GM and the log.
	Headline string
	At       time.Time
}

// MaxArchiveBytes bounds the archive.json an import reads. The file holds
// every mail of a game in base64, and decoding it takes several times its
// size in memory: a game of years of mail is tens of megabytes, so 1 GiB
// leaves room for any real game while a hostile file cannot exhaust the
// host.
const MaxArchiveBytes = 1 << 30

// errTooLarge is what reading past the bound returns.
var errTooLarge = errors.New("too large")

// DecodeArchive reads an archive.json, at most limit bytes of it. It is
// strict, since the file may come from anyone: a field it does not know,
// or anything after the archive, is an error rather than ignored.
func DecodeArchive(r io.Reader, limit int64) (*Archive, error) {
	dec := json.NewDecoder(&boundedReader{r: r, left: limit})
	dec.DisallowUnknownFields()
	var a Archive
	err := dec.Decode(&a)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			err = errors.New("something follows the archive")
			if errors.Is(extra, errTooLarge) {
				err = extra
			}
		}
	}
	if errors.Is(err, errTooLarge) {
		return nil, fmt.Errorf("read the archive: it is over %d bytes, more than any game's archive", limit)
	}
	if err != nil {
		return nil, fmt.Errorf("read the archive: %w", err)
	}
	return &a, nil
}

// boundedReader is io.LimitReader that says when it cut the input short,
// so that a file too large is not reported as one that ends too soon.
type boundedReader struct {
	r    io.Reader
	left int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		var one [1]byte
		if n, _ := io.ReadFull(b.r, one[:]); n > 0 {
			return 0, errTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

// Check refuses a cell that is more than one thing at once: which one it
// means would be a guess.
func (c Cell) Check() error {
	n := 0
	for _, set := range []bool{c.Int != nil, c.Text != nil, c.Blob != nil, c.Null} {
		if set {
			n++
		}
	}
	if n > 1 {
		return errors.New("the cell holds more than one value")
	}
	return nil
}

// Inbox statuses.
const (
	InboxNew      = "new"
	InboxAccepted = "accepted"
	InboxRejected = "rejected"
	InboxIgnored  = "ignored"
)

// InboxMessage is one received message.
type InboxMessage struct {
	ID          int64
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	MessageID   string
	SHA256      string
	Raw         []byte
	Arrived     time.Time // when the server says it arrived (INTERNALDATE)
	Received    time.Time // when Railpost stored it
	Status      string
	GameID      string
	Position    int
	Outcome     string
}

// HashRaw is the identity of a message's bytes, used when UIDs cannot be trusted.
func HashRaw(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// MailboxCursor is how far a mailbox has been read.
type MailboxCursor struct {
	UIDValidity uint32
	LastUID     uint32
}

// Move is one entry in the log of a game played one action per mail.
type Move struct {
	GameID   string
	N        int    // the action number it answered
	Position int    // 0: the game master
	Line     string // as the engine reads it
	Source   string // player, gm, timeout, autopass, away, forced, computer
	InboxID  int64
	At       time.Time
}

// SeatPrefs is what one player asked of a game played by mail.
type SeatPrefs struct {
	Digest     bool
	DigestUpTo int // the last action a digest covered
	DigestAt   time.Time
	AutoPass   string // "" or "auctions"
	AwayFrom   time.Time
	AwayUntil  time.Time
}

// Away tells whether the player is away at t.
func (s SeatPrefs) Away(t time.Time) bool {
	return !s.AwayFrom.IsZero() && !t.Before(s.AwayFrom) && t.Before(s.AwayUntil)
}

// Outbox statuses.
const (
	OutboxQueued = "queued"
	OutboxSent   = "sent"
	OutboxFailed = "failed"
)

// OutboxMail is one message to send. Raw is the complete RFC 5322 message,
// built when it is queued, so every retry sends the same bytes.
type OutboxMail struct {
	ID          int64
	MessageID   string
	Kind        string
	GameID      string
	Position    int
	InboxID     int64
	Sender      string
	Recipients  []string
	Subject     string
	Raw         []byte
	Status      string
	Attempts    int
	NextAttempt time.Time
	LastAnswer  string
	// Forget are the strings the stored copy must lose once the mail is
	// sent: the password a welcome tells.
	Forget []string
}

// Attempt is the result of one try at sending an outbox row.
type Attempt struct {
	At     time.Time
	OK     bool
	Answer string // the server's words, or the connection error
	// Next is when to try again after a temporary failure; zero with OK
	// false means give up.
	Next time.Time
	// Kept, when set on a sent mail, replaces the stored bytes: the mail
	// with the password it carried taken out, now that it is delivered.
	Kept []byte
	// Judge, when set, is the claim the attempt was made under
	// (MailClaim.Judge): the attempt is recorded only while the row is
	// still claimed by this judge, else RecordAttempt returns
	// ErrClaimLost and records nothing. Empty records it as it stands (a
	// game master's command, a test).
	Judge string
}

// MailClaim asks for up to Limit due outbox rows to be marked as being
// sent by one judge until Until.
type MailClaim struct {
	// Judge names the claiming judge uniquely: a host, a process and a
	// random part, so that no other judge, nor a later pass of the same
	// process, records an attempt under this claim.
	Judge string
	// Due is the game clock: rows whose next attempt is due by then.
	Due time.Time
	// At is the wall clock now: a claim whose expiry is at or before it
	// is taken over. Until is when this claim expires.
	At, Until time.Time
	Limit     int
}

// ErrClaimLost means an outbox row is no longer claimed by the judge
// recording an attempt on it: its claim expired and another judge took
// it, or a game master changed it.
var ErrClaimLost = errors.New("the outbox row is no longer claimed by this judge")

// Pass statuses.
const (
	PassRunning   = "running"
	PassOK        = "ok"
	PassFailed    = "failed"
	PassAbandoned = "abandoned"
)

// ErrPassRunning means the passes table holds a pass still running in a
// live process: a second guard, behind the lock file, against two passes
// on one database.
var ErrPassRunning = errors.New("another railpost pass is recorded as running on this database")

// PassRecord is one row of the pass log.
type PassRecord struct {
	ID      int64
	Status  string
	Summary string
}

// FinalScore is one position's score in one category when its game ended.
type FinalScore struct {
	GameID   string
	Title    string
	Position int
	Player   string
	Human    bool
	Category string
	Points   int
	Turn     int
	EndedAt  time.Time
}

// ErrNotFound is returned when a looked-up row does not exist.
var ErrNotFound = errors.New("not found")

// ErrLeased means another judge holds the game's lease (or, on SQLite,
// another pass holds the database): the game is left for later.
var ErrLeased = errors.New("another judge is working on this game")
