package main

import (
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/titles/chicagoexpress"
	"github.com/railpost/railpost/titles/contrails"
)

// titles are the games this binary plays: the one list of them. Adding a
// title is its own packages and one line here.
func titles() (title.Set, error) {
	crt, err := contrails.New()
	if err != nil {
		return nil, err
	}
	return title.NewSet(
		crt,
		chicagoexpress.Title{},
	)
}

// titleNames are the installed titles, for help texts.
func titleNames() []string {
	ts, err := titles()
	if err != nil {
		return nil
	}
	return ts.Names()
}
