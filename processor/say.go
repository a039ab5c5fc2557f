package processor

import "github.com/railpost/railpost/processor/store"

// say renders a piece of a mail's wording from templates/: the code decides
// what to say and passes the data, the template has the words.
func (p *Processor) say(name string, data any) (string, error) {
	t, err := p.templates()
	if err != nil {
		return "", err
	}
	return t.Render(name, data)
}

// sayMail renders a mail's subject line and text from templates/.
func (p *Processor) sayMail(name string, data any) (subject, text string, err error) {
	t, err := p.templates()
	if err != nil {
		return "", "", err
	}
	return t.Mail(name, data)
}

// notice wraps the text of a mail the processor sends of its own accord
// in notice.tmpl, which signs it.
func (p *Processor) notice(text string) (string, error) {
	return p.say("notice.tmpl", struct{ Text string }{text})
}

// sayNotices mails the notice a template writes, subject and text, to
// each position that has an address.
func (p *Processor) sayNotices(g store.Game, positions []store.Position, name string, data any) ([]store.OutboxMail, error) {
	subject, text, err := p.sayMail(name, data)
	if err != nil {
		return nil, err
	}
	return p.notices(g, positions, subject, text)
}
