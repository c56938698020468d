#!/usr/bin/env bash
# The Return to Dark Tower bots measured: the team's win rate by difficulty and player count
# (greedy), mcts at 0.2 s of processor time a move, and the competitive game mcts vs greedy.
# Each run writes its games to an SQLite file as they end, so running this again resumes.
# Usage: bash bench/dark_tower_bots.sh [OUT_DIR] [GREEDY_GAMES] [MCTS_GAMES]
set -euo pipefail
out=${1:-bench-results/dark_tower}
greedy_games=${2:-200}
mcts_games=${3:-20}
mkdir -p "$out"
mcts="mcts:seconds=0.2,clock=cpu"
for difficulty in heroic gritty; do
  for n in 1 2 3 4; do
    echo "== greedy, $n heroes, $difficulty"
    towers simulate dark_tower --players "$n" -o difficulty="$difficulty" --seats greedy \
      --games "$greedy_games" --workers 1 --results "$out/greedy-$difficulty-$n.sqlite"
  done
done
echo "== competitive, mcts vs greedy"
towers simulate dark_tower --players 2 -o mode=competitive --seats "$mcts,greedy" \
  --games "$mcts_games" --workers 1 --results "$out/competitive-mcts-greedy.sqlite"
for n in 1 2; do
  echo "== mcts, $n heroes, heroic"
  towers simulate dark_tower --players "$n" --seats "$mcts" \
    --games "$mcts_games" --workers 1 --results "$out/mcts-heroic-$n.sqlite"
done
