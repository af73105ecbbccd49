"""The link a ban mail carries to its decision: a banned player cannot log in, yet reads the
decision, its reason and end date, and answers it once (`appeal_file`) on the page it opens
(accounts.moderation.views.moderation_decision_link), logged out.

The token is signed (django.core.signing, its own salt) and names the decision and its player:
nobody can make one for another decision. It expires after APPEAL_LINK_DAYS; the appeal itself
stays one per decision and under the "appeal" flood limit (core.limits)."""

from __future__ import annotations

from django.core import signing
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from accounts.moderation.models import Sanction, SanctionKind
from core.refusals import Refusal, refusal_register

APPEAL_LINK_DAYS = 30
_SALT = "accounts.moderation.links"


class DecisionLinkInvalid(PermissionDenied):
    """A decision link that was altered, has expired or names a decision that is gone."""


refusal_register(
    DecisionLinkInvalid,
    lambda error: Refusal(
        403,
        "decision_link_invalid",
        gettext(
            "This link has expired or is not valid. Write to the site staff through the "
            "contact page to answer the decision."
        ),
    ),
)


def decision_token_make(*, sanction: Sanction) -> str:
    """The token of the link to `sanction` for its player."""
    return signing.dumps({"s": sanction.pk, "u": sanction.user_id}, salt=_SALT, compress=True)


def decision_from_token(*, token: str) -> Sanction:
    """The decision `token` names, with its player. Raises DecisionLinkInvalid for a token
    altered, older than APPEAL_LINK_DAYS, or naming a decision or player that is gone."""
    try:
        data = signing.loads(token, salt=_SALT, max_age=APPEAL_LINK_DAYS * 86400)
        sanction_id, user_id = int(data["s"]), int(data["u"])
    except (signing.BadSignature, KeyError, TypeError, ValueError) as error:
        raise DecisionLinkInvalid() from error
    sanction = (
        Sanction.objects.select_related("user")
        .exclude(kind=SanctionKind.DISMISS)
        .filter(pk=sanction_id, user_id=user_id)
        .first()
    )
    if sanction is None or sanction.user is None or sanction.user.erased is not None:
        raise DecisionLinkInvalid()
    return sanction
