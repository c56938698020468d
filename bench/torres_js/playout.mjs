// Random playouts of the public Torres JavaScript engine (TobiHol/torres, packages/game-logic),
// for bench/torres_js.py. Usage: node playout.mjs GAME_LOGIC_DIR PLAYERS SECONDS
// Prints one JSON line: games, moves, seconds, cpu_seconds (the process's processor time). Each move is a uniform pick among
// getLegalMoves(activePlayer), applied with executeMove, as a random playout of towers picks
// uniformly among legal_actions() and applies the pick.
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dir, playersText, secondsText] = process.argv.slice(2);
const { Torres, RANDOM } = await import(pathToFileURL(path.join(dir, "index.js")).href);
const players = Number(playersText);
const budget = Number(secondsText) * 1000;

let games = 0;
let moves = 0;
const cpuStart = process.cpuUsage();
const start = performance.now();
let now = start;
while (now - start < budget || games === 0) {
  const game = new Torres({ numPlayers: players, initMode: RANDOM });
  game.initGame();
  while (game._gameRunning) {
    const legal = game.getLegalMoves(game._activePlayer);
    game.executeMove(legal[Math.floor(Math.random() * legal.length)]);
    moves += 1;
  }
  games += 1;
  now = performance.now();
}
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(JSON.stringify({ games, moves, seconds: (now - start) / 1000, cpu_seconds: cpuSeconds }));
