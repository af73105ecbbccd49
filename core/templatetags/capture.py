"""`{% capture name %}…{% endcapture %}`: the block's output without its surrounding
whitespace (such as an included file's last newline), not printed but kept as `name` for the
rest of the enclosing block, as `{% url … as name %}` keeps a URL.

It lets a translated sentence place markup as one of its parts while the markup stays in the
template and out of the msgid:

    {% capture board_link %}<a href="{{ url }}">{{ game.board_label }}</a>{% endcapture %}
    {% blocktranslate with game=board_link %}{{ game }} against …{% endblocktranslate %}

The kept output is the block rendered (escaped as the template escapes it), so it goes into
`blocktranslate` and `{{ }}` unescaped again. (django-capture-tag does the same, unmaintained
since 2016; this is its whole idea.)"""

from __future__ import annotations

from django import template
from django.template.base import Parser, Token
from django.utils.safestring import mark_safe

register = template.Library()


class _CaptureNode(template.Node):
    def __init__(self, name: str, nodelist: template.NodeList) -> None:
        self.name, self.nodelist = name, nodelist

    def render(self, context: template.Context) -> str:
        # The block as rendered, escaped as the template escapes it.
        context[self.name] = mark_safe(self.nodelist.render(context).strip())  # noqa: S308
        return ""


@register.tag
def capture(parser: Parser, token: Token) -> _CaptureNode:
    """`{% capture name %}…{% endcapture %}` (see the module)."""
    bits = token.split_contents()
    if len(bits) != 2 or not bits[1].isidentifier():
        raise template.TemplateSyntaxError("Use {% capture name %}…{% endcapture %}.")
    nodelist = parser.parse(("endcapture",))
    parser.delete_first_token()
    return _CaptureNode(bits[1], nodelist)
