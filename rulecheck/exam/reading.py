"""Reading an exam file: YAML nodes (never Python objects) to an Exam, every problem an ExamFormatError at its
place in the text."""

from __future__ import annotations

import difflib
import re

import yaml

from .model import (
    _CITE,
    _MERGE_TAG,
    _NULL_TAG,
    MAX_REPLAY_CHARS,
    Answer,
    Cite,
    Exam,
    ExamFormatError,
    Question,
    Snippet,
    _Source,
)

_TOP_KEYS = {"exam": True, "edition": False, "setup": False, "questions": True}
_QUESTION_KEYS = {"id": False, "prompt": False, "setup": False, "answers": True, "explanation": False}
_ANSWER_KEYS = {"transcript": True, "key": True, "cites": False}
_KEYS = ("legal", "illegal")


def _replay_size(exam: Exam) -> int:
    """How much transcript text grading replays: each answer replays its question's whole setup. YAML aliases
    can make this far larger than the file (a billion-laughs exam), hence a limit."""
    head = len(exam.edition.text) if exam.edition else 0
    head += sum(len(s.text) for s in exam.setup)
    total = 0
    for q in exam.questions:
        setup = head + sum(len(s.text) for s in q.setup)
        total += setup * (1 + len(q.answers)) + sum(len(s.text) for a in q.answers for s in a.transcript)
    return total


class _Reader:
    """Builds the exam from YAML nodes, which keep positions and the raw text of every scalar (so `500.10` stays
    a rule number rather than becoming the float 500.1)."""

    def __init__(self, source: _Source) -> None:
        self.source = source
        self.loader = yaml.SafeLoader(source.text)
        self.flattened: set[int] = set()
        self.snippets: dict[int, Snippet] = {}

    def close(self) -> None:
        self.loader.dispose()

    def fail(self, message: str, node: yaml.Node) -> ExamFormatError:
        return ExamFormatError(message, node.start_mark.index)

    def mapping(self, node: yaml.Node, what: str, keys: dict[str, bool]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            wanted = ", ".join(f"'{k}'" for k, required in keys.items() if required)
            raise self.fail(f"{what} must be a mapping (with {wanted})", node)
        if id(node) not in self.flattened:
            seen: set[str] = set()
            for key_node, _ in node.value:
                if key_node.tag == _MERGE_TAG:
                    continue
                if not isinstance(key_node, yaml.ScalarNode):
                    raise self.fail(f"{what}: a key must be a plain name", key_node)
                if key_node.value in seen:
                    raise self.fail(f"{what}: duplicate key '{key_node.value}'", key_node)
                seen.add(key_node.value)
            self.loader.flatten_mapping(node)
            self.flattened.add(id(node))
        pairs: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.fail(f"{what}: a key must be a plain name", key_node)
            name = str(key_node.value)
            if keys and name.startswith("x-"):
                continue  # extension keys: ignored, a place to define YAML anchors
            if keys and name not in keys:
                close = difflib.get_close_matches(name, list(keys), n=1)
                hint = f"; did you mean '{close[0]}'?" if close else f" (expected {', '.join(keys)})"
                raise self.fail(f"{what}: unknown key '{name}'{hint}", key_node)
            pairs[name] = (key_node, value_node)
        for name, required in keys.items():
            if required and name not in pairs:
                raise self.fail(f"{what} has no '{name}'", node)
        return pairs

    def text(self, node: yaml.Node, what: str) -> Snippet:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(f"{what} must be text", node)
        if node.tag == _NULL_TAG or not str(node.value).strip():
            raise self.fail(f"{what} is empty", node)
        snippet = self.snippets.get(id(node))
        if snippet is None:  # an alias is the same node: mapped once
            snippet = self.snippets[id(node)] = Snippet.of(node, self.source)
        return snippet

    def transcript(self, node: yaml.Node, what: str) -> list[Snippet]:
        """A transcript is a text or a list of texts, read one after the other (so an anchored setup can be
        reused and extended: `setup: [*combat, "Alice passes priority"]`)."""
        if isinstance(node, yaml.SequenceNode):
            if not node.value:
                raise self.fail(f"{what} is an empty list", node)
            return [self.text(item, what) for item in node.value]
        return [self.text(node, what)]

    def exam(self) -> Exam:
        root = self.loader.get_single_node()
        if root is None:
            raise ExamFormatError("the file is empty; an exam is a mapping with 'exam' and 'questions'", 0)
        top = self.mapping(root, "the exam", _TOP_KEYS)
        title = self.text(top["exam"][1], "'exam' (the title)").text
        edition = self.text(top["edition"][1], "'edition'") if "edition" in top else None
        setup = self.transcript(top["setup"][1], "the exam's 'setup'") if "setup" in top else []
        questions_node = top["questions"][1]
        if not isinstance(questions_node, yaml.SequenceNode) or not questions_node.value:
            raise self.fail("'questions' must be a list of questions", questions_node)
        questions: list[Question] = []
        ids: set[str] = set()
        for number, qnode in enumerate(questions_node.value, 1):
            q = self.question(qnode, number)
            if q.qid in ids:
                raise self.fail(f"question id '{q.qid}' is used twice", qnode)
            ids.add(q.qid)
            questions.append(q)
        exam = Exam(title, edition, setup, questions)
        work = _replay_size(exam)
        if work > MAX_REPLAY_CHARS:
            raise ExamFormatError(f"the exam is too large to grade: its answers replay {work} characters of "
                                  f"transcript (aliases included); the limit is {MAX_REPLAY_CHARS}", 0)
        return exam

    def question(self, node: yaml.Node, number: int) -> Question:
        fields = self.mapping(node, f"question {number}", _QUESTION_KEYS)
        qid = self.text(fields["id"][1], f"question {number}: 'id'").text.strip() if "id" in fields \
            else f"q{number}"
        if "prompt" in fields:
            self.text(fields["prompt"][1], f"question {qid}: 'prompt'")
        setup = self.transcript(fields["setup"][1], f"question {qid}: 'setup'") if "setup" in fields else []
        explanation = self.text(fields["explanation"][1], f"question {qid}: 'explanation'") \
            if "explanation" in fields else None
        answers_node = fields["answers"][1]
        if not isinstance(answers_node, yaml.MappingNode) or not answers_node.value:
            raise self.fail(f"question {qid}: 'answers' must map each answer's label to the answer "
                            "(A: {transcript: ..., key: legal})", answers_node)
        answers = [self.answer(value, label, qid)
                   for label, (_, value) in self.mapping(answers_node, f"question {qid}: 'answers'", {}).items()]
        return Question(qid, setup, answers, explanation)

    def answer(self, node: yaml.Node, label: str, qid: str) -> Answer:
        what = f"question {qid}, answer {label}"
        fields = self.mapping(node, what, _ANSWER_KEYS)
        transcript = self.transcript(fields["transcript"][1], f"{what}: 'transcript'")
        key_snippet = self.text(fields["key"][1], f"{what}: 'key'")
        key = key_snippet.text.strip()
        if key not in _KEYS:
            raise self.fail(f"{what}: 'key' must be 'legal' or 'illegal', not '{key}'", fields["key"][1])
        cites: list[Cite] | None = None
        if "cites" in fields:
            if key == "legal":
                raise self.fail(f"{what}: a legal answer cites no rules; remove 'cites' or make the key illegal",
                                fields["cites"][0])
            cites = self.cites(fields["cites"][1], what)
        return Answer(label, transcript, key, key_snippet, cites)

    def cites(self, node: yaml.Node, what: str) -> list[Cite]:
        items = node.value if isinstance(node, yaml.SequenceNode) else [node]
        out: list[Cite] = []
        for item in items:
            snippet = self.text(item, f"{what}: 'cites'")
            for m in re.finditer(r"[^,\s][^,]*", snippet.text):
                rule = m.group().strip()
                if not _CITE.match(rule):
                    raise ExamFormatError(f"{what}: '{rule}' is not a rule number (such as 510.1c)",
                                          snippet.file_index(m.start()))
                out.append(Cite(rule, snippet, m.start()))
        if not out:
            raise self.fail(f"{what}: 'cites' is empty", node)
        return out


def _normalized(text: str) -> str:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def load_exam(text: str) -> tuple[Exam, _Source]:
    """Read an exam from YAML text; raise `ExamFormatError` with a position when it is not one."""
    text = _normalized(text)
    source = _Source(text)
    try:
        yaml.safe_load(text)  # the one constructor allowed: rejects !!python/... tags and any YAML error
    except yaml.constructor.ConstructorError as err:
        mark = err.problem_mark or err.context_mark
        tag = re.search(r"tag '([^']*)'", str(err.problem))
        what = f"the tag '{tag.group(1)}'" if tag else "this node"
        raise ExamFormatError(f"{what} is not allowed: an exam is plain YAML (text, lists and mappings)",
                              mark.index if mark else 0) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = " ".join(p for p in (err.context, err.problem) if p)
        raise ExamFormatError(f"not valid YAML: {problem}", mark.index if mark else 0) from None
    except yaml.YAMLError as err:
        raise ExamFormatError(f"not valid YAML: {err}", 0) from None
    except RecursionError:
        raise ExamFormatError("not valid YAML: nested too deeply", 0) from None
    reader = _Reader(source)
    try:
        return reader.exam(), source
    finally:
        reader.close()
