#!/usr/bin/env bash
# Mutation testing of a game's rule code with gremlins: each mutant is a
# small change to the code (a + made -, a < made <=, a condition negated);
# the package's tests, run with -short, must fail for it. Not run by CI: a
# whole package takes about an hour on one core.
#   scripts/mutation.sh [PACKAGE] [WORKERS [GREMLINS FLAGS...]]
# PACKAGE is games/contrails (the default), games/g18ez, games/g1870 or
# games/eighteen; WORKERS defaults to 2.
# e.g. scripts/mutation.sh 1 -o /tmp/mut.json -S lktc -E 'market\.go'
#      scripts/mutation.sh games/g18ez 2 -S lktc
# (-S lktc prints every mutant as it is decided, killed and not covered too).
# Every test runs with -short, without go vet (a vet complaint is no test
# failing, and vet costs a fifth of each mutant's time), and never from the
# test cache (gremlins times the first, unmutated run to set each mutant's
# timeout, 20 times that; a cached run took 0.2 s and timed mutants out for
# no fault of theirs). _test files are never mutated, nor what is not rule
# code:
#   games/contrails: the computer player (computer.go, computer_track.go),
#     the turnsheet's data (sheet.go) and the GM's adjustments (adjust.go);
#     the 200-game simulation is not run (it checks invariants, not rules,
#     and takes most of the time).
#   games/g18ez, games/g1870: the computer player (computer.go); the fuzz
#     harness's own tests (FuzzApply's seed games, and 18EZ's
#     TestPositionsAreTheGamePlayedOut, which checks the harness's kept
#     positions) are not run.
#   games/eighteen: the computer player (computer.go) and enginetest, the
#     titles' test helpers. gremlins runs only the mutated package's tests,
#     so a mutant of the shared code is judged by eighteen's own tests, not
#     by the titles' (add -i to run every package's tests for each mutant).
# Prints gremlins' summary; efficacy is killed / (killed + lived).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v gremlins >/dev/null || go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
export PATH="$PATH:$(go env GOPATH)/bin"
pkg=games/contrails
case "${1:-}" in
games/* | ./games/*)
	pkg=${1#./}
	pkg=${pkg%/}
	shift
	;;
esac
skip=()
exclude=(-E '_test\.go')
case "$pkg" in
games/contrails)
	skip=(TestSimulate200Games)
	exclude+=(-E 'computer(_track)?\.go' -E 'sheet\.go' -E 'adjust\.go')
	;;
games/g18ez)
	skip=(FuzzApply TestPositionsAreTheGamePlayedOut)
	exclude+=(-E 'computer\.go')
	;;
games/g1870)
	skip=(FuzzApply)
	exclude+=(-E 'computer\.go')
	;;
games/eighteen)
	exclude+=(-E 'computer\.go' -E 'enginetest/')
	;;
*)
	echo "mutation.sh: no mutation settings for $pkg (games/contrails, games/g18ez, games/g1870 or games/eighteen)" >&2
	exit 2
	;;
esac
workers=${1:-2}
shift || true
flags='-short -count=1 -vet=off'
if ((${#skip[@]})); then
	flags+=" -skip=$(IFS='|'; echo "${skip[*]}")"
fi
GOFLAGS=$flags gremlins unleash --workers "$workers" --timeout-coefficient 20 \
	"${exclude[@]}" -S lt "$@" "./$pkg"
