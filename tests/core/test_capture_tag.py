"""core.templatetags.capture: a block's output kept for later, for markup a translated sentence
places as one of its parts."""

from __future__ import annotations

import pytest
from django.template import Context, Template, TemplateSyntaxError


def render(source: str, **context) -> str:
    return Template("{% load i18n capture %}" + source).render(Context(context))


def test_the_block_is_kept_not_printed_and_placed_unescaped_once():
    html = render(
        '{% capture link %} <a href="/p/">{{ name }}</a>\n{% endcapture %}[{{ link }}]',
        name="<Ann & co>",
    )
    assert html == '[<a href="/p/">&lt;Ann &amp; co&gt;</a>]'


def test_a_sentence_places_the_kept_markup():
    html = render(
        "{% capture game %}<b>{{ label }}</b>{% endcapture %}"
        "{% blocktranslate with game=game %}{{ game }} against {{ who }}{% endblocktranslate %}",
        label="Go <9>",
        who="<x>",
    )
    assert html == "<b>Go &lt;9&gt;</b> against &lt;x&gt;"


@pytest.mark.parametrize("tag", ["{% capture %}", "{% capture a b %}", "{% capture 1a %}"])
def test_a_capture_needs_one_name(tag):
    with pytest.raises(TemplateSyntaxError):
        render(tag + "{% endcapture %}")
