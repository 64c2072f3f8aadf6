// The playground page: CodeMirror 6 editor, findings, board, share, downloads and exam mode. rulecheck runs in
// worker.js (Pyodide); this file only draws what it answers.
import { Compartment, EditorSelection, EditorState } from "@codemirror/state";
import {
  EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { oneDark } from "@codemirror/theme-one-dark";
import { examLanguage, transcriptLanguage } from "./language.js";

const $ = (id) => document.getElementById(id);
const DEBOUNCE_MS = 250;
const state = {
  mode: "transcript",
  texts: { transcript: "", exam: "" },
  edition: "baseline",
  version: 0,                 // bumps with every edit, edition or mode change
  checked: -1,                // the version the shown findings are for
  boardVersion: -1,           // the version the board iframe shows
  boardHtml: "",
  diagnostics: [],
  requestId: 0,
};
const pg = (window.playground = { ready: false, checks: 0, timings: [] });

// ---------------------------------------------------------------- the browser can run it?
function unsupported() {
  const missing = [];
  if (typeof WebAssembly !== "object") missing.push("WebAssembly");
  if (typeof Worker !== "function") missing.push("Web Workers");
  if (typeof CompressionStream !== "function") missing.push("CompressionStream");
  if (typeof TextDecoder !== "function") missing.push("TextDecoder");
  return missing;
}

function fail(message) {
  document.body.dataset.state = "error";
  $("loadmsg").textContent = message;
  $("loadbar").hidden = true;
  $("loading").classList.add("failed");
}

// ---------------------------------------------------------------- editor
const language = new Compartment();
const theme = new Compartment();

function lightTheme() {
  return [EditorView.theme({}, { dark: false }), syntaxHighlighting(defaultHighlightStyle, { fallback: true })];
}

// The editor lives in a shadow root: there CodeMirror's styles are constructed style sheets (adoptedStyleSheets),
// which the Content-Security-Policy allows, where a document would need inline <style> elements.
const editorRoot = $("editor").attachShadow({ mode: "open" });
const layout = EditorView.theme({
  "&": { height: "100%" },
  ".cm-scroller": { fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace', fontSize: "13px",
                    lineHeight: "1.5" },
  ".cm-tooltip .diag": { maxWidth: "520px", padding: "3px 6px", font: "13px/1.4 system-ui, sans-serif" },
  ".diag-msg": { fontWeight: "500" },
  ".diag-rule, .diag-hint, .diag-related": { fontSize: "12.5px", opacity: "0.85", marginTop: "2px" },
});

const view = new EditorView({
  parent: editorRoot,
  root: editorRoot,
  state: EditorState.create({
    doc: "",
    extensions: [
      lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), drawSelection(), history(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      language.of(transcriptLanguage), theme.of(lightTheme()), layout, lintGutter(),
      EditorView.lineWrapping,
      EditorView.updateListener.of((u) => {
        if (u.docChanged) edited();
        if (u.selectionSet || u.docChanged) cursorMoved();
      }),
    ],
  }),
});
pg.view = view;

function setText(text, line) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  if (line) goTo(line, 1, false);
}

function goTo(line, column, focus = true) {
  const doc = view.state.doc;
  const l = doc.line(Math.max(1, Math.min(line, doc.lines)));
  const pos = Math.min(l.from + Math.max(0, column - 1), l.to);
  view.dispatch({ selection: EditorSelection.cursor(pos), scrollIntoView: true });
  if (focus) view.focus();
}

function cursorLine() {
  return view.state.doc.lineAt(view.state.selection.main.head).number;
}

// ---------------------------------------------------------------- worker
let worker = null;
const waiting = new Map();

function ask(op, ...args) {
  const id = ++state.requestId;
  return new Promise((resolve) => {
    waiting.set(id, { key: op === "report" ? `report:${args[1]}` : op, resolve });
    worker.postMessage({ id, op, args });
  });
}

function onWorker(ev) {
  const m = ev.data;
  if (m.type === "progress") {
    $("loadmsg").textContent = m.message;
    $("loadbar").value = m.percent;
  } else if (m.type === "failed") {
    fail(`rulecheck could not start in this browser: ${m.message}`);
  } else if (m.type === "ready") {
    ready(m);
  } else if (m.type === "result") {
    // a request folded into a newer one gets no answer; resolve the older ones as superseded
    for (const [id, w] of waiting) {
      if (id < m.id && w.key === m.key) { waiting.delete(id); w.resolve(null); }
    }
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (w) w.resolve(m);
  }
}

// ---------------------------------------------------------------- checking
let timer = null;

function edited() {
  state.version++;
  state.texts[state.mode] = view.state.doc.toString();
  document.body.dataset.checking = "1";
  $("summary").textContent = "checking…";
  clearTimeout(timer);
  timer = setTimeout(check, DEBOUNCE_MS);
}

async function check() {
  if (!pg.ready) return;
  const version = state.version;
  const text = view.state.doc.toString();
  const mode = state.mode;
  const posted = performance.now();
  const answer = await ask(mode === "exam" ? "exam" : "check", text, state.edition);
  if (answer === null || version !== state.version) return;      // the text changed meanwhile: a newer check runs
  const r = answer.result;
  pg.checks++;
  pg.lastCheckMs = answer.ms;                                    // in the worker
  pg.lastRoundTripMs = performance.now() - posted;                 // asked, checked, answered (no debounce)
  pg.timings.push(answer.ms);
  delete document.body.dataset.checking;
  if (r.error) {
    showFindings([], r.error);
    return;
  }
  state.checked = version;
  state.diagnostics = r.diagnostics;
  showFindings(r.diagnostics, null, r);
  $("timing").textContent = `checked in ${Math.round(answer.ms)} ms`;
  document.body.dataset.checked = String(pg.checks);
  if (mode === "transcript") board(version);
}

function toDiagnostic(d) {
  const doc = view.state.doc;
  const line = doc.line(Math.max(1, Math.min(d.line, doc.lines)));
  const from = Math.min(line.from + Math.max(0, d.column - 1), line.to);
  const endLine = doc.line(Math.max(1, Math.min(d.end_line || d.line, doc.lines)));
  let to = Math.min(endLine.from + Math.max(0, (d.end_column || d.column) - 1), endLine.to);
  if (to <= from) to = Math.min(from + 1, line.to);
  const severity = d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "info";
  return { from, to, severity, message: `${d.rule}: ${d.message}`, renderMessage: () => detail(d) };
}

// The hover: the message, the rule and its title (`rulecheck explain`'s head), the hint, the related rules.
function detail(d) {
  const box = document.createElement("div");
  box.className = "diag";
  const head = box.appendChild(document.createElement("div"));
  head.className = "diag-msg";
  head.textContent = d.message;
  const rule = box.appendChild(document.createElement("div"));
  rule.className = "diag-rule";
  const code = rule.appendChild(document.createElement("b"));
  code.textContent = d.rule;
  if (d.title) rule.appendChild(document.createTextNode(` ${d.title}`));
  if (d.edition && d.edition !== "baseline") rule.appendChild(document.createTextNode(` (edition ${d.edition})`));
  if (d.hint) {
    const hint = box.appendChild(document.createElement("div"));
    hint.className = "diag-hint";
    hint.textContent = `hint: ${d.hint}`;
  }
  if (d.related && d.related.length) {
    const rel = box.appendChild(document.createElement("div"));
    rel.className = "diag-related";
    rel.textContent = "related: " + d.related.map((r) => (d.related_titles[r] ? `${r} (${d.related_titles[r]})` : r))
      .join("; ");
  }
  return box;
}

function showFindings(diags, error, r) {
  view.dispatch(setDiagnostics(view.state, diags.map(toDiagnostic)));
  const list = $("findings");
  list.textContent = "";
  for (const d of diags) {
    const li = list.appendChild(document.createElement("li"));
    li.className = `finding ${d.severity}`;
    li.dataset.line = d.line;
    li.dataset.rule = d.rule;
    li.tabIndex = 0;
    const loc = li.appendChild(document.createElement("span"));
    loc.className = "loc";
    loc.textContent = `${d.line}:${d.column}`;
    const rule = li.appendChild(document.createElement("span"));
    rule.className = "rule";
    rule.textContent = d.rule;
    li.appendChild(detail(d));
    const go = () => goTo(d.line, d.column);
    li.addEventListener("click", go);
    li.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  }
  const n = diags.filter((d) => d.severity === "error").length;
  const others = diags.length - n;
  let text = error || (n ? `${n} finding${n === 1 ? "" : "s"}` : "No findings");
  if (!error && others) text += ` · ${others} warning${others === 1 ? "" : "s"} or note${others === 1 ? "" : "s"}`;
  if (r && state.mode === "exam") {
    text = r.invalid ? "Not an exam rulecheck can grade" :
      `Graded ${r.answers} answer${r.answers === 1 ? "" : "s"} to ${r.questions} question${r.questions === 1 ? "" : "s"}: ` +
      (n ? `${n} disagreement${n === 1 ? "" : "s"} with the key` : "every key agrees with rulecheck");
    $("examsummary").textContent = text;
  }
  if (state.mode === "transcript" && /^questions:\s*$/m.test(view.state.doc.toString())) {
    text += " · this looks like an exam YAML: choose Mode → Exam to grade it";
  }
  $("summary").textContent = text;
  document.body.dataset.findings = String(diags.length);
}

// ---------------------------------------------------------------- the board (rulecheck trace's page)
async function board(version) {
  const answer = await ask("board", view.state.doc.toString(), state.edition, cursorLine());
  if (answer === null || version !== state.version || state.mode !== "transcript") return;
  const r = answer.result;
  if (r.error) return;
  pg.lastBoardMs = answer.ms;                                      // trace and render_html, in the worker
  state.boardVersion = version;
  if (r.html !== state.boardHtml) {
    state.boardHtml = r.html;
    $("board").srcdoc = r.html;
  } else {
    follow(cursorLine());
  }
}

function boardLoaded() {
  const doc = $("board").contentDocument;
  if (!doc || !doc.getElementById("lines")) return;
  // beside the editor, the editor is the list of lines: the board and its header only
  doc.getElementById("lines").style.display = "none";
  doc.body.style.gridTemplateColumns = "1fr";
  doc.querySelector("header").style.gridColumn = "1";
  const h1 = doc.querySelector("header h1");
  if (h1) h1.style.display = "none";
  const help = doc.querySelector("header .help");
  if (help) help.style.display = "none";
  follow(cursorLine());
}

function follow(line) {
  $("boardline").textContent = `(line ${line})`;
  const win = $("board").contentWindow;
  if (!win || !win.document.getElementById("lines")) return;
  if (win.location.hash !== `#L${line}`) win.location.hash = `#L${line}`;
}

let cursorTimer = null;
function cursorMoved() {
  clearTimeout(cursorTimer);
  cursorTimer = setTimeout(() => {
    if (state.mode === "transcript" && state.boardVersion === state.version) follow(cursorLine());
  }, 60);
}

// ---------------------------------------------------------------- share: the text in the address, compressed
function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

async function shareUrl() {
  const packed = await pipe(new TextEncoder().encode(view.state.doc.toString()), new CompressionStream("deflate-raw"));
  const params = new URLSearchParams({ m: state.mode, e: state.edition, l: String(cursorLine()) });
  return `${location.origin}${location.pathname}#${params}&z=${toBase64Url(packed)}`;
}

async function fromFragment() {
  if (!location.hash.includes("z=")) return false;
  try {
    const params = new URLSearchParams(location.hash.slice(1));
    const bytes = await pipe(fromBase64Url(params.get("z") || ""), new DecompressionStream("deflate-raw"));
    const text = new TextDecoder().decode(bytes);
    setMode(params.get("m") === "exam" ? "exam" : "transcript", false);
    setEdition(params.get("e") || "baseline", false);
    setText(text, Number(params.get("l")) || 1);
    return true;
  } catch (err) {
    $("summary").textContent = `The shared link could not be read (${err.message}).`;
    return false;
  }
}

// ---------------------------------------------------------------- modes, editions, examples, files
function setMode(mode, recheck = true) {
  if (mode === state.mode) return;
  state.texts[state.mode] = view.state.doc.toString();
  state.mode = mode;
  $("mode").value = mode;
  document.body.dataset.mode = mode;
  view.dispatch({ effects: language.reconfigure(mode === "exam" ? examLanguage : transcriptLanguage) });
  if (recheck) setText(state.texts[mode]);
}

function setEdition(edition, recheck = true) {
  if (![...$("edition").options].some((o) => o.value === edition)) edition = "baseline";
  state.edition = edition;
  $("edition").value = edition;
  if (recheck) edited();
}

async function loadExample(entry) {
  const r = await fetch(entry.file);
  const text = await r.text();
  setMode(entry.kind === "exam" ? "exam" : "transcript", false);
  setEdition(entry.edition || "baseline", false);
  setText(text);
  goTo(1, 1, false);
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function downloadFindings(fmt) {
  if (state.checked !== state.version) await check();
  const answer = await ask("report", state.mode === "exam" ? "exam" : "transcript", fmt);
  if (!answer || answer.result.error) return;
  const base = state.mode === "exam" ? "playground.exam" : "playground";
  download(`${base}.${fmt === "json" ? "json" : "sarif"}`, answer.result.text + "\n", "application/json");
}

function applyTheme(dark) {
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  view.dispatch({ effects: theme.reconfigure(dark ? oneDark : lightTheme()) });
  try { localStorage.setItem("rulecheck-theme", dark ? "dark" : "light"); } catch { /* private mode */ }
}

function wire(info) {
  const ed = $("edition");
  ed.textContent = "";
  for (const e of info.editions) {
    const o = ed.appendChild(document.createElement("option"));
    o.value = e.name;
    o.textContent = e.name;
    o.title = e.description;
  }
  ed.value = state.edition;
  ed.addEventListener("change", () => setEdition(ed.value));
  const ex = $("examples");
  info.examples.forEach((entry, i) => {
    const o = ex.appendChild(document.createElement("option"));
    o.value = String(i);
    o.textContent = entry.label;
  });
  ex.addEventListener("change", () => {
    if (ex.value !== "") loadExample(info.examples[Number(ex.value)]);
    ex.value = "";
  });
  $("mode").addEventListener("change", () => setMode($("mode").value));
  $("open").addEventListener("click", () => $("file").click());
  $("file").addEventListener("change", async () => {
    const f = $("file").files[0];
    if (!f) return;
    setMode(/\.ya?ml$/i.test(f.name) ? "exam" : "transcript", false);
    setText(await f.text());
    $("file").value = "";
  });
  $("share").addEventListener("click", async () => {
    const url = await shareUrl();
    window.history.replaceState(null, "", url);
    $("sharebox").hidden = false;
    $("shareurl").value = url;
    $("shareurl").select();
    try {
      await navigator.clipboard.writeText(url);
      $("sharemsg").textContent = "copied to the clipboard";
    } catch {
      $("sharemsg").textContent = "copy it from here";
    }
  });
  const items = $("download-items");
  $("download").addEventListener("click", (e) => { e.stopPropagation(); items.hidden = !items.hidden; });
  document.addEventListener("click", (e) => { if (!items.contains(e.target)) items.hidden = true; });
  items.addEventListener("click", (e) => {
    const kind = e.target.dataset.download;
    if (!kind) return;
    items.hidden = true;
    if (kind === "text") {
      download(state.mode === "exam" ? "playground.exam.yaml" : "playground.transcript", view.state.doc.toString(),
               "text/plain");
    } else downloadFindings(kind);
  });
  $("board").addEventListener("load", boardLoaded);
  window.addEventListener("hashchange", () => { if (location.hash.includes("z=")) fromFragment(); });
}

async function ready(m) {
  const info = m.info;
  pg.ready = true;
  pg.readyMs = performance.now();
  pg.workerStartMs = m.ms;
  $("pyver").textContent = `Python ${info.python}, Pyodide ${info.pyodide}`;
  wire(info);
  const restored = await fromFragment();
  if (!restored) await loadExample(info.examples[0]);
  document.body.dataset.state = "ready";
  $("loading").hidden = true;
  edited();
}

// ---------------------------------------------------------------- start
function start() {
  let dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  try {
    const saved = localStorage.getItem("rulecheck-theme");
    if (saved) dark = saved === "dark";
  } catch { /* private mode */ }
  applyTheme(dark);
  $("theme").addEventListener("click", () => applyTheme(document.documentElement.dataset.theme !== "dark"));
  const missing = unsupported();
  if (missing.length) {
    fail(`This browser can't run the playground: it lacks ${missing.join(", ")}. A recent Chrome, Edge, Firefox ` +
         "or Safari can; or install rulecheck with pip and run `rulecheck check`.");
    return;
  }
  try {
    worker = new Worker("worker.js", { type: "module" });
  } catch (err) {
    fail(`This browser can't start the playground's worker (${err.message}); a recent browser can.`);
    return;
  }
  worker.onmessage = onWorker;
  worker.onerror = (e) => fail(`The playground's worker failed: ${e.message || "it could not be loaded"}. ` +
                               "A recent Chrome, Edge, Firefox or Safari can run it.");
}

start();
