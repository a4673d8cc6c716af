"""Qt side of the app's languages: live switching, Qt's own translators and translated buttons.

:func:`switch_language` is the one place the language changes while the app
runs: it sets :mod:`canfield.i18n`, reinstalls Qt's translators (for the texts
Qt draws itself, e.g. a line edit's context menu), sets the default
:class:`~PySide6.QtCore.QLocale` (numbers, dates) and then emits
:attr:`LanguageNotifier.language_changed`, to which every window and dialog
connects its ``retranslate()`` method.

Qt (as shipped with PySide6) translates its texts into Hungarian and
Portuguese (European where it has them, else Brazilian) but not Indonesian.
So the Qt texts a player meets in this app - the context menus of the code
field, the Rules text and scroll bars - are also in our own catalog
(:func:`qt_texts`) and a :class:`QtTextsTranslator` installed in front of Qt's
catalogs answers them in all four languages. The standard buttons of dialog
button boxes and message boxes are labelled from our catalog too
(:func:`translate_buttons`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    QTranslator,
    Signal,
)
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox, QWidget

from canfield import i18n
from canfield.i18n import N_, _, pgettext

__all__ = [
    "LanguageNotifier",
    "QtTextsTranslator",
    "ask",
    "button_text",
    "language_notifier",
    "qt_locale",
    "qt_texts",
    "question_box",
    "standard_buttons",
    "switch_language",
    "translate_buttons",
]


class LanguageNotifier(QObject):
    """Announces language switches so open windows can retranslate themselves."""

    language_changed = Signal(str)
    """Emitted with the new language code after :func:`switch_language`."""


_installed: list[QTranslator] = []

# Qt's own catalogs per language, installed in this order (the last installed is
# searched first). There is no European Portuguese "qtbase" catalog, so the
# Brazilian one is the fallback under the older, smaller European "qt" one.
_QT_CATALOGS: Final[dict[str, tuple[str, ...]]] = {
    "en": (),
    "pt": ("qtbase_pt_BR", "qtbase_pt_PT", "qt_pt_PT"),
    "hu": ("qtbase_hu",),
    "id": ("qtbase_id",),
}

_LOCALES: Final[dict[str, str]] = {"en": "en_US", "pt": "pt_PT", "hu": "hu_HU", "id": "id_ID"}


@functools.cache
def language_notifier() -> LanguageNotifier:
    """The app-wide notifier (created on first use)."""
    return LanguageNotifier()


def qt_locale(lang: str | None = None) -> QLocale:
    """The QLocale for ``lang`` (default: the current language), keeping the system's region
    when the system already speaks that language (e.g. ``pt_BR`` stays Brazilian)."""
    code = i18n.language() if lang is None else lang
    system = QLocale.system()
    if i18n.normalize_language(system.name()) == code:
        return system
    return QLocale(_LOCALES.get(code, "en_US"))


_EDIT_CONTEXTS: Final = ("QLineEdit", "QWidgetTextControl")


def qt_texts() -> dict[tuple[str, str], str]:
    """Qt's own texts shown in this app, by (Qt context, source text), in the current language."""
    edit = {
        "&Undo": pgettext("Qt", "&Undo"),
        "&Redo": pgettext("Qt", "&Redo"),
        "Cu&t": pgettext("Qt", "Cu&t"),
        "&Copy": pgettext("Qt", "&Copy"),
        "&Paste": pgettext("Qt", "&Paste"),
        "Delete": pgettext("Qt", "Delete"),
        "Select All": pgettext("Qt", "Select All"),
        "Copy &Link Location": pgettext("Qt", "Copy &Link Location"),
    }
    scroll = {
        "Scroll here": pgettext("Qt", "Scroll here"),
        "Top": pgettext("Qt", "Top"),
        "Bottom": pgettext("Qt", "Bottom"),
        "Left edge": pgettext("Qt", "Left edge"),
        "Right edge": pgettext("Qt", "Right edge"),
        "Page up": pgettext("Qt", "Page up"),
        "Page down": pgettext("Qt", "Page down"),
        "Page left": pgettext("Qt", "Page left"),
        "Page right": pgettext("Qt", "Page right"),
        "Scroll up": pgettext("Qt", "Scroll up"),
        "Scroll down": pgettext("Qt", "Scroll down"),
        "Scroll left": pgettext("Qt", "Scroll left"),
        "Scroll right": pgettext("Qt", "Scroll right"),
    }
    texts = {(ctx, src): text for ctx in _EDIT_CONTEXTS for src, text in edit.items()}
    texts.update({("QScrollBar", src): text for src, text in scroll.items()})
    return texts


class QtTextsTranslator(QTranslator):
    """Answers Qt's own texts from :func:`qt_texts` (the app's language); others fall through."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._texts = qt_texts()

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        # None (a null QString) lets Qt ask the next catalog; "" would blank the text.
        return self._texts.get((context, source))

    def isEmpty(self) -> bool:  # noqa: N802 - Qt override
        return False


def _install_qt_translators(app: QCoreApplication | None, lang: str) -> None:
    while _installed:
        translator = _installed.pop()
        QCoreApplication.removeTranslator(translator)
    if app is None:
        return
    directory = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name in _QT_CATALOGS.get(lang, ()):
        translator = QTranslator(app)
        if translator.load(name, directory):
            QCoreApplication.installTranslator(translator)
            _installed.append(translator)
    if lang != "en":
        ours = QtTextsTranslator(app)  # installed last: asked first
        QCoreApplication.installTranslator(ours)
        _installed.append(ours)


def switch_language(app: QCoreApplication | None, lang: str | None) -> str:
    """Switch the whole app to ``lang`` (``None``: the system language) and tell every window.

    Returns the language actually used. ``ValueError`` for an unknown code (nothing changes).
    """
    code = i18n.set_language(lang)
    if app is None:
        app = QCoreApplication.instance()
    _install_qt_translators(app, code)
    QLocale.setDefault(qt_locale(code))
    language_notifier().language_changed.emit(code)
    return code


# --- standard buttons --------------------------------------------------------------------------

_SB = QDialogButtonBox.StandardButton
_BUTTON_TEXTS: Final[dict[QDialogButtonBox.StandardButton, str]] = {
    _SB.Ok: N_("OK"),
    _SB.Cancel: N_("Cancel"),
    _SB.Yes: N_("Yes"),
    _SB.No: N_("No"),
    _SB.Close: N_("Close"),
    _SB.Reset: N_("Reset"),
    _SB.RestoreDefaults: N_("Restore Defaults"),
    _SB.Apply: N_("Apply"),
    _SB.Save: N_("Save"),
    _SB.Discard: N_("Discard"),
    _SB.Help: N_("Help"),
    _SB.Open: N_("Open"),
    _SB.Abort: N_("Abort"),
    _SB.Retry: N_("Retry"),
    _SB.Ignore: N_("Ignore"),
    _SB.YesToAll: N_("Yes to All"),
    _SB.NoToAll: N_("No to All"),
    _SB.SaveAll: N_("Save All"),
}
_MB = QMessageBox.StandardButton
_BOX_TO_DIALOG: Final[dict[QMessageBox.StandardButton, QDialogButtonBox.StandardButton]] = {
    getattr(_MB, str(button.name)): button
    for button in _BUTTON_TEXTS
    if hasattr(_MB, str(button.name))
}


def button_text(button: QDialogButtonBox.StandardButton | QMessageBox.StandardButton) -> str:
    """The translated label of a standard button (current language)."""
    if isinstance(button, QMessageBox.StandardButton):
        button = _BOX_TO_DIALOG[button]
    return _(_BUTTON_TEXTS[button])


def translate_buttons(box: QDialogButtonBox | QMessageBox) -> None:
    """Label every standard button of ``box`` from our catalog (call again after a switch)."""
    if isinstance(box, QMessageBox):
        for message_button in _BOX_TO_DIALOG:
            widget = box.button(message_button)
            if widget is not None:
                widget.setText(button_text(message_button))
        return
    for standard in _BUTTON_TEXTS:
        push = box.button(standard)
        if push is not None:
            push.setText(button_text(standard))


# --- questions ---------------------------------------------------------------------------------


def question_box(
    parent: QWidget | None,
    title: str,
    text: str,
    informative: str = "",
    *,
    yes: str | None = None,
    no: str | None = None,
    destructive: bool = False,
) -> QMessageBox:
    """A translated yes/no question, not yet shown (tests inspect it; :func:`ask` shows it).

    ``yes``/``no`` replace the plain "Yes"/"No" with verbs ("Restart", "Keep playing"),
    which read better; for a ``destructive`` question the safe answer is the default.
    """
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(text)
    if informative:
        box.setInformativeText(informative)
    box.setStandardButtons(_MB.Yes | _MB.No)
    translate_buttons(box)
    yes_button, no_button = box.button(_MB.Yes), box.button(_MB.No)
    if yes:
        yes_button.setText(yes)
    if no:
        no_button.setText(no)
    box.setDefaultButton(_MB.No if destructive else _MB.Yes)
    box.setEscapeButton(_MB.No)
    for button in (yes_button, no_button):
        button.setMinimumHeight(40)
        button.setAccessibleName(button.text())
    # Qt sizes message boxes narrowly; give the text room to read well (fits 360 px).
    box.setStyleSheet(
        "QLabel#qt_msgbox_label, QLabel#qt_msgbox_informativelabel { min-width: 260px; }"
    )
    # Named by its title; the question and what follows are its labels, which a reader
    # says as it opens (Orca: "alert New game. Abandon the game in progress? It will
    # count as a loss…"). Described by the question too, it was said a second time.
    box.setAccessibleName(title)
    return box


def ask(
    parent: QWidget | None,
    title: str,
    text: str,
    informative: str = "",
    *,
    yes: str | None = None,
    no: str | None = None,
    destructive: bool = False,
) -> bool:
    """Show a translated yes/no question modally; ``True`` when the answer is yes."""
    box = question_box(parent, title, text, informative, yes=yes, no=no, destructive=destructive)
    box.exec()
    return box.clickedButton() is box.button(_MB.Yes)


def standard_buttons(names: Iterable[QDialogButtonBox.StandardButton]) -> QDialogButtonBox:
    """A button box with translated standard buttons (see :func:`translate_buttons`)."""
    box = QDialogButtonBox()
    for name in names:
        push = box.addButton(name)
        push.setMinimumHeight(40)
    translate_buttons(box)
    return box
