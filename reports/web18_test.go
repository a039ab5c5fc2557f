package reports

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// TestCertificatesByHolder: each holder of a company's certificates is
// listed by the certificates' ids, or by the percentage where the view
// gives no ids.
func TestCertificatesByHolder(t *testing.T) {
	v := eighteen.View{Players: []eighteen.ViewPlayer{
		{Name: "Ada", Holdings: []eighteen.ViewHolding{{Corp: "ATSF", Percent: 30, Certs: []eighteen.ViewCert{{ID: "ATSF_0", Percent: 20, President: true}, {ID: "ATSF_3", Percent: 10}}}}},
		{Name: "Ben", Holdings: []eighteen.ViewHolding{{Corp: "ATSF", Percent: 10, Certs: []eighteen.ViewCert{{Percent: 10}}}, {Corp: "SP", Percent: 20}}},
	}}
	cases := map[string]string{"ATSF": "Ada: ATSF_0 ATSF_3; Ben: 10%", "SP": "Ben: 20%", "MKT": ""}
	for corp, want := range cases {
		if got := certificates(v, corp); got != want {
			t.Errorf("%s: %q, want %q", corp, got, want)
		}
	}
}

// TestChicagoStatusWithoutTables: the page's status keeps the mail's
// one-line paragraphs and leaves its column tables to the page's tables.
func TestChicagoStatusWithoutTables(t *testing.T) {
	in := "Dividend phases paid: 0.\n\nCompany  Income\nPRR           7\n\nPlayer  Cash\nAda      $30\n\nAuction of a C&O share: Ada to bid or pass.\n"
	want := "Dividend phases paid: 0. Auction of a C&O share: Ada to bid or pass."
	if got := statusLines(in); got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
