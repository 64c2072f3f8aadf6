// Highlighting of the transcript language (docs/transcript-language.md) and of exam YAML, as CodeMirror
// StreamLanguages. Highlighting only: the worker's parser is the one that judges the text.
import { StreamLanguage } from "@codemirror/language";

const LINKING = new Set(["of", "the", "and", "de", "du", "la", "le", "to", "in", "on", "from", "a", "an"]);
const RULE = /^(\d{3}(\.\d+[a-z]?)?|[a-z][a-z0-9-]*)/;

function copy(state) {
  return { players: new Set(state.players), comment: state.comment, expect: state.expect, def: state.def };
}

// A name: capitalised words, with lowercase linking words between them (`Wall of Wood`, `Ninja of the Deep Hours`).
function readName(stream) {
  const m = stream.match(/^[A-Z][\w'’-]*(?:\s+(?:(?:of|the|and|de|du|la|le|to|in|on|from|a|an)\s+)*[A-Z][\w'’-]*)*/, false);
  if (!m) return null;
  let name = m[0];
  // a trailing run of linking words is not part of the name
  for (;;) {
    const parts = name.split(/\s+/);
    if (parts.length > 1 && LINKING.has(parts[parts.length - 1])) name = parts.slice(0, -1).join(" ");
    else break;
  }
  stream.pos += name.length;
  return name;
}

export const transcriptLanguage = StreamLanguage.define({
  name: "transcript",
  startState: () => ({ players: new Set(), comment: false, expect: false, def: false }),
  copyState: copy,
  token(stream, state) {
    if (stream.sol()) {
      state.comment = false;
      state.expect = false;
      state.def = false;
    }
    if (stream.eatSpace()) return null;
    if (state.expect) {
      if (stream.match(RULE)) return "number";
      if (stream.match(/^[,\s]+/)) return "comment";
      state.expect = false;
      stream.skipToEnd();
      return "comment";
    }
    if (stream.peek() === "#") {
      if (stream.match(/^#\s*expect:/)) {
        state.expect = true;
        return "meta";
      }
      stream.skipToEnd();
      return "comment";
    }
    if (stream.sol() || stream.string.slice(0, stream.pos).trim() === "") {
      const header = stream.match(/^(players)\s*:/);
      if (header) {
        const rest = stream.string.slice(stream.pos).split("#")[0];
        for (const p of rest.split(/,|\band\b/)) if (p.trim()) state.players.add(p.trim().replace(/^"|"$/g, ""));
        return "keyword";
      }
      if (stream.match(/^(title|priority|edition|include|format|cards|life|hand|scheme)\s*:/)) {
        if (/^title/.test(stream.current())) {
          stream.eatSpace();
          stream.match(/^[^#]*/);
          return "keyword";
        }
        return "keyword";
      }
      if (stream.match(/^card\b/)) {
        state.def = true;
        return "keyword";
      }
    }
    if (state.def) {
      // `card NAME: types`: the name runs up to the colon
      if (stream.match(/^[^:#]+(?=:)/)) {
        state.def = false;
        return "variableName.definition";
      }
      state.def = false;
    }
    if (stream.match(/^"[^"]*"?/)) {
      const name = stream.current().replace(/"/g, "");
      return state.players.has(name) ? "className" : "string";
    }
    if (stream.match(/^\d+\/\d+/) || stream.match(/^[+-]?\d+/)) return "number";
    if (stream.match(/^\{[^}]*\}/)) return "atom";
    const name = readName(stream);
    if (name !== null) return state.players.has(name) ? "className" : "string";
    if (stream.match(/^[a-z][a-z'-]*/)) return "keyword";
    if (stream.match(/^[:;,()]/)) return "punctuation";
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "#" } },
});

// Exam YAML: comments, keys, the `key: legal/illegal` values and rule numbers in `cites:`.
export const examLanguage = StreamLanguage.define({
  name: "exam-yaml",
  startState: () => ({}),
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.peek() === "#") {
      stream.skipToEnd();
      return "comment";
    }
    // what comes before the token on its line, spaces dropped: keys and quoted values start a line, a list
    // item or a flow mapping's entry; a word inside a block of text (`card Juggernaut: ...`, `Bob's`) is text
    const before = stream.string.slice(0, stream.pos).trimEnd();
    const atStart = before === "" || /[-{[,:]$/.test(before);
    if (stream.match(/^-(?=\s)/)) return "punctuation";
    if (atStart && !before.endsWith(":") && stream.match(/^[A-Za-z_][\w-]*(?=\s*:(\s|$))/)) return "propertyName";
    if (atStart && stream.match(/^(legal|illegal|unknown)\b/)) return "atom";
    if (stream.match(/^\d{3}\.\d+[a-z]?/)) return "number";
    if (atStart && (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^']|'')*'?/))) return "string";
    if (stream.match(/^[A-Za-z0-9_']+/)) return null;
    if (stream.match(/^[:{}[\],|>]/)) return "punctuation";
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "#" } },
});
