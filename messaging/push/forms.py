"""The push choices form: one checkbox per notification kind, grouped as on the preferences
page."""

from __future__ import annotations

from django import forms

from accounts.notifications import kinds_list


class PushChoicesForm(forms.Form):
    """A checkbox per registered kind, named `push_<kind>`: whether it comes by push."""

    PREFIX = "push_"

    def __init__(self, *args: object, choices: dict[str, bool], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        for kind in kinds_list():
            self.fields[f"{self.PREFIX}{kind.name}"] = forms.BooleanField(
                label=kind.label, required=False, initial=choices.get(kind.name, False)
            )

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The fields by their kind's group, in page order."""
        grouped: dict[str, list[forms.BoundField]] = {}
        for kind in kinds_list():
            grouped.setdefault(str(kind.group), []).append(self[f"{self.PREFIX}{kind.name}"])
        return list(grouped.items())

    def choices(self) -> dict[str, bool]:
        """The cleaned choices by kind name (call after is_valid)."""
        return {
            name.removeprefix(self.PREFIX): bool(value) for name, value in self.cleaned_data.items()
        }
