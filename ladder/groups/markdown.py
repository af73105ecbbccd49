"""A group's description and board posts as safe HTML: Markdown (the `markdown` package)
cleaned by an allow-list sanitiser (`nh3`, the Ammonia crate), so no script, style, event
attribute or foreign markup survives, whatever the text holds."""

from __future__ import annotations

import markdown as markdown_lib
import nh3

ALLOWED_TAGS = {
    "p", "br", "em", "strong", "code", "pre", "blockquote", "ul", "ol", "li", "a", "h3", "h4",
    "hr",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}}
# Longest text converted: the models cap descriptions and posts below this.
MOST = 20000


def markdown_safe(text: str) -> str:
    """`text` (Markdown) as sanitised HTML: only ALLOWED_TAGS, links with http(s) or mailto
    only and rel="nofollow noopener", headings demoted below the page's own."""
    html = markdown_lib.markdown(text[:MOST], extensions=[], output_format="html")
    html = html.replace("<h1>", "<h3>").replace("</h1>", "</h3>")
    html = html.replace("<h2>", "<h4>").replace("</h2>", "</h4>")
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener",
    )
