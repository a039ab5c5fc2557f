package archive

import "github.com/railpost/railpost/processor/store"

// withoutOpenTurn leaves out of a game played by turns that is still
// running what its players have sent for the turn now open: the orders
// (every version, superseded or not, but not those of a turn rolled
// back, which was played and is history), the mails that carried them or
// came from a seat since the last turn was resolved (a refused turnsheet
// holds orders too), and our answers to those mails, which echo them.
// Published while the turn is open they would show each player's rivals
// their plans. A game played by mail has no such thing: a move is played
// as it comes, so nothing is waiting.
func withoutOpenTurn(a *store.Archive, turn int) (orders, mails int) {
	lastResolved := ""
	for _, rec := range a.Tables["snapshots"] {
		if rec["rolled_back"].Int == nil && rec["created_at"].Text != nil && *rec["created_at"].Text > lastResolved {
			lastResolved = *rec["created_at"].Text
		}
	}
	dropInbox := map[int64]bool{}
	kept := map[int64]bool{} // inbox rows that carried orders of a turn played
	a.Tables["orders"] = filter(a.Tables["orders"], func(rec store.Record) bool {
		open := rec["turn"].Int != nil && int(*rec["turn"].Int) == turn && rec["rolled_back"].Int == nil
		if id := rec["inbox_id"].Int; id != nil {
			if open {
				dropInbox[*id] = true
			} else {
				kept[*id] = true
			}
		}
		if open {
			orders++
		}
		return !open
	})
	for _, rec := range a.Tables["inbox"] {
		id, at := rec["id"].Int, rec["received_at"].Text
		if id != nil && rec["position"].Int != nil && at != nil && *at > lastResolved && !kept[*id] {
			dropInbox[*id] = true
		}
	}
	if len(dropInbox) == 0 {
		return orders, 0
	}
	a.Tables["inbox"] = filter(a.Tables["inbox"], func(rec store.Record) bool {
		gone := rec["id"].Int != nil && dropInbox[*rec["id"].Int]
		if gone {
			mails++
		}
		return !gone
	})
	dropOutbox := map[int64]bool{}
	a.Tables["outbox"] = filter(a.Tables["outbox"], func(rec store.Record) bool {
		gone := rec["inbox_id"].Int != nil && dropInbox[*rec["inbox_id"].Int]
		if gone {
			mails++
			if rec["id"].Int != nil {
				dropOutbox[*rec["id"].Int] = true
			}
		}
		return !gone
	})
	a.Tables["outbox_attempts"] = filter(a.Tables["outbox_attempts"], func(rec store.Record) bool {
		return rec["outbox_id"].Int == nil || !dropOutbox[*rec["outbox_id"].Int]
	})
	// What else points at a mail left out keeps its row but not the
	// pointer, so that the folder still imports.
	for _, table := range []string{"gm_actions", "moves"} {
		for _, rec := range a.Tables[table] {
			if id := rec["inbox_id"].Int; id != nil && dropInbox[*id] {
				rec["inbox_id"] = store.Cell{Null: true}
			}
		}
	}
	return orders, mails
}

// filter keeps the rows keep says to, in their order.
func filter(rows []store.Record, keep func(store.Record) bool) []store.Record {
	out := rows[:0:0]
	for _, rec := range rows {
		if keep(rec) {
			out = append(out, rec)
		}
	}
	return out
}
