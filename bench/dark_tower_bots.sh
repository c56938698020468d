#!/usr/bin/env bash
# The Return to Dark Tower bots measured: the team's win rate by difficulty and player count
# (greedy), mcts at 0.2 s of processor time a move, and the competitive game mcts vs greedy.
# Each run writes its games to an SQLite file as they end, so running this again resumes; the
# files behind the figures in docs/games/dark_tower.md are kept in bench/results/dark_tower,
# so a cell left unfinished is carried on from there.
# Usage: bash bench/dark_tower_bots.sh [OUT_DIR] [GREEDY_GAMES] [MCTS_GAMES] [PARTS]
# MCTS_GAMES defaults to 50 a cell and 200 for two heroes on Heroic, the docs' figures.
# PARTS (default "greedy competitive mcts") picks what to run; a cell of mcts alone is
# "mcts-gritty-3" (difficulty, heroes), and several may be given, space-separated. The mcts
# cells play on WORKERS processes (default 1; the figures in the docs used 2, on two cores):
# with the cpu clock each move gets its full 0.2 s of processor time however busy the machine.
set -euo pipefail
out=${1:-bench/results/dark_tower}
greedy_games=${2:-1000}
mcts_games=${3:-50}
parts=" ${4:-greedy competitive mcts} "
mkdir -p "$out"
mcts="mcts:seconds=0.2,clock=cpu"
workers=${WORKERS:-1}
wanted() { [[ "$parts" == *" $1 "* ]]; }
if wanted greedy; then
  for difficulty in heroic gritty; do
    for n in 1 2 3 4; do
      echo "== greedy, $n heroes, $difficulty"
      towers simulate dark_tower --players "$n" -o difficulty="$difficulty" --seats greedy \
        --games "$greedy_games" --workers 1 --resume --results "$out/greedy-$difficulty-$n.sqlite"
    done
  done
fi
if wanted competitive; then
  echo "== competitive, mcts vs greedy"
  towers simulate dark_tower --players 2 -o mode=competitive --seats "$mcts,greedy" \
    --games 150 --workers 1 --seed 2 --resume --results "$out/competitive-mcts-greedy.sqlite"
fi
# cooperative mcts, the cheapest cells first: a game takes about 15 s of processor time at
# one hero, 45-60 s at two and 60-75 s at three or four
for n in 1 2 3 4; do
  for difficulty in gritty heroic; do
    if wanted mcts || wanted "mcts-$difficulty-$n"; then
      games=$mcts_games
      if [[ -z "${3:-}" && "$n-$difficulty" == "2-heroic" ]]; then games=200; fi
      echo "== mcts, $n heroes, $difficulty"
      towers simulate dark_tower --players "$n" -o difficulty="$difficulty" --seats "$mcts" \
        --games "$games" --workers "$workers" --seed 21 --resume \
        --results "$out/mcts-$difficulty-$n.sqlite"
    fi
  done
done
