"""Writes for reviews: start one from a game or an uploaded record, play a move in its tree,
comment, share, copy; players' private notes; the estimate series.

Every function is keyword-only and takes the clock as `now`. Refusals a person reads raise
ValidationError (RateLimited for flood limits), PermissionDenied, or a `rules` error the
refusal registry answers (core.refusals: IllegalMove, TreeFull, UnknownNode, StartKept).
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.moderation.models import Report, ReportKind
from accounts.moderation.selectors import moderation_speech_check
from accounts.moderation.services import report_create, report_create_unless_open
from core.limits import limit_enforce, limit_get
from core.outbox import enqueue_on_commit
from core.refusals import refusal_of, sentence
from games.errors import rules_refusal
from games.models import Game, GameContact
from games.moves import game_moves
from games.reviews.errors import ReviewCommentRefused
from games.reviews.models import (
    GameEstimate,
    GameNote,
    Review,
    ReviewComment,
    ReviewUpload,
    ReviewVisibility,
)
from games.reviews.selectors import (
    review_can_comment,
    review_can_view,
    review_comment_refusal,
    review_tree,
)
from games.services.contact import game_contact_create, site_contact_create
from rules.review.estimate import estimate_series
from rules.review.marks import BadLabel, annotate
from rules.review.uploads import Upload, upload_read
from rules.review.variations import ROOT, TreeNode, UnknownNode, VariationTree
from rules.sgf import SgfError
from rules.sgf_tree import SgfLimits, SgfNote

TITLE_MAX = 120


def board_key(topology) -> str:
    """A board as the reviews page filters by it: "square-19", "hex-6"."""
    return f"{topology.kind}-{topology.n}"


def _limits() -> SgfLimits:
    return SgfLimits(
        max_bytes=settings.REVIEW_SGF_MAX_BYTES,
        max_nodes=settings.REVIEW_MAX_NODES,
        max_comment=settings.REVIEW_COMMENT_MAX_LENGTH,
    )


def _game_tree(game: Game) -> VariationTree:
    topology = game.topology
    setup = tuple(topology.handicap_points(game.handicap)) if game.handicap >= 2 else ()
    return VariationTree.from_moves(
        topology=topology,
        rules=game.rule_set,
        moves=game_moves(game),
        black_setup=setup,
        first=game.first_to_move,
        handicap=game.handicap,
        max_nodes=max(settings.REVIEW_MAX_NODES, game.move_number + 1),
    )


@transaction.atomic
def review_create_from_game(*, game: Game, user: User, now: dt.datetime) -> Review:
    """A new private review of `game` owned by `user`, its main line the game's moves.

    The caller has checked that `user` may see the game. A game still being played may only
    be reviewed by its players: their private analysis board, one each (asked again, the
    existing one is returned), which never touches the game. RateLimited past the "review"
    limit.
    """
    if not game.is_over:
        if game.colour_of(user) is None:
            raise PermissionDenied(_("Only the players can analyse a game that is still going on."))
        kept = Review.objects.filter(game=game, owner=user).order_by("pk").first()
        if kept is not None:
            return kept  # one analysis board per player while the game runs
    limit_enforce(name="review", rows=Review.objects.filter(owner=user), now=now, sender=user)
    tree = _game_tree(game)
    if game.is_over:
        title = _("Review of game %(id)s") % {"id": game.pk}
    else:
        title = _("Analysis of game %(id)s") % {"id": game.pk}
    return Review.objects.create(
        owner=user,
        title=title,
        game=game,
        tree=tree.to_data(),
        nodes=len(tree),
        board=board_key(tree.topology),
        created=now,
        updated=now,
    )


@transaction.atomic
def review_upload_attempt(*, user: User, now: dt.datetime) -> ReviewUpload:
    """Count one try at uploading a record (committed before the record is read, so that a
    refused or failed upload counts too). RateLimited past the "review" limit, on the
    user's reviews or on their uploads (read or not) in its window."""
    limit_enforce(name="review", rows=Review.objects.filter(owner=user), now=now, sender=user)
    limit_enforce(name="review", rows=ReviewUpload.objects.filter(owner=user), now=now)
    return ReviewUpload.objects.create(owner=user, created=now)


def review_uploads_prune(*, now: dt.datetime) -> int:
    """Delete the upload tries older than the "review" limit's window (nothing counts them any
    more); returns how many went."""
    since = limit_get("review").since(now)
    deleted, _by_model = ReviewUpload.objects.filter(created__lt=since).delete()
    return deleted


def review_create_from_sgf(
    *, user: User, data: bytes, now: dt.datetime, game: int = 1
) -> tuple[Review, tuple[SgfNote, ...]]:
    """A new private review of game number `game` (from 1) of an uploaded SGF record: every
    node, variation, comment, mark and label, read once and kept, and the notes on what the
    reading changed or chose (a comment or label cut, properties not kept, the charset, the
    number of games in the file) for the uploader. The try is counted first
    (`review_upload_attempt`, its own transaction); then the record is read outside any
    transaction, in time and space linear in the file (rules.sgf_tree's bounds), and written
    and read back (rules.review.uploads). ValidationError with the refusal registry's sentence
    and code for a file that is too large, has too many moves, marks or labels, cannot be
    read, has no such game, or would not read back the same; RateLimited past the "review"
    limit."""
    review_upload_attempt(user=user, now=now)
    try:
        upload = upload_read(data, limits=_limits(), max_nodes=settings.REVIEW_MAX_NODES, game=game)
    except SgfError as exc:
        refusal = refusal_of(exc)
        raise ValidationError(refusal.message, code=refusal.code) from exc
    review = _review_store(user=user, upload=upload, now=now)
    return review, upload.notes


@transaction.atomic
def _review_store(*, user: User, upload: Upload, now: dt.datetime) -> Review:
    details = upload.details()
    black = details["black_player"] or _("Black")
    white = details["white_player"] or _("White")
    title = f"{black} – {white}"
    if upload.parsed.games > 1:
        title += " " + _("(game %(number)s)") % {"number": upload.parsed.game}
    tree = upload.tree
    review = Review.objects.create(
        owner=user,
        title=title[:TITLE_MAX],
        tree=tree.to_data(),
        nodes=len(tree),
        board=board_key(tree.topology),
        details={k: v for k, v in details.items() if v},
        created=now,
        updated=now,
    )
    # The record's comments are the uploader's, but not typed: no flood limit counts them.
    ReviewComment.objects.bulk_create(
        ReviewComment(review=review, node=node, author=user, text=text, created=now, typed=False)
        for node, text in sorted(upload.comments.items())
    )
    return review


def _locked_own(review_id: int, user: User) -> Review:
    review = Review.objects.select_for_update(of=("self",)).select_related("game").get(pk=review_id)
    if review.owner_id != user.pk:
        raise PermissionDenied(_("Only the owner of this review can change it."))
    return review


@transaction.atomic
def review_move_play(
    *, review_id: int, user: User, parent: int, point: int | None, now: dt.datetime
) -> TreeNode:
    """The owner plays a move after node `parent` (a stone at `point`, a pass for None);
    the rules judge it. Returns the node holding it (an existing one when it was tried).
    Holds the review's row lock. Raises Review.DoesNotExist, PermissionDenied, UnknownNode,
    an IllegalMove subclass or TreeFull."""
    review = _locked_own(review_id, user)
    tree = VariationTree.from_data(review.tree)
    node = tree.play(parent, point)
    review.tree = tree.to_data()
    review.nodes = len(tree)
    review.updated = now
    review.save(update_fields=["tree", "nodes", "updated"])
    return node


@transaction.atomic
def review_mark_set(
    *,
    review_id: int,
    user: User,
    node: int,
    point: int,
    tool: str,
    text: str | None = None,
    now: dt.datetime,
) -> bool:
    """The owner applies a mark or label tool at `point` on node `node`
    (`rules.review.marks.annotate`: the same mark again takes it off); True when the point
    now shows it. Kept in the tree as an imported record's marks are, and exported with it.
    Holds the review's row lock. Raises PermissionDenied, UnknownNode, OffBoard, and
    ValidationError for a label SGF cannot keep or more marks or labels than a node may hold."""
    review = _locked_own(review_id, user)
    tree = VariationTree.from_data(review.tree)
    try:
        placed = annotate(tree, node, point, tool, text=text, limits=_limits())
    except BadLabel as exc:
        raise ValidationError(
            _("A label is 1 to %(most)s characters.") % {"most": exc.most}, code=exc.code
        ) from exc
    except SgfError as exc:  # SgfTooLarge: the bounds of one node
        raise ValidationError(sentence(rules_refusal(exc)), code="too_many_marks") from exc
    review.tree = tree.to_data()
    review.updated = now
    review.save(update_fields=["tree", "updated"])
    return placed


@transaction.atomic
def review_node_remove(*, review_id: int, user: User, node: int, now: dt.datetime) -> int:
    """The owner removes node `node` and everything after it, with their comments; returns
    the parent's id. Raises UnknownNode, StartKept for the start."""
    review = _locked_own(review_id, user)
    tree = VariationTree.from_data(review.tree)
    parent = tree.node(node).parent
    removed = tree.remove(node)
    review.tree = tree.to_data()
    review.nodes = len(tree)
    review.updated = now
    review.save(update_fields=["tree", "nodes", "updated"])
    review.comments.filter(node__in=removed).delete()
    return parent if parent is not None else ROOT


@transaction.atomic
def review_comment_add(
    *, review_id: int, user: User, node: int, text: str, now: dt.datetime
) -> ReviewComment:
    """A comment typed on node `node`: by the owner; after the game by one of its players on
    a shared review; by any signed-in visitor on a public review that lets them
    (selectors.review_can_comment). ValidationError for an empty or too long comment, a node
    the tree does not hold or a full review; RateLimited past the "review_comment" limits,
    which count typed comments only (not those read from an uploaded record or copied);
    ReviewCommentRefused (403) for anyone else; Muted when a moderator muted a commenter
    who is not the review's owner."""
    review = Review.objects.select_for_update(of=("self",)).select_related("game").get(pk=review_id)
    if not review_can_comment(review=review, user=user):
        raise ReviewCommentRefused(review_comment_refusal(review=review, user=user))
    if review.owner_id != user.pk:  # the owner's notes on their own review are not speech
        moderation_speech_check(user=user, now=now)
    text = text.strip()
    if not text:
        raise ValidationError(_("Write something first."))
    most = settings.REVIEW_COMMENT_MAX_LENGTH
    if len(text) > most:
        raise ValidationError(_("A comment is at most %(most)s characters.") % {"most": most})
    try:
        review_tree(review=review).node(node)
    except UnknownNode as exc:
        raise ValidationError(refusal_of(exc).message, code=exc.code) from exc
    own = ReviewComment.objects.filter(author=user, typed=True)
    limit_enforce(name="review_comment", rows=own, now=now, sender=user)
    limit_enforce(name="review_comment_hour", rows=own, now=now)
    if review.comments.count() >= settings.REVIEW_COMMENTS_MAX:
        raise ValidationError(
            _("This review holds %(most)s comments, the most one review can hold.")
            % {"most": settings.REVIEW_COMMENTS_MAX}
        )
    return ReviewComment.objects.create(
        review=review, node=node, author=user, text=text, created=now
    )


@transaction.atomic
def review_update(
    *,
    review_id: int,
    user: User,
    title: str,
    visibility: str,
    now: dt.datetime,
    visitor_comments: bool | None = None,
) -> Review:
    """The owner renames the review, chooses who may open it and (`visitor_comments`, None
    keeps it) whether signed-in visitors may comment when it is public. The first time a
    review of a game is made public its players (other than the owner) are told after the
    commit. ValidationError for an empty title, an unknown visibility, or sharing an analysis
    of a game still being played."""
    review = _locked_own(review_id, user)
    title = " ".join(title.split())[:TITLE_MAX]
    if not title:
        raise ValidationError(_("Give the review a title."))
    if visibility not in ReviewVisibility.values:
        raise ValidationError(_("Choose who may open the review."))
    if review.game is not None and not review.game.is_over and visibility != "private":
        raise ValidationError(_("You can share this analysis once the game is over."))
    review.title = title
    review.visibility = visibility
    if visitor_comments is not None:
        review.visitor_comments = visitor_comments
    review.updated = now
    first_publication = visibility == ReviewVisibility.PUBLIC and review.published is None
    if first_publication:
        review.published = now
    review.save(update_fields=["title", "visibility", "visitor_comments", "updated", "published"])
    if first_publication and review.game is not None:
        enqueue_on_commit("games.review_published", review.pk)
    return review


@transaction.atomic
def review_copy(*, review_id: int, user: User, now: dt.datetime) -> Review:
    """A private copy of a review the caller may see, owned by them, with its comments.
    RateLimited past the "review" limit."""
    source = Review.objects.get(pk=review_id)
    limit_enforce(name="review", rows=Review.objects.filter(owner=user), now=now, sender=user)
    copy = Review.objects.create(
        owner=user,
        title=(_("Copy of %(title)s") % {"title": source.title})[:TITLE_MAX],
        game=source.game,
        tree=source.tree,
        nodes=source.nodes,
        board=source.board,
        details=source.details,
        estimate=source.estimate,
        copied_from=source,
        created=now,
        updated=now,
    )
    # Copied, not typed: their authors' flood limits do not count them.
    ReviewComment.objects.bulk_create(
        ReviewComment(
            review=copy, node=c.node, author_id=c.author_id, text=c.text, created=now, typed=False
        )
        for c in source.comments.all()
    )
    return copy


REPORT_QUOTE = 1000  # characters of the reported comment quoted to the staff


def review_comment_report(
    *, comment_id: int, user: User, reason: str, link: str, now: dt.datetime
) -> GameContact:
    """`user` reports a comment someone else wrote on a review they may open, to the site
    staff, through the "contact the site" path (games.services.contact: staff are mailed once
    after the commit, see it in the admin and answer by mail; the "contact" flood limit).
    `link` is the comment's address on the site. It also lands in the moderators' queue
    (accounts.moderation.services.report_create, with a copy of the comment). Raises
    ReviewComment.DoesNotExist (also for
    a review the reporter may not open), ReviewCommentRefused for one's own comment,
    ValidationError for an empty or too long reason, RateLimited past the limit."""
    comment = ReviewComment.objects.select_related("review__game", "author").get(pk=comment_id)
    review = comment.review
    if not review_can_view(review=review, user=user):
        raise ReviewComment.DoesNotExist
    if comment.author_id == user.pk:
        raise ReviewCommentRefused(_("You cannot report your own comment."))
    reason = reason.strip()
    if not reason:
        raise ValidationError(_("Say what is wrong with the comment."))
    quoted = comment.text[:REPORT_QUOTE]
    text = _(
        "Report of a comment by %(author)s on the review “%(title)s”, %(link)s\n\n"
        "The comment:\n%(comment)s\n\nWhy it is reported:\n%(reason)s"
    ) % {
        "author": comment.author.username,
        "title": review.title,
        "link": link,
        "comment": quoted,
        "reason": reason,
    }
    report_create_unless_open(
        reporter=user,
        reported_user=comment.author,
        kind=ReportKind.REVIEW_COMMENT,
        snapshot=comment.text,
        reason=reason,
        url=link,
        target=comment,
        now=now,
    )
    if review.game_id is not None:
        return game_contact_create(game_id=review.game_id, user=user, text=text, now=now)
    return site_contact_create(user=user, text=text, now=now)


@transaction.atomic
def review_report(
    *, review_id: int, user: User, reason: str, link: str, now: dt.datetime
) -> Report:
    """`user` reports a review someone else wrote, that they may open, to the moderators, with
    a copy of its title and its owner's comments (`link`: its address). Raises
    Review.DoesNotExist (also for a review they may not open) and report_create's refusals
    (one's own review, twice, the flood limit, an empty reason)."""
    review = Review.objects.select_related("owner").get(pk=review_id)
    if not review_can_view(review=review, user=user):
        raise Review.DoesNotExist
    said = review.comments.filter(author_id=review.owner_id).values_list("text", flat=True)
    snapshot = "\n\n".join([review.title, *said[:50]])
    return report_create(
        reporter=user,
        reported_user=review.owner,
        kind=ReportKind.REVIEW,
        snapshot=snapshot,
        reason=reason,
        url=link,
        target=review,
        now=now,
    )


@transaction.atomic
def review_delete(*, review_id: int, user: User) -> None:
    """The owner deletes the review and its comments."""
    _locked_own(review_id, user).delete()


def game_note_save(*, game: Game, user: User, text: str, now: dt.datetime) -> GameNote:
    """A player keeps private notes on their game (an empty text keeps an empty note).
    PermissionDenied for anyone else, ValidationError for notes too long."""
    if game.colour_of(user) is None:
        raise PermissionDenied(_("Only the players of this game can keep notes on it."))
    most = settings.GAME_NOTE_MAX_LENGTH
    if len(text) > most:
        raise ValidationError(_("Notes are at most %(most)s characters.") % {"most": most})
    note, _created = GameNote.objects.update_or_create(
        game=game, author=user, defaults={"text": text, "updated": now}
    )
    return note


def game_estimate_compute(*, game_id: int, now: dt.datetime) -> GameEstimate | None:
    """Work out and keep a finished game's estimate series; the kept one when it exists,
    None for a game that is gone or not finished. Safe to run twice."""
    kept = GameEstimate.objects.filter(game_id=game_id).first()
    if kept is not None:
        return kept
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game.is_over:
        return None
    tree = _game_tree(game)
    series = estimate_series(
        topology=tree.topology,
        rules=tree.rules,
        moves=tree.moves_to(tree.main_line()[-1]),
        black_setup=tree.black_setup,
        first=tree.first,
    )
    estimate, _created = GameEstimate.objects.get_or_create(
        game_id=game_id, defaults={"series": series, "computed": now}
    )
    return estimate


def review_estimate_request(*, review_id: int, user: User, now: dt.datetime) -> bool:
    """The owner of an uploaded record asks for its estimate graph; worked out by a task
    after the commit. False when it is there or asked for already."""
    with transaction.atomic():
        review = _locked_own(review_id, user)
        if review.game_id is not None or review.estimate is not None:
            return False
        if review.estimate_requested is not None:
            return False
        review.estimate_requested = now
        review.save(update_fields=["estimate_requested"])
        enqueue_on_commit("games.review_estimate", review.pk)
    return True


def review_estimate_compute(*, review_id: int) -> list[float] | None:
    """Work out and keep the estimate series of an uploaded record's main line (as it stands
    now); None when the review is gone. Safe to run twice."""
    review = Review.objects.filter(pk=review_id).first()
    if review is None:
        return None
    if review.estimate is not None:
        return review.estimate
    tree = VariationTree.from_data(review.tree)
    series = estimate_series(
        topology=tree.topology,
        rules=tree.rules,
        moves=tree.moves_to(tree.main_line()[-1]),
        black_setup=tree.black_setup,
        white_setup=tree.white_setup,
        first=tree.first,
    )
    Review.objects.filter(pk=review_id, estimate__isnull=True).update(estimate=series)
    return series
