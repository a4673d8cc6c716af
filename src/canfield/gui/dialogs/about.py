"""The About window: name, version, credits, licence and the libraries the app stands on."""

from __future__ import annotations

import html
from importlib import metadata

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QSize, Qt, qVersion
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from canfield import __version__
from canfield.gui.dialogs._common import ReadableText, close_buttons, fit_to_screen
from canfield.gui.i18n_qt import language_notifier, translate_buttons
from canfield.i18n import _
from canfield.presentation.licence import LICENSE_TEXT
from canfield.solver.search import search_engine

__all__ = ["LICENSE_TEXT", "AboutDialog", "libraries"]


def _version_of(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "?"


def libraries() -> list[tuple[str, str, str]]:
    """(name, version, licence) of every library the app uses at run time."""
    return [
        ("PySide6 / Qt", f"{pyside_version} / {qVersion()}", "LGPL-3.0"),
        ("platformdirs", _version_of("platformdirs"), "MIT"),
        ("Babel", _version_of("babel"), "BSD-3-Clause"),
        ("rich", _version_of("rich"), "MIT"),
    ]


class AboutDialog(QDialog):
    """Who made the app, under which licence, and with what."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        # Nothing is read back after exec(), so free it (and its language hook) on close.
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._title = QLabel(self)
        self._title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._title.setTextFormat(Qt.TextFormat.RichText)
        # A text Orca reads line by line (a QTextBrowser is a label it does not read).
        self._body = ReadableText(self)
        self._body.setObjectName("aboutText")
        self._body.anchor_clicked.connect(QDesktopServices.openUrl)
        self._body.document().setDocumentMargin(12)
        self._buttons = close_buttons(self)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 18, 16, 12)
        layout.setSpacing(10)
        layout.addWidget(self._title)
        layout.addWidget(self._body, 1)
        layout.addWidget(self._buttons)

        self.retranslate()
        language_notifier().language_changed.connect(self.retranslate)
        fit_to_screen(self, QSize(480, 560))

    def retranslate(self) -> None:
        """Set every text in the current language."""
        self.setWindowTitle(_("About Canfield"))
        self.setAccessibleName(_("About Canfield"))
        version = _("Version {version}").format(version=__version__)
        subtitle = html.escape(_("Solitaire"))
        self._title.setText(
            f"<div style='font-size:x-large; font-weight:bold'>Canfield</div>"
            f"<div>{subtitle} · {html.escape(version)}</div>"
        )
        self._title.setAccessibleName(f"Canfield, {version}")
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td>&nbsp;&nbsp;{html.escape(ver)}</td>"
            f"<td>&nbsp;&nbsp;{html.escape(licence)}</td></tr>"
            for name, ver, licence in libraries()
        )
        intro = _(
            "Canfield (also called Demon) is a patience game for one player. This app lets "
            "you play it with a finger or a mouse, replay and share any deal by its code, "
            "and ask a solver whether a deal can still be won."
        )
        credits = _(
            "Written by the Canfield authors. The rules follow the classic game; the app’s "
            "own choices are explained in the Rules window."
        )
        # Babel cannot see _() inside f-strings (before Python 3.12): translate here.
        credits_title, made_with, licence = _("Credits"), _("Made with"), _("Licence")
        licence_intro = _("Canfield is free software under the MIT licence:")
        search = _("Search: {engine}").format(engine=search_engine())
        parts = [
            f"<p>{html.escape(intro)}</p>",
            f"<p>{html.escape(search)}</p>",
            f"<h3>{html.escape(credits_title)}</h3><p>{html.escape(credits)}</p>",
            f"<h3>{html.escape(made_with)}</h3><table>{rows}</table>",
            f"<h3>{html.escape(licence)}</h3>",
            f"<p>{html.escape(licence_intro)}</p>",
            *(
                f"<p style='font-size:small'>{html.escape(' '.join(block.split()))}</p>"
                for block in LICENSE_TEXT.split("\n\n")
            ),
        ]
        self._body.setHtml("".join(parts))
        self._body.setAccessibleName(_("About Canfield"))
        translate_buttons(self._buttons)

    def text(self) -> str:
        """The body as plain text (for tests)."""
        return self._title.text() + "\n" + self._body.toPlainText()
