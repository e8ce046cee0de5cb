"""SequenceEncoder: VASSAL's escaping, checked on the engine's own vectors and by property."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from builder.vassal.sequence import decode, encode, parse_int
from builder.vassal.traits import join_chain, split_chain

DELIMITERS = ["\x1b", "/", "\t", ";", ",", ":", "=", "|"]

# Field text rich in the characters that matter: every delimiter, backslashes, quotes,
# non-ASCII and the empty string.
FIELD = st.text(alphabet=st.sampled_from([*DELIMITERS, "\\", "'", "a", "é", "–", "Ж", "\n", " "]), max_size=12) | st.text(
    max_size=8
)


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
    assert [parse_int(text) for text in ("", "-", "1.0", "2147483648", "١٢", "9" * 5000)] == [None] * 6


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


@given(st.lists(FIELD, max_size=7), FIELD.filter(lambda text: "\t" not in text))
def test_chain_round_trip(outer: list[str], innermost: str) -> None:
    # The innermost element (the BasicPiece) is not escaped by VASSAL either, so a TAB
    # in it cannot survive; every other element may hold anything.
    items = [*outer, innermost]
    assert list(split_chain(join_chain(items))) == items
