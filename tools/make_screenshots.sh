#!/bin/sh
# Regenerate docs/screenshots/ with `canfield screenshot` (offscreen, no display needed).
# The deal is the example deal (EXAMPLE_CODE, docs/notation.md); MID is the first half of a winning line the
# solver found for it, WIN the whole line.
set -eu
cd "$(dirname "$0")/.."
CANFIELD=${CANFIELD:-.venv/bin/canfield}
OUT=docs/screenshots
export QT_QPA_PLATFORM=offscreen
CODE=CF1-D3-AAAAACL
MID="s s s s s s s s s s 7S>f QC>2 8H>f KH>4 JS>3 s s s s s s s s s s 5H>1 s s s s s s s s s s s s s s 9H>f s s s s s s s s 4C>1 8S>f s s s s s s s s s s s s s JH>2 TH>f s s s s s s s s s s s 7D>f JH>f JH>4 s s s s s s s s s s s s TS>4 JH>2 TH>3 s s s s s 9C>3 s s s s s s s s s s 9S>f s 8D>f TS>f JH>4 TS>4 9H>4 s s s s s s s s 8C>4 s"
REST="3H>1 9D>f s s s s s s s 2S>1 s s s s s s s s TD>f s s s s s s s s 7C>f 8C>f 9C>f s s s TC>f 9H>f TH>f TS>f JS>f QS>f JH>f QH>f JD>f AH>1 AS>2 5S>4 s s s KC>1 s s s s s s QD>f KD>f s s s s s s 4H>4 s s s s s 3S>4 s s s s s AD>f 2D>f JC>f QC>f KC>f AC>f 2C>f KS>f KH>f AH>f AS>f 2S>f 2H>f 3H>f 3D>f s 4D>f s s s s 5D>f 3C>f 4C>f s s s 5C>f 3S>f 4H>f 5H>f 6H>f 4S>f 6C>f 5S>f s 6S>f 6D>f"
# The winning line starts from the position after MID without its last draw.
WIN="${MID% s} $REST"
# FINISH: the winning line up to where only cards going home (and draws) are left: Finish shows.
FINISH=$(echo "$WIN" | cut -d' ' -f1-197)

# LONG: random play on CF1-D3-AAAAAAB that builds a 20-card column (its closed cards compress; the open ones stay readable).
LONG="s 5C>4 s s s s s s JD>3 s s s s s s s s 9C>1 s s s s s s s s s s s s TC>3 9D>3 s s s s s s s s 8H>1 s s s s 7C>1 s 6S>2 6D>1 2H>4 4D>1 3C>1 5H>2 s 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 s 2H>4 2H>1 AS>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 s 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 s 2H>4 2H>1 s 8S>3 7D>3 2H>4 2H>1 2H>4 2H>1 s 8H>2 8H>1 8H>2 2H>4 8H>1 8H>2 8H>1 2H>1 8H>2 2H>4 2H>2 2H>4 8H>1 8H>2 2H>2 8H>1 8H>2 2H>4 8H>1 8H>2 2H>2 s KH>2 8H>1 8H>2 8H>1 QS>1 s 7D>3 s 7D>1 7D>3 7D>1 8H>2 7D>3 7D>2 2H>4 8H>1 7D>3 8H>2 7D>4 8H>1 8H>2 2H>2 7D>3 8H>1 2H>4 2H>1 8H>2 s s s 7D>2 s 2H>4 7D>3 7D>4 8H>1 2H>1 7D>3 8H>2 8H>1 8H>2 2H>4 8H>1 2H>1 8H>2 s 4S>3 2H>4 s 2H>2 8H>1 8H>2 2H>4 7D>4 7D>3 8H>1 7D>4 7D>3 8H>2 s 7D>4 2H>2 7D>3 2H>4 8H>1 2H>1 8H>2 s 7D>2 2H>4 8H>1 s 8H>2 7D>3 2H>2 7D>2 8H>1"

# Variants on the same deal: play that shows Superior's open reserve, Storehouse on its second
# pass (2s home from the start), and Strict with its one pass spent (the stock shows a cross).
SUPERIOR="QC>2 8H>f KH>4 s AS>2 s QS>4 s JS>3 s s s s s s 5D>1 s 7S>f s s s s s s s s s s s 4S>1"
STOREHOUSE="KH>2 QH>3 s s s s s 3H>f s s s s s s s s s 4H>f s 3S>f s s s 5H>f s 5H>1 5H>f s 5H>1 5H>f s 4S>f 5H>1 5H>f s 3C>f 5H>1 5H>f s 5H>1 5H>f s s 5H>1 5H>f s 6H>f 7H>f s s s s s s QC>2 8H>f s s s QS>4 JS>3 s s s"
STRICT="QC>2 8H>f KH>4 s JS>3 s s s s s s s s 5D>1 s 7S>f s s"

shot() { "$CANFIELD" screenshot "$@" 2>/dev/null; }

shot "$OUT/desktop-opening.png" "$CODE" --size 1280x800
shot "$OUT/desktop-midgame.png" "$CODE" --size 1280x800 --moves "$MID"
shot "$OUT/desktop-win.png" "$CODE" --size 1280x800 --moves "$WIN"
shot "$OUT/desktop-midgame-hu.png" "$CODE" --size 1280x800 --moves "$MID" --lang hu
shot "$OUT/phone-opening.png" "$CODE" --size 360x640 --dpr 2
shot "$OUT/phone-midgame.png" "$CODE" --size 360x640 --dpr 2 --moves "$MID"
shot "$OUT/phone-win-pt.png" "$CODE" --size 360x640 --dpr 2 --moves "$WIN" --lang pt
shot "$OUT/phone-long-column.png" CF1-D3-AAAAAAB --size 360x640 --dpr 2 --moves "$LONG"
shot "$OUT/desktop-superior.png" CF1-SUPERIOR-D3-AAAAACL --size 1280x800 --moves "$SUPERIOR"
shot "$OUT/phone-superior.png" CF1-SUPERIOR-D3-AAAAACL --size 360x640 --dpr 2
shot "$OUT/phone-storehouse.png" CF1-STOREHOUSE-D1-AAAAACL --size 360x640 --dpr 2 --moves "$STOREHOUSE"
shot "$OUT/phone-strict-hu.png" CF1-STRICT-D3-AAAAACL --size 360x640 --dpr 2 --moves "$STRICT" --lang hu
shot "$OUT/phone-landscape-id.png" "$CODE" --size 640x360 --dpr 2 --moves "$MID" --lang id
shot "$OUT/desktop-fullhd-pt.png" "$CODE" --size 1920x1080 --moves "$MID" --lang pt
shot "$OUT/phone-cannot-win-pt.png" CF1-D3-AAAAAAU --size 360x640 --dpr 2 --moves "s s" --lang pt --hint
shot "$OUT/desktop-finish.png" "$CODE" --size 1280x800 --moves "$FINISH"
shot "$OUT/phone-finish-landscape-pt.png" "$CODE" --size 640x360 --dpr 2 --moves "$FINISH" --lang pt
shot "$OUT/phone-welcome-id.png" "$CODE" --size 360x640 --dpr 2 --welcome --lang id
shot "$OUT/phone-welcome-landscape-hu.png" "$CODE" --size 640x360 --dpr 2 --welcome --lang hu
