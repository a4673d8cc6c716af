"""The Rules window: the rules and a short FAQ in the app's language.

The texts are our own, one HTML file per language in ``canfield/help`` (package
data), because a long, structured text is easier to write and review as a page
than as dozens of catalog entries; ``tests/test_i18n.py`` checks that every
language has one.
"""

from __future__ import annotations

from importlib import resources

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

from canfield import i18n
from canfield.gui.dialogs._common import ReadableText, close_buttons, fit_to_screen
from canfield.gui.i18n_qt import language_notifier, translate_buttons
from canfield.i18n import _

__all__ = ["HelpDialog", "help_html"]

_STYLE = """
h1 { font-size: x-large; margin-bottom: 6px; }
h2 { font-size: large; margin-top: 18px; margin-bottom: 4px; }
h3 { font-size: medium; margin-top: 14px; margin-bottom: 2px; }
p, li { line-height: 135%; }
p.toc { margin-top: 8px; margin-bottom: 4px; }
"""


def help_html(lang: str | None = None) -> str:
    """The help page of ``lang`` (default: the current language), English if it has none."""
    code = i18n.language() if lang is None else lang
    folder = resources.files("canfield") / "help"
    page = folder / f"{code}.html"
    if not page.is_file():
        page = folder / f"{i18n.DEFAULT_LANGUAGE}.html"
    return page.read_text(encoding="utf-8")


class HelpDialog(QDialog):
    """A scrollable, non-modal rules page that follows language switches."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("helpDialog")
        # Nothing is read back after exec(), so free it (and its language hook) on close.
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # A text Orca reads line by line, its links selected by Tab (a QTextBrowser is a label).
        self._browser = ReadableText(self)
        self._browser.setObjectName("helpText")
        self._browser.anchor_clicked.connect(self._follow)
        self._browser.document().setDefaultStyleSheet(_STYLE)
        self._browser.document().setDocumentMargin(14)
        self._buttons = close_buttons(self)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 12)
        layout.setSpacing(10)
        layout.addWidget(self._browser, 1)
        row = QVBoxLayout()
        row.setContentsMargins(14, 0, 14, 0)
        row.addWidget(self._buttons)
        layout.addLayout(row)

        self.retranslate()
        language_notifier().language_changed.connect(self.retranslate)
        fit_to_screen(self, QSize(620, 720))

    def retranslate(self) -> None:
        """Load the page of the current language."""
        self.setWindowTitle(_("Rules"))
        self.setAccessibleName(_("Rules"))
        self._browser.setAccessibleName(_("Rules of Canfield"))
        self._browser.setHtml(help_html())
        translate_buttons(self._buttons)

    def text(self) -> str:
        """The page as plain text (for tests)."""
        return self._browser.toPlainText()

    def _follow(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https"):
            QDesktopServices.openUrl(url)
        elif url.hasFragment():
            self._browser.scrollToAnchor(url.fragment())
