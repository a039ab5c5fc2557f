package title

import "github.com/railpost/railpost/reports/page"

// MovePage is a move title whose games have a public web page: the
// position as every player may see it, which the web server and the
// archive export render (package web).
type MovePage interface {
	Page(g MoveGame) (page.Page, error)
}

// TurnPage is a turn title whose turns have a public web page: r is a
// report request with no position, which sees only what is public.
type TurnPage interface {
	TurnPage(r ReportRequest) (page.Page, error)
}
