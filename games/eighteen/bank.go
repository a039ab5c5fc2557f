package eighteen

// Bankroll is how a title's bank pays when it runs short, a setting since
// the titles differ only in it: one bank breaks, is topped up once and
// sets the end off (1870); another goes below zero, owing the rest in
// IOUs, and sets the end off when it is empty (18EZ).
type Bankroll struct {
	// Reserve is added to the bank the first time a payment is more than
	// it holds (the bank breaks); none, and the bank goes below zero.
	Reserve int
	// Why is the end's reason, Note the title's words when it runs out.
	Why, Note string
}

// Pay moves money out of the bank by the title's Bankroll. A bank that
// breaks does so once, before the payment that is more than it holds; a
// bank that owes pays nothing of nothing and sets the end off when a
// payment leaves it empty, once the end is not already set.
func (b *Base[T, P]) Pay(amount int, to *int) {
	r := b.hooks.Bankroll
	if r.Reserve > 0 {
		if amount > b.Bank && !b.Broken {
			b.Broken = true
			b.Bank += r.Reserve
			b.Ending = Trigger(b.Ending, r.Why, EndAfterSet)
			b.Note("%s", r.Note)
		}
		b.Bank -= amount
		*to += amount
		return
	}
	if amount <= 0 {
		return
	}
	b.Bank -= amount
	*to += amount
	if b.Bank <= 0 && b.Ending == nil {
		b.Ending = Trigger(b.Ending, r.Why, EndAfterSet)
		b.Note("%s", r.Note)
	}
}
