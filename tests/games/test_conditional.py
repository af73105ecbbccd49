"""Conditional moves: stored answers played at once by the move service, and their checks."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games import hooks
from games.errors import GameActionError, MoveRefused, NotAPlayer, StalePage
from games.models import ConditionalMoves, Game, GameStatus
from games.selectors.conditional import conditional_moves_get
from games.services import play as play_service
from games.services.conditional import conditional_moves_clear, conditional_moves_set
from messaging.notifications.models import Notification
from tests.games.conftest import NOW, play
from tests.games.helpers import KO_SETUP

pytestmark = pytest.mark.django_db

LATER = NOW + dt.timedelta(hours=5)


def sgf(game: Game, name: str) -> str:
    return "pass" if name == "pass" else game.topology.sgf(game.topology.parse(name))


def node(game: Game, move: str, answer: str, *then: dict) -> dict:
    return {"if": sgf(game, move), "play": sgf(game, answer), "then": list(then)}


def leave(game: Game, owner, *tree: dict) -> ConditionalMoves:
    return conditional_moves_set(
        game_id=game.pk,
        user=owner,
        tree=list(tree),
        expected_move_number=game.move_number,
        now=NOW,
    )


def labels(game: Game) -> list[str]:
    game.refresh_from_db()
    return [game.topology.name(game.topology.from_sgf(c)) for c in game.move_codes()]


def notices(user, event: str) -> list[str]:
    return list(
        Notification.objects.filter(user=user, event=event)
        .order_by("pk")
        .values_list("text", flat=True)
    )


def test_a_branch_is_taken_two_levels_deep_with_notices_to_the_right_player(
    game_factory, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    game = game_factory(moves=("E5",))
    leave(game, black, node(game, "C3", "G7", node(game, "C7", "G3")), node(game, "D4", "F6"))
    with django_capture_on_commit_callbacks(execute=True):
        game = play(game, "C3", LATER)
    assert labels(game) == ["E5", "C3", "G7"]
    assert (game.move_number, game.player_to_move_id) == (3, white.pk)
    assert conditional_moves_get(game_id=game.pk, user=black) == [node(game, "C7", "G3")]
    with django_capture_on_commit_callbacks(execute=True):
        game = play(game, "C7", LATER)
    assert labels(game) == ["E5", "C3", "G7", "C7", "G3"]
    assert not ConditionalMoves.objects.exists()
    # Black is told of each answer and never asked to play a move already answered.
    assert notices(black, "your_turn") == []
    assert notices(black, "conditional_move") == [
        f"Game {game.pk}: shiro played C3 (move 2) and your conditional move G7 was played "
        "(move 3).",
        f"Game {game.pk}: shiro played C7 (move 4) and your conditional move G3 was played "
        "(move 5).",
    ]
    assert len(notices(white, "your_turn")) == 2  # after moves 3 and 5
    assert all(black.email not in m.to or "conditional" in m.subject for m in mailoutbox)
    assert sum("conditional move" in m.subject for m in mailoutbox) == 2


def test_a_move_off_the_tree_clears_it_and_the_owner_is_told_it_is_their_turn(
    game_factory, black, white, django_capture_on_commit_callbacks
):
    game = game_factory(moves=("E5",))
    leave(game, black, node(game, "C3", "G7"))
    with django_capture_on_commit_callbacks(execute=True):
        game = play(game, "D4", LATER)
    assert labels(game) == ["E5", "D4"]
    assert game.player_to_move_id == black.pk
    assert conditional_moves_get(game_id=game.pk, user=black) is None
    assert len(notices(black, "your_turn")) == 1


def test_a_stored_answer_that_became_illegal_clears_the_tree_and_tells_the_owner(
    game_factory, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    game = game_factory(moves=("E5",))
    leave(game, black, node(game, "C3", "G7", node(game, "C7", "G3")))
    # Stored under other circumstances (the tree is checked when it is left): E5 is taken.
    ConditionalMoves.objects.update(tree=[node(game, "C3", "E5", node(game, "C7", "G3"))])
    with django_capture_on_commit_callbacks(execute=True):
        game = play(game, "C3", LATER)
    assert labels(game) == ["E5", "C3"]
    assert game.player_to_move_id == black.pk
    assert not ConditionalMoves.objects.exists()
    assert notices(black, "conditional_move") == [
        f"Game {game.pk}: your conditional answer E5 to move 2 could not be played because the "
        "point is taken, so your conditional moves were cleared. It is your turn."
    ]
    assert len(notices(black, "your_turn")) == 1
    assert {m.subject for m in mailoutbox if m.to == [black.email]} == {
        f"[Badux] Your conditional move in game {game.pk}",
        f"[Badux] Your turn against shiro (game {game.pk})",
    }


def test_a_stored_tree_of_the_wrong_shape_is_dropped_and_the_move_goes_on(
    game_factory, black, white
):
    game = game_factory(moves=("E5",))
    leave(game, black, node(game, "C3", "G7"))
    ConditionalMoves.objects.update(tree=[{"if": sgf(game, "C3"), "play": "zz"}])
    game = play(game, "C3", LATER)
    assert labels(game) == ["E5", "C3"]
    assert game.player_to_move_id == black.pk
    assert not ConditionalMoves.objects.exists()


def test_superko_refuses_the_answer_when_left_and_when_played(
    game_factory, black, white, django_capture_on_commit_callbacks
):
    game = game_factory(ruleset="go-area", moves=KO_SETUP[:-1])  # Black to take at D4
    with pytest.raises(ValidationError, match="if D4 → C4.*repeat an earlier position"):
        leave(game, white, node(game, "D4", "C4"))
    assert not ConditionalMoves.objects.exists()
    leave(game, white, node(game, "D4", "J1"))
    ConditionalMoves.objects.update(tree=[node(game, "D4", "C4")])
    with django_capture_on_commit_callbacks(execute=True):
        game = play(game, "D4", LATER)
    assert labels(game)[-1] == "D4"
    assert game.player_to_move_id == white.pk
    assert not ConditionalMoves.objects.exists()
    assert "repeat an earlier position" in notices(white, "conditional_move")[0]


def test_an_answer_that_ends_the_game_counts_it_and_runs_the_hook_once(
    game_factory, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    finished = []

    def receiver(*, game, now):
        finished.append((game.pk, game.result, now))

    game = game_factory(moves=("E5",))
    leave(game, black, node(game, "pass", "pass"))
    hooks.game_finished_register(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            game = play(game, "pass", LATER)
    finally:
        hooks.game_finished_unregister(receiver)
    game.refresh_from_db()
    assert (game.status, game.end_reason, game.moves[-4:]) == (
        GameStatus.FINISHED,
        "passes",
        "....",
    )
    assert game.result.startswith("B+") and game.score is not None
    assert finished == [(game.pk, game.result, LATER)]
    assert not ConditionalMoves.objects.exists()
    assert notices(black, "conditional_move")  # told that the pass was played
    assert sum("over" in m.subject.lower() or "result" in m.subject.lower() for m in mailoutbox)


def test_a_line_that_goes_on_after_the_end_of_the_game_is_refused(game_factory, black):
    game = game_factory(moves=("E5",))
    with pytest.raises(ValidationError, match="after the end of the game"):
        leave(game, black, node(game, "pass", "pass", node(game, "C3", "G7")))


def test_the_fischer_increment_is_applied_to_the_automatic_answer(game_factory, black, white):
    game = game_factory(
        clock_kind="fischer",
        clock_days=3,
        clock_increment_days=1,
        clock_cap_days=14,
        weekend_pause=False,
        moves=("E5",),
    )
    assert game.black_bank == dt.timedelta(days=4)  # 3 days left at once, plus 1
    leave(game, black, node(game, "C3", "G7"))
    game = play(game, "C3", NOW + dt.timedelta(days=1))
    game.refresh_from_db()
    # Black answered the moment their clock started: all of their 4 days left, plus 1.
    assert game.black_bank == dt.timedelta(days=5)
    assert game.white_bank == dt.timedelta(days=3)  # 3 days left after 1 used, plus 1
    assert game.deadline == NOW + dt.timedelta(days=4)  # White's 3 days from the answer


def test_a_reply_by_mail_triggers_the_answer(
    game_factory, black, white, settings, django_capture_on_commit_callbacks
):
    from games.inbound.services import inbound_mail_handle  # noqa: PLC0415 - needs the domain set first
    from tests.games.inbound.helpers import address_for, reply_bytes

    settings.INBOUND_MAIL_DOMAIN = "play.example.org"
    game = game_factory(moves=("E5",))
    leave(game, black, node(game, "C3", "G7"))
    with django_capture_on_commit_callbacks(execute=True):
        result = inbound_mail_handle(
            raw=reply_bytes("c3", sender=white.email),
            recipient=address_for(game, white),
            now=LATER,
        )
    assert result.outcome == "played"
    assert labels(game) == ["E5", "C3", "G7"]
    assert notices(black, "conditional_move")


def test_resignation_and_time_out_clear_trees(game_factory, black, white):
    game = game_factory(moves=("E5",))
    leave(game, black, node(game, "C3", "G7"))
    play_service.game_resign(game_id=game.pk, user=black, expected_move_number=1, now=LATER)
    assert not ConditionalMoves.objects.exists()
    game = game_factory(moves=("E5",), clock_days=1)
    leave(game, black, node(game, "C3", "G7"))
    assert play_service.game_timeout(game_id=game.pk, now=NOW + dt.timedelta(days=2)) is not None
    assert not ConditionalMoves.objects.exists()


def test_leaving_a_tree_replaces_the_previous_one_and_only_its_owner_sees_or_clears_it(
    game_factory, black, white
):
    game = game_factory(moves=("E5",))
    leave(game, black, node(game, "C3", "G7"))
    stored = leave(game, black, node(game, "D4", "F6"))
    assert ConditionalMoves.objects.get().pk == stored.pk
    assert conditional_moves_get(game_id=game.pk, user=black) == [node(game, "D4", "F6")]
    assert conditional_moves_get(game_id=game.pk, user=white) is None
    conditional_moves_clear(game_id=game.pk, user=white)
    assert ConditionalMoves.objects.count() == 1
    conditional_moves_clear(game_id=game.pk, user=black)
    assert conditional_moves_get(game_id=game.pk, user=black) is None


@pytest.mark.parametrize(
    ("tree", "words"),
    [
        ({"if": "cc"}, "must be a list"),
        ([{"if": "cc", "play": "zz"}], "not a point of the 9×9 board"),
        ([{"if": "CC", "play": "gg"}], "not a point of the 9×9 board"),
        ([{"if": "c\x00", "play": "gg"}], "not a point"),
        ([{"if": "cc", "play": "gg\x00"}], "must be an SGF point"),
        ([{"if": 3, "play": "gg"}], "must be an SGF point"),
        ([{"if": 10**5000, "play": "gg"}], "not a value of type int"),
        ([{"if": "cc", "play": [[[[[]]]]] * 3}], "not a value of type list"),
        ([{"if": "cc", "play": "gg", "else": []}], "exactly the keys"),
        ([{"if": "cc", "play": "gg"}, {"if": "cc", "play": "gf"}], "Two branches answer C7"),
        ([], "at least one answer"),
        ([{"if": "cc", "play": "cc"}], "your answer C7 is refused"),
        ([{"if": "ee", "play": "cc"}], "their move E5 is refused"),
    ],
)
def test_bad_trees_are_refused_with_a_reason(game_factory, black, tree, words):
    game = game_factory(moves=("E5",))
    with pytest.raises(ValidationError, match=words):
        conditional_moves_set(
            game_id=game.pk, user=black, tree=tree, expected_move_number=1, now=NOW
        )
    assert not ConditionalMoves.objects.exists()


def test_depth_and_size_are_bounded(game_factory, black):
    game = game_factory(board_size=19, moves=("K10",))
    names = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 7)]

    def chain(depth: int) -> list[dict]:
        tree: list[dict] = []
        for i in reversed(range(depth)):
            tree = [node(game, names[2 * i], names[2 * i + 1], *tree)]
        return tree

    leave(game, black, *chain(20))
    with pytest.raises(ValidationError, match="at most 20 answers"):
        leave(game, black, *chain(21))
    wide = [{"if": game.topology.sgf(p), "play": "pass"} for p in range(201)]
    with pytest.raises(ValidationError, match="at most 200 answers"):
        leave(game, black, *wide)


def test_only_a_player_waiting_for_the_opponent_on_the_current_move_may_leave_a_tree(
    game_factory, black, white, user_factory
):
    game = game_factory(moves=("E5",))
    with pytest.raises(GameActionError) as info:
        leave(game, white, node(game, "C3", "G7"))
    assert info.value.code == "your_turn"
    with pytest.raises(NotAPlayer):
        leave(game, user_factory(), node(game, "C3", "G7"))
    with pytest.raises(StalePage):
        conditional_moves_set(
            game_id=game.pk,
            user=black,
            tree=[node(game, "C3", "G7")],
            expected_move_number=0,
            now=NOW,
        )
    play_service.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
    with pytest.raises(MoveRefused):
        leave(game, black, node(game, "C3", "G7"))
    assert not ConditionalMoves.objects.exists()


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=4)
    | st.sampled_from(["pass", "cc", "gg", "ee", "dd", "zz", "c\x00"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["if", "play", "then", "x"]) | st.text(max_size=3), inner, max_size=4
        )
    ),
    max_leaves=25,
)


@hypothesis_settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(tree=JSON)
def test_any_json_is_stored_or_refused_with_a_validation_error(game_factory, black, tree):
    game = Game.objects.first() or game_factory(moves=("E5",))
    ConditionalMoves.objects.all().delete()
    try:
        stored = leave(game, black, *tree) if isinstance(tree, list) else None
    except ValidationError:
        assert not ConditionalMoves.objects.exists()
    else:
        if stored is not None:
            assert conditional_moves_get(game_id=game.pk, user=black) == stored.tree
    if not isinstance(tree, list):
        with pytest.raises(ValidationError):
            conditional_moves_set(
                game_id=game.pk, user=black, tree=tree, expected_move_number=1, now=NOW
            )
