package processor

import (
	"fmt"
	"net/url"
	"strings"
)

// WebConfig is where the game pages (railpost serve) are seen from.
type WebConfig struct {
	// BaseURL is the address the world reaches railpost serve at, often
	// through a reverse proxy (https://example.org/railpost); set, every
	// mail about a game names the game's page under it.
	BaseURL string `toml:"base_url"`
}

func (w WebConfig) validate() error {
	if w.BaseURL == "" {
		return nil
	}
	u, err := url.Parse(w.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("config: web.base_url %q: want an http or https address with no query, such as https://example.org/railpost", w.BaseURL)
	}
	return nil
}

// GamePage is the address of a game's page, "" without web.base_url.
// The path is the one package web serves a game at: g/ID/.
func (w WebConfig) GamePage(gameID string) string {
	if w.BaseURL == "" || gameID == "" {
		return ""
	}
	return strings.TrimRight(w.BaseURL, "/") + "/g/" + url.PathEscape(gameID) + "/"
}
