#!/usr/bin/env bash
# Kills passes at random over 50 mails in a real Dovecot, then counts the
# mail lost and repeated (processor/killtest_test.go). Not run by CI: it
# takes minutes. Needs dovecot-imapd (apt-get install -y dovecot-imapd).
#   scripts/killtest.sh [KILLS]     (default 100)
set -euo pipefail
cd "$(dirname "$0")/.."
RAILPOST_KILLS="${1:-100}" go test ./processor -count=1 -run '^TestRandomKillsOnDovecot$' -v -timeout 60m | grep -E 'killed at random|^(--- |ok|FAIL)'
