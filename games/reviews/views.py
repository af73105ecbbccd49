"""Review pages: start a review of a game, upload a record, the review page itself (the board
at one node of the tree, the tree, comments, sharing), its SGF, a game's private notes.

The move and mark endpoints answer JSON to scripts (static/games/review_tree.js sends
``Accept: application/json``) and redirect a plain form back to the page at the node, so the
page works without JavaScript too (the mark form takes a tool and a typed point). The words
endpoint answers the keyboard cursor's questions about the board at one node (JSON,
games.views.board_words.position_answer).
Refusals are sentences: in the JSON ``{"error": ...}`` with the status the refusal registry
gives (core.refusals: 409 for a move the rules refuse or a full tree, 400 for a point not on
the board, 403 for someone who may not change the review), on pages as a message.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.selectors import board_appearance_get, user_find_by_username
from core.confirmations import confirmation_given, confirmation_page
from core.keyset import keyset_page
from core.refusals import (
    refusal_answer,
    refusal_form,
    refusal_kinds,
    refusal_message,
    refusal_of,
)
from games.game_settings import topology_label
from games.pages.board_text import keys_help
from games.pages.replay import replay_board_title
from games.reviews import pages, selectors, services
from games.reviews.forms import (
    MARK_TOOLS,
    GameNoteForm,
    ReviewCommentForm,
    ReviewListForm,
    ReviewMarkForm,
    ReviewMoveForm,
    ReviewReportForm,
    ReviewSettingsForm,
    ReviewUploadForm,
)
from games.reviews.models import Review, ReviewVisibility
from games.views.board_words import position_answer
from games.views.common import PAGE_SIZE, error_message, viewable_game
from rules.errors import IllegalMove
from rules.review.marks import board_marks
from rules.review.variations import ROOT
from rules.sgf_tree import MAX_LABEL


def _review(request: HttpRequest, token: str) -> Review:
    review = selectors.review_get(token=token)
    if review is None or not selectors.review_can_view(review=review, user=request.user):
        raise Http404(_("No such review."))
    return review


def _at(review: Review, node: int) -> str:
    return f"{review.get_absolute_url()}?node={node}"


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@login_required
@require_POST
def review_start(request: HttpRequest, game_id: int) -> HttpResponse:
    """Start a review of a game the visitor may see (a player's analysis board while the game
    is still going on)."""
    game = viewable_game(request, game_id)
    try:
        review = services.review_create_from_game(game=game, user=request.user, now=timezone.now())
    except (ValidationError, PermissionDenied) as exc:
        messages.error(request, error_message(exc))
        return redirect("games:board", game_id=game.pk)
    return redirect(review.get_absolute_url())


@login_required
def review_upload(request: HttpRequest) -> HttpResponse:
    """Upload an SGF record to review: read once (variations, comments, marks) and kept as a
    private review of the uploader's; the review page then says what the reading changed, if
    anything, and why (pages.upload_notes). A refused file answers the form with its message
    and the refusal's status (400; 429 past the flood limit)."""
    form = ReviewUploadForm()
    status = 200
    if request.method == "POST":
        form = ReviewUploadForm(request.POST, request.FILES)
        status = 400
        if form.is_valid():
            data = form.cleaned_data["sgf"].read()
            try:
                review, notes = services.review_create_from_sgf(
                    user=request.user,
                    data=data,
                    now=timezone.now(),
                    game=form.cleaned_data["game"] or 1,
                )
            except ValidationError as exc:
                refusal = refusal_of(exc)
                form.add_error("sgf", refusal.message)
                status = refusal.status
            else:
                said = pages.upload_notes(notes)
                for line in said:
                    messages.warning(request, line)
                if not said:
                    messages.success(request, pages.upload_whole())
                return redirect(review.get_absolute_url())
    reviews = selectors.reviews_of_user(user=request.user)[:50]
    context = {"form": form, "reviews": reviews}
    return render(request, "games/reviews/upload.html", context, status=status)


def review_show(request: HttpRequest, token: str) -> HttpResponse:
    """A review at one node (`?node=ID`; by default the end of a game's main line, the start
    of an uploaded record). Reads the stored tree as it is (pages.StoredTree)."""
    review = _review(request, token)
    tree = pages.StoredTree(review.tree)
    main = tree.main_line()
    default = main[-1] if review.game_id else ROOT
    node_id = pages.node_from_query(tree, request.GET.get("node"), default)
    rows = selectors.review_comment_rows(review=review)
    user = request.user
    reporter = user.pk if user.is_authenticated else None
    can_edit = selectors.review_can_edit(review=review, user=user)
    series = selectors.review_estimate_series(review=review)
    node = tree.nodes[node_id]
    at_move = pages.main_line_moves(tree, main)
    on_main = at_move.get(node["number"]) == node_id
    estimate = pages.estimate_context(
        series,
        href=lambda n: f"?node={at_move[n]}" if n in at_move else "?",
        current=node["number"] if on_main else None,
    )
    context = {
        "review": review,
        "game": review.game,
        "topology": tree.topology,
        "board_label": topology_label(tree.topology),
        "node_id": node_id,
        "here": tree.label(node_id),
        "position": tree.position(node_id),
        "last_point": node["point"] if node["kind"] == "play" else None,
        "marks": board_marks(node.get("marks", ()), node.get("labels", ())),
        "mark_tools": MARK_TOOLS,
        # The tool a plain form last used (`?tool=`), kept chosen for the next mark.
        "mark_tool": _known_tool(request.GET.get("tool", "")),
        "label_max": MAX_LABEL,
        "appearance": board_appearance_get(user=user),
        "tree_html": pages.tree_html(tree, current=node_id, commented={r[0] for r in rows}),
        "report_url": reverse("games:review_comment_report", args=[review.token, 0]),
        "tree_data": review.tree,
        "comments_data": pages.comments_by_node(rows, reporter=reporter),
        "comments": pages.comments_by_node(rows, reporter=reporter).get(str(node_id), []),
        "can_edit": can_edit,
        "can_comment": selectors.review_can_comment(review=review, user=user),
        "comment_max": settings.REVIEW_COMMENT_MAX_LENGTH,
        "visibility_choices": ReviewVisibility.choices,
        "estimate": estimate,
        "estimate_pending": series is None and review.estimate_requested is not None,
        "steps": pages.line_steps(tree, node_id, request.GET.get("line")),
        "cursor_mode": "variation" if can_edit else "read",
        "board_title": replay_board_title(tree.topology),
        "keys": keys_help(tree.topology, mode="variation" if can_edit else "read"),
    }
    return render(request, "games/reviews/show.html", context)


def review_words(request: HttpRequest, token: str) -> HttpResponse:
    """One question about the board at a node of the review (`?node=ID&ask=chain&point=D4`;
    the default node as on the page), answered in JSON for the keyboard cursor
    (static/games/board_cursor.js): {"text", "lines", "answered", "node"}, status 400 when
    the lines say why it could not be answered. Reads only."""
    review = _review(request, token)
    tree = selectors.review_tree(review=review)
    stored = pages.StoredTree(review.tree)
    default = stored.main_line()[-1] if review.game_id else ROOT
    node_id = pages.node_from_query(stored, request.GET.get("node"), default)
    try:
        state = tree.game_at(node_id)
    except IllegalMove as exc:  # a stored tree the rules no longer replay
        refusal = refusal_of(exc)
        lines, status = [refusal.message], refusal.status
    else:
        lines, status = position_answer(
            state=state,
            ask=request.GET.get("ask", ""),
            point_text=request.GET.get("point", "")[:8],
            over=state.over,
        )
    answered = status == 200
    return JsonResponse(
        {"text": " ".join(lines), "lines": lines, "answered": answered, "node": node_id},
        status=status,
    )


@require_POST
def review_move(request: HttpRequest, token: str) -> HttpResponse:
    """Play a move in the review's tree (owner only); the rules judge it."""
    review = _review(request, token)
    form = ReviewMoveForm(request.POST)
    parent = form.data.get("parent", "")
    error = None
    node = None
    status = 400
    if not selectors.review_can_edit(review=review, user=request.user):
        error, status = _("Only the owner of this review can play moves in it."), 403
    elif not form.is_valid():
        error = _("Say where to play: a point such as D4, or “pass”.")
    else:
        text = form.cleaned_data["point"].strip()
        tree = selectors.review_tree(review=review)
        try:
            point = None if text.lower() == "pass" else tree.topology.parse(text)
            node = services.review_move_play(
                review_id=review.pk,
                user=request.user,
                parent=form.cleaned_data["parent"],
                point=point,
                now=timezone.now(),
            )
        except refusal_kinds() as exc:
            refusal = refusal_of(exc)
            error, status = refusal.message, refusal.status
    if _wants_json(request):
        if error is not None:
            return JsonResponse({"error": error}, status=status)
        tree = pages.StoredTree(Review.objects.get(pk=review.pk).tree)
        data = {**tree.nodes[node.id], "label": tree.label(node.id)}
        return JsonResponse({"node": data, "parent": node.parent})
    if error is not None:
        messages.error(request, error)
        return redirect(_at(review, int(parent) if str(parent).isdigit() else ROOT))
    return redirect(_at(review, node.id))


@require_POST
def review_mark(request: HttpRequest, token: str) -> HttpResponse:
    """Put a mark or label on a point of one node, or take it off (owner only;
    rules.review.marks.annotate). JSON for review_tree.js: the node with its marks and
    labels and a sentence saying what changed ("said"); a plain form is redirected back to
    the node with that sentence as a message."""
    review = _review(request, token)
    form = ReviewMarkForm(request.POST)
    node = form.data.get("node", "")
    back = _at(review, int(node) if str(node).isdigit() else ROOT)
    error, status, said = None, 400, ""
    if not selectors.review_can_edit(review=review, user=request.user):
        error, status = _("Only the owner of this review can mark it."), 403
    elif not form.is_valid():
        error = _("Choose a mark and say where: a point such as D4.")
    else:
        data = form.cleaned_data
        try:
            point = pages.StoredTree(review.tree).topology.parse(data["point"].strip())
            placed = services.review_mark_set(
                review_id=review.pk,
                user=request.user,
                node=data["node"],
                point=point,
                tool=data["tool"],
                text=data["text"] or None,
                now=timezone.now(),
            )
        except refusal_kinds() as exc:
            refusal = refusal_of(exc)
            error, status = refusal.message, refusal.status
        else:
            tree = pages.StoredTree(Review.objects.get(pk=review.pk).tree)
            said = _mark_said(tree, data["node"], point, data["tool"] if placed else None)
    if _wants_json(request):
        if error is not None:
            return JsonResponse({"error": error}, status=status)
        node_id = form.cleaned_data["node"]
        answer = {**tree.nodes[node_id], "label": tree.label(node_id)}
        return JsonResponse({"node": answer, "placed": placed, "said": said})
    if error is not None:
        messages.error(request, error)
    else:
        messages.success(request, said)
    tool = _known_tool(request.POST.get("tool", ""))
    return redirect(f"{back}&tool={tool}" if tool else back)


def _known_tool(tool: str) -> str:
    """`tool` when it names one of the mark tools, else ""."""
    return tool if tool in dict(MARK_TOOLS) else ""


def _mark_said(tree: pages.StoredTree, node_id: int, point: int, tool: str | None) -> str:
    """What a mark did, in a sentence: "Triangle at D4.", "Label B at D4.", "D4: nothing
    marked now." (`tool` None: the tool took the mark off)."""
    name = tree.topology.name(point)
    if tool is None:
        return _("%(point)s: nothing marked now.") % {"point": name}
    labels = {p: text for p, text in tree.nodes[node_id].get("labels", [])}
    if point in labels:
        return _("Label %(text)s at %(point)s.") % {"text": labels[point], "point": name}
    return _("%(mark)s at %(point)s.") % {"mark": dict(MARK_TOOLS)[tool], "point": name}


def _removal_asked(request: HttpRequest, review: Review) -> HttpResponse | None:
    """The page asking the owner to remove the posted move and what follows it; None when the
    service is bound to refuse."""
    node = request.POST.get("node", "")
    if not node.isdigit() or not selectors.review_can_edit(review=review, user=request.user):
        return None
    removal = selectors.review_node_removal(review=review, node=int(node))
    if removal is None:
        return None
    moves, comments = removal
    label = pages.StoredTree(review.tree).label(int(node))
    said = ngettext(
        "%(moves)s move goes: %(label)s and every move after it, in every variation.",
        "%(moves)s moves go: %(label)s and every move after it, in every variation.",
        moves,
    ) % {"moves": moves, "label": label}
    if comments:
        said += " " + ngettext(
            "%(count)s comment on them goes too.", "%(count)s comments on them go too.", comments
        ) % {"count": comments}
    return confirmation_page(
        request,
        question=_("Remove %(label)s and what follows it?") % {"label": label},
        consequences=[said, _("This cannot be undone.")],
        button=_("Yes, remove them"),
        back=_at(review, int(node)),
    )


@require_POST
def review_remove(request: HttpRequest, token: str) -> HttpResponse:
    """Remove a move and what follows it (owner only), after asking (core.confirmations)."""
    review = _review(request, token)
    if not confirmation_given(request) and (asked := _removal_asked(request, review)):
        return asked
    try:
        node = int(request.POST.get("node", ""))
        parent = services.review_node_remove(
            review_id=review.pk, user=request.user, node=node, now=timezone.now()
        )
    except ValueError:
        messages.error(request, _("Choose a move to remove."))
        return redirect(review.get_absolute_url())
    except refusal_kinds() as exc:
        messages.error(request, refusal_message(exc))
        return redirect(_at(review, node))
    return redirect(_at(review, parent))


@login_required
@require_POST
def review_comment(request: HttpRequest, token: str) -> HttpResponse:
    """Comment on one move of the review. A refusal is answered through the registry with
    nothing logged (core.refusals.refusal_answer): 403 with its page for a visitor who may
    not comment, the message on the review for the others."""
    review = _review(request, token)
    form = ReviewCommentForm(request.POST)
    node = form.data.get("node", "")
    back = _at(review, int(node) if str(node).isdigit() else ROOT)
    if not form.is_valid():
        messages.error(
            request,
            _("Write a comment of at most %(most)s characters.")
            % {"most": form.fields["text"].max_length},
        )
        return redirect(back)
    try:
        services.review_comment_add(
            review_id=review.pk,
            user=request.user,
            node=form.cleaned_data["node"],
            text=form.cleaned_data["text"],
            now=timezone.now(),
        )
    except refusal_kinds() as exc:
        return refusal_answer(request, exc, back=back)
    return redirect(f"{back}#review-comments-title")  # the new comment in view, not the top


@login_required
def review_comment_report(request: HttpRequest, token: str, comment_id: int) -> HttpResponse:
    """Report a comment on a review to the site staff: the form (GET), then the report
    (POST), sent through the "contact the site" path (services.review_comment_report)."""
    review = _review(request, token)
    comment = selectors.review_comment_get(review=review, comment_id=comment_id)
    if comment is None:
        raise Http404(_("No such comment."))
    back = _at(review, comment.node)
    form = ReviewReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            link = request.build_absolute_uri(back)
            try:
                services.review_comment_report(
                    comment_id=comment.pk,
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    link=link,
                    now=timezone.now(),
                )
            except refusal_kinds() as exc:
                if refusal_of(exc).status in (403, 404):
                    return refusal_answer(request, exc, back=back)
                status = refusal_form(form, exc)
            else:
                messages.success(request, _("Your report was sent to the site staff."))
                return redirect(back)
    context = {"review": review, "comment": comment, "form": form, "back": back}
    return render(request, "games/reviews/report.html", context, status=status)


@login_required
def review_report(request: HttpRequest, token: str) -> HttpResponse:
    """Report a review to the moderators: the form (GET), then the report (POST)."""
    review = _review(request, token)
    back = review.get_absolute_url()
    form = ReviewReportForm(request.POST or None, label=_("What is wrong with this review?"))
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            link = request.build_absolute_uri(back)
            reason, now = form.cleaned_data["reason"], timezone.now()
            try:
                services.review_report(
                    review_id=review.pk, user=request.user, reason=reason, link=link, now=now
                )
            except refusal_kinds() as exc:
                status = refusal_form(form, exc)
            else:
                messages.success(request, _("Your report was sent to the moderators."))
                return redirect(back)
    context = {"review": review, "form": form, "back": back}
    return render(request, "games/reviews/review_report.html", context, status=status)


def reviews_list(request: HttpRequest) -> HttpResponse:
    """The public reviews, newest first; `?board=square-19` one board's, `?player=name` those
    a player wrote, played in or is named in. Twenty a page, each keyed by the reviews around
    it (`?after=`, `?before=`: core.keyset), never counted nor skipped to by an offset."""
    form = ReviewListForm(request.GET or None)
    board, player, name = "", None, ""
    if form.is_valid():
        board = form.cleaned_data["board"]
        name = form.cleaned_data["player"].strip()
        if name:
            player = user_find_by_username(username=name)
    reviews = selectors.reviews_public(board=board, player=player, name=name)
    if name and player is None and not reviews.exists():
        messages.error(request, _("There is no player named '%(name)s'.") % {"name": name})
    page = keyset_page(
        reviews.filter(published__isnull=False),
        column="published",
        size=PAGE_SIZE,
        after=request.GET.get("after"),
        before=request.GET.get("before"),
    )
    context = {"form": form, "page": page, "player": player}
    return render(request, "games/reviews/list.html", context)


@login_required
@require_POST
def review_settings(request: HttpRequest, token: str) -> HttpResponse:
    """Rename the review and choose who may open it (publishing it tells the game's players)."""
    review = _review(request, token)
    form = ReviewSettingsForm(request.POST)
    node = request.POST.get("node", "")
    back = _at(review, int(node) if node.isdigit() else ROOT)
    if not form.is_valid():
        messages.error(request, _("Give the review a title and choose who may open it."))
        return redirect(back)
    try:
        review = services.review_update(
            review_id=review.pk,
            user=request.user,
            title=form.cleaned_data["title"],
            visibility=form.cleaned_data["visibility"],
            visitor_comments=form.cleaned_data["visitor_comments"],
            now=timezone.now(),
        )
    except (ValidationError, PermissionDenied) as exc:
        messages.error(request, error_message(exc))
    else:
        messages.success(request, _("Saved: %(who)s.") % {"who": review.get_visibility_display()})
    return redirect(back)


@login_required
@require_POST
def review_copy(request: HttpRequest, token: str) -> HttpResponse:
    """Copy a review the visitor may see into a private review of their own."""
    review = _review(request, token)
    try:
        copy = services.review_copy(review_id=review.pk, user=request.user, now=timezone.now())
    except ValidationError as exc:
        messages.error(request, error_message(exc))
        return redirect(review.get_absolute_url())
    return redirect(copy.get_absolute_url())


@login_required
@require_POST
def review_delete(request: HttpRequest, token: str) -> HttpResponse:
    """Delete one's own review, after asking (core.confirmations)."""
    review = _review(request, token)
    if not confirmation_given(request) and selectors.review_can_edit(
        review=review, user=request.user
    ):
        comments = selectors.review_comments(review=review).count()
        return confirmation_page(
            request,
            question=_("Delete this review?"),
            consequences=[
                ngettext(
                    "Its moves and variations, and its %(count)s comment, are deleted; its "
                    "link stops working.",
                    "Its moves and variations, and its %(count)s comments, are deleted; its "
                    "link stops working.",
                    comments,
                )
                % {"count": comments}
                if comments
                else _("Its moves and variations are deleted; its link stops working."),
                _("This cannot be undone."),
            ],
            button=_("Yes, delete the review"),
            back=review.get_absolute_url(),
        )
    try:
        services.review_delete(review_id=review.pk, user=request.user)
    except PermissionDenied as exc:
        messages.error(request, error_message(exc))
        return redirect(review.get_absolute_url())
    messages.success(request, _("The review is deleted."))
    return redirect("games:review_upload")


@login_required
@require_POST
def review_estimate(request: HttpRequest, token: str) -> HttpResponse:
    """Ask for the estimate graph of an uploaded record (worked out by a task)."""
    review = _review(request, token)
    try:
        services.review_estimate_request(review_id=review.pk, user=request.user, now=timezone.now())
    except PermissionDenied as exc:
        messages.error(request, error_message(exc))
    return redirect(review.get_absolute_url())


def review_sgf(request: HttpRequest, token: str) -> HttpResponse:
    """The review as an SGF file with every variation and comment."""
    review = _review(request, token)
    response = HttpResponse(
        selectors.review_sgf(review=review), content_type="application/x-go-sgf; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="badux-review-{review.token}.sgf"'
    return response


@login_required
@require_POST
def game_notes(request: HttpRequest, game_id: int) -> HttpResponse:
    """Save a player's private notes on their game."""
    game = viewable_game(request, game_id)
    form = GameNoteForm(request.POST)
    if not form.is_valid():
        messages.error(request, error_message(ValidationError(form.errors["text"])))
    else:
        try:
            services.game_note_save(
                game=game, user=request.user, text=form.cleaned_data["text"], now=timezone.now()
            )
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, error_message(exc))
        else:
            messages.success(request, _("Your notes are saved."))
    return redirect(reverse("games:board", args=[game.pk]) + "#notes")
