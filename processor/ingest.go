package processor

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/textproto"
	"strings"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// ingest copies new messages from every configured mailbox into the inbox
// table. Each message is committed before it is marked on the server, and
// the marking is recorded after it happens; a crash between the two leaves
// a stored, unmarked message, which the next pass marks without storing
// again.
func (p *Processor) ingest(ctx context.Context, sum *Summary) error {
	cfg := p.Config.IMAPSettings()
	if cfg.Address == "" {
		p.log().Info("imap.address is empty: no mail is read until it is configured")
		return nil
	}
	im, err := mail.DialIMAP(ctx, cfg)
	if err != nil {
		return err
	}
	defer im.Close()
	if cfg.MoveTo != "" {
		if err := im.EnsureMailbox(cfg.MoveTo); err != nil {
			return err
		}
	}
	var errs []error
	for _, mb := range cfg.Mailboxes {
		if err := p.ingestMailbox(ctx, im, mb, sum); err != nil {
			errs = append(errs, fmt.Errorf("mailbox %s: %w", mb, err))
		}
	}
	return errors.Join(errs...)
}

func (p *Processor) ingestMailbox(ctx context.Context, im *mail.IMAP, mailbox string, sum *Summary) error {
	info, err := im.Select(mailbox)
	if err != nil {
		return err
	}
	cur, known, err := p.Store.Cursor(ctx, mailbox)
	if err != nil {
		return err
	}
	after := cur.LastUID
	if known && cur.UIDValidity != info.UIDValidity {
		// The server renumbered the mailbox. Read it all again; the store
		// recognises what it has by Message-ID and a hash of the bytes.
		p.log().Warn("UIDVALIDITY changed; rereading the mailbox and matching by Message-ID and hash",
			"mailbox", mailbox, "was", cur.UIDValidity, "now", info.UIDValidity)
		after = 0
	}
	// Messages stored by a pass that died before marking them.
	toMark, err := p.Store.UnmarkedUIDs(ctx, mailbox, info.UIDValidity)
	if err != nil {
		return err
	}
	uids, err := im.UIDsAfter(after)
	if err != nil {
		return err
	}
	sum.MailboxRead = append(sum.MailboxRead, fmt.Sprintf("%s: %d new", mailbox, len(uids)))
	fetchErr := im.FetchRaw(uids, p.Config.Mail.MaxFetchBytes, func(f mail.Fetched) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		sum.Fetched++
		if f.Truncated {
			p.log().Warn("message cut to max_fetch_bytes", "mailbox", mailbox, "uid", f.UID, "size", f.Size)
		}
		_, fresh, err := p.Store.IngestMessage(ctx, store.InboxMessage{
			Mailbox: mailbox, UIDValidity: info.UIDValidity, UID: f.UID,
			MessageID: headerMessageID(f.Raw), Raw: f.Raw, Arrived: f.Arrived,
		}, p.now())
		if err != nil {
			return err
		}
		if fresh {
			sum.Stored++
		}
		p.fault(FaultIngestStored)
		toMark = append(toMark, f.UID)
		return nil
	})
	// Mark whatever was stored, even if the fetch broke off part-way; but
	// only once what was stored is on disk, so that a power cut after the
	// server is told cannot lose a message.
	if len(toMark) > 0 {
		if err := p.Store.Durable(ctx); err != nil {
			return errors.Join(fetchErr, err)
		}
		p.fault(FaultIngestDurable)
		if err := im.Mark(toMark); err != nil {
			return errors.Join(fetchErr, err)
		}
		p.fault(FaultIngestMarked)
		if err := p.Store.MarkedOnServer(ctx, mailbox, info.UIDValidity, toMark); err != nil {
			return errors.Join(fetchErr, err)
		}
	}
	return fetchErr
}

// headerMessageID reads the Message-ID without parsing the body, which may
// be malformed; parsing proper happens in the read step.
func headerMessageID(raw []byte) string {
	r := textproto.NewReader(bufio.NewReader(bytes.NewReader(raw)))
	h, _ := r.ReadMIMEHeader()
	return strings.TrimSpace(h.Get("Message-Id"))
}
