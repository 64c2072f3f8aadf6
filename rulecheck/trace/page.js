"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("trace-data").textContent);
  const LINES = DATA.lines;              // [line, text, changes, findings]
  const SECTIONS = ["turn", "players", "stack", "pending", "declaring"];
  const EVERY = 64;                      // a full state is kept every EVERY lines, the others folded on demand
  const checkpoints = new Map();
  const $ = (id) => document.getElementById(id);
  let current = 0;

  function empty() {
    return { turn: { number: null, active: null, phase: null, step: null, between: null, priority: null },
             players: [], permanents: {}, stack: [], pending: [], declaring: null };
  }
  function apply(state, ch) {
    const out = Object.assign({}, state);
    for (const k of SECTIONS) if (k in ch) out[k] = ch[k];
    if (ch.permanents) {
      const perms = Object.assign({}, state.permanents);
      for (const id in ch.permanents) {
        if (ch.permanents[id] === null) delete perms[id]; else perms[id] = ch.permanents[id];
      }
      out.permanents = perms;
    }
    return out;
  }
  function stateAt(i) {
    let k = i - (i % EVERY);
    while (k > 0 && !checkpoints.has(k)) k -= EVERY;
    let state = checkpoints.get(k);
    if (state === undefined) { state = apply(empty(), LINES[0][2]); checkpoints.set(0, state); k = 0; }
    for (let j = k + 1; j <= i; j++) {
      state = apply(state, LINES[j][2]);
      if (j % EVERY === 0) checkpoints.set(j, state);
    }
    return state;
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  // ---------------------------------------------------------------- the list of lines
  function buildList() {
    const parts = [];
    const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    LINES.forEach((l, i) => {
      const f = l[3];
      const flagged = f.length ? " flagged" : "";
      let note = "";
      for (const x of f) note += '<div class="f">' + esc(x[0] + ": " + x[1]) + "</div>";
      parts.push('<li data-i="' + i + '" class="l' + flagged + '" id="L' + l[0] + '"><span class="n">' + l[0] +
                 '</span><span class="t">' + esc(l[1]) + "</span>" + note + "</li>");
    });
    $("lines").innerHTML = parts.join("");
    $("lines").addEventListener("click", (ev) => {
      const li = ev.target.closest("li");
      if (li) go(Number(li.dataset.i));
    });
  }

  // ---------------------------------------------------------------- the board
  function cardOf(p, state, orderOf, received) {
    const isLand = p.types.indexOf("land") >= 0 && p.power === null;
    const slot = el("div", "slot" + (p.tapped ? " tapped" : "") + (isLand ? " landslot" : ""));
    slot.dataset.name = p.name;
    const box = el("div", "cardbox");
    const card = el("div", "card" + (isLand ? " land" : "") + (p.attacking ? " attacking" : "") +
                    (p.blocking.length ? " blocking" : "") + (p.phased_out ? " phased" : ""));
    card.title = p.name + (p.tapped ? " (tapped)" : "");
    card.appendChild(el("div", "name", p.name));
    card.appendChild(el("div", "types", p.types.join(" ") + (p.token ? " token" : "")));
    if (p.power !== null) card.appendChild(el("span", "pt", p.power + "/" + p.toughness));
    else if (p.loyalty !== null && p.loyalty !== undefined) card.appendChild(el("span", "pt", "◆ " + p.loyalty));
    if (p.damage) card.appendChild(el("span", "dmg", p.damage + " dmg"));
    box.appendChild(card);
    const n = p.blocking.length ? orderOf[p.name] : 0;
    if (n) { const o = el("span", "order", String(n)); o.title = "damage assignment order: " + n; box.appendChild(o); }
    slot.appendChild(box);
    const info = el("div", "caption");
    if (p.tapped) info.appendChild(el("span", "mark tap", "tapped"));
    if (p.attacking) info.appendChild(el("span", "mark atk", "attacks " + p.attacking));
    if (p.blocking.length) info.appendChild(el("span", "mark blk", "blocks " + p.blocking.join(", ")));
    if (p.blockers.length) {
      info.appendChild(el("span", "mark ord", (p.ordered ? "order: " : "blocked by ") +
        p.blockers.map((b, k) => (p.blockers.length > 1 ? (k + 1) + ". " : "") + b).join(", ")));
    } else if (p.blocked) info.appendChild(el("span", "mark ord", "blocked"));
    if (received[p.name]) info.appendChild(el("span", "mark asg", "assigned " + received[p.name]));
    if (p.assigned.length) info.appendChild(el("span", "mark asg", "assigns " + p.assigned.map((a) => a[0] + " to " + a[1]).join(", ")));
    for (const k in p.counters) if (k !== "loyalty") info.appendChild(el("span", "mark", p.counters[k] + " " + k + " counter" + (p.counters[k] === 1 ? "" : "s")));
    if (p.attached_to) info.appendChild(el("span", "mark", "on " + p.attached_to));
    if (p.face_down) info.appendChild(el("span", "mark", "face down"));
    if (p.phased_out) info.appendChild(el("span", "mark", "phased out"));
    if (p.summoning_sick && p.types.indexOf("creature") >= 0) info.appendChild(el("span", "mark", "new"));
    slot.appendChild(info);
    return slot;
  }

  function renderBoard(state) {
    const board = $("board");
    board.innerHTML = "";
    const players = state.players.map((p) => p.name);
    const by = {};
    for (const name of players) by[name] = [];
    for (const id in state.permanents) {
      const p = state.permanents[id];
      (by[p.controller] = by[p.controller] || []).push(p);
    }
    const orderOf = {};             // blocker name -> its place in the damage assignment order
    for (const id in state.permanents) {
      const p = state.permanents[id];
      if (p.ordered) p.blockers.forEach((b, k) => { orderOf[b] = k + 1; });
    }
    const received = {};            // combat damage assigned to it this step, not yet dealt
    for (const id in state.permanents) {
      for (const a of state.permanents[id].assigned) received[a[1]] = (received[a[1]] || 0) + a[0];
    }
    const attacked = new Set();
    for (const id in state.permanents) if (state.permanents[id].attacking) attacked.add(state.permanents[id].attacking);
    const names = Object.keys(by);
    board.className = names.length > 2 ? "many" : "";
    // two players: the active player's side below, as across a table
    const shown = names.length === 2 && state.turn.active === names[0] ? [names[1], names[0]] : names;
    for (const name of shown) {
      const info = state.players.find((p) => p.name === name);
      const side = el("section", "side" + (state.turn.active === name ? " active" : ""));
      side.dataset.player = name;
      const h = el("h2", attacked.has(name) ? "attacked" : "");
      h.appendChild(el("span", "who", name));
      if (info) {
        h.appendChild(el("span", "life" + (info.life <= 5 ? " low" : ""), info.life + " life"));
        const meta = [];
        if (info.mana) meta.push("mana " + info.mana);
        if (info.hand !== null) meta.push(info.hand + " in hand");
        if (info.scheme) meta.push("scheme " + info.scheme);
        for (const kind in (info.counters || {})) meta.push(info.counters[kind] + " " + kind);
        for (const zone in (info.zones || {})) {
          const z = info.zones[zone];
          if (z.count === null && !z.cards.length) continue;   // nothing known
          const count = z.count === null ? z.cards.length + "+" : String(z.count);
          meta.push(zone + " " + count);
        }
        if (info.left) meta.push("left the game (" + info.left + ")");
        if (meta.length) {
          const span = el("span", "meta", meta.join(" · "));
          const known = [];   // the cards known to be in each zone, on hover
          for (const zone in (info.zones || {})) {
            const cards = info.zones[zone].cards.map((c) => c.name + (c.face_down ? " (face down)" : ""));
            if (cards.length) known.push(zone + ": " + cards.join(", "));
          }
          if (known.length) span.title = known.join("\n");
          h.appendChild(span);
        }
      }
      if (state.turn.active === name) h.appendChild(el("span", "tag", "active"));
      if (state.turn.priority === name) h.appendChild(el("span", "tag prio", "priority"));
      h.appendChild(el("span", "anchor"));   // where arrows to this player point: the empty end of the header
      side.appendChild(h);
      const rows = [el("div", "row"), el("div", "row")];
      for (const p of by[name]) {
        const land = p.types.indexOf("land") >= 0 && p.power === null;
        rows[land ? 1 : 0].appendChild(cardOf(p, state, orderOf, received));
      }
      side.appendChild(rows[0]);
      if (rows[1].childNodes.length) side.appendChild(rows[1]);
      board.appendChild(side);
    }
    drawArrows(state);
  }

  function edge(node, toward, box) {
    // where the segment from the node's centre toward a point leaves the node's box
    const r = node.getBoundingClientRect();
    const cx = r.left + r.width / 2 - box.left, cy = r.top + r.height / 2 - box.top;
    const dx = toward[0] - cx, dy = toward[1] - cy;
    const sx = dx ? (r.width / 2) / Math.abs(dx) : Infinity, sy = dy ? (r.height / 2) / Math.abs(dy) : Infinity;
    const s = Math.min(sx, sy, 1);
    return [cx + dx * s, cy + dy * s];
  }
  function centre(node, box) {
    const r = node.getBoundingClientRect();
    return [r.left + r.width / 2 - box.left, r.top + r.height / 2 - box.top];
  }
  function drawArrows(state) {
    const board = $("board");
    const old = $("arrows");
    if (old) old.remove();
    const box = board.getBoundingClientRect();
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.id = "arrows";
    svg.setAttribute("width", box.width); svg.setAttribute("height", box.height);
    svg.innerHTML = '<defs><marker id="ha" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto">' +
      '<path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker><marker id="hb" viewBox="0 0 10 10" refX="9" refY="5" ' +
      'markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#1f5fa8"/></marker></defs>';
    const card = (name) => board.querySelector('.slot[data-name="' + CSS.escape(name) + '"] .card');
    const player = (name) => board.querySelector('.side[data-player="' + CSS.escape(name) + '"] h2 .anchor');
    const arrow = (from, to, cls, head) => {
      const a = edge(from, centre(to, box), box), b = edge(to, centre(from, box), box);
      const l = document.createElementNS(ns, "line");
      l.setAttribute("x1", a[0]); l.setAttribute("y1", a[1]); l.setAttribute("x2", b[0]); l.setAttribute("y2", b[1]);
      l.setAttribute("class", cls); l.setAttribute("marker-end", "url(#" + head + ")");
      svg.appendChild(l);
    };
    const slotOf = (name) => board.querySelector('.slot[data-name="' + CSS.escape(name) + '"]');
    let attackers = 0;
    for (const id in state.permanents) if (state.permanents[id].attacking) attackers++;
    for (const id in state.permanents) {
      const p = state.permanents[id];
      const from = slotOf(p.name);
      if (!from) continue;
      // a blocked attacker's arrows are its blockers'; an arrow per unblocked attacker while they are few
      if (p.attacking && !p.blocked && (attackers <= 6 || card(p.attacking))) {
        const to = card(p.attacking) || player(p.attacking);
        if (to) arrow(from, to, "atk", "ha");
      }
      for (const b of p.blocking) {
        const to = card(b);
        if (to) arrow(from, to, "blk", "hb");
      }
    }
    board.appendChild(svg);
  }

  function list(node, items, emptyText) {
    node.innerHTML = "";
    if (!items.length) { node.appendChild(el("li", "empty", emptyText)); node.classList.add("none"); return; }
    node.classList.remove("none");
    for (const t of items) node.appendChild(el("li", "", t));
  }

  function renderTurn(state, entry) {
    const t = state.turn, turn = $("turn");
    turn.innerHTML = "";
    if (t.number === null) { turn.appendChild(el("b", "", "Before the first turn")); }
    else {
      turn.appendChild(el("b", "", "Turn " + t.number + " · " + t.active));
      let where = t.between === "turns" ? "between turns" : (t.step || "the turn begins");
      if (t.between === "steps") where = "after the " + where;
      else if (t.phase && t.phase !== t.step) where = t.phase + " — " + where;
      turn.appendChild(document.createTextNode(" · " + where));
      turn.appendChild(el("span", "prio", " · priority: " + (t.priority || "—")));
    }
    $("where").textContent = "line " + entry[0] + " (" + (current + 1) + " of " + LINES.length + ")";
  }

  function render() {
    const entry = LINES[current];
    const state = stateAt(current);
    renderTurn(state, entry);
    const f = $("findings");
    f.innerHTML = "";
    for (const x of entry[3]) {
      const li = el("li", x[2] === "warning" ? "warning" : "");
      li.appendChild(el("span", "rule", x[0]));
      li.appendChild(document.createTextNode(x[1]));
      if (DATA.titles[x[0]]) li.appendChild(el("span", "title", x[0] + ": " + DATA.titles[x[0]]));
      f.appendChild(li);
    }
    renderBoard(state);
    list($("stack"), state.stack.slice().reverse().map((s) => s.source + (s.text ? ": " + s.text : "") +
      " (" + s.controller + (s.targets.length ? ", targets " + s.targets.join(", ") : "") + ")"), "empty");
    const waiting = state.pending.map((t) => t.source + ": " + t.text + " (" + t.controller + ")");
    if (state.declaring) {
      const verb = state.declaring.kind === "attack" ? " attacks " : " blocks ";
      for (const pr of state.declaring.pairs) waiting.push((state.declaring.kind === "attack" ? "attack" : "blocks") + " being declared: " + pr[0] + verb + pr[1].join(", "));
    }
    list($("pending"), waiting, "nothing");
    document.querySelectorAll("#lines li.current").forEach((li) => li.classList.remove("current"));
    const li = document.querySelector('#lines li[data-i="' + current + '"]');
    if (li) { li.classList.add("current"); li.scrollIntoView({ block: "nearest" }); }
    document.body.dataset.line = entry[0];
  }

  function go(i) {
    current = Math.max(0, Math.min(LINES.length - 1, i));
    if (history.replaceState) history.replaceState(null, "", "#L" + LINES[current][0]);
    render();
  }
  function findNext(dir) {
    for (let i = current + dir; i >= 0 && i < LINES.length; i += dir) if (LINES[i][3].length) return go(i);
  }
  function fromHash() {
    const m = /^#L(\d+)$/.exec(location.hash);
    if (!m) return DATA.start;
    const want = Number(m[1]);
    let best = 0;
    LINES.forEach((l, i) => { if (l[0] <= want) best = i; });
    return best;
  }

  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const keys = { ArrowRight: () => go(current + 1), ArrowLeft: () => go(current - 1), Home: () => go(0),
                   End: () => go(LINES.length - 1), n: () => findNext(1), p: () => findNext(-1) };
    const k = keys[ev.key];
    if (k) { ev.preventDefault(); k(); }
  });
  $("first").onclick = () => go(0);
  $("prev").onclick = () => go(current - 1);
  $("next").onclick = () => go(current + 1);
  $("last").onclick = () => go(LINES.length - 1);
  $("prevf").onclick = () => findNext(-1);
  $("nextf").onclick = () => findNext(1);
  window.addEventListener("resize", () => drawArrows(stateAt(current)));
  window.addEventListener("hashchange", () => { current = fromHash(); render(); });
  buildList();
  current = fromHash();
  render();
})();
