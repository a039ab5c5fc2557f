package processor

import (
	"context"
	"errors"
	"fmt"

	"github.com/railpost/railpost/processor/gmcmd"
)

// Command carries out a game master's command given outside a pass (the
// command line): it takes the game's lease first, so that a command never
// changes a game while a pass is resolving it and leaves the two at odds.
// If a pass holds the lease, nothing is changed and the error says to try
// again. Commands by mail are carried out inside the pass, under the game's lease.
func (p *Processor) Command(ctx context.Context, gameID string, c gmcmd.Command, by GMActor) (string, error) {
	lease, err := p.Store.Lease(ctx, gameID)
	if errors.Is(err, ErrBusy) {
		return "", fmt.Errorf("a pass is working on this game, so nothing was changed: give the command again when it has finished (%w)", err)
	}
	if err != nil {
		return "", err
	}
	defer lease.Release()
	return p.GM(ctx, gameID, c, by)
}
