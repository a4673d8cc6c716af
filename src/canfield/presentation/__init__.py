"""What both front ends show and say, computed once and toolkit-free.

The desktop app (:mod:`canfield.gui`, Qt) and the browser page (:mod:`canfield.web`,
in a Web Worker) lay the table out, name its piles and cards, decide what a press
picks up and where a drag may land, and speak after each action with these modules,
so the two never drift apart. Every rule question goes to :mod:`canfield.rules`;
nothing here imports a toolkit or knows a browser (an import-linter contract checks it).

- :mod:`~canfield.presentation.geometry`: the table's layout for a size, where each card lies.
- :mod:`~canfield.presentation.piles`: pile names, their cards, what can be picked up or dropped.
- :mod:`~canfield.presentation.narration`: the short sentence after each action.
- :mod:`~canfield.presentation.answers`: Hint, Show me and the winnability note in words.
- :mod:`~canfield.presentation.variant_text`, :mod:`~canfield.presentation.clock`,
  :mod:`~canfield.presentation.winnable`, :mod:`~canfield.presentation.stacking`.
"""
