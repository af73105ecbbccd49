"""Every form of the site speaks the reader's language: its labels, choices, help texts,
placeholders and errors (of the form as first shown, sent empty and sent with nonsense).

- Every form class of the apps (found by walking their modules) and every allauth form the
  site shows is built here (FORMS); a new form fails the test until it is added.
- No visible field shows a label made from its name (Django's `pretty_name` fallback, which no
  catalog holds): every field says `label=gettext_lazy(...)`.
- In a pseudo language whose catalog wraps every msgid in ⟦ ⟧, every word a form shows came
  through gettext while it was rendered: a plain string, an f-string, or a lazy string turned
  into a str at import (`gettext_lazy(...) % {...}` in a class body) shows up unwrapped. This
  holds whatever the catalogs hold, so a string waiting for its translation is no failure.
- In every complete language (tests/site/test_i18n.COMPLETE), no text equals its English
  source while the catalogs (ours, Django's, allauth's, django-countries') translate that
  source.
"""

from __future__ import annotations

import html
import importlib
import pkgutil
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from allauth.account import forms as allauth_forms
from allauth.core import context as allauth_context
from django import forms
from django.conf import settings
from django.contrib.sessions.backends.cache import SessionStore
from django.forms.forms import NON_FIELD_ERRORS
from django.test import RequestFactory
from django.utils import translation
from django.utils.translation import trans_real

from accounts import forms as accounts_forms
from accounts.data import forms as data_forms
from accounts.moderation import forms as moderation_forms
from games import forms as games_forms
from games.bots import forms as bots_forms
from games.bots.engines import engines
from games.learn import forms as learn_forms
from games.reviews import forms as reviews_forms
from games.views import conditional
from games.watching import forms as watching_forms
from ladder.groups import forms as groups_forms
from ladder.ratings import forms as ratings_forms
from ladder.tournaments import forms as tournaments_forms
from messaging.messages import forms as messages_forms
from messaging.notifications import forms as notifications_forms
from messaging.push import forms as push_forms
from tests.site.helpers import COMPLETE

# The packages whose modules are searched for form classes (admin forms are the staff's, in
# English; migrations and management commands hold none).
PACKAGES = ("accounts", "messaging", "games", "ladder")
SKIPPED_MODULE_PARTS = frozenset({"migrations", "management", "admin", "api", "tests"})

Builder = Callable[..., forms.BaseForm]


def _allauth_login(data, user):
    return allauth_forms.LoginForm(data, request=allauth_context.request)


# Form class -> the ways the site builds it, each `build(data, user)` (data None: unbound).
FORMS: dict[type[forms.BaseForm], tuple[Builder, ...]] = {
    accounts_forms.ProfileForm: (lambda d, u: accounts_forms.ProfileForm(d),),
    accounts_forms.SignupExtraForm: (lambda d, u: accounts_forms.SignupExtraForm(d),),
    accounts_forms.PreferencesForm: (lambda d, u: accounts_forms.PreferencesForm(d),),
    accounts_forms.PlayerSearchForm: (lambda d, u: accounts_forms.PlayerSearchForm(d),),
    accounts_forms.RelationForm: (lambda d, u: accounts_forms.RelationForm(d),),
    accounts_forms.ApiTokenForm: (lambda d, u: accounts_forms.ApiTokenForm(d),),
    data_forms.AccountCloseForm: (
        lambda d, u: data_forms.AccountCloseForm(d, request=allauth_context.request),
    ),
    messages_forms.ThreadForm: (lambda d, u: messages_forms.ThreadForm(d),),
    messages_forms.ReplyForm: (lambda d, u: messages_forms.ReplyForm(d),),
    notifications_forms.MarkReadForm: (lambda d, u: notifications_forms.MarkReadForm(d),),
    push_forms.PushChoicesForm: (lambda d, u: push_forms.PushChoicesForm(d, choices={}),),
    games_forms.GameSettingsForm: (lambda d, u: games_forms.GameSettingsForm(d),),
    games_forms.NewGameForm: (lambda d, u: games_forms.NewGameForm(d),),
    games_forms.AutomatchForm: (lambda d, u: games_forms.AutomatchForm(d),),
    games_forms.WaitingRoomFilterForm: (lambda d, u: games_forms.WaitingRoomFilterForm(d),),
    games_forms.MoveForm: (lambda d, u: games_forms.MoveForm(d),),
    games_forms.TurnForm: (lambda d, u: games_forms.TurnForm(d),),
    games_forms.ChatForm: (lambda d, u: games_forms.ChatForm(d),),
    games_forms.ReportForm: (lambda d, u: games_forms.ReportForm(d),),
    games_forms.MarkingForm: (lambda d, u: games_forms.MarkingForm(d),),
    games_forms.ToggleForm: (lambda d, u: games_forms.ToggleForm(d),),
    games_forms.ContactForm: (lambda d, u: games_forms.ContactForm(d),),
    games_forms.SiteContactForm: (lambda d, u: games_forms.SiteContactForm(d),),
    games_forms.TellAFriendForm: (lambda d, u: games_forms.TellAFriendForm(d),),
    conditional.LineForm: (lambda d, u: conditional.LineForm(d),),
    bots_forms.BotGameForm: (lambda d, u: bots_forms.BotGameForm(d),),
    learn_forms.AnswerForm: (
        lambda d, u: learn_forms.AnswerForm(d),
        lambda d, u: learn_forms.AnswerForm(d, counting=True),
    ),
    reviews_forms.ReviewUploadForm: (lambda d, u: reviews_forms.ReviewUploadForm(d, {}),),
    reviews_forms.ReviewMoveForm: (lambda d, u: reviews_forms.ReviewMoveForm(d),),
    reviews_forms.ReviewMarkForm: (lambda d, u: reviews_forms.ReviewMarkForm(d),),
    reviews_forms.ReviewCommentForm: (lambda d, u: reviews_forms.ReviewCommentForm(d),),
    reviews_forms.ReviewSettingsForm: (lambda d, u: reviews_forms.ReviewSettingsForm(d),),
    reviews_forms.ReviewListForm: (lambda d, u: reviews_forms.ReviewListForm(d),),
    reviews_forms.ReviewReportForm: (lambda d, u: reviews_forms.ReviewReportForm(d),),
    moderation_forms.ReportForm: (lambda d, u: moderation_forms.ReportForm(d),),
    moderation_forms.SanctionForm: (lambda d, u: moderation_forms.SanctionForm(d),),
    moderation_forms.LiftForm: (lambda d, u: moderation_forms.LiftForm(d),),
    moderation_forms.AppealForm: (lambda d, u: moderation_forms.AppealForm(d),),
    reviews_forms.GameNoteForm: (lambda d, u: reviews_forms.GameNoteForm(d),),
    watching_forms.BrowseForm: (lambda d, u: watching_forms.BrowseForm(d),),
    watching_forms.KibitzForm: (lambda d, u: watching_forms.KibitzForm(d),),
    watching_forms.KibitzReportForm: (lambda d, u: watching_forms.KibitzReportForm(d),),
    ratings_forms.RatingSearchForm: (lambda d, u: ratings_forms.RatingSearchForm(d),),
    ratings_forms.DeclareForm: (lambda d, u: ratings_forms.DeclareForm(d),),
    tournaments_forms.TournamentForm: (
        lambda d, u: tournaments_forms.TournamentForm(d),
        lambda d, u: tournaments_forms.TournamentForm(d, editing=True),
    ),
    groups_forms.GroupForm: (lambda d, u: groups_forms.GroupForm(d),),
    groups_forms.ThreadForm: (lambda d, u: groups_forms.ThreadForm(d),),
    groups_forms.PostForm: (lambda d, u: groups_forms.PostForm(d),),
    groups_forms.InviteForm: (lambda d, u: groups_forms.InviteForm(d),),
    groups_forms.RoleForm: (lambda d, u: groups_forms.RoleForm(d),),
    groups_forms.GroupLadderForm: (lambda d, u: groups_forms.GroupLadderForm(d),),
    groups_forms.PostReportForm: (lambda d, u: groups_forms.PostReportForm(d),),
    # allauth's pages (allauth.urls): log in, sign up (with SignupExtraForm's fields), e-mail
    # addresses, password change, set and reset, reauthentication.
    allauth_forms.LoginForm: (_allauth_login,),
    allauth_forms.SignupForm: (lambda d, u: allauth_forms.SignupForm(d),),
    allauth_forms.AddEmailForm: (lambda d, u: allauth_forms.AddEmailForm(data=d, user=u),),
    allauth_forms.ChangePasswordForm: (
        lambda d, u: allauth_forms.ChangePasswordForm(data=d, user=u),
    ),
    allauth_forms.SetPasswordForm: (lambda d, u: allauth_forms.SetPasswordForm(data=d, user=u),),
    allauth_forms.ResetPasswordForm: (lambda d, u: allauth_forms.ResetPasswordForm(d),),
    allauth_forms.ResetPasswordKeyForm: (
        lambda d, u: allauth_forms.ResetPasswordKeyForm(d, user=u, temp_key="x"),
    ),
    allauth_forms.ReauthenticateForm: (lambda d, u: allauth_forms.ReauthenticateForm(d, user=u),),
}
# Choices that are data, the same in every language: IANA zone names, and each language by
# its own name (settings.LANGUAGES, so a reader finds theirs).
DATA_CHOICES = frozenset({"time_zone", "language"})
WRAP_OPEN, WRAP_CLOSE = "⟦", "⟧"
WRAPPED = re.compile(f"{WRAP_OPEN}[^{WRAP_OPEN}{WRAP_CLOSE}]*{WRAP_CLOSE}")
LETTERS = re.compile(r"[^\W\d_]{2}")
TAGS = re.compile(r"<[^>]*>")  # allauth's help texts hold markup (a link, a list)
# A nonsense value for every field, for the errors a form gives beyond "required" (no letters:
# a textarea shows it back).
NONSENSE = "-1.?"


def _form_classes() -> set[type[forms.BaseForm]]:
    """Every public form class defined in the apps' modules."""
    found = set()
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, f"{package_name}."):
            if SKIPPED_MODULE_PARTS & set(info.name.split(".")):
                continue
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                if (
                    isinstance(value, type)
                    and issubclass(value, forms.BaseForm)
                    and value.__module__ == module.__name__
                    and not value.__name__.startswith("_")
                ):
                    found.add(value)
    return found


def _choices(field: forms.Field) -> Iterator[tuple[object, object]]:
    for value, label in getattr(field, "choices", ()):
        if isinstance(label, (list, tuple)):  # an optgroup
            yield from label
        else:
            yield value, label


def _texts(form: forms.BaseForm, *, rendered: bool) -> dict[tuple[str, ...], str]:
    """Every text `form` shows a reader, by where it shows: (field, what[, which]); with
    `rendered`, also the text of its HTML (its widgets' own words too)."""
    texts: dict[tuple[str, ...], str] = {}
    for name, field in form.fields.items():
        if not field.widget.is_hidden:
            texts[(name, "label")] = str(form[name].label)
        if field.help_text:
            texts[(name, "help")] = str(field.help_text)
        placeholder = field.widget.attrs.get("placeholder")
        if placeholder:
            texts[(name, "placeholder")] = str(placeholder)
        if name not in DATA_CHOICES:
            for value, label in _choices(field):
                texts[(name, "choice", str(value))] = str(label)
    if form.is_bound:
        for name, errors in form.errors.items():
            for index, error in enumerate(errors):
                texts[(name or NON_FIELD_ERRORS, "error", str(index))] = str(error)
    if rendered:  # the data choices left out
        for name in DATA_CHOICES & set(form.fields):
            form.fields[name].choices = []
        texts[("form", "html")] = html.unescape(TAGS.sub(" ", form.as_div()))
    return texts


def _all_texts(user, *, rendered: bool = False) -> dict[tuple[str, ...], str]:
    """The texts of every form, as first shown, sent empty and sent with nonsense."""
    request = RequestFactory().post("/accounts/")
    request.session = SessionStore()
    request.user = user
    with allauth_context.request_context(request):  # allauth's forms read the request there
        return _texts_of_forms(user, rendered=rendered)


def _texts_of_forms(user, *, rendered: bool) -> dict[tuple[str, ...], str]:
    texts: dict[tuple[str, ...], str] = {}
    for form_class, builders in FORMS.items():
        for number, build in enumerate(builders):
            where = (form_class.__name__, str(number))
            for state, data in (("unbound", None), ("empty", {}), ("nonsense", None)):
                form = build(data, user)
                if state == "nonsense":
                    form = build(dict.fromkeys(form.fields, NONSENSE), user)
                for key, text in _texts(form, rendered=rendered and state == "empty").items():
                    texts[(*where, state, *key)] = text
    return texts


class _Wrapping:
    """A translation that wraps every message in ⟦ ⟧ (stands in for DjangoTranslation)."""

    _fallback = None  # django-countries chains its own fallback here

    @staticmethod
    def _wrap(message: str) -> str:
        return f"{WRAP_OPEN}{message.split(trans_real.CONTEXT_SEPARATOR)[-1]}{WRAP_CLOSE}"

    def gettext(self, message: str) -> str:
        return self._wrap(message)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return self._wrap(singular if number == 1 else plural)

    def to_language(self) -> str:
        return "x-pseudo"  # a code of its own: per-language caches keep its texts apart

    def language(self) -> str:
        return "x-pseudo"


@contextmanager
def _pseudo_language() -> Iterator[None]:
    trans_real._active.value = _Wrapping()
    try:
        yield
    finally:
        translation.deactivate()


def _unwrapped(text: str) -> str:
    """What is left of `text` once its markup and translated parts are taken out."""
    text = TAGS.sub("", text)
    while True:
        shorter = WRAPPED.sub("", text)
        if shorter == text:
            return text
        text = shorter


def _place(where: tuple[str, ...]) -> str:
    """'NewGameForm.handicap.label' from (form, builder, state, field, what[, which])."""
    form, _, state, *rest = where
    return ".".join([form, *rest] + ([f"({state})"] if rest[1] == "error" else []))


@pytest.fixture
def user(user_factory):
    return user_factory()


def test_every_form_of_the_site_is_checked():
    missing = {f"{c.__module__}.{c.__name__}" for c in _form_classes() - set(FORMS)}
    assert not missing, f"Add these forms to FORMS: {sorted(missing)}"


def test_no_field_shows_a_label_made_from_its_name(user):
    made = sorted(
        {
            f"{form_class.__name__}.{name}"
            for form_class, builders in FORMS.items()
            for build in builders
            for name, field in build(None, user).fields.items()
            if field.label is None and not field.widget.is_hidden
        }
    )
    assert not made, "Give these fields label=gettext_lazy(...):\n" + "\n".join(made)


def test_every_word_of_every_form_comes_through_gettext(user):
    names = {engine.name for engine in engines()}  # proper names (settings.BOT_ENGINES)
    with _pseudo_language():
        texts = _all_texts(user, rendered=True)
    bare = set()
    for where, text in texts.items():
        left = _unwrapped(text)
        for name in names:
            left = left.replace(name, "")
        if LETTERS.search(left):
            bare.add(f"{_place(where)}: {text!r}")
    assert not bare, "Mark these for translation (lazily in a class body):\n" + "\n".join(
        sorted(bare)
    )


@pytest.mark.parametrize("language", sorted(COMPLETE))
def test_no_form_text_stays_english_where_the_catalog_translates_it(language, user):
    code = translation.to_language(language)
    assert code in dict(settings.LANGUAGES), code
    english = _all_texts(user)
    with translation.override(code):
        translated = _all_texts(user)
        untranslated = {
            f"{_place(where)}: {source!r} (catalog: {translation.gettext(source)!r})"
            for where, source in english.items()
            if translated.get(where) == source and translation.gettext(source) != source
        }
    assert not untranslated, f"English under {language}:\n" + "\n".join(sorted(untranslated))
