package token

import "testing"

func TestTurnsheet(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	base := Turnsheet(secret, "g1", 1, 1)
	tests := []struct {
		name           string
		secret         []byte
		game           string
		position, turn int
		same           bool
	}{
		{"the same inputs", secret, "g1", 1, 1, true},
		{"another secret", []byte("another"), "g1", 1, 1, false},
		{"another game", secret, "g2", 1, 1, false},
		{"another position", secret, "g1", 2, 1, false},
		{"another turn", secret, "g1", 1, 2, false},
	}
	for _, tc := range tests {
		got := Turnsheet(tc.secret, tc.game, tc.position, tc.turn)
		if len(got) != 14 || got[4] != '-' || got[9] != '-' {
			t.Errorf("%s: %q is not of the shape XXXX-XXXX-XXXX", tc.name, got)
		}
		if (got == base) != tc.same {
			t.Errorf("%s: %q against %q, same %v", tc.name, got, base, tc.same)
		}
	}
}

func TestThread(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"<r1.a12-lvt4unmqbcv7@railpost.test>", true},
		{"<r1.a12-LVT4UNMQBCV7@railpost.test>", false},
		{"<r1.a12-lvt4unmqbcv@railpost.test>", false},
		{"<move3@example.org>", false},
	}
	for _, tc := range tests {
		if got := Thread.MatchString(tc.id); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.id, got, tc.want)
		}
	}
}
