"""Text for a terminal with its control characters made visible.

Much of what the command line prints comes from files it was handed: a
record's seat names and comments, a profile's name and figure titles, error
messages that quote them.  A control character in such text reaches the
terminal as a command: an ESC sequence can retitle the window, clear the
screen, move the cursor over earlier lines or (on some terminals) write to
the clipboard.  :func:`printable` writes every such character as a visible
escape instead (``\\x1b``), and :class:`Printable` applies it to everything
written to a stream; :func:`alsos.cli.main` puts standard output and standard
error behind it for the whole command, so no print can forget it.

Kept as they are: line feeds and tabs.  Made visible: the other C0 controls
(carriage return and backspace included, which can overwrite what was shown),
DEL, the C1 controls (``\\x9b`` starts a sequence on some terminals) and the
Unicode controls that reorder or hide text (bidirectional overrides and
isolates, zero-width marks), which can make a line read other than it is.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import IO, Any

__all__ = ["Printable", "printable", "printable_output", "unfiltered"]

# Arabic letter mark, zero-width space and joiners, directional marks, embeddings and
# overrides, isolates, and the byte order mark (a zero-width no-break space).
_BIDI_AND_INVISIBLE = (
    "\u061c\u200b\u200c\u200d\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"
)


def _visible(code: int) -> str:
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


#: Every character :func:`printable` changes, and what it becomes.
_TABLE: dict[int, str] = {
    code: _visible(code)
    for code in (*range(0x20), *range(0x7F, 0xA0), *map(ord, _BIDI_AND_INVISIBLE))
    if chr(code) not in "\n\t"
}


def printable(text: str) -> str:
    """``text`` with every control character written as a visible escape (``\\x1b``).

    Idempotent: the escapes are themselves printable, so text that went
    through it once comes back unchanged.
    """
    return text.translate(_TABLE)


class Printable:
    """A text stream that passes everything written to it through :func:`printable`.

    Anything else (``flush``, ``isatty``, ``fileno``, ``encoding``) is the
    wrapped stream's; :attr:`raw` is the stream itself, for the writers that
    make their own escape sequences (rich's colours and progress bars).
    """

    def __init__(self, raw: IO[str]) -> None:
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(printable(text))
        return len(text)

    def writelines(self, lines: Iterator[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def unfiltered(stream: IO[str] | Printable) -> IO[str]:
    """The stream under a :class:`Printable` (or ``stream`` itself): for rich's escapes."""
    return stream.raw if isinstance(stream, Printable) else stream


@contextlib.contextmanager
def printable_output() -> Iterator[None]:
    """Standard output and standard error behind :class:`Printable` while the block runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = Printable(unfiltered(out))
    sys.stderr = Printable(unfiltered(err))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
