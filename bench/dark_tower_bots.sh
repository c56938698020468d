#!/usr/bin/env bash
# The Return to Dark Tower bots measured: the team's win rate by difficulty and player count
# (greedy), mcts at 0.2 s of processor time a move, and the competitive game mcts vs greedy.
# Each run writes its games to an SQLite file as they end, so running this again resumes.
# Usage: bash bench/dark_tower_bots.sh [OUT_DIR] [GREEDY_GAMES] [MCTS_GAMES]
set -euo pipefail
out=${1:-bench-results/dark_tower}
greedy_games=${2:-200}
mcts_games=${3:-50}
mkdir -p "$out"
mcts="mcts:seconds=0.2,clock=cpu"
for difficulty in heroic gritty; do
  for n in 1 2 3 4; do
    echo "== greedy, $n heroes, $difficulty"
    towers simulate dark_tower --players "$n" -o difficulty="$difficulty" --seats greedy \
      --games "$greedy_games" --workers 1 --resume --results "$out/greedy-$difficulty-$n.sqlite"
  done
done
echo "== competitive, mcts vs greedy"
towers simulate dark_tower --players 2 -o mode=competitive --seats "$mcts,greedy" \
  --games 150 --workers 1 --seed 2 --resume --results "$out/competitive-mcts-greedy.sqlite"
# cooperative mcts, the cheapest cells first: a game takes about 30 s of processor time at
# one hero and 2-4 minutes at three or four
for n in 1 2 3 4; do
  for difficulty in gritty heroic; do
    echo "== mcts, $n heroes, $difficulty"
    towers simulate dark_tower --players "$n" -o difficulty="$difficulty" --seats "$mcts" \
      --games "$mcts_games" --workers 1 --seed 21 --resume \
      --results "$out/mcts-$difficulty-$n.sqlite"
  done
done
