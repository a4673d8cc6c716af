"""The settings as the store keeps them: defined in :mod:`canfield.records.settings`."""

from __future__ import annotations

from canfield.records.settings import (
    CARD_BACKS,
    FELTS,
    Settings,
    check_setting,
    check_variant_name,
    decode_setting,
    encode_setting,
)

__all__ = [
    "CARD_BACKS",
    "FELTS",
    "Settings",
    "check_setting",
    "check_variant_name",
    "decode_setting",
    "encode_setting",
]
