#!/usr/bin/env bash
# Mutation testing of Continental Rails II's rule code (games/contrails)
# with gremlins: each mutant is a small change to the code (a + made -, a
# < made <=, a condition negated); the package's tests, run with -short,
# must fail for it. Not run by CI: it takes about an hour on one core. The
# 200-game simulation is left out of the runs (it checks invariants, not
# rules, and takes most of the time); every other test runs with -short,
# without go vet (a vet complaint is no test failing, and vet costs a fifth
# of each mutant's time), and never from the test cache (gremlins times
# the first, unmutated run to set each mutant's timeout, 20 times that; a
# cached run took 0.2 s and timed mutants out for no fault of theirs).
# The computer player (computer.go, computer_track.go), the turnsheet's
# data (sheet.go) and the GM's adjustments (adjust.go) are not rule code and
# are left out.
#   scripts/mutation.sh [WORKERS [GREMLINS FLAGS...]]   (default 2 workers)
# e.g. scripts/mutation.sh 1 -o /tmp/mut.json -S lktc -E 'market\.go'
# (-S lktc prints every mutant as it is decided, killed and not covered too).
# Prints gremlins' summary; efficacy is killed / (killed + lived).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v gremlins >/dev/null || go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
export PATH="$PATH:$(go env GOPATH)/bin"
workers=${1:-2}
shift || true
GOFLAGS='-short -count=1 -vet=off -skip=TestSimulate200Games' gremlins unleash --workers "$workers" --timeout-coefficient 20 \
  -E 'computer(_track)?\.go' -E 'sheet\.go' -E 'adjust\.go' -E '_test\.go' \
  -S lt "$@" ./games/contrails
