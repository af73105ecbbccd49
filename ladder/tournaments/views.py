"""Tournament pages: the lists, the create form, one tournament's page (registration, start,
withdraw, disqualify, standings, cross table, rounds, bracket) and its buttons. Thin: the
services decide, the selectors read. Cancel, withdraw and disqualify ask first
(core.confirmations)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from core.confirmations import confirmation_given, confirmation_page
from core.refusals import refusal_answer, refusal_form, refusal_kinds, refusal_message
from ladder.tournaments import crosstable, selectors, services
from ladder.tournaments.forms import TournamentForm
from ladder.tournaments.models import (
    PAIRED_BY_ROUND,
    Format,
    PlayerStatus,
    Tournament,
    TournamentStatus,
)

# Lines of the standings (and cross table) a page shows; a bigger tournament's rounds list
# only the games of the players on the page.
STANDINGS_PAGE = 50


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Open, running and finished tournaments."""
    lists = selectors.tournament_lists()
    return render(
        request,
        "ladder/tournaments/list.html",
        {
            "open": lists[TournamentStatus.OPEN],
            "running": lists[TournamentStatus.RUNNING],
            "finished": lists[TournamentStatus.FINISHED],
        },
    )


def _choices(data: dict) -> dict:
    """The tournament_create / tournament_update arguments the form's cleaned `data` holds."""
    return {
        "name": data["name"],
        "description": data["description"],
        "format": data["format"],
        "rounds": data["rounds"] or 0,
        "mcmahon_bar": data["mcmahon_bar"],
        "mcmahon_floor": data["mcmahon_floor"],
        "handicap_rule": data["handicap_rule"],
        "player_limit": data["player_limit"],
        "rank_min": data["rank_min"],
        "rank_max": data["rank_max"],
        "start_when_full": data["start_when_full"],
    }


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """Any logged-in player (the site requires a verified e-mail) may organise a tournament,
    and join it at once ("I play in it too")."""
    form = TournamentForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid():
        settings = form.settings()
        if settings is not None:
            data = form.cleaned_data
            now = timezone.now()
            try:
                tournament = services.tournament_create(
                    organiser=request.user, settings=settings, now=now, **_choices(data)
                )
            except ValidationError as error:
                refused = refusal_form(form, error)
            else:
                messages.success(
                    request,
                    gettext("%(tournament_name)s is open for registration.")
                    % {"tournament_name": tournament.name},
                )
                if data.get("join"):
                    try:
                        services.tournament_join(
                            tournament_id=tournament.pk, user=request.user, now=now
                        )
                    except ValidationError as error:
                        messages.error(request, refusal_message(error))
                    else:
                        messages.success(request, gettext("You are registered for it."))
                return redirect(tournament)
    status = refused or (400 if request.method == "POST" else 200)
    return render(request, "ladder/tournaments/new.html", {"form": form}, status=status)


def _form_initial(tournament: Tournament) -> dict:
    """The edit form's values: the tournament as it stands."""
    initial = {
        name: getattr(tournament, name)
        for name in TournamentForm.base_fields
        if hasattr(tournament, name)
    }
    initial["game"] = f"{tournament.board_kind}-{tournament.board_size}"
    initial["ruleset"] = tournament.ruleset
    return initial


@login_required
def tournament_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser changes a tournament while registration is open."""
    tournament = _get(pk)
    if tournament.organiser_id != request.user.pk or tournament.status != TournamentStatus.OPEN:
        messages.error(
            request,
            gettext("Only its organiser can change a tournament, and only before it starts."),
        )
        return redirect(tournament)
    form = TournamentForm(request.POST or None, initial=_form_initial(tournament), editing=True)
    refused = None
    if request.method == "POST" and form.is_valid():
        settings = form.settings()
        if settings is not None:
            try:
                services.tournament_update(
                    tournament_id=tournament.pk,
                    user=request.user,
                    settings=settings,
                    now=timezone.now(),
                    **_choices(form.cleaned_data),
                )
            except ValidationError as error:
                refused = refusal_form(form, error)
            else:
                messages.success(request, gettext("The tournament is changed."))
                return redirect(tournament)
    status = refused or (400 if request.method == "POST" else 200)
    context = {"form": form, "tournament": tournament}
    return render(request, "ladder/tournaments/new.html", context, status=status)


@login_required
@require_POST
def tournament_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser cancels a tournament before it starts; its registered players are told.
    Asks first (core.confirmations)."""
    tournament = _get(pk)
    asks = tournament.organiser_id == request.user.pk and tournament.status == TournamentStatus.OPEN
    if asks and not confirmation_given(request):
        players = len(selectors.tournament_entries(tournament=tournament))
        return confirmation_page(
            request,
            question=gettext("Cancel %(name)s?") % {"name": tournament.name},
            consequences=[
                ngettext(
                    "It is deleted, and the %(count)s player registered is told.",
                    "It is deleted, and the %(count)s players registered are told.",
                    players,
                )
                % {"count": players}
                if players
                else gettext("It is deleted; no one has registered yet."),
                gettext("This cannot be undone."),
            ],
            button=gettext("Yes, cancel it"),
            back=tournament.get_absolute_url(),
        )
    try:
        services.tournament_cancel(
            tournament_id=tournament.pk, user=request.user, now=timezone.now()
        )
    except ValidationError as error:
        messages.error(request, refusal_message(error))
        return redirect(tournament)
    messages.success(request, gettext("%(name)s is cancelled.") % {"name": tournament.name})
    return redirect("tournament:list")


def _get(pk: int, queryset=Tournament.objects) -> Tournament:
    if pk >= 2**63:  # no id is that big; databases refuse such numbers
        raise Http404(gettext("No such tournament."))
    return get_object_or_404(queryset, pk=pk)


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Everything about one tournament. A Swiss, McMahon or round robin under way reads one page
    of its stored standings and the games of the players on it: its cost does not grow with
    the number of players."""
    tournament = _get(pk, selectors.tournaments_counted())
    user = request.user if request.user.is_authenticated else None
    standings_kept = tournament.status != TournamentStatus.OPEN and not tournament.is_knockout
    if standings_kept:
        entries, taken = [], 0
        mine = user and crosstable.standing_of(tournament=tournament, user_id=user.pk)
        me = mine.entry if mine else None
        standings, page, complete = _standings_page(request, tournament, mine)
        players = {row.entry.user_id for row in standings}
        pairings = selectors.tournament_pairings(
            tournament=tournament, viewer=user, players=players
        )
        on_page = {row.entry.user_id: row.line for row in standings}
        numbers = crosstable.standing_numbers(
            tournament=tournament,
            user_ids={u for p in pairings for u in (p.black_id, p.white_id) if u is not None},
            known=on_page,
        )
        crosstable.cross_cells_fill(
            tournament=tournament, number=numbers, filled=standings, pairings=pairings,
            complete=complete,
        )  # fmt: skip
    else:
        entries = selectors.tournament_entries(tournament=tournament)
        taken = len(entries)
        me = next((e for e in entries if user and e.user_id == user.pk), None)
        pairings = selectors.tournament_pairings(tournament=tournament, viewer=user)
        standings, page, complete = [], Paginator([], STANDINGS_PAGE).get_page(1), 0
    bracket, places = [], {}
    if tournament.status != TournamentStatus.OPEN and tournament.is_knockout:
        bracket = selectors.bracket_columns(
            tournament=tournament, entries=entries, pairings=pairings
        )
        places = selectors.knockout_places(
            tournament=tournament, entries=entries, pairings=pairings
        )
    rounds: dict[int, list] = {}
    for p in pairings:
        rounds.setdefault(p.round, []).append(p)
    round_links, round_shown = [], None
    if tournament.format in PAIRED_BY_ROUND and rounds:
        # Paired one round at a time: the page lists one round's games (the cross table has
        # every round's results); `?round=` picks another.
        round_links = sorted(rounds)
        round_shown = _round_asked(request, round_links)
        rounds = {round_shown: rounds[round_shown]}
    finished = tournament.status == TournamentStatus.FINISHED
    context = {
        "tournament": tournament,
        "entries": entries,
        "me": me,
        "is_organiser": user is not None and user.pk == tournament.organiser_id,
        "rows": standings,
        "page": page,
        "complete": complete,
        "round_numbers": range(1, len(standings[0].cells) + 1) if standings else [],
        "rounds": sorted(rounds.items()) if not tournament.is_knockout else [],
        "round_links": round_links,
        "round_shown": round_shown,
        "bracket": bracket,
        # Seed order while it runs (the places are shown once it is over), then by place.
        "knockout_table": sorted(
            ((places.get(e.user_id), e) for e in entries),
            key=lambda x: ((x[0] or 0) if finished else 0, x[1].seed),
        ),
        "winners": _winners(tournament, places, entries) if finished else [],
        "active": PlayerStatus.ACTIVE,
        "registration_rule": selectors.tournament_registration_rule(tournament=tournament),
        "next_step": selectors.tournament_next_step(tournament=tournament, taken=taken),
    }
    return render(request, "ladder/tournaments/detail.html", context)


def _standings_page(request, tournament, mine):
    """The page of STANDINGS_PAGE lines of the stored standings asked for (`?page=`; at first
    that of the viewer's own line, `mine`): (its rows, the page, the rounds they count)."""
    # Pages of line numbers (lines_count read with the tournament): a page reads its lines by
    # the (tournament, line) index, where an OFFSET read every line above the last page's.
    paginator = Paginator(range(1, tournament.lines_count + 1), STANDINGS_PAGE)
    asked = request.GET.get("page")
    if not asked and mine:
        asked = (mine.line - 1) // STANDINGS_PAGE + 1
    page = paginator.get_page(asked)
    numbers = page.object_list
    lines = []
    if numbers:
        stored = crosstable.tournament_standings_stored(tournament=tournament)
        lines = list(stored.filter(line__range=(numbers[0], numbers[-1])))
    complete = lines[0].counted if lines else 0
    return crosstable.standing_rows_of(lines=lines), page, complete


def _round_asked(request: HttpRequest, numbers: list[int]) -> int:
    """The round `?round=` names if it is one of `numbers` (rounds with games), else the
    latest of them."""
    asked = request.GET.get("round", "")
    if asked.isascii() and asked.isdigit() and len(asked) < 4 and int(asked) in numbers:
        return int(asked)
    return numbers[-1]


def _winners(tournament: Tournament, places: dict[int, int | None], entries: list) -> list:
    """The players placed first in a finished tournament (several when tied)."""
    if not tournament.is_knockout:
        return crosstable.tournament_winners(tournament=tournament)
    return [e.user for e in entries if places.get(e.user_id) == 1]


def _act(request: HttpRequest, pk: int, action, success) -> HttpResponse:
    """Run `action(tournament)`; say `success` (a text, or a function of the tournament as it
    is afterwards) or the refusal."""
    tournament = _get(pk)
    try:
        action(tournament)
    except refusal_kinds() as error:
        # A group's tournament refuses outsiders as "forbidden" (403 page, with its reason).
        return refusal_answer(request, error, back=tournament.get_absolute_url())
    else:
        if callable(success):
            tournament.refresh_from_db()
            success = success(tournament)
        messages.success(request, success)
    return redirect(tournament)


def _joined(tournament: Tournament) -> str:
    """What joining did: registered, or (the last place taken) the tournament started."""
    if tournament.status != TournamentStatus.OPEN:
        return gettext(
            "You took the last place, so the tournament has started: your first game is on "
            "your Game status page."
        )
    if tournament.start_when_full:
        return gettext(
            "You are registered. The tournament starts when all %(limit)s places are taken, "
            "or earlier if the organiser starts it."
        ) % {"limit": tournament.player_limit}
    return gettext("You are registered. The tournament starts when the organiser starts it.")


@login_required
@require_POST
def tournament_join(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        lambda t: services.tournament_join(
            tournament_id=t.pk, user=request.user, now=timezone.now()
        ),
        _joined,
    )


@login_required
@require_POST
def tournament_leave(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        lambda t: services.tournament_leave(
            tournament_id=t.pk, user=request.user, now=timezone.now()
        ),
        "You are no longer registered.",
    )


@login_required
@require_POST
def tournament_start(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        lambda t: services.tournament_start(
            tournament_id=t.pk, user=request.user, now=timezone.now()
        ),
        "The tournament has started: the first games are on.",
    )


def _leaving(tournament: Tournament, *, user_id: int, own: bool) -> list[str]:
    """What withdrawing (`own`: the reader's) or a disqualification does, as the confirmation
    page says it: how many running games are resigned, and what follows."""
    count = selectors.tournament_games_running_count(tournament=tournament, user_id=user_id)
    names = {"count": count}
    if not count:
        games = (
            gettext("No game of yours is running in it.")
            if own
            else gettext("No game of theirs is running in it.")
        )
    elif own:
        games = (
            ngettext(
                "Your %(count)s running game in it will be resigned: it counts as a loss.",
                "Your %(count)s running games in it will be resigned: each counts as a loss.",
                count,
            )
            % names
        )
    else:
        games = (
            ngettext(
                "Their %(count)s running game in it will be resigned: it counts as a loss.",
                "Their %(count)s running games in it will be resigned: each counts as a loss.",
                count,
            )
            % names
        )
    if tournament.is_knockout:
        after = (
            gettext("Your matches not yet played are forfeited; your finished games stay.")
            if own
            else gettext("Their matches not yet played are forfeited; their finished games stay.")
        )
    elif tournament.format == Format.ROUND_ROBIN:  # every game started with the tournament
        after = (
            gettext("Your finished games stay.")
            if own
            else gettext(
                "Their finished games stay, and the standings list them last, without a place."
            )
        )
    else:
        after = (
            gettext("Later rounds will not pair you; your finished games stay.")
            if own
            else gettext(
                "Later rounds will not pair them and the standings list them last, without a "
                "place; their finished games stay."
            )
        )
    return [games, after, gettext("This cannot be undone.")]


@login_required
@require_POST
def tournament_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """Withdraw from a running tournament, after asking (core.confirmations): the page names
    how many running games will be resigned."""
    if not confirmation_given(request):
        tournament = _get(pk)
        entry = selectors.tournament_entry_get(tournament=tournament, user_id=request.user.pk)
        if tournament.status == TournamentStatus.RUNNING and entry and entry.active:
            return confirmation_page(
                request,
                question=gettext("Withdraw from %(name)s?") % {"name": tournament.name},
                consequences=_leaving(tournament, user_id=request.user.pk, own=True),
                button=gettext("Yes, withdraw"),
                back=tournament.get_absolute_url(),
            )
    return _act(
        request,
        pk,
        lambda t: services.tournament_withdraw(
            tournament_id=t.pk, user=request.user, now=timezone.now()
        ),
        gettext("You have withdrawn. Your running games are resigned."),
    )


@login_required
@require_POST
def tournament_disqualify(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    """The organiser disqualifies a player (`player_id`: their registration), after asking
    (core.confirmations); what the service refuses is refused without asking."""
    if not confirmation_given(request):
        tournament = _get(pk)
        entry = selectors.tournament_entry_get(tournament=tournament, entry_id=player_id)
        if (
            entry is not None
            and tournament.status == TournamentStatus.RUNNING
            and tournament.organiser_id == request.user.pk != entry.user_id
            and entry.status != PlayerStatus.DISQUALIFIED
        ):
            names = {"player": entry.user.username, "tournament": tournament.name}
            return confirmation_page(
                request,
                question=gettext("Disqualify %(player)s from %(tournament)s?") % names,
                consequences=_leaving(tournament, user_id=entry.user_id, own=False),
                button=gettext("Yes, disqualify %(player)s") % names,
                back=tournament.get_absolute_url(),
            )
    return _act(
        request,
        pk,
        lambda t: services.tournament_disqualify(
            tournament_id=t.pk, organiser=request.user, player_id=player_id, now=timezone.now()
        ),
        gettext("The player is disqualified."),
    )
