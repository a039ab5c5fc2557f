package main

import (
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/titles/chicagoexpress"
	"github.com/railpost/railpost/titles/contrails"
	"github.com/railpost/railpost/titles/g1870"
	"github.com/railpost/railpost/titles/g18ez"
)

// titleList is the games this binary plays: the one list of them, the
// first the default. Adding a title is its own packages and one line here.
func titleList() ([]title.Title, error) {
	crt, err := contrails.New()
	if err != nil {
		return nil, err
	}
	return []title.Title{
		crt,
		chicagoexpress.Title{},
		g1870.Title{},
		g18ez.Title{},
	}, nil
}

// titles are the listed titles by name.
func titles() (title.Set, error) {
	list, err := titleList()
	if err != nil {
		return nil, err
	}
	return title.NewSet(list...)
}

// defaultTitle is the first listed: what game new and demo take when no
// --title is given.
func defaultTitle() string {
	list, err := titleList()
	if err != nil || len(list) == 0 {
		return ""
	}
	return list[0].Name()
}

// titleNames are the installed titles, for help texts.
func titleNames() []string {
	ts, err := titles()
	if err != nil {
		return nil
	}
	return ts.Names()
}
