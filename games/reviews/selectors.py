"""Reads for reviews: who may open, change or comment on one; a game's shared reviews; the
SGF of a review; a player's notes; the estimate series."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from accounts.models import User
from games.models import Game, GameStatus
from games.reviews.models import GameEstimate, GameNote, Review, ReviewComment, ReviewVisibility
from rules.errors import RulesError
from rules.review.variations import VariationTree
from rules.sgf_tree import write_sgf_tree


def review_get(*, token: str) -> Review | None:
    """The review with this link id (its game and owner loaded), or None."""
    return (
        Review.objects.select_related("owner", "game__black", "game__white")
        .filter(token=token)
        .first()
    )


def _player(game: Game, user: User | None) -> bool:
    return game.colour_of(user) is not None


def review_can_view(*, review: Review, user: User | None) -> bool:
    """A review of a private game: its players only. Otherwise the owner always, others when
    it is shared (link or public), except an analysis of a game still being played (its
    owner's only)."""
    game = review.game
    if game is not None and not game.public and not _player(game, user):
        return False  # even its owner's, should the game have become private since
    if user is not None and user.is_authenticated and review.owner_id == user.pk:
        return True
    if review.visibility == ReviewVisibility.PRIVATE:
        return False
    return game is None or game.is_over


def review_can_edit(*, review: Review, user: User | None) -> bool:
    """Only the owner plays moves in a review, renames and shares it."""
    return user is not None and user.is_authenticated and review.owner_id == user.pk


def review_can_comment(*, review: Review, user: User | None) -> bool:
    """The owner; on a shared review of a finished game, that game's players; on a public
    review the owner lets visitors comment on (`visitor_comments`), every signed-in visitor
    who may open it."""
    if review_can_edit(review=review, user=user):
        return True
    if user is None or not user.is_authenticated:
        return False
    game = review.game
    if (
        review.visibility == ReviewVisibility.PUBLIC
        and review.visitor_comments
        and review_can_view(review=review, user=user)
    ):
        return True
    return (
        game is not None
        and game.is_over
        and review.visibility != ReviewVisibility.PRIVATE
        and _player(game, user)
    )


def review_comment_refusal(*, review: Review, user: User | None) -> str:
    """Why `user` may not comment on `review` (for one `review_can_comment` refuses)."""
    if review.visibility == ReviewVisibility.PUBLIC and not review.visitor_comments:
        return gettext("The owner of this review has turned visitors' comments off.")
    return gettext("Only the owner and the game's players can comment on this review.")


def review_tree(*, review: Review) -> VariationTree:
    """The review's tree."""
    return VariationTree.from_data(review.tree)


def review_node_removal(*, review: Review, node: int) -> tuple[int, int] | None:
    """What removing `node` would take away: how many moves (it and everything after it, in
    every variation) and how many comments on them; None when it cannot be removed (the
    start, or a node the tree does not hold)."""
    try:
        removed = VariationTree.from_data(review.tree).remove(node)
    except RulesError:
        return None
    return len(removed), review.comments.filter(node__in=removed).count()


def review_comments(*, review: Review) -> QuerySet[ReviewComment]:
    """The review's comments in the order they were written, authors loaded."""
    return review.comments.select_related("author").order_by("created", "pk")


def review_comment_get(*, review: Review, comment_id: int) -> ReviewComment | None:
    """The comment `comment_id` of `review` (its author loaded), or None."""
    return review.comments.select_related("author").filter(pk=comment_id).first()


def review_comment_rows(*, review: Review) -> list[tuple[int, str, str, int, int]]:
    """The review's comments as (node, author's name, text, comment id, author id), in the
    order they were written (no model instances: a review may hold a thousand)."""
    return list(
        review.comments.order_by("created", "pk").values_list(
            "node", "author__username", "text", "pk", "author_id"
        )
    )


def reviews_public_for_game(*, game: Game) -> QuerySet[Review]:
    """The game's public reviews, newest first (empty for a game still being played)."""
    if not game.is_over:
        return Review.objects.none()
    return (
        Review.objects.filter(game=game, visibility=ReviewVisibility.PUBLIC)
        .select_related("owner")
        .order_by("-published", "-pk")
    )


def reviews_of_user_for_game(*, game: Game, user: User | None) -> QuerySet[Review]:
    """The visitor's own reviews (and analysis boards) of the game, newest first."""
    if user is None or not user.is_authenticated:
        return Review.objects.none()
    return Review.objects.filter(game=game, owner=user).order_by("-updated", "-pk")


def reviews_public(
    *, board: str = "", player: User | None = None, name: str = ""
) -> QuerySet[Review]:
    """The public reviews anyone may open, newest published first: of uploaded records and of
    finished public games (never of a running or private game). `board` ("square-19")
    keeps one board's; `player` keeps those they own, played in, or that name them as a
    record's player; `name` without a `player` (no account of that name) keeps the uploaded
    records that name it as a player. Lists: the variation tree and the estimate (the
    biggest columns, decoded from JSON) are not read."""
    reviews = Review.objects.filter(visibility=ReviewVisibility.PUBLIC).filter(
        Q(game__isnull=True) | Q(game__public=True, game__status=GameStatus.FINISHED)
    )
    if board:
        reviews = reviews.filter(board=board)
    named = player.username if player is not None else name
    if named:
        in_record = Q(game__isnull=True, details__black_player__iexact=named) | Q(
            game__isnull=True, details__white_player__iexact=named
        )
        if player is not None:
            in_record |= Q(owner=player) | Q(game__black=player) | Q(game__white=player)
        reviews = reviews.filter(in_record)
    return (
        reviews.select_related("owner", "game__black", "game__white")
        .defer("tree", "estimate")
        .order_by("-published", "-pk")
    )


def reviews_public_of_owner(*, owner: User) -> QuerySet[Review]:
    """The public reviews `owner` wrote that anyone may open (their profile's), newest
    published first."""
    return reviews_public().filter(owner=owner)


def reviews_of_user(*, user: User) -> QuerySet[Review]:
    """Every review the player owns, newest first."""
    return Review.objects.filter(owner=user).select_related("game").order_by("-updated", "-pk")


def review_sgf(*, review: Review) -> str:
    """The review as an SGF record: every variation, every comment (with its author when it is
    not the owner), the marks and labels of an uploaded record, and the players."""
    tree = review_tree(review=review)
    by_node: dict[int, list[str]] = {}
    for comment in review_comments(review=review):
        text = comment.text
        if comment.author_id != review.owner_id:
            text = f"{comment.author.username}: {text}"
        by_node.setdefault(comment.node, []).append(text)
    game = review.game
    if game is not None:
        details = {
            "black_player": game.black.username,
            "white_player": game.white.username,
            "date": game.created.date().isoformat(),
            "result": game.result or None,
        }
    else:
        details = {k: review.details.get(k) for k in ("black_player", "white_player", "date")}
        details["result"] = review.details.get("result")
    record = tree.sgf_record(**details)
    comments = {node: "\n\n".join(texts) for node, texts in by_node.items()}
    return write_sgf_tree(record, tree.to_sgf_node(comments))


def game_note_get(*, game: Game, user: User | None) -> GameNote | None:
    """The visitor's own notes on the game, or None."""
    if user is None or not user.is_authenticated:
        return None
    return GameNote.objects.filter(game=game, author=user).first()


def game_estimate_series(*, game: Game) -> list[float] | None:
    """The finished game's kept estimate series, or None while it is being worked out."""
    row = GameEstimate.objects.filter(game=game).only("series").first()
    return row.series if row is not None else None


def review_estimate_series(*, review: Review) -> list[float] | None:
    """A review's estimate series: its game's, or an uploaded record's own."""
    if review.game_id is not None:
        return game_estimate_series(game=review.game)
    return review.estimate


def reviews_box(*, game: Game, user: User | None, note_any: bool = True) -> dict:
    """What the game page's reviews box shows: the public reviews (finished games), the
    viewer's own reviews of the game, whether they may start one, their private notes. No
    query for what the viewer cannot have (a spectator of a running game: none at all; a
    player of one: their notes only), nor for notes the caller knows there are none of
    (`note_any` False: games.selectors.play.game_page_get read that with the game)."""
    signed_in = user is not None and user.is_authenticated
    is_player = game.colour_of(user) is not None
    public = list(reviews_public_for_game(game=game)[:20]) if game.is_over else []
    may_own = signed_in and (game.is_over or is_player)
    # While the game runs a player has one analysis board, which the button opens again.
    own = (
        list(reviews_of_user_for_game(game=game, user=user)[:10])
        if may_own and game.is_over
        else []
    )
    return {
        "game": game,
        "public": public,
        "own": own,
        "can_start": may_own,
        "is_player": is_player,
        "note": game_note_get(game=game, user=user) if is_player and note_any else None,
    }
