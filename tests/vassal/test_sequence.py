"""SequenceEncoder: VASSAL's escaping, checked on the engine's own vectors and by property."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.vassal.lines import command_lines
from builder.vassal.sequence import decode, encode, parse_int
from builder.vassal.nesting import split_chain
from builder.vassal.traits import join_chain

DELIMITERS = ["\x1b", "/", "\t", ";", ",", ":", "=", "|"]

# Field text rich in the characters that matter: every delimiter, backslashes, quotes,
# non-ASCII and the empty string.
FIELD = st.text(
    alphabet=st.sampled_from([*DELIMITERS, "\\", "'", "a", "é", "–", "Ж", "\n", " "]), max_size=12
) | st.text(max_size=8)


def test_empty_elements_give_empty_fields() -> None:
    assert encode(["a", "", "b"], ";") == "a;;b"
    assert decode("a;;b", ";") == ["a", "", "b"]
    assert decode("", ";") == [""]
    assert decode("a;", ";") == ["a", ""]


def test_escaped_delimiter_is_data() -> None:
    assert encode(["7/12 Inf Rgt"], "/") == "7\\/12 Inf Rgt"
    assert decode("+\\/a/b", "/") == ["+/a", "b"]


def test_quotes_protect_leading_and_trailing_backslashes() -> None:
    assert encode(["\\x", "y\\", "'q'"], ";") == "'\\x';'y\\';''q''"
    assert decode("'\\x';'y\\';''q''", ";") == ["\\x", "y\\", "'q'"]


def test_vassal_trait_chain_vector() -> None:
    # docs/vassal-format.md §3.5, produced by VASSAL's compiled SequenceEncoder.
    own_states = ["1", "German", "Infantry", "", "null;0;0;17;0"]
    assert join_chain(own_states) == "1\tGerman\\\tInfantry\\\\\t\\\\\\\tnull;0;0;17;0"
    assert list(split_chain(join_chain(own_states))) == own_states


def test_parse_int_follows_java() -> None:
    assert [parse_int(text) for text in ("12", "-3", "+4", "2147483647")] == [12, -3, 4, 2147483647]
    assert [parse_int(text) for text in ("", "-", "1.0", "2147483648", "١٢", "9" * 5000)] == [
        None
    ] * 6


@given(st.lists(FIELD, min_size=1, max_size=6), st.sampled_from(DELIMITERS))
def test_round_trip_of_any_fields(items: list[str], delimiter: str) -> None:
    assert decode(encode(items, delimiter), delimiter) == items


@given(st.lists(st.lists(FIELD, min_size=1, max_size=4), min_size=1, max_size=4))
def test_round_trip_of_nested_lists(groups: list[list[str]]) -> None:
    # Inner lists with ';' nested in a TAB list nested in an ESC list, as in a save.
    inner = [encode(group, ";") for group in groups]
    outer = encode([encode(inner, "\t"), "end"], "\x1b")
    first, last = decode(outer, "\x1b")
    assert last == "end"
    assert [decode(token, ";") for token in decode(first, "\t")] == groups


def _plain_innermost(text: str) -> bool:
    return "\t" not in text and not (len(text) > 1 and text[0] == text[-1] == "'")


@given(st.lists(FIELD, max_size=7), FIELD.filter(_plain_innermost))
def test_chain_round_trip(outer: list[str], innermost: str) -> None:
    # The innermost element (the BasicPiece, which starts "piece;") is not escaped by
    # VASSAL either, so a TAB in it cannot survive, nor enclosing quotes, which the
    # last level's decoder removes; every other element may hold anything.
    items = [*outer, innermost]
    assert list(split_chain(join_chain(items))) == items


# Reference decoders: the engine's algorithm transcribed literally, one level at a time,
# which the one-pass decoders must match on any text whatever its shape.


def _reference_decode(text: str, delimiter: str) -> list[str]:
    def unquote(token: str) -> str:
        return token[1:-1] if len(token) > 1 and token[0] == "'" and token[-1] == "'" else token

    tokens, pieces, start = [], [], 0
    while True:
        index = text.find(delimiter, start)
        while index > 0 and text[index - 1] == "\\":
            pieces.append(text[start : index - 1])
            start = index
            index = text.find(delimiter, index + 1)
        if index < 0:
            pieces.append(text[start:])
            tokens.append(unquote("".join(pieces)))
            return tokens
        pieces.append(text[start:index])
        tokens.append(unquote("".join(pieces)))
        pieces, start = [], index + 1


def _reference_chain(text: str) -> list[str]:
    elements = []
    while True:
        tokens = _reference_decode(text, "\t")
        elements.append(tokens[0])
        if len(tokens) < 2:
            return elements
        text = tokens[1]


def _reference_lines(text: str) -> list[tuple[int, str]]:
    def leaves(token: str, depth: int) -> list[tuple[int, str]]:
        tokens = _reference_decode(token, "\x1b")
        if tokens == [token]:
            return [(depth, token)]
        return [leaf for inner in tokens for leaf in leaves(inner, depth + 1)]

    return [leaf for token in _reference_decode(text, "\x1b") for leaf in leaves(token, 1)]


# Texts dense in what makes nesting hard: delimiters after runs of backslashes, quotes
# at token ends, empty tokens.
NESTED = st.text(alphabet=st.sampled_from(["\x1b", "\t", "\\", "'", "a", "é"]), max_size=40)


@settings(max_examples=500)
@given(NESTED, st.sampled_from(["\x1b", "\t", "/", ";"]))
def test_decode_matches_the_engine_algorithm(text: str, delimiter: str) -> None:
    assert decode(text, delimiter) == _reference_decode(text, delimiter)


@settings(max_examples=500)
@given(NESTED)
def test_one_pass_chain_split_matches_level_by_level(text: str) -> None:
    assert split_chain(text) == _reference_chain(text)


@given(st.lists(FIELD, max_size=40), FIELD.filter(_plain_innermost))
def test_one_pass_chain_split_of_deep_chains(outer: list[str], innermost: str) -> None:
    text = join_chain([*outer, innermost])
    assert split_chain(text) == _reference_chain(text) == [*outer, innermost]


@settings(max_examples=500)
@given(NESTED)
def test_one_pass_command_tree_matches_level_by_level(text: str) -> None:
    assert list(command_lines(text)) == _reference_lines(text)


@given(
    st.recursive(
        st.lists(FIELD, min_size=1, max_size=3),
        lambda inner: st.lists(inner, min_size=1, max_size=3),
    )
)
def test_one_pass_command_tree_of_nested_groups(tree: list[Any]) -> None:
    def encoded(node: str | list[Any]) -> str:
        return node if isinstance(node, str) else encode([encoded(child) for child in node], "\x1b")

    text = encoded(tree)
    assert list(command_lines(text)) == _reference_lines(text)
