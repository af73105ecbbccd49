"""Refusals of the review pages, answered through the one registry (core.refusals)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from core.refusals import Refusal, refusal_register


class ReviewCommentRefused(PermissionDenied):
    """The visitor may not comment on this review (or report this comment): the message says
    why (a private or link-only review, visitors' comments turned off, one's own comment)."""

    code = "review_comment_refused"


refusal_register(
    ReviewCommentRefused,
    lambda error: Refusal(
        403, ReviewCommentRefused.code, str(error) or gettext("You cannot comment on this review.")
    ),
)

__all__ = ["ReviewCommentRefused"]
