package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chromium finds Debian's Chromium, or skips the test without it unless
// RAILPOST_REQUIRE_CHROMIUM=1 (CI's .ci/run installs and requires it).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("RAILPOST_REQUIRE_CHROMIUM") == "1" {
		t.Fatal("no chromium on PATH, and RAILPOST_REQUIRE_CHROMIUM=1")
	}
	t.Skip("no chromium on PATH: the browser test needs it (apt-get install chromium); CI sets RAILPOST_REQUIRE_CHROMIUM=1")
	return ""
}

// browser starts a headless Chromium of its own, with a fresh profile
// and nothing that reaches the network on its own.
func browser(t *testing.T, path string) (context.Context, *problems) {
	t.Helper()
	// The profile is removed by hand, after the browser is stopped: a
	// helper process of Chromium's may still be writing to it for a moment
	// after the browser has gone, which t.TempDir's cleanup takes for a
	// failure of the test.
	profile, err := os.MkdirTemp("", "railpost-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { removeSoon(profile) })
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.UserDataDir(profile), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("hide-scrollbars", true),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	p := &problems{}
	chromedp.ListenTarget(bctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			p.add("exception: " + ev.ExceptionDetails.Text)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.APITypeError {
				p.add(fmt.Sprintf("console error: %v", ev.Args))
			}
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.LevelError {
				p.add(fmt.Sprintf("%s: %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL))
			}
		}
	})
	if err := chromedp.Run(bctx, cdplog.Enable(), runtime.Enable()); err != nil {
		t.Fatalf("chromium does not start: %v", err)
	}
	return bctx, p
}

// problems are the errors the pages logged: scripts, blocked loads,
// refused policies.
type problems struct {
	mu   sync.Mutex
	list []string
}

func (p *problems) add(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.list = append(p.list, s)
}

func (p *problems) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.list
	p.list = nil
	return out
}

// screens are a phone's (412 x 915 CSS pixels, as most Android phones
// are) and a desk's.
var screens = []struct {
	name          string
	width, height int64
	mobile        bool
}{{"phone", 412, 915, true}, {"desktop", 1280, 900, false}}

// TestInABrowser opens a late 1870 game, an 18EZ game and a Continental
// Rails game (a map, no market) in headless
// Chromium at a phone's size and a desk's: the board has loaded, the
// market and the history are there, nothing logs an error, the page is
// no wider than the screen, the arrow key and the links step through
// the history; it saves screenshots (RAILPOST_SCREENSHOTS names the
// folder; by default the test's own).
func TestInABrowser(t *testing.T) {
	path := chromium(t)
	servers, games := site(t)
	shots := os.Getenv("RAILPOST_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	ctx, probs := browser(t, path)
	// the demo games' history: a late 1870, an 18EZ game some moves in,
	// Continental Rails at its third turn
	for name, steps := range map[string]int{"1870": 10, "18ez": 10, "contrails": 4} {
		for _, sc := range screens {
			t.Run(name+"/"+sc.name, func(t *testing.T) {
				base := servers[name].URL + "/g/" + games[name] + "/"
				checkInBrowser(t, ctx, base, sc.width, sc.height, sc.mobile, wants[name].market, steps, filepath.Join(shots, name+"-"+sc.name+".png"))
				if p := probs.take(); len(p) > 0 {
					t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
				}
			})
		}
	}
}

func checkInBrowser(t *testing.T, ctx context.Context, base string, w, h int64, mobile, market bool, steps int, shot string) {
	t.Helper()
	var boardW, tokens, listed int
	var overflow bool
	var shotBytes []byte
	emulate := chromedp.EmulateViewport(w, h)
	if mobile {
		emulate = chromedp.EmulateViewport(w, h, chromedp.EmulateScale(2.625), chromedp.EmulateMobile)
	}
	err := chromedp.Run(ctx, emulate,
		chromedp.Navigate(base),
		chromedp.WaitVisible("#board img", chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#board img').complete`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`document.querySelector('#board img').naturalWidth`, &boardW),
		chromedp.Evaluate(`document.querySelectorAll('table.market .token').length`, &tokens),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow),
		chromedp.FullScreenshot(&shotBytes, 100),
	)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(shot, shotBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", shot)
	if boardW < 1000 || market && tokens == 0 || overflow {
		t.Errorf("the board is %d wide (want its 1080), %d tokens on the market, the page wider than the screen: %v", boardW, tokens, overflow)
	}
	var before, after, latest string
	err = chromedp.Run(ctx,
		chromedp.KeyEvent(kb.ArrowLeft),
		waitPath(func(p string) bool { return !strings.HasSuffix(p, "/") }, &before),
		chromedp.Click(`a[rel=prev]`, chromedp.ByQuery),
		waitPath(func(p string) bool { return p != before }, &after),
		chromedp.Click(`a[rel=next]`, chromedp.ByQuery),
		chromedp.WaitVisible("#headline", chromedp.ByQuery),
		chromedp.Click(`a[rel=next]`, chromedp.ByQuery),
		waitPath(func(p string) bool { return strings.HasSuffix(p, "/") }, &latest),
		chromedp.Navigate(base+"history"),
		chromedp.Evaluate(`document.querySelectorAll('ol.history > li').length`, &listed),
	)
	if err != nil {
		t.Fatalf("stepping through the history: %v", err)
	}
	if before == after || latest != base || listed < steps {
		t.Errorf("the arrow key went to %s, the link back to %s, on twice to %s (want %s); the history lists %d steps, want %d", before, after, latest, base, listed, steps)
	}
}

// waitPath waits until the page's address satisfies ok, across the
// navigation a key or a click starts (the page's script context is
// replaced under it, so this asks the target, not the page).
func waitPath(ok func(string) bool, at *string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		deadline := time.Now().Add(10 * time.Second)
		for {
			if err := chromedp.Location(at).Do(ctx); err == nil && ok(*at) {
				return chromedp.WaitVisible("#headline", chromedp.ByQuery).Do(ctx)
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("the page stayed at %s", *at)
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
}

// removeSoon removes a folder, trying again for a few seconds while
// something still writes into it; what is left then stays in the system's
// temporary folder.
func removeSoon(dir string) {
	for range 20 {
		if os.RemoveAll(dir) == nil {
			return
		}
		time.Sleep(250 * time.Millisecond)
	}
}
