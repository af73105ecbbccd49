"""The groups' refusals and their entries in the refusal registry (core.refusals)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext

from core.refusals import Refusal, refusal_register, validation_message


class GroupRefused(ValidationError):
    """A group action the group's rules do not allow; the message says why."""


class MembersOnly(PermissionDenied):
    """A group's ladder, tournament or board action by a player who is not a member."""


refusal_register(
    GroupRefused, lambda error: Refusal(400, "group_refused", validation_message(error))
)
refusal_register(
    MembersOnly,
    lambda error: Refusal(
        403, "group_members_only", str(error) or gettext("Only the group's members may do that.")
    ),
)
