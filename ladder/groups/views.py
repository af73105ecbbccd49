"""Group pages: the list, a new group, a group's page (description, members, ladders,
tournaments, latest threads), membership actions, invitations and group ladders. Leaving and
removing ask first (core.confirmations). The board's pages are in `board_views`."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from core.confirmations import confirmation_given, confirmation_page
from core.refusals import refusal_form, refusal_kinds, refusal_message
from games.game_settings import GameSettings
from ladder.groups import selectors, services
from ladder.groups.forms import BOARDS, GroupForm, GroupLadderForm, InviteForm, RoleForm
from ladder.groups.models import Group, Membership, Standing
from ladder.tournaments.forms import TournamentForm
from ladder.tournaments.models import TournamentStatus
from ladder.tournaments.services import tournament_join


def group_list(request: HttpRequest) -> HttpResponse:
    """The groups (site-wide boards first), a name search, and the visitor's own groups."""
    query = request.GET.get("q", "").strip()
    user = request.user if request.user.is_authenticated else None
    context = {
        "groups": selectors.groups_page(query=query),
        "mine": selectors.groups_of(user=user) if user else [],
        "query": query,
        "may_create": user is not None and (user.is_staff or not settings.GROUPS_STAFF_ONLY),
    }
    return render(request, "ladder/groups/list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def group_new(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            group = services.group_create(
                user=request.user, now=timezone.now(), **form.cleaned_data
            )
        except refusal_kinds() as error:
            status = refusal_form(form, error)
        else:
            messages.success(request, gettext("Your group is open. You are its admin."))
            return redirect(group)
    elif request.method == "POST":
        status = 400
    return render(request, "ladder/groups/new.html", {"form": form}, status=status)


def _group(slug: str) -> Group:
    return get_object_or_404(Group, slug=slug[:80])


def group_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A group's page. Everyone sees its name, description, size and ladders; the board's
    latest threads show only to those who may read it."""
    group = _group(slug)
    user = request.user if request.user.is_authenticated else None
    membership = selectors.membership_get(group=group, user=user)
    readable = selectors.board_readable(group=group, membership=membership, user=user)
    staff = membership is not None and membership.is_staff
    threads = []
    if readable:
        threads = selectors.threads_page(group=group, user=user)[0][:5]
    context = {
        "group": group,
        "membership": membership,
        "is_member": membership is not None and membership.standing == Standing.MEMBER,
        "staff": staff,
        "readable": readable,
        "members_count": selectors.members_count(group=group),
        "ladders": list(group.ladders.order_by("name")[:50]),
        "tournaments": list(
            group.tournaments.exclude(status=TournamentStatus.FINISHED).order_by("-created")[:20]
        ),
        "threads": threads,
        "requests": selectors.members_page(group=group, standing=Standing.REQUESTED)[0]
        if staff
        else [],
        "invite_form": InviteForm() if staff else None,
    }
    return render(request, "ladder/groups/detail.html", context)


def group_members(request: HttpRequest, slug: str) -> HttpResponse:
    """The members by name, MEMBERS_PAGE at a time (keyset: ?after=<name>), with the admins'
    buttons; the invited players for the group's admins and moderators."""
    group = _group(slug)
    user = request.user if request.user.is_authenticated else None
    membership = selectors.membership_get(group=group, user=user)
    if not selectors.board_readable(group=group, membership=membership, user=user):
        return render(request, "404.html", status=404)
    staff = membership is not None and membership.is_staff
    rows, after = selectors.members_page(group=group, after=request.GET.get("after", ""))
    context = {
        "group": group,
        "membership": membership,
        "staff": staff,
        "is_admin": staff and membership.role == "admin",
        "rows": rows,
        "after": after,
        "invited": selectors.members_page(group=group, standing=Standing.INVITED)[0]
        if staff
        else [],
        "role_form": RoleForm(),
    }
    return render(request, "ladder/groups/members.html", context)


def _act(request: HttpRequest, group: Group, action, success: str, back: str = "") -> HttpResponse:
    try:
        action()
    except refusal_kinds() as error:
        messages.error(request, refusal_message(error))
    else:
        messages.success(request, success)
    return redirect(back or group.get_absolute_url())


@login_required
@require_POST
def group_join(request: HttpRequest, slug: str) -> HttpResponse:
    group = _group(slug)
    try:
        membership = services.group_join(group_id=group.pk, user=request.user, now=timezone.now())
    except ValidationError as error:
        messages.error(request, refusal_message(error))
    else:
        if membership.standing == Standing.REQUESTED:
            messages.success(request, gettext("You asked to join; the group's admins decide."))
        else:
            messages.success(request, gettext("You are a member of %(group)s.") % {"group": group})
    return redirect(group)


@login_required
@require_POST
def group_leave(request: HttpRequest, slug: str) -> HttpResponse:
    """Leave (or withdraw a request, decline an invitation), after asking first."""
    group = _group(slug)
    if not confirmation_given(request):
        return confirmation_page(
            request,
            question=gettext("Leave %(group)s?") % {"group": group.name},
            consequences=[
                gettext(
                    "You can no longer join the group's ladders and tournaments, nor post on "
                    "its board; your posts stay."
                ),
                gettext("To come back you join again (or ask, or are invited)."),
            ],
            button=gettext("Yes, leave"),
            back=group.get_absolute_url(),
        )
    return _act(
        request,
        group,
        lambda: services.group_leave(group_id=group.pk, user=request.user),
        gettext("You left %(group)s.") % {"group": group.name},
    )


@login_required
@require_POST
def membership_approve(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    group = _group(slug)
    return _act(
        request,
        group,
        lambda: services.membership_approve(group_id=group.pk, actor=request.user, user_id=user_id),
        gettext("The player is now a member."),
    )


@login_required
@require_POST
def membership_remove(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    """Remove a member, refuse a request or withdraw an invitation, after asking first."""
    group = _group(slug)
    mine = selectors.membership_get(group=group, user=request.user)
    if mine is None or not mine.is_staff:  # asked nothing, told nothing of who is in
        message = gettext("Only the group's admins and moderators may do that.")
        return render(request, "403.html", {"exception": message}, status=403)
    row = get_object_or_404(Membership.objects.select_related("user"), group=group, user_id=user_id)
    if not confirmation_given(request):
        return confirmation_page(
            request,
            question=gettext("Remove %(player)s from %(group)s?")
            % {"player": row.user.username, "group": group.name},
            consequences=[
                gettext("They can no longer post on the board or join the group's ladders.")
            ],
            button=gettext("Yes, remove"),
            back=group.get_absolute_url(),
        )
    return _act(
        request,
        group,
        lambda: services.membership_remove(group_id=group.pk, actor=request.user, user_id=user_id),
        gettext("%(player)s is no longer in the group.") % {"player": row.user.username},
        back=request.POST.get("back") == "members" and f"{group.get_absolute_url()}members/",
    )


@login_required
@require_POST
def membership_role(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    group = _group(slug)
    form = RoleForm(request.POST)
    role = form.cleaned_data["role"] if form.is_valid() else ""
    return _act(
        request,
        group,
        lambda: services.membership_role_set(
            group_id=group.pk, actor=request.user, user_id=user_id, role=role
        ),
        gettext("The role is changed."),
        back=f"{group.get_absolute_url()}members/",
    )


@login_required
@require_POST
def group_invite(request: HttpRequest, slug: str) -> HttpResponse:
    group = _group(slug)
    form = InviteForm(request.POST)
    username = form.cleaned_data["username"] if form.is_valid() else ""
    return _act(
        request,
        group,
        lambda: services.group_invite(
            group_id=group.pk, actor=request.user, username=username, now=timezone.now()
        ),
        gettext("%(player)s is invited.") % {"player": username},
    )


@login_required
@require_http_methods(["GET", "POST"])
def group_ladder_new(request: HttpRequest, slug: str) -> HttpResponse:
    """A group's admins and moderators open a ladder for its members."""
    group = _group(slug)
    membership = selectors.membership_get(group=group, user=request.user)
    if membership is None or not membership.is_staff:
        message = gettext("Only the group's admins and moderators may do that.")
        return render(request, "403.html", {"exception": message}, status=403)
    form = GroupLadderForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        kind, size = BOARDS[form.cleaned_data["board"]]
        try:
            ladder = services.group_ladder_create(
                group_id=group.pk,
                actor=request.user,
                name=form.cleaned_data["name"],
                settings=GameSettings(board_kind=kind, board_size=size),
                now=timezone.now(),
            )
        except refusal_kinds() as error:
            status = refusal_form(form, error)
        else:
            messages.success(request, gettext("The ladder is open to the group's members."))
            return redirect(ladder)
    elif request.method == "POST":
        status = 400
    context = {"group": group, "form": form}
    return render(request, "ladder/groups/ladder_new.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def group_tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    """A group's admins and moderators organise a tournament for its members (the tournament
    form and engine; only the group's members register)."""
    group = _group(slug)
    membership = selectors.membership_get(group=group, user=request.user)
    if membership is None or not membership.is_staff:
        message = gettext("Only the group's admins and moderators may do that.")
        return render(request, "403.html", {"exception": message}, status=403)
    form = TournamentForm(request.POST or None)
    status = 400 if request.method == "POST" else 200
    if request.method == "POST" and form.is_valid() and form.settings() is not None:
        data = form.cleaned_data
        fields = ("name", "description", "format", "mcmahon_bar", "mcmahon_floor")
        fields += ("handicap_rule", "player_limit", "rank_min", "rank_max", "start_when_full")
        try:
            tournament = services.group_tournament_create(
                group_id=group.pk, actor=request.user, now=timezone.now(),
                settings=form.settings(), rounds=data["rounds"] or 0,
                **{name: data[name] for name in fields},
            )  # fmt: skip
        except refusal_kinds() as error:
            status = refusal_form(form, error)
        else:
            messages.success(request, gettext("The tournament is open to the group's members."))
            if data.get("join"):  # refused (the organiser's rank, say): they are told
                try:
                    tournament_join(
                        tournament_id=tournament.pk, user=request.user, now=timezone.now()
                    )
                except refusal_kinds() as error:
                    messages.error(request, refusal_message(error))
            return redirect(tournament)
    context = {"form": form, "group": group}
    return render(request, "ladder/tournaments/new.html", context, status=status)
