// Runs a wasm32-wasip1 program under Node's built-in WASI (node:wasi), as
// cargo's runner: `node wasi-run.mjs program.wasm [args...]`. The program's
// exit status is this process's. No files are preopened: the golden check
// reads nothing at run time (the vectors are compiled in).
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import { argv, env, exit } from "node:process";

const [program, ...args] = argv.slice(2);
const wasi = new WASI({ version: "preview1", args: [program, ...args], env, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
