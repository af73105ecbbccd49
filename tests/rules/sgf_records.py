"""SGF records in the charsets Go servers and programs write, for the round-trip tests of
uploads (tests/rules/review/test_uploads.py, tests/games/reviews/test_uploads.py).

`CHARSETS` names each charset as a file's CA says it, its Python codec, and words in it; in the
multi-byte charsets that have them, words with a trail byte 0x5C ('\\') or 0x5D (']'), which a
reader that tokenises bytes takes for an escape or the end of a value. `record` writes one
record with variations, comments, marks, labels and nodes holding only a comment or setup
stones; `facts` lists what a tree holds node by node, to compare two readings.
"""

from __future__ import annotations

from sgfmill import sgf as sgfmill_sgf

from rules.sgf_tree import SgfNode

# CA name, codec, words (a root comment, two move comments, a label).
CHARSETS = [
    ("UTF-8", "utf-8", ("予想 表 ソ 한국 中文", "AlphaGoが予想した手。", "Ko!", "表")),
    ("Shift_JIS", "shift_jis", ("ソ", "AlphaGoが予想した手。", "表 能", "予")),
    ("EUC-JP", "euc_jp", ("定石の研究", "予想した手", "変化", "表")),
    ("GB2312", "gb2312", ("六角棋盘", "变化图", "中央", "天元")),
    ("GB18030", "gb18030", ("六角棋盘 乗", "变化图 僝", "刓 匽", "乗")),
    ("Big5", "big5", ("許功蓋", "圍棋 許", "功", "蓋")),
    ("EUC-KR", "euc_kr", ("바둑 기보", "좋은 수", "변화", "가")),
    ("ISO-8859-1", "iso-8859-1", ("Erklärung: Ko!", "Très bien [sic]", "Größe", "Ä")),
]


def escaped(text: str) -> str:
    """`text` as an SGF value: backslash and ']' escaped."""
    return text.replace("\\", "\\\\").replace("]", "\\]")


def record(ca: str, words: tuple[str, str, str, str]) -> str:
    """A 9x9 record: a root comment; a main line with marks, a label, a node holding only a
    comment, one holding only setup stones, and two moves of one colour in a row; a variation
    with a label of odd characters."""
    root, first, second, label = (escaped(w) for w in words)
    return (
        f"(;FF[4]GM[1]CA[{ca}]SZ[9]KM[6.5]PB[{escaped(words[3])}]PW[White]C[{root}]"
        f";B[ee]C[{first}]TR[cc][gg]LB[dd:{label}]"
        f"(;W[cc]C[{second}]SQ[ee];C[{root}\\]\\\\:]"
        f";AB[aa]AW[ii]AE[ee];W[gg];W[gc]CR[aa:bb]LB[ff:A][fg:{label}:1])"
        f"(;W[gg]LB[cc:x\\]y\\\\z:w]MA[dd]C[{second}]))"
    )


def facts(root: SgfNode) -> list[tuple]:
    """Each node of a tree in pre-order: its move, comment, marks, labels, setup stones and
    number of children (marks and setup sorted, labels by point)."""
    out = []
    stack = [root]
    while stack:
        node = stack.pop()
        move = None if node.move is None else (node.move.colour, node.move.kind, node.move.point)
        out.append(
            (
                move,
                node.comment,
                tuple(sorted(node.marks)),
                tuple(sorted(node.labels)),
                tuple(sorted(node.setup)),
                len(node.children),
            )
        )
        stack.extend(reversed(node.children))
    return out


def sgfmill_facts(data: bytes, encoding: str | None = None) -> list[tuple]:
    """What sgfmill itself reads from a file (text decoded by its CA, or `encoding`), node
    by node in pre-order: the move, comment, marks, labels and setup stones."""
    game = sgfmill_sgf.Sgf_game.from_bytes(data, override_encoding=encoding)
    out = []
    stack = [game.get_root()]
    while stack:
        node = stack.pop()
        colour, move = node.get_move()
        comment = node.get("C").strip() if node.has_property("C") else None
        marks = tuple(
            sorted(
                (ident, point)
                for ident in ("CR", "TR", "SQ", "MA")
                if node.has_property(ident)
                for point in node.get(ident)
            )
        )
        labels = tuple(sorted(node.get("LB"))) if node.has_property("LB") else ()
        setup = node.get_setup_stones() if node is not game.get_root() else ((), (), ())
        setup = tuple(tuple(sorted(stones)) for stones in setup)
        out.append((colour, move, comment or None, marks, labels, setup, len(node)))
        stack.extend(reversed(list(node)))
    return out


__all__ = ["CHARSETS", "escaped", "facts", "record", "sgfmill_facts"]
