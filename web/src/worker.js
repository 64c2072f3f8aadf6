// The playground's Web Worker: loads Pyodide and the wheels from this site (never from another origin), then
// answers the page's requests by calling rulecheck_web.py. Requests of one kind that queue up while a check runs
// are folded into the newest, so typing never waits for stale work.
"use strict";

const ORDER = ["check", "exam", "board", "report:json", "report:sarif"];
const latest = new Map();
let api = null;
let draining = false;
const WARM_UP = "players: Alice, Bob\ncard Grizzly Bears: creature 2/2\nAlice controls Grizzly Bears\n" +
  "turn 1: Alice, in beginning of combat step\ndeclare attackers step\nAlice attacks Bob with Grizzly Bears\n";

function progress(message, percent) {
  postMessage({ type: "progress", message, percent });
}

async function fetchOk(url) {
  const r = await fetch(url, { credentials: "same-origin" });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

async function init() {
  const t0 = performance.now();
  progress("Loading Python (Pyodide)…", 5);
  const here = new URL("./", self.location.href).href;
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const meta = await (await fetchOk("build.json")).json();
  const pyodide = await loadPyodide({ indexURL: here + "pyodide/", stdout: () => {}, stderr: () => {} });
  progress("Loading rulecheck, lark, click and PyYAML…", 55);
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const wheel of meta.wheels) {
    const bytes = new Uint8Array(await (await fetchOk(wheel)).arrayBuffer());
    pyodide.unpackArchive(bytes, "wheel", { extractDir: site });
  }
  pyodide.FS.writeFile(site + "/rulecheck_web.py", await (await fetchOk("rulecheck_web.py")).text());
  progress("Starting rulecheck…", 70);
  api = pyodide.pyimport("rulecheck_web");
  const info = JSON.parse(api.info());
  progress("Reading the grammar…", 85);
  api.check(WARM_UP, "baseline");     // builds the parser and loads the replay once, so the first real check is warm
  info.python = pyodide.runPython("import sys; sys.version.split()[0]");
  info.pyodide = meta.pyodide;
  info.examples = meta.examples;
  postMessage({ type: "ready", info, ms: performance.now() - t0 });
}

const ready = init().catch((err) => {
  postMessage({ type: "failed", message: String(err && err.message ? err.message : err) });
  throw err;
});

async function drain() {
  try {
    await ready;
  } catch {
    return;
  }
  for (;;) {
    const key = ORDER.find((k) => latest.has(k));
    if (key === undefined) break;
    const msg = latest.get(key);
    latest.delete(key);
    const t = performance.now();
    let result;
    try {
      result = JSON.parse(api[msg.op](...msg.args));
    } catch (err) {
      result = { error: String(err && err.message ? err.message : err) };
    }
    postMessage({ type: "result", id: msg.id, op: msg.op, key, result, ms: performance.now() - t });
    await new Promise((resolve) => setTimeout(resolve, 0));   // let newer requests in before the next one
  }
  draining = false;
}

self.onmessage = (ev) => {
  const msg = ev.data;
  const key = msg.op === "report" ? `report:${msg.args[1]}` : msg.op;
  latest.set(key, msg);
  if (!draining) {
    draining = true;
    setTimeout(drain, 0);
  }
};
