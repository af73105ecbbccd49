"""Reading an uploaded SGF record into a review's tree, and refusing it rather than changing it.

`upload_read` parses one game of the file (`rules.sgf_tree.parse_sgf_tree`: decoded before it
is tokenised, every node kept), builds the review's tree (`VariationTree.from_sgf`), then writes
that tree as the site will export it and reads the export back: a record whose tree would not
read back the same (a move, comment, mark, label, setup stone or branch that differs) is
refused with `SgfRoundTrip`, never stored changed. What the reading itself had to change or
choose is in `Upload.notes` (rules.sgf_tree.SgfNote), for the uploader to read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.review.variations import MAX_NODES, VariationTree
from rules.sgf import SgfError, SgfRecord
from rules.sgf_tree import SgfLimits, SgfNote, SgfTree, parse_sgf_tree, write_sgf_tree


class SgfRoundTrip(SgfError):
    """A record whose tree does not read back the same once written: `what` names the part
    that differs ("move", "comment", "marks", "labels", "setup", "variations", "root") and
    `number` the move number of the first node where it does (0: the start)."""

    code = "sgf_round_trip"

    def __init__(self, what: str, number: int) -> None:
        self.what = what
        self.number = number
        super().__init__(
            f"the record would not read back the same once saved: at move {number}, its {what} "
            "would change, so it is refused rather than changed"
        )


@dataclass(frozen=True)
class Upload:
    """An uploaded record read: `parsed` as the file has it, `tree` and `comments` (by node
    id) as a review keeps them, `notes` on what the reading changed or chose."""

    parsed: SgfTree
    tree: VariationTree
    comments: dict[int, str]

    @property
    def notes(self) -> tuple[SgfNote, ...]:
        return self.parsed.notes

    def details(self) -> dict[str, str | None]:
        """The record's players, date and result."""
        record = self.parsed.record
        return {
            "black_player": record.black_player,
            "white_player": record.white_player,
            "date": record.date,
            "result": record.result,
        }


def upload_read(
    data: bytes | str,
    *,
    limits: SgfLimits | None = None,
    max_nodes: int = MAX_NODES,
    game: int = 1,
) -> Upload:
    """Read game number `game` (from 1) of an uploaded file into a review's tree and check
    that it survives its own export. SgfError (SgfTooLarge, SgfRoundTrip) for a record that
    cannot be kept as it is, with one line for a person; the work is linear in the file (it
    is read twice)."""
    limits = limits or SgfLimits()
    parsed = parse_sgf_tree(data, limits, game=game)
    tree, comments = VariationTree.from_sgf(parsed, max_nodes=max_nodes)
    upload = Upload(parsed=parsed, tree=tree, comments=comments)
    written = upload_export(upload)
    # The export is UTF-8, larger than a file in a two-byte charset: the size bound is the
    # file's, not the export's.
    again = parse_sgf_tree(written, replace(limits, max_bytes=max(limits.max_bytes, len(written))))
    round_trip_check(parsed, again)
    return upload


def upload_export(upload: Upload) -> str:
    """The SGF the site exports for the review an upload becomes (UTF-8 text)."""
    tree = upload.tree
    record = tree.sgf_record(**upload.details())
    return write_sgf_tree(record, tree.to_sgf_node(upload.comments))


def round_trip_check(before: SgfTree, after: SgfTree) -> None:
    """SgfRoundTrip unless `after` holds the same root details and the same tree as
    `before`: every node's move, comment, marks, labels, setup stones and variations, in
    order."""
    if _root(before.record) != _root(after.record):
        raise SgfRoundTrip("root", 0)
    stack = [(before.root, after.root, 0)]
    while stack:
        a, b, number = stack.pop()
        if a.move is not None:
            number += 1
        for what, left, right in (
            ("move", a.move, b.move),
            ("comment", a.comment, b.comment),
            ("marks", sorted(a.marks), sorted(b.marks)),
            ("labels", dict(a.labels), dict(b.labels)),
            ("setup", sorted(a.setup), sorted(b.setup)),
            ("variations", len(a.children), len(b.children)),
        ):
            if left != right:
                raise SgfRoundTrip(what, number)
        stack.extend((x, y, number) for x, y in zip(a.children, b.children, strict=True))


def _root(record: SgfRecord) -> tuple:
    return (
        record.topology.kind,
        record.topology.n,
        record.rules.key,
        record.rules.komi,
        record.handicap,
        sorted(record.black_setup),
        sorted(record.white_setup),
        record.black_player,
        record.white_player,
        record.date,
        record.result,
    )


__all__ = ["SgfRoundTrip", "Upload", "round_trip_check", "upload_export", "upload_read"]
