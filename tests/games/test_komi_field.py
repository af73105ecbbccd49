"""Komi as each language writes it: typed with the language's decimal separator ("6,5" in
German, French, Spanish, Russian), shown the same way, refused with an example in that form."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django import forms
from django.utils import formats, translation
from hypothesis import given
from hypothesis import strategies as st

from games.forms import KomiField

COMMA_LANGUAGES = ("de", "fr", "es", "ru")


class _KomiForm(forms.Form):
    komi = KomiField(required=False)


@pytest.mark.parametrize("language", [*COMMA_LANGUAGES, "en", "ja"])
@pytest.mark.parametrize(("typed", "komi"), [("6,5", "6.5"), ("6.5", "6.5"), ("-7,5", "-7.5")])
def test_either_separator_is_read_in_every_language(language, typed, komi):
    with translation.override(language):
        assert KomiField().clean(typed) == Decimal(komi)


@pytest.mark.parametrize("language", COMMA_LANGUAGES)
def test_komi_is_shown_and_exemplified_with_the_languages_comma(language):
    with translation.override(language):
        shown = _KomiForm(initial={"komi": Decimal("6.5")})["komi"].as_widget()
        assert 'value="6,5"' in shown and 'inputmode="decimal"' in shown
        bound = _KomiForm(data={"komi": "6,25"})
        assert not bound.is_valid()
        (error,) = bound.errors["komi"]
        assert "6,5" in error and "6.5" not in error


def test_english_shows_a_point():
    with translation.override("en"):
        assert 'value="6.5"' in _KomiForm(initial={"komi": Decimal("6.5")})["komi"].as_widget()


@given(
    half_points=st.integers(min_value=-100, max_value=100),
    language=st.sampled_from([*COMMA_LANGUAGES, "en", "ja", "ko", "zh-hans"]),
)
def test_any_komi_written_as_the_language_writes_it_reads_back(half_points, language):
    komi = Decimal(half_points) / 2
    with translation.override(language):
        assert KomiField().clean(formats.number_format(komi, decimal_pos=1)) == komi


@given(text=st.text(max_size=12))
def test_any_other_text_is_a_number_or_one_clear_refusal(text):
    try:
        komi = KomiField(required=False).clean(text)
    except forms.ValidationError as error:
        assert error.messages[0].startswith("Komi is a number of half points")
        return
    assert komi is None or (abs(komi) <= 50 and komi * 2 % 1 == 0)
