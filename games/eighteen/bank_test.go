package eighteen

import "testing"

// TestABankThatBreaks: a payment more than the bank holds breaks it once,
// topping it up and setting the end off; the next short payment does not
// break it again.
func TestABankThatBreaks(t *testing.T) {
	b := testBase(t) // the bank holds $400
	b.Wire(Hooks{Bankroll: Bankroll{Reserve: 1000, Why: "broke", Note: "the bank broke"}})
	cash := 0
	b.Pay(300, &cash)
	if b.Broken || b.Ending != nil {
		t.Fatal("the bank broke paying less than it holds")
	}
	b.Pay(200, &cash)
	if !b.Broken || b.Bank != 900 || cash != 500 || b.Ending == nil || len(b.Events) != 1 {
		t.Fatalf("broken %v, bank $%d, paid $%d, ending %v, notes %v; want broken with $900 left, $500 paid, the end set off", b.Broken, b.Bank, cash, b.Ending, b.Events)
	}
	b.Pay(1000, &cash)
	if b.Bank != -100 || len(b.Events) != 1 {
		t.Errorf("bank $%d after breaking twice with notes %v, want $-100 and one note", b.Bank, b.Events)
	}
}

// TestABankThatOwes: the bank pays below zero, setting the end off when
// it is empty, and pays nothing of nothing.
func TestABankThatOwes(t *testing.T) {
	b := testBase(t)
	b.Wire(Hooks{Bankroll: Bankroll{Why: "dry", Note: "the bank is dry"}})
	cash := 0
	b.Pay(0, &cash)
	b.Pay(400, &cash)
	if b.Bank != 0 || b.Ending == nil || b.Broken {
		t.Fatalf("bank $%d, ending %v, broken %v; want $0, the end set off, not broken", b.Bank, b.Ending, b.Broken)
	}
	b.Pay(50, &cash)
	if b.Bank != -50 || cash != 450 || len(b.Events) != 1 {
		t.Errorf("bank $%d, paid $%d, notes %v; want $-50 owed, $450 paid, one note", b.Bank, cash, b.Events)
	}
}
