"""Identifiers with a check digit that a request asks for (IBANs, card numbers, EAN-13 / UPC-A
barcodes, ISBNs): each one the answer writes is checked by its standard's own rule (ISO 13616
mod 97, Luhn, the GS1 and ISBN weights). A wrong check digit is a fault the tools fix themselves:
the same number with its check digit computed, written as the answer wrote it (spaces, dashes).
A request for invalid numbers ("ones that fail validation") asks nothing of them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import NUM, Fact, number
from selfrefine.engine.observe.text import Check

_INVALID = re.compile(r"\binvalid\b|\bfail\w*\s+(?:the\s+|a\s+)?(?:validation|check)|\bwrong\s+check", re.I)
_IBAN_LENGTH = {"AT": 20, "BE": 16, "CH": 21, "DE": 22, "DK": 18, "ES": 24, "FI": 18, "FR": 27, "GB": 22}
_IBAN_LENGTH.update({"IE": 22, "IT": 27, "LU": 20, "NL": 18, "NO": 15, "PL": 28, "PT": 25, "SE": 24})
"""Lengths of common countries' IBANs (ISO 13616 registry); others are checked by mod 97 alone."""


@dataclass(frozen=True)
class Kind:
    """One kind of identifier: how the request names it, how the answer writes one, and the check
    digit(s) a number's body (its characters without spaces or dashes) must have."""

    name: str
    asked: re.Pattern
    shape: re.Pattern
    digits: Callable[[str], str | None]  # the right check digit(s) for a body, None: not of this kind
    where: Callable[[str], tuple[int, int]]  # where the check digits sit in a body
    counted: str  # how the request counts them ("4 made-up IBANs"), after the number

    def count(self, request: str) -> int | None:
        m = re.search(rf"\b({NUM})\s+(?:[\w'-]+\s+){{0,4}}?(?:{self.counted})\b", request, re.I)
        return number(m[1]) if m else None


def _luhn(body: str) -> str | None:
    if not body.isdigit() or not 13 <= len(body) <= 19:
        return None
    total = sum(
        d if i % 2 else (2 * d - 9 if 2 * d > 9 else 2 * d)
        for i, d in enumerate(map(int, reversed(body[:-1])))
    )
    return str(-total % 10)


def _gs1(body: str) -> str | None:
    if not body.isdigit() or len(body) not in (12, 13):
        return None
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body[:-1])))
    return str(-total % 10)


def _isbn(body: str) -> str | None:
    if len(body) == 13 and body.isdigit() and body.startswith(("978", "979")):
        return _gs1(body)
    if len(body) == 10 and body[:9].isdigit() and (body[9].isdigit() or body[9] in "Xx"):
        r = -sum((10 - i) * int(d) for i, d in enumerate(body[:9])) % 11
        return "X" if r == 10 else str(r)
    return None


def _iban(body: str) -> str | None:
    body = body.upper()
    if not re.fullmatch(r"[A-Z]{2}\d\d[A-Z0-9]{11,30}", body) or _IBAN_LENGTH.get(body[:2], len(body)) != len(
        body
    ):
        return None
    n = int("".join(str(int(c, 36)) for c in body[4:] + body[:2] + "00"))
    return f"{98 - n % 97:02d}"


KINDS = (
    Kind(
        "IBAN",
        re.compile(r"\bIBANs?\b", re.I),
        re.compile(r"\b[A-Z]{2}\d\d(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?\b"),
        _iban,
        lambda b: (2, 4),
        r"IBANs",
    ),
    Kind(
        "card number",
        re.compile(
            r"\b(?:credit|debit|test|payment|visa|mastercard)\s+card\s+numbers?\b|\bcard\s+numbers?\b|\bluhn\b",
            re.I,
        ),
        re.compile(r"(?<![\d-])\d{4}(?:[ -]?\d{4}){2}[ -]?\d{1,7}(?![\d-])"),
        _luhn,
        lambda b: (len(b) - 1, len(b)),
        r"card\s+numbers|cards",
    ),
    Kind(
        "barcode",
        re.compile(r"\b(?:EAN(?:-?13)?|UPC(?:-?A)?|GTIN(?:-?1[23])?)s?\b|\bbar\s?codes?\b", re.I),
        re.compile(r"(?<![\d-])\d{12,13}(?![\d-])"),
        _gs1,
        lambda b: (len(b) - 1, len(b)),
        r"EAN(?:-?13)?s|UPCs|barcodes|(?:barcode|EAN(?:-?13)?|UPC)\s+(?:numbers|codes)",
    ),
    Kind(
        "ISBN",
        re.compile(r"\bISBN(?:-?1[03])?s?\b", re.I),
        re.compile(
            r"(?<![\d-])97[89](?:[- ]?\d){9}[- ]?\d(?![\d-])|"  # ISBN-13
            r"(?<![\d-])\d{1,5}-\d{1,7}-\d{1,7}-[\dX](?![\d-])|"  # ISBN-10 in its four groups
            r"(?:(?<=ISBN )|(?<=ISBN: )|(?<=ISBN-10 )|(?<=ISBN-10: ))\d{9}[\dX]\b"  # or labelled
        ),
        _isbn,
        lambda b: (len(b) - 1, len(b)),
        r"ISBNs",
    ),
)


def id_checks(request: str) -> list[Check]:
    """A check per kind of identifier the request names (none where it asks for invalid ones)."""
    if _INVALID.search(request):
        return []
    return [_id_check(k, k.count(request)) for k in KINDS if k.asked.search(request)]


def _found(kind: Kind, text: str) -> list[tuple[re.Match, str, str]]:
    """The answer's numbers of this kind: (where, body, the right check digits)."""
    out = []
    for m in kind.shape.finditer(text):
        body = re.sub(r"[ -]", "", m.group())
        right = kind.digits(body)
        if right is not None:
            out.append((m, body, right))
    return out


def _wrong(kind: Kind, body: str, right: str) -> bool:
    a, b = kind.where(body)
    return body[a:b].upper() != right


def _id_check(kind: Kind, n: int | None) -> Check:
    """`n`: how many the request asks for, where it counts them; an answer with none of them then
    fails (a script or a how-to in place of the numbers asked for)."""

    def check(answer: str) -> list[Fact]:
        found = _found(kind, f.prose(answer))
        if not found and n:
            return [
                Fact(
                    f"{kind.name}s: none (asked: {n}) -- NOT MET",
                    f"The request asks for {n} {kind.name}s; the answer writes none "
                    f"({'an' if kind.name[0] in 'AEIOU' else 'a'} {kind.name} of the right length and form, "
                    "not a way to make one).",
                )
            ]
        if not found:
            return []
        bad = [(m, body, right) for m, body, right in found if _wrong(kind, body, right)]
        name = f.plural(len(found), kind.name)
        if not bad:
            return [Fact(f"{kind.name}s: {name}, every check digit right (asked: valid {kind.name}s)")]
        m, body, right = bad[0]
        return [
            Fact(
                f"{kind.name}s: {len(bad)} of {name} with a wrong check digit "
                f"(asked: valid {kind.name}s) -- NOT MET",
                f"The request asks for {kind.name}s; {len(bad)} of the {len(found)} in the answer "
                f"{'fails' if len(bad) == 1 else 'fail'} the check digit rule, e.g. {m.group()} "
                f"(its check digit{'s' if len(right) > 1 else ''} should be {right}).",
                f.outside_code(_fixed(kind)),
            )
        ]

    return check


def _fixed(kind: Kind) -> Callable[[str], str]:
    """The fix: each number of this kind with its check digit(s) computed, its spacing kept."""

    def fix(text: str) -> str:
        def one(m: re.Match) -> str:
            body = re.sub(r"[ -]", "", m.group())
            right = kind.digits(body)
            if right is None or not _wrong(kind, body, right):
                return m.group()
            a, b = kind.where(body)
            chars, k = list(m.group()), 0
            for i, c in enumerate(chars):  # the body's a-th to b-th characters, counted past spaces
                if c in " -":
                    continue
                if a <= k < b:
                    chars[i] = right[k - a]
                k += 1
            return "".join(chars)

        return kind.shape.sub(one, text)

    return fix
