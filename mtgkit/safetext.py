"""Text from a file, made safe to use and to show: names that can't be mistaken for one
another, and escapes for anything a terminal would act on.

**Shown safely.** :func:`shown` escapes every character a terminal could act on or that can't
be seen: control characters (ESC starts the sequences that clear a screen or set a window's
title; CR and LF forge lines; NUL), format characters (zero-width spaces, bidirectional
overrides), line and paragraph separators, surrogates, private-use and unassigned code points.
Each becomes ``\\t``, ``\\n``, ``\\r``, ``\\xNN``, ``\\uNNNN`` or ``\\UNNNNNNNN``, so what is
printed is what the file holds.

**Names** (players' names, the labels of cards) follow one policy, :func:`check_name`:

1. they are NFKC-normalised (full-width ``Ａｌｉｃｅ`` is ``Alice``, ``ﬁ`` is ``fi``);
2. no control, format or other invisible character (a zero-width space, a soft hyphen, a
   Hangul filler, a space other than the plain one), no space at either end or two in a row;
3. letters from one script (Latin, Cyrillic, Greek, ...; Chinese, Japanese and Korean letters
   count as one): ``Аlice`` with a Cyrillic ``А`` is refused. A letter's script is read from the
   first word of its Unicode name; digits, punctuation and marks go with any script;
4. two names in one file are refused when their :func:`skeleton` is the same: the same after
   NFKC, case folding and mapping look-alikes (Cyrillic and Greek letters that look Latin,
   ``0``/``O``, ``1``/``l``/``I``/``|``). So ``Alice`` and ``alice``, or a Cyrillic-only ``АВЕ``
   and a Latin ``ABE``, can't be two players. The table is small and deliberate, not Unicode's
   full confusables list: it catches the look-alikes of the Latin names lessons use.

>>> check_name("Ａｌｉｃｅ", 40)
'Alice'
>>> check_name("Al\\u200bice", 40)
Traceback (most recent call last):
...
ValueError: a name without control or invisible characters (this one has U+200B at character 3)
>>> check_name("\\u0410lice", 40)
Traceback (most recent call last):
...
ValueError: a name in one script (this one mixes Cyrillic and Latin letters)
>>> skeleton("\\u0410\\u0412\\u0415") == skeleton("abe")
True
>>> shown("\\x1b[2Jhi\\r\\nforged")
'\\\\x1b[2Jhi\\\\r\\\\nforged'
"""

from __future__ import annotations

import unicodedata

from .limits import number

#: Unicode categories never shown as they are: control, format, surrogate, private use,
#: unassigned, line and paragraph separators.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters that
#: draw nothing, some of them letters or marks (Hangul fillers, variation selectors).
_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
              (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
              (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
              (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
              (0xE0000, 0xE0FFF))
#: Blank characters that are not spaces by category (Braille pattern blank).
_BLANK = frozenset({"\u2800"})
#: Letters that look like Latin ones (Cyrillic and Greek), and digits and marks that look like
#: letters: the look-alikes :func:`skeleton` maps before comparing names.
_LOOKALIKE = str.maketrans({
    **dict(zip("АВЕКМНОРСТХУЅІЈҮԚԜӀаеорсухѕіјһԁԛԝӏ", "ABEKMHOPCTXYSIJYQWIaeopcyxsijhdqwl", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιρνκ", "ABEZHIKMNOPTYXoipvk", strict=True)),
    "0": "O", "1": "l", "I": "l", "|": "l",
})
#: Scripts written together: Chinese, Japanese and Korean names mix these.
_CJK = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO", "IDEOGRAPHIC"})


def invisible(ch: str) -> bool:
    """A character that is a control or can't be seen (see the module's notes)."""
    if unicodedata.category(ch) in _HIDDEN_CATEGORIES or ch in _BLANK:
        return True
    code = ord(ch)
    return any(low <= code <= high for low, high in _IGNORABLE)


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch in "\t\n\r":
        return repr(ch)[1:-1]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown(text: str, *, lines: bool = False) -> str:
    """``text`` ready to print: every control or invisible character escaped (newlines kept
    when ``lines``)."""
    if text.isprintable() and (lines or "\n" not in text):  # the common case, in C
        return text
    return "".join(ch if (ch.isprintable() and not invisible(ch)) or (lines and ch == "\n") else _escape(ch)
                   for ch in text)


def short(value: object, width: int = 60) -> str:
    """A value from a file for an error message: its repr, escaped and cut to ``width``."""
    # repr fails past 4,300 digits
    text = shown(number(value) if isinstance(value, int) and abs(value) >= 10**15 else repr(value))
    return text if len(text) <= width else text[:width - 3] + "..."


def check_text(text: str, max_len: int, *, lines: bool = False) -> str:
    """Printable text (a title, a description) of at most ``max_len`` characters: no control or
    invisible characters except, when ``lines``, line breaks and tabs. Raises ``ValueError``
    saying what was expected."""
    if len(text) > max_len:
        raise ValueError(f"at most {max_len:,} characters (this one has {len(text):,})")
    for i, ch in enumerate(text):
        if invisible(ch) and not (lines and ch in "\n\t"):
            raise ValueError(f"text without control or invisible characters (this one has "
                             f"U+{ord(ch):04X} at character {i + 1})")
    return text


def script(ch: str) -> str | None:
    """The script of a letter, by the first word of its Unicode name (None for anything else:
    digits, punctuation and marks go with any script)."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    word = unicodedata.name(ch, "").split(" ", 1)[0]
    if word in ("MODIFIER", ""):
        return None
    return "CJK" if word in _CJK else word.capitalize()


def check_name(name: str, max_len: int) -> str:
    """The name, NFKC-normalised, or ``ValueError`` saying what a name must be (see the module)."""
    name = unicodedata.normalize("NFKC", name)
    if not name:
        raise ValueError("a name (not empty)")
    if len(name) > max_len:
        raise ValueError(f"a name of at most {max_len} characters (this one has {len(name):,})")
    for i, ch in enumerate(name):
        if invisible(ch) or (ch.isspace() and ch != " "):
            raise ValueError(f"a name without control or invisible characters (this one has "
                             f"U+{ord(ch):04X} at character {i + 1})")
    if name != name.strip(" ") or "  " in name:
        raise ValueError("a name without spaces at either end or two in a row")
    scripts = sorted({s for s in map(script, name) if s})
    if len(scripts) > 1:
        raise ValueError(f"a name in one script (this one mixes {' and '.join(scripts)} letters)")
    return name


def skeleton(name: str) -> str:
    """What a name looks like, for comparing two names: NFKC, look-alikes mapped, case folded."""
    return unicodedata.normalize("NFKC", name).translate(_LOOKALIKE).casefold()
