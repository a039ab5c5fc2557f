package loopback

import (
	"bufio"
	"net"
	"strings"
	"sync"
)

// StallServer is a mail server that has stopped answering, for the tests
// that a pass never waits forever. With no script it accepts connections
// and says nothing at all; as an IMAP server it greets, logs in and
// selects a mailbox, then freezes on the first command that would read
// mail (the search or the fetch).
type StallServer struct {
	Addr    string
	ln      net.Listener
	imap    bool
	stallAt string // the IMAP command frozen on; empty: the first that reads mail
	mu      sync.Mutex
	open    []net.Conn
}

// StartSilent starts a server that accepts and never says a word.
func StartSilent() (*StallServer, error) { return startStall(false, "") }

// StartFrozenIMAP starts an IMAP server that freezes mid-session.
func StartFrozenIMAP() (*StallServer, error) { return startStall(true, "") }

// StartIMAPStalledAt starts an IMAP server that greets and answers every
// command before the named one (LOGIN, SELECT, SEARCH, FETCH; GREETING
// for none at all), then freezes on it, so that a test can stall a session at each stage.
func StartIMAPStalledAt(command string) (*StallServer, error) {
	return startStall(true, strings.ToUpper(command))
}

func startStall(imap bool, stallAt string) (*StallServer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &StallServer{Addr: ln.Addr().String(), ln: ln, imap: imap, stallAt: stallAt}
	go s.accept()
	return s, nil
}

func (s *StallServer) accept() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		s.open = append(s.open, c)
		s.mu.Unlock()
		if s.imap {
			go s.serveIMAP(c)
		}
	}
}

// serveIMAP answers the commands before the mail is read, then nothing.
func (s *StallServer) serveIMAP(c net.Conn) {
	w := bufio.NewWriter(c)
	say := func(lines ...string) {
		for _, l := range lines {
			w.WriteString(l + "\r\n")
		}
		w.Flush()
	}
	if s.stallAt == "GREETING" {
		return // accepted, and never a word
	}
	say("* OK [CAPABILITY IMAP4rev1] frozen test server ready")
	r := bufio.NewReader(c)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		tag, cmd := f[0], strings.ToUpper(f[1])
		if cmd == "UID" && len(f) > 2 {
			cmd = strings.ToUpper(f[2])
		}
		if cmd == s.stallAt {
			continue // frozen: read and never answered
		}
		switch cmd {
		case "CAPABILITY":
			say("* CAPABILITY IMAP4rev1", tag+" OK done")
		case "LOGIN":
			say(tag + " OK logged in")
		case "SELECT", "EXAMINE":
			say("* 3 EXISTS", "* 0 RECENT", "* OK [UIDVALIDITY 7] ok", "* OK [UIDNEXT 4] ok", tag+" OK [READ-WRITE] selected")
		case "LIST":
			say(tag + " OK done")
		case "SEARCH", "FETCH":
			if s.stallAt == "" {
				continue // frozen: the first command that reads mail
			}
			if cmd == "SEARCH" {
				say("* SEARCH 1 2 3")
			}
			say(tag + " OK done")
		case "LOGOUT":
			say("* BYE", tag+" OK bye")
			return
		default:
			// Frozen: the command is read and never answered.
		}
	}
}

// Close stops the server and drops every connection.
func (s *StallServer) Close() error {
	err := s.ln.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.open {
		c.Close()
	}
	return err
}
