#!/usr/bin/env bash
# The README's pictures, made by the tool itself: a trees maze as a PNG
# (docs/maze.png), and the same maze as a POV-Ray scene rendered by povray
# with no edits (docs/maze-pov.png), and the same maze growing, an animated PNG
# (docs/grow.png). ALGO, SEED, W and H may be overridden.
set -euo pipefail
cd "$(dirname "$0")/.."
ALGO="${ALGO:-trees}"
SEED="${SEED:-2024}"
W="${W:-30}"
H="${H:-20}"
command -v povray >/dev/null || { echo "readme-images: povray is needed (apt-get install povray)" >&2; exit 1; }

node scripts/build.mjs
mkdir -p docs
node dist/cli.js gen --algo "$ALGO" --w "$W" --h "$H" --seed "$SEED" -o docs/maze.png
node dist/cli.js gen --algo "$ALGO" --w "$W" --h "$H" --seed "$SEED" -o docs/maze.pov
# POV-Ray writes only below its current folder by default.
(cd docs && povray +Imaze.pov +Omaze-pov.png +W1200 +H800 +A0.1 -D -GS -GR 2>/dev/null)
rm docs/maze.pov
node dist/cli.js gen --algo "$ALGO" --w "$W" --h "$H" --seed "$SEED" --tile 14 --animate --frames 80 --duration 6 -o docs/grow.png
echo "wrote docs/maze.png, docs/maze-pov.png and docs/grow.png ($ALGO, seed $SEED, $W × $H)"
